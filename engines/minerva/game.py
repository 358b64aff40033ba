"""The Minerva engine: set-up, the four phases of a round, the four actions and the decision stack.

A turn is a chain of small decisions kept on `state["work"]`, a stack of frames (top = last):
input frames wait for the acting seat's choice, automatic frames (`eff`) expand an effect. When
the stack empties after an action, culture tiles are claimed and the turn passes on.
"""

from __future__ import annotations

import re
from typing import Any

from engines.core import Engine, Prompt, prng
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva import effects as fx
from engines.minerva import prompts, refusals, rules, scoring
from engines.minerva.data import (
    ASSISTANT_PRICES,
    CULTURES,
    RESIDENCES,
    RESOURCES,
    ROUND_TILE_BONUS,
    ROUNDS,
    STARTING_COINS,
    TEMPLES_ON_OFFER,
    Catalog,
    catalog,
    catalog_from,
)
from engines.minerva.rules import P
from engines.minerva.view import build_view
from engines.minerva.words import DIRECTIONS, counted, seat_name

PAIR_ID = re.compile(r"p\d+")


class Minerva(Engine):
    name = "minerva"
    title = "Minerva"
    title_fr = "Minerva"
    min_players = 1
    max_players = 4
    rules_version = 3  # 2: no `pass` after paying the fee; 3: sales as a set pick, fewer questions
    option_specs: list[dict[str, Any]] = []
    component_files = ("buildings", "tiles")  # data/<stem>.json, schema/<stem>.schema.json (see README)
    typical_turns = {1: 19, 2: 13, 3: 13, 4: 12}  # turns per player (`python -m bot bench`: turns_per_player)

    def catalog_from(self, files: dict[str, Any]) -> Catalog:
        """A pack's catalogue: the same checks and index as the default data (data.validate)."""
        return catalog_from(files)

    # ---------------------------------------------------------------- set-up
    def setup(self, state: State) -> None:
        cat = catalog()
        n = state["num_players"]
        solo = n == 1
        eff_n = 2 if solo else n
        rng = state["rng"]
        normal = [f"{d['id']}.{k + 1}" for d in cat.groups["normal"] for k, m in enumerate(d["copies"]) if m <= eff_n]
        prng.shuffle(rng, normal)
        size = len(normal) // ROUNDS
        stack: list[str] = []
        for r in range(ROUNDS):
            pile = [*normal[r * size:(r + 1) * size], f"round.{r + 1}"]
            prng.shuffle(rng, pile)
            stack += pile
        starting = [f"{d['id']}.{k + 1}" for d in cat.groups["starting"] for k, m in enumerate(d["copies"]) if m <= eff_n]
        temples = [f"{d['id']}.1" for d in cat.groups["temples"]]
        prng.shuffle(rng, temples)
        stacks: dict[str, list[str]] = {}
        for c in CULTURES:
            tiles = sorted((t for t in cat.culture.values() if t["category"] == c), key=lambda t: (t["vp"], t["need"], t["id"]))
            removals = [2, 4] if eff_n <= 3 else []
            if eff_n <= 2:
                removals.append(6)
            for vp in removals:
                victim = next(t for t in tiles if t["vp"] == vp)
                tiles.remove(victim)
            stacks[c] = [t["id"] for t in tiles]
        players = []
        for s in range(n):
            players.append({
                "money": STARTING_COINS[s], "res": {r: (1 if r == "grain" else 0) for r in RESOURCES}, "glory": 0,
                "hand": 0, "assistants": 0, "residences": RESIDENCES,
                "city": {grid.FORUM_CELL: {"t": f"forum.{s + 1}", "a": False}},
                "culture": [], "glories": [], "order": None, "passed": False, "bought": False,
            })
        state.update({
            "solo": solo, "round": 1, "phase": "main", "first": 0, "current": 0,
            "stack": stack, "market": [], "pairs": [],
            "temples": temples[:TEMPLES_ON_OFFER], "temple_deck": temples[TEMPLES_ON_OFFER:],
            "culture": stacks, "free_order": [] if solo else list(range(1, n + 1)), "flipped": False,
            "players": players, "work": [], "turn": self._fresh_turn(), "queue": [],
        })
        if solo:
            prng.shuffle(rng, starting)
            state["pairs"] = [{"tiles": starting[i:i + 2], "bonus": 0} for i in range(0, len(starting) - 1, 2)]
        else:
            state["market"] = list(starting)
        self._reveal_round(state)
        self.log(state, "Round 1 begins.", "La manche 1 commence.")

    @staticmethod
    def _fresh_turn() -> dict[str, Any]:
        return {"acted": False, "fee": False, "pts": {c: 0 for c in CULTURES}, "claimed": []}

    def _reveal_round(self, state: State) -> None:
        """Flip tiles from the building stack until this round's round tile (solo: in pairs)."""
        stack = state["stack"]
        if not state["solo"]:
            while stack:
                t = stack.pop(0)
                if t.startswith("round."):
                    break
                state["market"].append(t)
            return
        while stack:
            first = stack.pop(0)
            if first.startswith("round."):
                break
            if not stack:
                break
            second = stack.pop(0)
            if second.startswith("round."):
                state["pairs"].append({"tiles": [first, second], "bonus": ROUND_TILE_BONUS})
                break
            state["pairs"].append({"tiles": [first, second], "bonus": 0})

    # ---------------------------------------------------------------- whose turn and prompts
    def to_act(self, state: State) -> list[int]:
        return rules.to_act(state)

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        text, text_fr, options = prompts.ask(state, seat)
        return Prompt(seat, text, options, text_fr, **prompts.marks(state, seat))

    def expand(self, state: State, seat: int, word: str) -> list[str]:
        """A legal cell typed while the menu shows another page of cells stands for the `more`
        steps that reach its page, then the cell: typing `z13` works from any page."""
        work = state["work"]
        if (not state["over"] and state["phase"] == "main" and seat in self.to_act(state) and work
                and work[-1]["k"] == "cell" and word not in rules.page_of(state, seat, work[-1])):
            every = rules.cells(state, seat, work[-1])
            if word in every:
                turns = (every.index(word) // rules.PAGE - work[-1].get("page", 0)) % rules.pages(len(every))
                return ["more"] * turns + [word]
        return super().expand(state, seat, word)

    # ---------------------------------------------------------------- steps
    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id == "sell":
            state["work"].append({"k": "sell", "keep": rules.sell_keep(state, seat), "sold": {}})
        elif state["phase"] == "assist" and not state["work"]:
            self._assist_step(state, seat, option_id)
        elif state["work"]:
            self._frame_step(state, seat, state["work"][-1], option_id)
        else:
            self._turn_step(state, seat, option_id)
        self._advance(state)

    def _turn_step(self, state: State, seat: int, oid: str) -> None:
        p = P(state, seat)
        who, qui = seat_name(seat)
        if oid == "fee":
            if p["money"] < 1:  # sell first: the sale's `done` pays the fee
                state["work"].append({"k": "sell", "keep": {}, "sold": {}, "then": "fee"})
                return
            p["money"] -= 1
            state["turn"]["fee"] = True
            return
        state["turn"]["acted"] = True
        if oid == "pass":
            p["passed"] = True
            if state["free_order"]:
                p["order"] = state["free_order"].pop(0)
                self.log(state, f"{who} passes and takes order tile {p['order']}.", f"{qui} passe et prend la tuile d'ordre {p['order']}.", seat)
            else:
                self.log(state, f"{who} passes.", f"{qui} passe.", seat)
        elif oid == "build":
            pairs = sum(1 for pr in state["pairs"] if rules.pair_ok(p, pr))
            if pairs + len(rules.buyable(state, p)) > 25:
                state["work"].append({"k": "kind"})
            elif state["solo"]:
                state["work"].append({"k": "pair", "cat": None})
            else:
                state["work"].append({"k": "tile", "cat": None})
        elif oid == "res":
            state["work"].append({"k": "cell", "why": "res", "page": 0})
        elif oid == "assist":
            state["work"].append({"k": "ares"})

    def _take_tile(self, state: State, seat: int, inst: str) -> None:
        """Remove a chosen tile from the offer, pay for it, then place it and offer its build effect."""
        cat = catalog()
        d = cat.design(inst)
        p = P(state, seat)
        if inst in state["temples"]:
            state["temples"].remove(inst)
            if state["temple_deck"]:
                state["temples"].append(state["temple_deck"].pop(0))
                state["checkpoint"] += 1
        elif inst in state["market"]:
            state["market"].remove(inst)
        work = state["work"]
        work.append({"k": "cell", "why": "build", "inst": inst, "page": 0})
        missing, _ = rules.shortfall(p, d["cost"])
        if missing:
            work.append({"k": "pay", "inst": inst})
        else:
            fx.pay_fixed(p, d["cost"])

    def _frame_step(self, state: State, seat: int, f: dict[str, Any], oid: str) -> None:
        k = f["k"]
        if k in fx.EFFECT_FRAMES:
            fx.frame_step(state, seat, f, oid)
            return
        p = P(state, seat)
        work = state["work"]
        cat = catalog()
        who, qui = seat_name(seat)
        if k == "kind":
            work.pop()
            work.append({"k": "pair", "cat": "pairs"} if oid == "pairs" else {"k": "tile", "cat": oid})
        elif k == "tile" or (k == "pair" and not PAIR_ID.fullmatch(oid)):
            work.pop()
            inst = next(i for i in rules.buyable(state, p) if cat.design(i)["id"] == oid)
            self._take_tile(state, seat, inst)
        elif k == "pair":
            work.pop()
            work.append({"k": "pairtile", "pair": int(oid[1:]) - 1})
        elif k == "pairtile":
            work.pop()
            pr = state["pairs"].pop(f["pair"])
            if oid == "round":
                p["money"] += pr["bonus"]
                coins = counted(pr["bonus"], "coin")
                self.log(state, f"{who} takes the round tile and its {coins[0]}.", f"{qui} prend la tuile de manche et ses {coins[1]}.", seat)
            else:
                inst = next(t for t in pr["tiles"] if not t.startswith("round.") and cat.design(t)["id"] == oid)
                self._take_tile(state, seat, inst)
        elif k == "pay":
            work.pop()
            d = cat.design(f["inst"])
            missing, _ = rules.shortfall(p, d["cost"])
            for r, n in d["cost"].items():
                p["res"][r] -= min(n, p["res"][r])
            p["money"] -= 3 * missing
        elif k == "cell":
            if oid == "more":
                f["page"] = (f.get("page", 0) + 1) % rules.pages(len(rules.cells(state, seat, f)))
                return
            work.pop()
            if f["why"] == "build":
                p["city"][oid] = {"t": f["inst"], "a": False}
                d = cat.design(f["inst"])
                self.log(state, f"{who} builds {d['name_en']} at {oid}.", f"{qui} construit {d['name_fr']} en {oid}.", seat)
                if d["when"] == "build" and ("pay" in d["effect"] or d["effect"].get("area") == "activate"):
                    work.append({"k": "eff", "e": d["effect"], "at": oid, "src": d["id"]})  # `x0` / `stop` decline it
                elif d["when"] == "build":
                    work.append({"k": "use", "inst": f["inst"], "at": oid})
            elif f["why"] == "res":
                p["city"][oid] = {"t": "res", "a": False}
                p["residences"] -= 1
                self.log(state, f"{who} builds a residence at {oid}.", f"{qui} construit une résidence en {oid}.", seat)
                work.append({"k": "dir", "at": oid})
            else:
                p["city"][oid] = p["city"].pop(f["from"])
                self.log(state, f"{who} moves the tile at {f['from']} to {oid}.", f"{qui} déplace la tuile de {f['from']} en {oid}.", seat)
        elif k == "use":
            work.pop()
            if oid == "use":
                d = cat.design(f["inst"])
                work.append({"k": "eff", "e": d["effect"], "at": f["at"], "src": d["id"]})
        elif k == "dir":
            work.pop()
            cells = grid.line(p["city"], f["at"], oid)
            n = counted(len(cells), "tile")
            self.log(state, f"{who} activates {oid} from {f['at']} ({n[0]}).", f"{qui} active vers le {DIRECTIONS[oid][1]} depuis {f['at']} ({n[1]}).", seat)
            for c in reversed(cells):
                d = cat.design(p["city"][c]["t"])
                if d["when"] == "activate":
                    work.append({"k": "eff", "e": d["effect"], "at": c, "src": d["id"]})
        elif k == "ares":
            work.pop()
            p["city"][oid]["a"] = True
            p["hand"] -= 1
            self.log(state, f"{who} places an assistant at {oid}.", f"{qui} place un assistant en {oid}.", seat)
            work.append({"k": "dir", "at": oid})
        elif k == "claim":
            work.pop()
            rules.take_culture(state, seat, oid[6:])
        elif k == "sell":
            self._sell_step(state, seat, f, oid)

    def _sell_step(self, state: State, seat: int, f: dict[str, Any], oid: str) -> None:
        """One resource token of the set pick sold for 1 denarius, or `done` (then the fee, when
        the sale was opened to pay it and a denarius is there)."""
        p = P(state, seat)
        if oid == "done":
            state["work"].pop()
            if f.get("then") == "fee" and p["money"] >= 1 and rules.can_act(state, p, spend=1):
                p["money"] -= 1
                state["turn"]["fee"] = True
            elif f.get("then") == "buy" and p["money"] >= ASSISTANT_PRICES[p["assistants"]][0]:
                self._buy_assistant(state, seat, "buy.coin")
            return
        r = oid.rstrip("0123456789")
        p["res"][r] -= 1
        p["money"] += 1
        f["sold"][r] = f["sold"].get(r, 0) + 1
        who, qui = seat_name(seat)
        what = counted(1, r)
        self.log(state, f"{who} sells {what[0]}.", f"{qui} vend {what[1]}.", seat)

    def _advance(self, state: State) -> None:
        """Run automatic work until a seat must decide; end turns, phases and rounds."""
        while not state["over"]:
            if state["phase"] == "assist":
                q = state["queue"]
                if state["work"]:  # a sale to pay for the assistant
                    return
                if not q:
                    self._end_round(state)
                    continue
                if not prompts.can_buy_assistant(state, q[0]):
                    q.pop(0)
                    continue
                return
            seat = state["current"]
            work = state["work"]
            if work:
                f = work[-1]
                if f["k"] == "eff":
                    work.pop()
                    fx.expand(state, seat, f)
                    continue
                if f["k"] == "pay":
                    return
                _, _, opts = prompts.frame_prompt(state, seat, f)
                if not opts:
                    work.pop()
                    continue
                return
            if state["turn"]["acted"]:
                if rules.claimable(state):
                    work.append({"k": "claim"})
                    return
                self._finish_turn(state)
                continue
            return

    def _finish_turn(self, state: State) -> None:
        state["turn"] = self._fresh_turn()
        self.end_turn(state)
        players = state["players"]
        n = state["num_players"]
        if all(p["passed"] for p in players):
            if state["round"] < ROUNDS:
                order = sorted(range(n), key=lambda s: -(players[s]["order"] or 0))
                state["phase"] = "assist"
                state["queue"] = order
                self.log(state, "Everyone has passed: assistants may be bought.", "Tout le monde a passé : achat des assistants.")
            else:
                self._end_round(state)
            return
        s = state["current"]
        while True:
            s = (s + 1) % n
            if players[s]["passed"]:
                players[s]["money"] += 1
                continue
            break
        state["current"] = s

    def _assist_step(self, state: State, seat: int, oid: str) -> None:
        p = P(state, seat)
        if oid == "skip":
            state["queue"].pop(0)
            return
        if oid == "buy.coin" and p["money"] < ASSISTANT_PRICES[p["assistants"]][0]:  # sell first: the sale's `done` buys
            state["work"].append({"k": "sell", "keep": {}, "sold": {}, "then": "buy"})
            return
        self._buy_assistant(state, seat, oid)

    def _buy_assistant(self, state: State, seat: int, oid: str) -> None:
        p = P(state, seat)
        who, qui = seat_name(seat)
        coins, glory = ASSISTANT_PRICES[p["assistants"]]
        if oid == "buy.coin":
            p["money"] -= coins
            paid = counted(coins, "coin")
        else:
            p["glory"] -= glory
            paid = counted(glory, "glory")
        p["assistants"] += 1
        p["hand"] += 1
        p["bought"] = True
        state["queue"].pop(0)  # one assistant per round: buying closes the seat's turn of the phase
        self.log(state, f"{who} buys an assistant for {paid[0]}.", f"{qui} achète un assistant pour {paid[1]}.", seat)

    def _end_round(self, state: State) -> None:
        """Glory phase, then preparation of the next round (or the end of the game)."""
        players = state["players"]
        rnd = state["round"]
        cat = catalog()
        tiles = sorted((t for t in cat.glory.values() if t["round"] == rnd), key=lambda t: t["rank"])
        if state["solo"]:
            g = players[0]["glory"]
            rank = 1 if g >= rnd else 2 if g >= 1 else None
            winners = [(0, next(t for t in tiles if t["rank"] == rank))] if rank else []
        else:
            ranked = sorted((s for s in range(len(players)) if players[s]["glory"] > 0),
                            key=lambda s: (-players[s]["glory"], players[s]["order"] or 99))
            winners = list(zip(ranked, tiles, strict=False))
        for s, t in winners:
            players[s]["glories"].append(t["id"])
            who, qui = seat_name(s)
            self.log(state, f"{who} wins the glory tile {t['name_en']} ({t['vp']} VP).", f"{qui} gagne la tuile de gloire {t['name_fr']} ({t['vp']} PV).", s)
        if rnd >= ROUNDS:
            state["over"] = True
            state["phase"] = "over"
            state["queue"] = []
            self.log(state, "The game is over.", "La partie est terminée.")
            return
        first = next((s for s, p in enumerate(players) if p["order"] == 1), state["first"])
        for p in players:
            p["glory"] = 0
            p["order"] = None
            p["passed"] = False
            p["bought"] = False
        state["free_order"] = [] if state["solo"] else list(range(1, len(players) + 1))
        state["round"] = rnd + 1
        if state["round"] == ROUNDS:
            state["flipped"] = True
        self._reveal_round(state)
        state["checkpoint"] += 1
        state["first"] = state["current"] = first
        state["phase"] = "main"
        state["queue"] = []
        self.log(state, f"Round {state['round']} begins.", f"La manche {state['round']} commence.")

    # ---------------------------------------------------------------- explain
    def explain(self, state: State, seat: int, option_id: str) -> tuple[str, str] | None:
        return refusals.explain(state, seat, option_id)

    # ---------------------------------------------------------------- results and views
    def result(self, state: State) -> dict[str, Any]:
        return scoring.result(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def validate(self, state: State) -> None:
        for key in ("players", "round", "phase", "work", "turn", "market", "temples", "culture"):
            if key not in state:
                raise ValueError(f"minerva state is missing {key!r}")
        if len(state["players"]) != state["num_players"]:
            raise ValueError("one player record per seat")
        for p in state["players"]:
            if any(not 0 <= v <= 6 for v in p["res"].values()):
                raise ValueError("a player holds more than 6 of a resource")
            if p["money"] < 0 or p["residences"] < 0 or p["hand"] < 0:
                raise ValueError("negative money, residences or assistants")
