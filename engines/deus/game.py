"""The Deus engine: a turn is a stack of small decisions (frames) on state["stack"].

Frames (the turn's first choice, a card to build or `offer`, has none): pay (one resource unit at a time), place (tile then region when
there are more than 25 regions), column (resolves a colour column bottom up, one effect frame per
card), effect (see effects.py), offer (cards to discard), god, jupiter, finish_offer. `advance`
runs every frame that needs no decision and ends the turn when the stack is empty.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engines.core import Engine, Option, Prompt
from engines.core.state import State, clone
from engines.deus import effects, rules, scoring, view
from engines.deus import setup as setup_mod
from engines.deus.data import COLOURS, PIECE_TYPES, card_of, catalogue
from engines.deus.effects import RES_FR, TYPE_FR

MAX_OPTIONS = 25


def _hand_slugs(hand: list[str]) -> dict[str, str]:
    """Card id -> first instance of it in the hand (copies are interchangeable)."""
    out: dict[str, str] = {}
    for iid in hand:
        out.setdefault(card_of(iid)["id"], iid)
    return out


def _cost_text(cost: dict[str, int]) -> tuple[str, str]:
    return (", ".join(f"{n} {r}" for r, n in cost.items()), ", ".join(f"{n} {RES_FR[r]}" for r, n in cost.items()))


# Options depend only on their arguments: built once (Option is immutable), not at every prompt.
@cache
def _build_option(cid: str) -> Option:
    c = catalogue()["cards"][cid]
    cost, cost_fr = _cost_text(c["cost"])
    return Option(cid, f"Build {c['name_en']} ({c['colour']}, {cost})"[:80],
                  f"Construire {c['name_fr']} ({TYPE_FR[c['colour']]}, {cost_fr})"[:80])


@cache
def _discard_option(cid: str) -> Option:
    c = catalogue()["cards"][cid]
    god = catalogue()["gods"][catalogue()["god_of"][c["colour"]]]
    return Option(cid, f"Discard {c['name_en']} ({god['name_en']})", f"Défausser {c['name_fr']} ({god['name_fr']})")


@cache
def _god_option(god: str, n: int) -> Option:
    g = catalogue()["gods"][god]
    en, fr = _god_text(god, n)
    return Option(god, f"{g['name_en']}: {en}"[:80], f"{g['name_fr']} : {fr}"[:80])


@cache
def _region_option(rid: str, terrain: str, vp: bool) -> Option:
    return Option(rid, f"{rid} ({terrain}{', 3 VP' if vp else ''})",
                  f"{rid} ({effects.TERRAIN_FR[terrain]}{', 3 PV' if vp else ''})")


def _god_text(god: str, n: int) -> tuple[str, str]:
    return {
        "neptune": (f"{2 * n} gold", f"{2 * n} ors"),
        "ceres": (f"{n} resource(s) of your choice", f"{n} ressource(s) au choix"),
        "minerva": (f"draw up to {5 + n} cards", f"piocher jusqu'à {5 + n} cartes"),
        "vesta": (f"{1 if n == 1 else 2} VP", f"{1 if n == 1 else 2} PV"),
        "mars": (f"{n} building(s) of your choice", f"{n} bâtiment(s) au choix"),
        "jupiter": ("the favour of another god", "la faveur d'un autre dieu"),
    }[god]


class Deus(Engine):
    name = "deus"
    title = "Deus"
    # 2: the stall guard became a deadlock check (state key `idle` gone); snapshots of version 1
    # are rebuilt by replaying their steps
    rules_version = 2
    title_fr = "Deus"
    min_players = 2
    max_players = 4
    option_specs: list[dict[str, Any]] = []

    def __init__(self) -> None:
        catalogue()  # validate the data once, at import

    # ---- contract ------------------------------------------------------------------------------
    def setup(self, state: State) -> None:
        setup_mod.setup(state)
        self.log(state, f"Player {state['first'] + 1} starts.", f"Le joueur {state['first'] + 1} commence.")

    @staticmethod
    def copy_state(state: State) -> State:
        """As `Engine.copy_state`, copying each part of the state only as deep as steps edit it
        (a deep copy of the whole state at every step was most of the cost of a replay):

        - shared: scalars, the log entries, `terrain` and `layout` (written once at set-up), each
          player's tableau `cols` (`_start_build` and `_place` replace it, never edit it);
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
        if state["over"] or seat != state["current"]:
            return None
        if not state["stack"]:
            return self._turn_prompt(state, seat)
        fr = state["stack"][-1]
        k = fr["k"]
        p = state["players"][seat]
        if k == "pay":
            unit = fr["due"][0]
            opts = [Option(w, f"Pay 1 {unit} with 1 {unit}" if w != "gold" else f"Pay 1 {unit} with 4 gold",
                           f"Payer 1 {RES_FR[unit]} avec 1 {RES_FR[unit]}" if w != "gold" else f"Payer 1 {RES_FR[unit]} avec 4 ors")
                    for w in rules.pay_ways(p, fr["due"])]
            return Prompt(seat, f"How do you pay 1 {unit}?", opts, f"Comment payez-vous 1 {RES_FR[unit]} ?")
        if k == "place":
            return Prompt(seat, f"Where do you place your {fr['kind']} building?", self._place_options(state, seat, fr),
                          f"Où placez-vous votre bâtiment {TYPE_FR[fr['kind']]} ?")
        if k == "effect":
            opts = [*effects.options(state, seat, fr), effects.stop_option(fr)]
            en, frn = effects.describe({"effect": fr["eff"]})
            return Prompt(seat, f"{fr['title'][0]}: {en}", opts, f"{fr['title'][1]} : {frn}")
        if k == "offer":
            chosen = set(fr["sel"])
            rest = [i for i in p["hand"] if i not in chosen]
            opts = [_discard_option(cid) for cid in _hand_slugs(rest)]
            opts.append(Option("done", f"Offer the {len(chosen)} card(s)", f"Offrir les {len(chosen)} carte(s)") if chosen
                        else Option("back", "Back", "Retour"))
            return Prompt(seat, f"Discard cards for an offering ({len(chosen)} chosen)", opts,
                          f"Défaussez des cartes pour une offrande ({len(chosen)} choisies)")
        if k in ("god", "jupiter"):
            gods = fr["gods"]
            opts = [_god_option(g, fr["n"]) for g in gods]
            return Prompt(seat, "Which god receives the offering?" if k == "god" else "Jupiter: whose favour do you take?", opts,
                          "Quel dieu reçoit l'offrande ?" if k == "god" else "Jupiter : quelle faveur prenez-vous ?")
        raise ValueError(f"unknown frame {k}")  # pragma: no cover

    def _turn_prompt(self, state: State, seat: int) -> Prompt:
        p = state["players"][seat]
        opts = []
        room: dict[str, bool] = {}
        for cid, iid in _hand_slugs(p["hand"]).items():
            if rules.build_refusal(state, seat, iid, room) is None:
                opts.append(_build_option(cid))
        if p["hand"]:
            opts.append(Option("offer", "Make an offering to the gods", "Faire une offrande aux dieux"))
        if not opts:
            opts.append(Option("pass", "Pass (nothing is possible)", "Passer (rien n'est possible)"))
        return Prompt(seat, "Your turn: build a card or make an offering?", opts,
                      "À vous : construire une carte ou faire une offrande ?")

    def _place_options(self, state: State, seat: int, fr: dict[str, Any]) -> list[Option]:
        targets = rules.placement_targets(state, seat, fr["kind"])
        if fr.get("tile"):
            targets = {r: v for r, v in targets.items() if r.startswith(fr["tile"] + "r")}
        elif len(targets) > MAX_OPTIONS:
            tiles = sorted({r.split("r")[0] for r in targets}, key=lambda t: int(t[1:]))
            return [Option(t, f"Tile {t[1:]} ({sum(1 for r in targets if r.startswith(t + 'r'))} regions)",
                           f"Tuile {t[1:]} ({sum(1 for r in targets if r.startswith(t + 'r'))} régions)") for t in tiles]
        order = rules.geo(state)["order"]
        terrain = state["terrain"]
        return [_region_option(r, terrain[r], bool(v)) for r, v in sorted(targets.items(), key=lambda kv: order[kv[0]])]

    # ---- moves ---------------------------------------------------------------------------------
    def step(self, state: State, seat: int, option_id: str) -> None:
        p = state["players"][seat]
        en, frn = rules.who(seat)
        if not state["stack"]:
            if option_id not in ("offer", "pass"):
                state["acting"] = True
                self._start_build(state, seat, _hand_slugs(p["hand"])[option_id])
            elif option_id == "offer":
                state["acting"] = True
                state["stack"].append({"k": "offer", "sel": []})
            else:
                self.log(state, f"{en} passes.", f"{frn} passe.", seat)
                state["acting"] = True
            self._advance(state)
            return
        fr = state["stack"][-1]
        k = fr["k"]
        if option_id == "back" and k == "offer":
            state["stack"].pop()
            state["acting"] = False
            return
        if k == "pay":
            self.step_pay(state, seat, fr, option_id)
        elif k == "place":
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
            if option_id == "done":
                state["stack"].pop()
                self._offer(state, seat, fr["sel"])
            else:
                rest = [i for i in p["hand"] if i not in fr["sel"]]
                fr["sel"].append(_hand_slugs(rest)[option_id])
        elif k in ("god", "jupiter"):
            state["stack"].pop()
            self._god(state, seat, option_id, fr["n"], fr.get("piece"))
        self._advance(state)

    def _start_build(self, state: State, seat: int, iid: str) -> None:
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
        due = [r for r, n in card["cost"].items() for _ in range(n)]
        state["stack"].append({"k": "pay", "due": due, "paid": []})

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

    def _offer(self, state: State, seat: int, sel: list[str]) -> None:
        p = state["players"][seat]
        for iid in sel:
            p["hand"].remove(iid)
            state["discard"].append(iid)
        names = ", ".join(card_of(i)["name_en"] for i in sel)
        names_fr = ", ".join(card_of(i)["name_fr"] for i in sel)
        en, frn = rules.who(seat)
        self.log(state, f"{en} offers {names}.", f"{frn} offre : {names_fr}.", seat)
        gods = sorted({catalogue()["god_of"][card_of(i)["colour"]] for i in sel},
                      key=lambda g: COLOURS.index(catalogue()["gods"][g]["colour"]))
        if len(gods) == 1:
            self._god(state, seat, gods[0], len(sel), None)
        else:
            state["stack"].append({"k": "god", "gods": gods, "n": len(sel)})

    def _god(self, state: State, seat: int, god: str, n: int, piece: str | None) -> None:
        """Apply a god's favour for `n` discarded cards, then (finish_offer) take one building of
        the matching type and draw back to 5 (or more with Minerva), never above 10."""
        p = state["players"][seat]
        g = catalogue()["gods"][god]
        if god == "jupiter":
            state["stack"].append({"k": "jupiter", "gods": [x for x in catalogue()["gods"] if x != "jupiter"], "n": n,
                                   "piece": None})
            return
        piece = piece or g["colour"]
        state["stack"].append({"k": "finish_offer", "piece": piece, "god": god,
                               "target": rules.HAND + (n if god == "minerva" else 0)})
        if god == "neptune":
            p["gold"] += 2 * n
        elif god == "vesta":
            p["vp"] += 1 if n == 1 else 2
        elif god == "ceres":
            state["stack"].append(effects.frame({"op": "choose_res", "n": n}, None, "Ceres", "Cérès"))
        elif god == "mars":
            state["stack"].append(effects.frame({"op": "pieces", "n": n}, None, "Mars", "Mars"))

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
                self.log(state, f"{en} has the favour of {g['name_en']}, takes {got} {fr['piece']} building, draws {drawn}.",
                         f"{frn} a la faveur de {g['name_fr']}, prend {got} bâtiment {TYPE_FR[fr['piece']]}, pioche {drawn}.", seat)
                continue
            if k == "pay":
                ways = rules.pay_ways(state["players"][seat], fr["due"])
                if len(ways) == 1:
                    self.step_pay(state, seat, fr, ways[0])
                    continue
                return
            if k == "effect" and (fr["left"] <= 0 or not effects.options(state, seat, fr)):
                stack.pop()
                continue
            return

    def step_pay(self, state: State, seat: int, fr: dict[str, Any], way: str) -> None:
        p = state["players"][seat]
        unit = fr["due"].pop(0)
        if way == "gold":
            p["gold"] -= rules.GOLD_PER_RESOURCE
        else:
            p["res"][unit] -= 1
            state["supply"][unit] += 1
        fr["paid"].append(way)
        if not fr["due"]:
            state["stack"].remove(fr)

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
                self.log(state, "Game over. Scores: " + ", ".join(f"P{s + 1} {v}" for s, v in enumerate(res["scores"])),
                         "Partie terminée. Scores : " + ", ".join(f"J{s + 1} {v}" for s, v in enumerate(res["scores"])))
                return
        state["current"] = (seat + 1) % state["num_players"]

    # ---- refusals ----------------------------------------------------------------------------------
    def explain(self, state: State, seat: int, option_id: str) -> tuple[str, str] | None:
        if state["over"] or seat != state["current"]:
            return None
        p = state["players"][seat]
        if not state["stack"]:
            slugs = _hand_slugs(p["hand"])
            if option_id in slugs:
                return rules.build_refusal(state, seat, slugs[option_id])
            if option_id in catalogue()["cards"]:
                return "That card is not in your hand.", "Cette carte n'est pas dans votre main."
            if option_id == "build":
                if any(rules.build_refusal(state, seat, i) is None for i in p["hand"]):
                    return ("Choose the card to build by its id (e.g. 'farm').",
                            "Choisissez la carte à construire par son code (ex. « farm »).")
                return ("None of your cards can be built now (pieces, cost or room).",
                        "Aucune de vos cartes ne peut être construite (pions, coût ou place).")
            if option_id == "offer" and not p["hand"]:
                return "You have no card to offer.", "Vous n'avez aucune carte à offrir."
            if option_id == "pass":
                return "You may pass only when you can neither build nor offer.", \
                    "Vous ne pouvez passer que si vous ne pouvez ni construire ni faire d'offrande."
            return None
        fr = state["stack"][-1]
        k = fr["k"]
        if k == "offer":
            if option_id == "done":
                return "Choose at least one card to discard first.", "Choisissez d'abord au moins une carte à défausser."
            slugs = _hand_slugs([i for i in p["hand"] if i not in fr.get("sel", [])])
            if option_id not in slugs:
                return "That card is not in your hand.", "Cette carte n'est pas dans votre main."
        if k == "place":
            why = rules.placement_refusal(state, seat, fr["kind"], option_id)
            if why and fr["kind"] != "temple" and option_id in rules.geo(state)["edge"] and option_id not in state["occ"] \
                    and p["vp"] < rules.EDGE_VP:
                return why[0] + " A detached edge region costs 3 VP.", why[1] + " Une région isolée du bord coûte 3 PV."
            return why
        if k == "effect" and fr["eff"]["op"] == "move":
            if not fr["stage"]:
                return rules.move_refusal(state, seat, option_id)
            return ("A unit moves to a neighbouring region that is free or yours, by sea only onto your ships.",
                    "Une unité va dans une région voisine libre ou à vous, en mer seulement sur vos navires.")
        if k == "effect" and fr["eff"]["op"] == "sell" and option_id in RES_FR:
            return f"You have no {option_id} to sell.", f"Vous n'avez pas de {RES_FR[option_id]} à vendre."
        if k == "pay" and option_id == "gold":
            return "Paying with gold costs 4 gold per resource.", "Payer en or coûte 4 ors par ressource."
        return None

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
