"""The Deus engine: a turn is a stack of small decisions (frames) on state["stack"].

Frames (the turn's first choice, a card to build or the god of an offering, has none): place
(tile then region when there are more than 25 regions), column (resolves a colour column bottom
up, one effect frame per card), effect (see effects.py), offer (cards to discard for the god
chosen), gold (the card to build all in gold, when those cards did not fit the turn's menu),
jupiter, finish_offer. `advance` runs every frame that needs no decision and ends the
turn when the stack is empty.
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine, Prompt
from engines.core.names import ref
from engines.core.state import State, clone
from engines.deus import data, effects, prompts, refusals, rules, scoring, view, words
from engines.deus import setup as setup_mod
from engines.deus.data import PIECE_TYPES, card_of, catalogue
from engines.deus.words import TYPE_FR


class Deus(Engine):
    name = "deus"
    title = "Deus"
    # 2: the stall guard became a deadlock check (state key `idle` gone); snapshots of version 1
    # are rebuilt by replaying their steps.
    # 3: a cost is paid with the resources held (asked only when gold must replace one: `gold` or
    # `back`), the chosen god's card goes on top of the discards, a military card follows its unit,
    # equal VP share the place (no invented tie-break)
    # 4: the discards of an offering are a set pick closed by `done` (`done` with none chosen goes
    # back; copies are `farm`, `farm-2`); the `back` option of the offering is gone
    # 5: fewer decisions (issue 14): the gold replacing a missing resource is in the build option
    # (no `gold`/`back` step), the god of an offering is the turn's choice (`vesta`, then the
    # discards), Ceres' resources and Mars' buildings are one set pick (`wood`, `wood-2`... then
    # `stop`), a sale or purchase is one choice (`wood-wood-clay`), a move is one choice
    # (`t3r4-t3r5`) and each unit moves once, a theft is one choice (`p2-wood`)
    # 6: production cards produce only the resource of their building's terrain (new green cards:
    # Homestead, Guild, Cooperative, Storehouse, Plantation; `produce_terrain` gone), and a card
    # may be paid all in gold while holding its resources (`farm.gold`; `gold` then the card when
    # those do not fit the menu)
    rules_version = 6
    title_fr = "Deus"
    min_players = 2
    max_players = 4
    option_specs: list[dict[str, Any]] = []
    # A pack may override these (engines/deus/schema/<stem>.schema.json; README "Component packs").
    component_files = data.FILES
    typical_turns = {2: 38, 3: 43, 4: 33}  # turns per player (`python -m bot bench`: turns_per_player)

    def __init__(self) -> None:
        catalogue()  # validate the data once, at import

    def catalog_from(self, files: dict[str, Any]) -> dict[str, Any]:
        """The catalogue of a pack's merged files, after the checks the default data passes."""
        return data.build(files)

    # ---- contract ------------------------------------------------------------------------------
    def setup(self, state: State) -> None:
        setup_mod.setup(state)
        first = ref(state["first"])
        self.log(state, f"{first} starts.", f"{first} commence.")

    @staticmethod
    def copy_state(state: State) -> State:
        """As `Engine.copy_state`, copying each part of the state only as deep as steps edit it
        (a deep copy of the whole state at every step was most of the cost of a replay):

        - shared: scalars, the log entries, `terrain` and `layout` (written once at set-up), each
          player's tableau `cols` (`_start_build`, `_place`, `rules.move_unit` replace it);
        - new containers holding shared entries: `occ` (its `{owner, b}` entries are replaced by
          `rules.place_piece`/`remove_piece`, never edited), hands, the deck and the discards;
        - copied one level down: each village (`won_by` is replaced, never edited), each player,
          `rng`, `supply`, `end`; deep-copied: `stack` and `options`.

        tests/engines/deus/test_state.py checks that every container of a state is covered."""
        out = dict(state)
        del out["log"]  # re-added last, as `Engine.copy_state` does: same key order, same JSON bytes
        out["options"] = clone(state["options"])
        out["rng"] = dict(state["rng"])
        out["stack"] = clone(state["stack"])
        out["occ"] = dict(state["occ"])
        out["villages"] = {rid: dict(v) for rid, v in state["villages"].items()}
        out["supply"] = dict(state["supply"])
        out["deck"] = list(state["deck"])
        out["discard"] = list(state["discard"])
        if state["end"] is not None:
            out["end"] = dict(state["end"])
        players = []
        for p in state["players"]:
            q = dict(p)
            q["res"] = dict(p["res"])
            q["board"] = dict(p["board"])
            q["reserve"] = dict(p["reserve"])
            q["hand"] = list(p["hand"])
            players.append(q)
        out["players"] = players
        out["log"] = list(state["log"])
        return out

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        return prompts.prompt(state, seat)

    # ---- moves ---------------------------------------------------------------------------------
    def step(self, state: State, seat: int, option_id: str) -> None:
        p = state["players"][seat]
        en, frn = rules.who(seat)
        if not state["stack"]:
            state["acting"] = True
            if option_id in catalogue()["gods"] and len(p["hand"]) == 1:
                self._offer(state, seat, list(p["hand"]), option_id)  # the only card: nothing to choose
            elif option_id in catalogue()["gods"]:
                state["stack"].append({"k": "offer", "god": option_id, "sel": []})
            elif option_id == "gold":
                state["stack"].append({"k": "gold"})
            elif option_id != "pass":
                self._build(state, seat, option_id)
            else:
                self.log(state, f"{en} passes.", f"{frn} passe.", seat)
            self._advance(state)
            return
        fr = state["stack"][-1]
        k = fr["k"]
        if k == "place":
            if option_id.startswith("t") and "r" not in option_id:
                fr["tile"] = option_id
                return
            self._place(state, seat, fr, option_id)
        elif k == "effect":
            pushed = effects.choose(state, seat, fr, option_id, self.log)
            if fr["left"] <= 0:
                state["stack"].remove(fr)
            if pushed is not None:
                state["stack"].append(pushed)
        elif k == "offer":
            if option_id != "done":
                fr["sel"].append(rules.offer_slugs(p["hand"], fr["sel"])[option_id])
                return
            state["stack"].pop()
            colour = catalogue()["gods"][fr["god"]]["colour"]
            if not any(card_of(i)["colour"] == colour for i in fr["sel"]):
                state["acting"] = False  # back to the turn's choice: no card of the god, no offering
                return
            self._offer(state, seat, fr["sel"], fr["god"])
        elif k == "gold":
            state["stack"].pop()
            if option_id == "back":
                state["acting"] = False  # back to the turn's choice
                return
            self._build(state, seat, option_id)
        elif k == "jupiter":
            state["stack"].pop()
            self._god(state, seat, option_id, fr["n"])
        self._advance(state)

    def _build(self, state: State, seat: int, option_id: str) -> None:
        """Build the card of a turn option: `farm`, or `farm.gold` to pay it all in gold."""
        cid, _, gold = option_id.partition(".")
        self._start_build(state, seat, rules.hand_slugs(state["players"][seat]["hand"])[cid], all_gold=gold == "gold")

    def _start_build(self, state: State, seat: int, iid: str, all_gold: bool = False) -> None:
        p = state["players"][seat]
        card = card_of(iid)
        colour = card["colour"]
        p["hand"].remove(iid)
        state["built"] = True
        # the tableau is replaced, never edited in place: states share it (see copy_state)
        p["cols"] = {**p["cols"], colour: [*p["cols"][colour], {"iid": iid, "id": card["id"], "region": None}]}
        en, frn = rules.who(seat)
        if colour != "temple":
            state["stack"].append({"k": "column", "colour": colour, "queue": [c["iid"] for c in p["cols"][colour]]})
        if colour != "temple" or state["temple_stock"] > 0:
            state["stack"].append({"k": "place", "kind": colour, "iid": iid, "tile": None})
        else:
            self.log(state, f"{en} builds {card['name_en']}; the temple stock is empty, so no piece is placed.",
                     f"{frn} construit {card['name_fr']} ; la réserve de temples est vide, aucun pion n'est posé.", seat)
        gold = rules.pay(state, p, card["cost"], all_gold)
        g_en, g_fr = words.gold(gold)
        if all_gold:
            self.log(state, f"{en} pays {g_en} instead of resources.", f"{frn} paie {g_fr} au lieu de ressources.", seat)
        elif gold:
            self.log(state, f"{en} pays {g_en} for missing resources.", f"{frn} paie {g_fr} pour des ressources manquantes.", seat)

    def _place(self, state: State, seat: int, fr: dict[str, Any], rid: str) -> None:
        p = state["players"][seat]
        kind = fr["kind"]
        vp = rules.placement_cost(state, seat, kind, rid)
        p["vp"] -= vp
        rules.place_piece(state, seat, kind, rid)
        if kind == "temple":
            state["temple_stock"] -= 1
        else:
            p["board"][kind] -= 1
        col = [{**c, "region": rid} if c["iid"] == fr["iid"] else c for c in p["cols"][kind]]
        p["cols"] = {**p["cols"], kind: col}  # replaced, never edited in place (see copy_state)
        en, frn = rules.who(seat)
        card = card_of(fr["iid"])
        extra = (" (detached edge region, 3 VP)", " (région isolée du bord, 3 PV)") if vp else ("", "")
        self.log(state, f"{en} builds {card['name_en']} ({kind}) in {rid}{extra[0]}.",
                 f"{frn} construit {card['name_fr']} ({TYPE_FR[kind]}) en {rid}{extra[1]}.", seat)
        state["stack"].remove(fr)
        rules.attack_villages(state, self.log)

    def _offer(self, state: State, seat: int, sel: list[str], god: str) -> None:
        """Discard `sel`, the last chosen card of the god's colour on top (« le Dieu … déterminé
        par la couleur … de la carte que vous avez défaussée sur le dessus »), and apply the
        favour."""
        p = state["players"][seat]
        for iid in sel:
            p["hand"].remove(iid)
            state["discard"].append(iid)
        rules.put_on_top(state, len(sel), catalogue()["gods"][god]["colour"])
        names = ", ".join(card_of(i)["name_en"] for i in sel)
        names_fr = ", ".join(card_of(i)["name_fr"] for i in sel)
        en, frn = rules.who(seat)
        self.log(state, f"{en} offers {names}.", f"{frn} offre : {names_fr}.", seat)
        self._god(state, seat, god, len(sel))

    def _god(self, state: State, seat: int, god: str, n: int) -> None:
        """Apply a god's favour for `n` discarded cards, then (finish_offer) take one building of
        the type of the god (for Jupiter, of the god whose favour is taken) and draw back to 5 (or
        more with Minerva), never above 10. Ceres' resources and Mars' buildings are set frames."""
        p = state["players"][seat]
        g = catalogue()["gods"][god]
        if god == "jupiter":
            state["stack"].append({"k": "jupiter", "gods": [x for x in catalogue()["gods"] if x != "jupiter"], "n": n})
            return
        state["stack"].append({"k": "finish_offer", "piece": g["colour"], "god": god,
                               "target": rules.HAND + (n if god == "minerva" else 0)})
        if god == "neptune":
            p["gold"] += 2 * n
        elif god == "vesta":
            p["vp"] += 1 if n == 1 else 2
        elif god == "ceres":
            state["stack"].append(effects.frame({"op": "choose_res", "n": n}, None, g["name_en"], g["name_fr"], as_set=True))
        elif god == "mars":
            state["stack"].append(effects.frame({"op": "pieces", "n": n}, None, g["name_en"], g["name_fr"], as_set=True))

    def _advance(self, state: State) -> None:
        """Run the frames that need no decision; end the turn when nothing is pending."""
        while not state["over"]:
            stack = state["stack"]
            if not stack:
                if state["acting"]:
                    self._finish_turn(state)
                return
            fr = stack[-1]
            seat = state["current"]
            k = fr["k"]
            if k == "column":
                if not fr["queue"]:
                    stack.pop()
                    continue
                iid = fr["queue"].pop(0)
                card = card_of(iid)
                region = next(c["region"] for c in state["players"][seat]["cols"][card["colour"]] if c["iid"] == iid)
                stack.append(effects.frame(card["effect"], region, card["name_en"], card["name_fr"]))
                continue
            if k == "finish_offer":
                stack.pop()
                p = state["players"][seat]
                got = rules.take_pieces(p, fr["piece"], 1)
                drawn = rules.draw_to(state, seat, fr["target"])
                en, frn = rules.who(seat)
                g = catalogue()["gods"][fr["god"]]
                took, took_fr = words.buildings(got, fr["piece"])
                self.log(state, f"{en} has the favour of {g['name_en']}, takes {took}, draws {words.en(drawn, 'card')}.",
                         f"{frn} a la faveur de {g['name_fr']}, prend {took_fr}, pioche {words.fr(drawn, 'carte')}.", seat)
                continue
            if k == "effect" and (fr["left"] <= 0 or not effects.options(state, seat, fr)):
                stack.pop()
                continue
            return

    def _finish_turn(self, state: State) -> None:
        seat = state["current"]
        if not state["players"][seat]["hand"]:
            rules.draw(state, seat, rules.HAND)
        state["acting"] = False
        if state["built"] and rules.deadlocked(state):  # only a build can bring a deadlock about
            rules.check_end(state, self.log, deadlock=True)
        state["built"] = False
        self.end_turn(state)
        if state["end"] is not None:
            state["end"]["turns_left"] -= 1
            if state["end"]["turns_left"] <= 0:
                state["over"] = True
                res = self.result(state)
                self.log(state, "Game over. Scores: " + ", ".join(f"{ref(s)} {v} VP" for s, v in enumerate(res["scores"])) + ".",
                         "Partie terminée. Scores : " + ", ".join(f"{ref(s)} {v} PV" for s, v in enumerate(res["scores"])) + ".")
                return
        state["current"] = (seat + 1) % state["num_players"]

    def explain(self, state: State, seat: int, option_id: str) -> tuple[str, str] | None:
        return refusals.explain(state, seat, option_id)

    # ---- results and views ---------------------------------------------------------------------------
    def result(self, state: State) -> dict[str, Any]:
        return scoring.result(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(self, state, seat)

    def secrets(self, state: State, seat: int) -> set[str]:
        return set(state["players"][seat]["hand"])

    def validate(self, state: State) -> None:
        n = state["num_players"]
        if len(state["players"]) != n:
            raise ValueError("one player entry per seat")
        seen = list(state["deck"]) + list(state["discard"])
        for p in state["players"]:
            seen += p["hand"] + [c["iid"] for col in p["cols"].values() for c in col]
            if len(p["hand"]) > rules.HAND_LIMIT:
                raise ValueError("a hand holds at most 10 cards")
            if any(p["board"][t] + p["reserve"][t] > 5 for t in PIECE_TYPES):
                raise ValueError("at most 5 pieces of a type per player")
        if sorted(seen) != sorted(f"k{i + 1:02d}" for i in range(len(catalogue()["deck"]))):
            raise ValueError("every card instance must be somewhere exactly once")
        if not state["temple_stock"] >= 0 or not all(v >= 0 for v in state["supply"].values()):
            raise ValueError("negative stock")
        on_map = [dict.fromkeys((*PIECE_TYPES, "temple"), 0) for _ in range(n)]
        for rid, occ in state["occ"].items():
            if not occ["b"] or len(set(occ["b"])) != len(occ["b"]):
                raise ValueError(f"region {rid}: at most one building of a type, and never empty")
            ter = state["terrain"][rid]
            at_sea_ok = "maritime" in occ["b"] and set(occ["b"]) <= {"maritime", "military"}
            if ter == "village" or (ter == "sea" and not at_sea_ok) or (ter != "sea" and "maritime" in occ["b"]):
                raise ValueError(f"region {rid}: building on the wrong terrain")
            for t in occ["b"]:
                on_map[occ["owner"]][t] += 1
        for seat, p in enumerate(state["players"]):
            for t in PIECE_TYPES:
                if on_map[seat][t] + p["board"][t] + p["reserve"][t] != 5:
                    raise ValueError(f"player {seat + 1}: {t} pieces do not add up to 5")
        temples = sum(m["temple"] for m in on_map) + state["temple_stock"]
        if temples != next(c["temples"] for c in catalogue()["setup"]["player_counts"] if c["players"] == n):
            raise ValueError("temple pieces do not add up")
