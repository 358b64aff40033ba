"""The Minerva engine: set-up, the four phases of a round, the four actions and the decision stack.

A turn is a chain of small decisions kept on `state["work"]`, a stack of frames (top = last):
input frames wait for the acting seat's choice, automatic frames (`eff`) expand an effect. When
the stack empties after an action, culture tiles are claimed and the turn passes on.
"""

from __future__ import annotations

import re
from typing import Any

from engines.core import Engine, Option, Prompt, prng
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva import effects as fx
from engines.minerva import scoring
from engines.minerva.data import (
    ASSISTANT_PRICES,
    CULTURES,
    RESIDENCES,
    RESOURCES,
    ROUND_TILE_BONUS,
    ROUNDS,
    STARTING_COINS,
    TEMPLES_ON_OFFER,
    catalog,
)
from engines.minerva.effects import CULT_FR, RES_FR, seat_name

PAIR_ID = re.compile(r"p\d+")
PAGE = 24  # cells per page when more than 25 legal cells
DIR_FR = {"up": "haut", "down": "bas", "left": "gauche", "right": "droite"}
CAT_FR = {"production": "production", "commerce": "commerce", "culture": "culture", "military": "militaire",
          "special": "spécial", "temple": "temple"}


def P(state: State, seat: int) -> dict[str, Any]:
    return state["players"][seat]


def cost_text(cost: dict[str, int]) -> tuple[str, str]:
    if not cost:
        return "free", "gratuit"
    return fx.items_text(cost)


def shortfall(p: dict[str, Any], cost: dict[str, int]) -> tuple[int, int]:
    """(missing resources, surplus resources that could be sold) for a building cost."""
    missing = sum(max(0, n - p["res"][r]) for r, n in cost.items())
    surplus = sum(max(0, p["res"][r] - cost.get(r, 0)) for r in RESOURCES)
    return missing, surplus


def affordable(p: dict[str, Any], cost: dict[str, int]) -> bool:
    missing, surplus = shortfall(p, cost)
    return missing == 0 or 3 * missing <= p["money"] + surplus


class Minerva(Engine):
    name = "minerva"
    title = "Minerva"
    title_fr = "Minerva"
    min_players = 1
    max_players = 4
    rules_version = 1
    option_specs: list[dict[str, Any]] = []

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

    # ---------------------------------------------------------------- whose turn
    def to_act(self, state: State) -> list[int]:
        if state["over"]:
            return []
        if state["phase"] == "main":
            return [state["current"]]
        if state["phase"] == "assist" and state["queue"]:
            return [state["queue"][0]]
        return []

    # ---------------------------------------------------------------- prompts
    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        text, text_fr, options = self._ask(state, seat)
        return Prompt(seat, text, options, text_fr)

    def _ask(self, state: State, seat: int) -> tuple[str, str, list[Option]]:
        if state["phase"] == "assist":
            return self._assist_prompt(state, seat)
        if state["work"]:
            return self._frame_prompt(state, seat, state["work"][-1])
        return self._turn_prompt(state, seat)

    def _sells(self, p: dict[str, Any], exclude: set[str] | None = None) -> list[Option]:
        out = []
        for r in RESOURCES:
            if p["res"][r] > 0 and r not in (exclude or set()):
                out.append(Option(f"sell.{r}", f"Sell 1 {r} for 1 denarius", f"Vendre 1 {RES_FR[r]} pour 1 denier"))
        return out

    def _someone_passed(self, state: State) -> bool:
        return any(p["passed"] for p in state["players"])

    def _turn_prompt(self, state: State, seat: int) -> tuple[str, str, list[Option]]:
        p = P(state, seat)
        turn = state["turn"]
        if self._someone_passed(state) and not turn["fee"]:
            opts = []
            if p["money"] >= 1:
                opts.append(Option("fee", "Pay 1 denarius to take a turn", "Payer 1 denier pour jouer"))
            opts.append(Option("pass", "Pass for the rest of the round", "Passer pour le reste de la manche"))
            if p["money"] < 1:
                opts += self._sells(p)
            return ("Someone has passed: pay 1 denarius to play, or pass.",
                    "Quelqu'un a passé : payez 1 denier pour jouer, ou passez.", opts)
        opts = []
        if self._can_build(state, seat):
            opts.append(Option("build", "Build a building", "Construire un bâtiment"))
        if p["residences"] > 0:
            opts.append(Option("res", f"Build a residence ({p['residences']} left)", f"Construire une résidence ({p['residences']} restantes)"))
        if self._free_residences(p):
            opts.append(Option("assist", f"Place an assistant ({p['hand']} in hand)", f"Placer un assistant ({p['hand']} en main)"))
        opts.append(Option("pass", "Pass", "Passer"))
        r = state["round"]
        return (f"Round {r}: choose your action.", f"Manche {r} : choisissez votre action.", opts)

    def _free_residences(self, p: dict[str, Any]) -> list[str]:
        if p["hand"] <= 0:
            return []
        return sorted((c for c, t in p["city"].items() if t["t"] == "res" and not t["a"]), key=lambda c: (grid.xy(c)[1], grid.xy(c)[0]))

    # -- building choices
    def _buyable(self, state: State, seat: int) -> list[str]:
        """Tile instances (market and temples) the seat can pay for, one per design."""
        cat = catalog()
        p = P(state, seat)
        seen: set[str] = set()
        out = []
        pool = state["market"] + state["temples"] if not state["solo"] else state["temples"]
        for inst in pool:
            d = cat.design(inst)
            if d["id"] in seen or not affordable(p, d["cost"]):
                continue
            seen.add(d["id"])
            out.append(inst)
        return out

    def _pair_ok(self, state: State, seat: int, pair: dict[str, Any]) -> bool:
        p = P(state, seat)
        return any(t.startswith("round.") or affordable(p, catalog().design(t)["cost"]) for t in pair["tiles"])

    def _can_build(self, state: State, seat: int) -> bool:
        if self._buyable(state, seat):
            return True
        return state["solo"] and any(self._pair_ok(state, seat, pr) for pr in state["pairs"])

    def _tile_option(self, inst: str) -> Option:
        d = catalog().design(inst)
        c = cost_text(d["cost"])
        return Option(d["id"], f"{d['name_en']} ({d['category']}, {c[0]})"[:80], f"{d['name_fr']} ({CAT_FR[d['category']]}, {c[1]})"[:80])

    def _frame_prompt(self, state: State, seat: int, f: dict[str, Any]) -> tuple[str, str, list[Option]]:
        k = f["k"]
        if k in fx.EFFECT_FRAMES:
            return fx.frame_prompt(self, state, seat, f)
        p = P(state, seat)
        cat = catalog()
        if k == "kind":
            kinds = []
            for inst in self._buyable(state, seat):
                c = cat.design(inst)["category"]
                if c not in kinds:
                    kinds.append(c)
            opts = [Option(c, f"{c.capitalize()} buildings", f"Bâtiments : {CAT_FR[c]}") for c in kinds]
            if state["solo"] and any(self._pair_ok(state, seat, pr) for pr in state["pairs"]):
                opts.insert(0, Option("pairs", "A pair of buildings", "Une paire de bâtiments"))
            return "Which kind of building?", "Quel type de bâtiment ?", opts
        if k == "tile":
            insts = [i for i in self._buyable(state, seat) if f.get("cat") is None or cat.design(i)["category"] == f["cat"]]
            opts = [self._tile_option(i) for i in insts]
            return "Which building?", "Quel bâtiment ?", opts
        if k == "pair":
            opts = []
            for i, pr in enumerate(state["pairs"]):
                if self._pair_ok(state, seat, pr):
                    names = [("round tile +3" if t.startswith("round.") else cat.design(t)["name_en"]) for t in pr["tiles"]]
                    names_fr = [("tuile de manche +3" if t.startswith("round.") else cat.design(t)["name_fr"]) for t in pr["tiles"]]
                    opts.append(Option(f"p{i + 1}", " | ".join(names)[:80], " | ".join(names_fr)[:80]))
            if f.get("cat") is None:
                opts += [self._tile_option(inst) for inst in self._buyable(state, seat)]
            return "Choose a pair (or a temple).", "Choisissez une paire (ou un temple).", opts
        if k == "pairtile":
            pr = state["pairs"][f["pair"]]
            opts = []
            for t in pr["tiles"]:
                if t.startswith("round."):
                    opts.append(Option("round", f"The round tile: take its {pr['bonus']} denarii", f"La tuile de manche : prendre ses {pr['bonus']} deniers"))
                elif affordable(p, cat.design(t)["cost"]) and all(o.id != cat.design(t)["id"] for o in opts):
                    opts.append(self._tile_option(t))
            return "Build one tile of the pair; the other leaves the game.", "Construisez une tuile de la paire ; l'autre quitte le jeu.", opts
        if k == "pay":
            d = cat.design(f["inst"])
            missing, _ = shortfall(p, d["cost"])
            opts = []
            have = {r: min(p["res"][r], n) for r, n in d["cost"].items() if p["res"][r] > 0}
            if p["money"] >= 3 * missing:
                h = fx.items_text(have) if have else ("nothing", "rien")
                opts.append(Option("coins", f"Pay {h[0]} + {3 * missing} denarii"[:80], f"Payer {h[1]} + {3 * missing} deniers"[:80]))
            else:
                opts += [o for o in self._sells(p) if p["res"][o.id[5:]] > d["cost"].get(o.id[5:], 0)]
            return (f"You lack {missing} resource(s) for {d['name_en']}: pay 3 denarii each.",
                    f"Il vous manque {missing} ressource(s) pour {d['name_fr']} : payez 3 deniers chacune.", opts)
        if k == "cell":
            cells = self._cells(state, seat, f)
            total = len(cells)
            if total > 25:
                start = f.get("page", 0) * PAGE
                cells = cells[start:start + PAGE]
            opts = [Option(c, f"Cell {c}", f"Case {c}") for c in cells]
            if total > 25:
                pages = (total + PAGE - 1) // PAGE
                opts.append(Option("more", f"More cells (page {f.get('page', 0) + 1}/{pages})", f"Autres cases (page {f.get('page', 0) + 1}/{pages})"))
            what = {"build": ("the building", "le bâtiment"), "res": ("the residence", "la résidence"), "move": ("the moved tile", "la tuile déplacée")}[f["why"]]
            return (f"Where do you place {what[0]}? (it must touch your city along a full side)",
                    f"Où placez-vous {what[1]} ? (un côté entier doit toucher votre ville)", opts)
        if k == "use":
            d = cat.design(f["inst"])
            en, fr = fx.describe(d["effect"], d["when"])
            return (f"{d['name_en']}: apply its on-build effect ({en})?"[:200], f"{d['name_fr']} : appliquer son effet de construction ({fr}) ?"[:200],
                    [Option("use", "Apply the effect", "Appliquer l'effet"), Option("skip", "Skip it", "L'ignorer")])
        if k == "dir":
            opts = []
            for dname in grid.DIRECTIONS:
                cells = grid.line(p["city"], f["at"], dname)
                if cells:
                    names = ", ".join(cat.design(p["city"][c]["t"])["name_en"] for c in cells)
                    names_fr = ", ".join(cat.design(p["city"][c]["t"])["name_fr"] for c in cells)
                    opts.append(Option(dname, f"{dname}: {names}"[:80], f"{DIR_FR[dname]} : {names_fr}"[:80]))
            return (f"Activate which direction from {f['at']}?", f"Activer quelle direction depuis {f['at']} ?", opts)
        if k == "ares":
            opts = [Option(c, f"Residence {c}", f"Résidence {c}") for c in self._free_residences(p)]
            return "Place the assistant on which residence?", "Placer l'assistant sur quelle résidence ?", opts
        if k == "claim":
            opts = []
            for c in self._claimable(state):
                t = cat.culture[state["culture"][c][0]]
                opts.append(Option(f"claim.{c}", f"Take the {c} tile ({t['vp']} VP)", f"Prendre la tuile {CULT_FR[c]} ({t['vp']} PV)"))
            pts = state["turn"]["pts"]
            return (f"Culture this turn: {pts['theatre']} theatre, {pts['art']} art, {pts['learning']} learning. Take your tile(s).",
                    f"Culture ce tour : {pts['theatre']} théâtre, {pts['art']} art, {pts['learning']} université. Prenez vos tuiles.", opts)
        raise AssertionError(f"unknown frame {k}")

    def _cells(self, state: State, seat: int, f: dict[str, Any]) -> list[str]:
        city = P(state, seat)["city"]
        if f["why"] == "move":
            return [c for c in grid.legal_cells(city, ignore=f["from"]) if c != f["from"]]
        return grid.legal_cells(city)

    def _claimable(self, state: State) -> list[str]:
        turn = state["turn"]
        cat = catalog()
        return [c for c in CULTURES if state["culture"][c] and c not in turn["claimed"]
                and turn["pts"][c] >= cat.culture[state["culture"][c][0]]["need"]]

    def _assist_prompt(self, state: State, seat: int) -> tuple[str, str, list[Option]]:
        p = P(state, seat)
        if p["bought"]:
            return ("You bought your assistant for this round.", "Vous avez acheté votre assistant de la manche.",
                    [Option("done", "Done", "Terminé")])
        coins, glory = ASSISTANT_PRICES[p["assistants"]]
        opts = []
        if p["money"] >= coins:
            opts.append(Option("buy.coin", f"Buy an assistant for {coins} denarii", f"Acheter un assistant pour {coins} deniers"))
        if p["glory"] >= glory:
            opts.append(Option("buy.glory", f"Buy an assistant for {glory} glory", f"Acheter un assistant pour {glory} gloire"))
        opts.append(Option("skip", "Buy nothing", "Ne rien acheter"))
        if p["money"] < coins <= p["money"] + sum(p["res"].values()):
            opts += self._sells(p)
        return ("Buy an assistant?", "Acheter un assistant ?", opts)

    def _can_buy_assistant(self, state: State, seat: int) -> bool:
        p = P(state, seat)
        if p["bought"] or p["assistants"] >= len(ASSISTANT_PRICES):
            return p["bought"]
        coins, glory = ASSISTANT_PRICES[p["assistants"]]
        return p["money"] + sum(p["res"].values()) >= coins or p["glory"] >= glory

    # ---------------------------------------------------------------- steps
    def step(self, state: State, seat: int, option_id: str) -> None:
        p = P(state, seat)
        if option_id.startswith("sell."):
            r = option_id[5:]
            p["res"][r] -= 1
            p["money"] += 1
            self.log(state, f"{seat_name(seat)[0]} sells 1 {r}.", f"{seat_name(seat)[1]} vend 1 {RES_FR[r]}.", seat)
        elif state["phase"] == "assist":
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
            pairs = sum(1 for pr in state["pairs"] if self._pair_ok(state, seat, pr))
            if pairs + len(self._buyable(state, seat)) > 25:
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
        missing, _ = shortfall(p, d["cost"])
        if missing:
            work.append({"k": "pay", "inst": inst})
        else:
            fx.pay_fixed(p, d["cost"])
        who, qui = seat_name(seat)
        self.log(state, f"{who} builds {d['name_en']}.", f"{qui} construit {d['name_fr']}.", seat)

    def _frame_step(self, state: State, seat: int, f: dict[str, Any], oid: str) -> None:
        k = f["k"]
        if k in fx.EFFECT_FRAMES:
            fx.frame_step(self, state, seat, f, oid)
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
            inst = next(i for i in self._buyable(state, seat) if cat.design(i)["id"] == oid)
            self._take_tile(state, seat, inst)
        elif k == "pair":
            work.pop()
            work.append({"k": "pairtile", "pair": int(oid[1:]) - 1})
        elif k == "pairtile":
            work.pop()
            pr = state["pairs"].pop(f["pair"])
            if oid == "round":
                p["money"] += pr["bonus"]
                self.log(state, f"{who} takes the round tile and its {pr['bonus']} denarii.", f"{qui} prend la tuile de manche et ses {pr['bonus']} deniers.", seat)
            else:
                inst = next(t for t in pr["tiles"] if not t.startswith("round.") and cat.design(t)["id"] == oid)
                self._take_tile(state, seat, inst)
        elif k == "pay":
            work.pop()
            d = cat.design(f["inst"])
            missing, _ = shortfall(p, d["cost"])
            for r, n in d["cost"].items():
                p["res"][r] -= min(n, p["res"][r])
            p["money"] -= 3 * missing
        elif k == "cell":
            if oid == "more":
                total = len(self._cells(state, seat, f))
                f["page"] = (f.get("page", 0) + 1) % ((total + PAGE - 1) // PAGE)
                return
            work.pop()
            if f["why"] == "build":
                p["city"][oid] = {"t": f["inst"], "a": False}
                d = cat.design(f["inst"])
                if d["when"] == "build":
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
            self.log(state, f"{who} activates {oid} from {f['at']} ({len(cells)} tile(s)).", f"{qui} active vers le {DIR_FR[oid]} depuis {f['at']} ({len(cells)} tuile(s)).", seat)
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
            self._take_culture(state, seat, oid[6:])

    def _take_culture(self, state: State, seat: int, c: str) -> None:
        tid = state["culture"][c].pop(0)
        P(state, seat)["culture"].append(tid)
        state["turn"]["claimed"].append(c)
        t = catalog().culture[tid]
        who, qui = seat_name(seat)
        self.log(state, f"{who} takes a {c} tile ({t['vp']} VP).", f"{qui} prend une tuile {CULT_FR[c]} ({t['vp']} PV).", seat)

    def _gain(self, state: State, seat: int, items: dict[str, int]) -> None:
        fx.gain(self, state, seat, items)

    def _advance(self, state: State) -> None:
        """Run automatic work until a seat must decide; end turns, phases and rounds."""
        while not state["over"]:
            if state["phase"] == "assist":
                q = state["queue"]
                if not q:
                    self._end_round(state)
                    continue
                if not self._can_buy_assistant(state, q[0]):
                    q.pop(0)
                    continue
                return
            seat = state["current"]
            work = state["work"]
            if work:
                f = work[-1]
                if f["k"] == "eff":
                    work.pop()
                    fx.expand(self, state, seat, f)
                    continue
                if f["k"] == "pay":
                    return
                _, _, opts = self._frame_prompt(state, seat, f)
                if not opts:
                    work.pop()
                    continue
                return
            if state["turn"]["acted"]:
                if self._claimable(state):
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
        who, qui = seat_name(seat)
        if oid in ("done", "skip"):
            state["queue"].pop(0)
            return
        coins, glory = ASSISTANT_PRICES[p["assistants"]]
        if oid == "buy.coin":
            p["money"] -= coins
            paid = (f"{coins} denarii", f"{coins} deniers")
        else:
            p["glory"] -= glory
            paid = (f"{glory} glory", f"{glory} gloire")
        p["assistants"] += 1
        p["hand"] += 1
        p["bought"] = True
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

    # ---------------------------------------------------------------- typed moves
    # ---------------------------------------------------------------- explain
    def explain(self, state: State, seat: int, option_id: str) -> tuple[str, str] | None:
        from engines.minerva.refusals import explain

        return explain(self, state, seat, option_id)

    # ---------------------------------------------------------------- results and views
    def result(self, state: State) -> dict[str, Any]:
        return scoring.result(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        from engines.minerva.view import build_view

        return build_view(self, state, seat)

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
