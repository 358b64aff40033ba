"""The Antiquity engine: set-up, the ten phases of a turn, every decision as small prompts.

Phase 2 (city buildings) is simultaneous and secret: every seat still working acts, and what it
builds or staffs stays hidden from others (views show the snapshot taken when the phase began)
until all are done. The other phases run in turn order or resolve automatically.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from engines.antiquity import city as cty
from engines.antiquity import goods as gd
from engines.antiquity import hexmap as hx
from engines.antiquity import pickers, rules
from engines.antiquity.data import FOOD, GOODS, components
from engines.core import Engine, Option, Prompt, prng
from engines.core.state import State, clone

Opt = tuple[str, str, str]
SAINTS = ("giorgio", "barbara", "cristofori", "nicolo", "maria")
PHASE_NAMES = {
    "start": ("Starting cities", "Cités de départ"),
    "city": ("2 City buildings", "2 Bâtiments de la cité"),
    "country": ("4 Countryside", "4 Bâtiments ruraux"),
    "store": ("5 Storing goods", "5 Stockage"),
    "harvest": ("6 Harvest", "6 Récolte"),
    "explore": ("7 Exploration", "7 Exploration"),
    "famine": ("8 Famine", "8 Famine"),
    "pollution": ("9 Pollution", "9 Pollution"),
    "over": ("Game over", "Partie terminée"),
}
RURAL = {"woodcutter": ("woodcutter", "maison de bûcheron"), "farm": ("farm", "ferme"), "mine": ("mine", "mine"),
         "fishery": ("fishery", "pêcherie")}
TERRAIN_NAMES = {"F": ("forest", "forêt"), "P": ("grass", "prairie"), "M": ("mountain", "montagne"), "W": ("water", "eau")}


def gname(g: str, fr: bool = False) -> str:
    e = components()["by_good"][g]
    return e["name_fr"] if fr else e["name_en"]


def bname(kind: str, fr: bool = False) -> str:
    e = components()["by_building"][kind]
    return e["name_fr"] if fr else e["name_en"]


def new_player() -> dict[str, Any]:
    goods = {g: 0 for g in GOODS}
    goods["wood"] = components()["limits"]["start_wood"]
    return {
        "goods": goods, "cities": [new_city(7)], "buildings": {}, "staffed": [], "houses": [],
        "saint": None, "out": False, "done": False, "sel": {}, "next": 0, "flags": fresh_flags(),
        "graves_due": 0, "pollution_due": 0, "keep": {}, "harvest": [], "picks": {},
    }


def new_city(size: int) -> dict[str, Any]:
    return {"size": size, "center": None, "grid": [[""] * size for _ in range(size)], "graves": []}


def fresh_flags() -> dict[str, Any]:
    return {"carts_used": 0, "cleaned": False, "explored": False, "healed": 0, "razed": False,
            "biology_used": False, "fountains": 0, "cathedral": 0, "new": [], "offers": 0}


# What `Antiquity.copy_state` shares between states: never edited in place once written.
SHARED_MAP_KEYS = frozenset(("terrain", "ranges", "tiles", "faces"))  # written at set-up only
# The state layout `copy_state` copies key by key (the fast path); a state of another shape takes
# the generic path (a deep copy of all but the shared parts), so a new key is never shared by accident.
STATE_LAYOUT = frozenset(("game", "rules_version", "num_players", "seed", "options", "rng", "checkpoint", "turns",
                          "over", "log", "map", "players", "order", "start_queue", "phase", "turn", "famine", "rural",
                          "next_rural", "acting", "public", "winners", "eliminated", "cathedrals", "offers", "end",
                          "cur"))
STATE_REQUIRED = STATE_LAYOUT - {"cur"}  # "cur" appears with the first sequential phase
MAP_LAYOUT = frozenset(("tiles", "faces", "terrain", "cleared", "pollution", "markers", "occ", "counters", "sites",
                        "ranges", "range_good"))
PLAYER_LAYOUT = frozenset(("goods", "cities", "buildings", "staffed", "houses", "saint", "out", "done", "sel", "next",
                           "flags", "graves_due", "pollution_due", "keep", "harvest", "picks"))
FLAG_LAYOUT = frozenset((*fresh_flags(), "country_done"))  # scalars, and the list "new"


@lru_cache(maxsize=1)
def _house_costs() -> tuple[gd.Cost, ...]:
    """`gd.house_cost(n)` for n = 1..20, shared: read only, never to be edited."""
    return tuple(gd.house_cost(n) for n in range(1, 21))


@lru_cache(maxsize=1)
def _building_costs() -> dict[str, gd.Cost]:
    """`gd.building_cost(kind)` by kind, shared: read only, never to be edited."""
    return {spec["id"]: gd.building_cost(spec["id"]) for spec in components()["buildings"]}


def _copy_player(p: dict[str, Any]) -> dict[str, Any]:
    """A player record for `Antiquity.copy_state` (layout `PLAYER_LAYOUT`): city cards and
    building entries shared, the rest copied."""
    f = p["flags"]
    return {**p, "goods": dict(p["goods"]), "cities": list(p["cities"]), "buildings": dict(p["buildings"]),
            "staffed": list(p["staffed"]), "houses": list(p["houses"]), "sel": clone(p["sel"]) if p["sel"] else {},
            "flags": {**f, "new": list(f["new"])}, "keep": dict(p["keep"]),
            "harvest": [list(x) for x in p["harvest"]], "picks": {b: list(v) for b, v in p["picks"].items()}}


def _copy_generic(state: State) -> State:
    """`Antiquity.copy_state` for a state of unexpected layout: a deep copy of everything but
    what is always shared (log entries, the map's set-up parts and occupancy entries, `public`,
    city cards and building entries)."""
    m = state["map"]
    players = state["players"]
    shared = ("log", "map", "public", "players")
    body, inner, people = clone((
        {k: None if k in shared else v for k, v in state.items()},  # placeholders keep the key order
        {k: None if k in SHARED_MAP_KEYS or k == "occ" else v for k, v in m.items()},
        [{**p, "cities": None, "buildings": None} for p in players],
    ))
    for q, p in zip(people, players, strict=True):
        q["cities"] = list(p["cities"])
        q["buildings"] = dict(p["buildings"])
    for k in SHARED_MAP_KEYS:
        if k in m:
            inner[k] = m[k]
    inner["occ"] = dict(m["occ"])
    body["map"] = inner
    body["players"] = people
    body["log"] = list(state["log"])
    body["public"] = state["public"]
    return body


@lru_cache(maxsize=8192)
def _option(oid: str, en: str, fr: str) -> Option:
    """Options are immutable and the same few come back at every step: build (and check) each
    once."""
    return Option(oid, en[:80], fr[:80])


@lru_cache(maxsize=4096)
def _fitting_kinds(masks: tuple[tuple[int, int], ...]) -> frozenset[str]:
    """Kinds of city building (houses aside) with room on city cards of these blocked masks,
    whatever they cost or their supply: some orientation fits, or for a warehouse a 1×2 or 2×1
    (every larger rectangle holds one of them, so any warehouse fits if one of those does)."""
    out = set()
    for spec in components()["buildings"]:
        k = spec["id"]
        if k == "house":
            continue
        if k == "warehouse":
            shapes = (cty.orientations(cty.rectangle(1, 2))[0], cty.orientations(cty.rectangle(2, 1))[0])
        else:
            shapes = cty.orientations(cty.shape_of(k))
        if any(cty.fits_any(masks, o) for o in shapes):
            out.add(k)
    return frozenset(out)


@lru_cache(maxsize=4)
def _start_centres(players: int) -> frozenset[str]:
    """Hexes whose whole city lies on their own large tile (`rules.city_ok` for a starting city:
    geometry only)."""
    g = hx.geometry(players)
    return frozenset(h for h in g.ids if (fl := g.flower(h)) is not None and all(g.tile[x] == g.tile[h] for x in fl))


class Antiquity(Engine):
    name = "antiquity"
    title = "Antiquity"
    title_fr = "Antiquity"
    min_players = 2
    max_players = 4
    # 2: trade acceptance checked when accepted (offers no longer reveal secrets); snapshots of
    # version 1 are rebuilt by replaying their steps, which stay legal
    rules_version = 2
    option_specs = [{
        "key": "intro", "choices": ["off", "on"], "default": "off",
        "help": "Introductory game: no famine and no pollution phases (rulebook, 'Partie d'initiation').",
    }]

    # ---- set-up ---------------------------------------------------------------------------------
    def setup(self, state: State) -> None:
        comp = components()
        n = state["num_players"]
        rng = state["rng"]
        tiles = [t["id"] for t in comp["tiles"]]
        prng.shuffle(rng, tiles)
        tiles = tiles[: 2 * n]
        by_tile = {t["id"]: t for t in comp["tiles"]}
        faces = [by_tile[t]["faces"][prng.below(rng, 2)] for t in tiles]
        state["map"] = {"tiles": tiles, "faces": faces, "terrain": {}, "cleared": [], "pollution": [],
                        "markers": {}, "occ": {}, "counters": {}, "sites": {}, "ranges": {}, "range_good": {}}
        g = hx.geometry(n)
        spots = []
        for h in g.ids:
            face = comp["by_face"][faces[g.tile[h]]]
            state["map"]["terrain"][h] = "".join(face["rows"])[g.local[h]]
            if face["spots"][g.local[h]] == "1":
                spots.append(h)
        tokens = [t for _ in range(n) for t in comp["limits"]["explore_per_player"]]
        prng.shuffle(rng, tokens)
        state["map"]["markers"] = dict(zip(spots, tokens, strict=True))
        state["map"]["ranges"] = {h: k for h, k in hx.mountain_ranges(state).items()}
        state["players"] = [new_player() for _ in range(n)]
        order = list(range(n))
        prng.shuffle(rng, order)
        state.update(order=order, start_queue=list(reversed(order)), phase="start", turn=0, famine=0,
                     rural={}, next_rural=0, acting=[], public=None, winners=[], eliminated=[],
                     cathedrals=0, offers=[], end="")
        self.log(state, "Set-up done; starting cities are chosen in reverse turn order.",
                 "Mise en place faite ; les cités de départ se choisissent dans l'ordre inverse du tour.")
        self._advance(state)

    # ---- contract ---------------------------------------------------------------------------------
    @staticmethod
    def copy_state(state: State) -> State:
        """As `Engine.copy_state`, and more is shared between states, never being edited in place:
        the map's terrain, mountain ranges and tiles (written once at set-up), the secret-phase
        snapshot `public` (built afresh by `_new_turn`, then only read or replaced), the map's
        occupancy entries (replaced, never edited), the players' building entries (`city.place`
        makes new ones, `city.remove` drops them) and city cards (`city.own_city` copies one
        before any edit). The rest is copied key by key, knowing the layout of the state (flat
        lists and dicts are copied shallow). Deep-copying everything was most of the cost of a
        replay."""
        m = state["map"]
        players = state["players"]
        if not (STATE_REQUIRED <= state.keys() <= STATE_LAYOUT and m.keys() == MAP_LAYOUT
                and all(p.keys() == PLAYER_LAYOUT and p["flags"].keys() <= FLAG_LAYOUT for p in players)):
            return _copy_generic(state)
        body = {**state}
        body["options"] = dict(state["options"])
        body["rng"] = dict(state["rng"])
        body["log"] = list(state["log"])
        body["map"] = {**m, "cleared": list(m["cleared"]), "pollution": list(m["pollution"]),
                       "markers": dict(m["markers"]), "occ": dict(m["occ"]), "counters": dict(m["counters"]),
                       "sites": dict(m["sites"]), "range_good": dict(m["range_good"])}
        body["players"] = [_copy_player(p) for p in players]
        for k in ("order", "start_queue", "acting", "winners", "eliminated"):
            body[k] = list(state[k])
        body["rural"], body["offers"] = clone((state["rural"], state["offers"]))
        return body

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else sorted(state["acting"])

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if state["over"] or seat not in state["acting"]:
            return None
        text, text_fr, opts = self._options(state, seat)
        return Prompt(seat, text, [_option(*o) for o in opts], text_fr)

    def step(self, state: State, seat: int, option_id: str) -> None:
        phase = state["phase"]
        p = state["players"][seat]
        if option_id == "back":
            p["sel"] = {}
            return
        handler = getattr(self, f"_step_{phase}")
        handler(state, seat, option_id)
        self._advance(state)

    # ---- option lists ---------------------------------------------------------------------------
    def _options(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        return getattr(self, f"_opts_{state['phase']}")(state, seat)

    # starting city
    def _start_cands(self, state: State) -> list[str]:
        g = hx.geometry(state["num_players"])
        taken = {g.tile[h] for h in rules.city_hexes(state)}
        free_tiles = [t for t in g.start_tiles if t not in taken]
        inside = _start_centres(state["num_players"])
        return [h for h in g.ids if g.tile[h] in free_tiles and h in inside]

    def _hex_opts(self, state: State, cands: list[str], prefix: str) -> list[Opt]:
        out = []
        pollution = set(state["map"]["pollution"])
        for o in pickers.hex_options(cands, prefix):
            if len(o) == 3:
                t = TERRAIN_NAMES[hx.terrain(state, o)]
                extra = " (polluted)" if o in pollution else ""
                extra_fr = " (polluée)" if extra else ""
                out.append((o, f"hex {o}: {t[0]}{extra}", f"hexagone {o} : {t[1]}{extra_fr}"))
            elif len(o) == 1:
                out.append((o, f"large tile {o}", f"grande tuile {o}"))
            else:
                out.append((o, f"tile {o[0]}, row {o[1]}", f"tuile {o[0]}, rangée {o[1]}"))
        return out

    def _opts_start(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        opts = self._hex_opts(state, self._start_cands(state), p["sel"].get("hx", ""))
        if p["sel"]:
            opts.append(("back", "back", "retour"))
        return ("Choose the centre of your starting city (on a free start tile).",
                "Choisissez le centre de votre cité de départ (sur une tuile de départ libre).", opts)

    def _step_start(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        if len(oid) != 3:
            p["sel"]["hx"] = oid
            return
        p["sel"] = {}
        self._found_city(state, seat, oid, 0)
        state["start_queue"].pop(0)
        self.log(state, f"P{seat + 1} founds its starting city at {oid}.",
                 f"P{seat + 1} fonde sa cité de départ en {oid}.", seat)
        self.end_turn(state)

    def _found_city(self, state: State, seat: int, centre: str, index: int) -> None:
        g = hx.geometry(state["num_players"])
        m = state["map"]
        fl = g.flower(centre)
        assert fl is not None
        for h in fl:
            m["occ"][h] = {"seat": seat, "kind": "city", "city": index}
            m["markers"].pop(h, None)
        m["pollution"] = sorted(set(m["pollution"]) - set(fl))
        cty.own_city(state["players"][seat], index)["center"] = centre

    # ---- phase machine ----------------------------------------------------------------------------
    def _advance(self, state: State) -> None:
        """Run automatic steps until some seat must decide (or the game ends)."""
        for _ in range(1000):
            if state["over"]:
                state["acting"] = []
                return
            ph = state["phase"]
            if ph == "start":
                if state["start_queue"]:
                    state["acting"] = [state["start_queue"][0]]
                    return
                self._new_turn(state)
                continue
            if ph == "city":
                waiting = [s for s in rules.active(state) if not state["players"][s]["done"]]
                if waiting:
                    state["acting"] = waiting
                    return
                self._reveal(state)
                self._turn_order(state)
                self._begin_seq(state, "country")
                continue
            if ph in ("country", "explore", "pollution"):
                seat = self._seq_seat(state)
                if seat is not None:
                    state["acting"] = [seat]
                    return
                if state["over"]:
                    continue
                if ph == "country":
                    self._begin_store(state)
                elif ph == "explore":
                    self._after_explore(state)
                else:
                    self._victory(state)
                continue
            if ph == "store":
                waiting = [s for s in rules.active(state) if state["players"][s]["keep"].get("_open")]
                if waiting:
                    state["acting"] = waiting
                    return
                self._begin_harvest(state)
                continue
            if ph == "harvest":
                waiting = [s for s in rules.active(state) if state["players"][s]["harvest"]]
                if waiting:
                    state["acting"] = waiting
                    return
                self._harvest(state)
                self._begin_seq(state, "explore")
                continue
            if ph == "famine":
                waiting = []
                for s in rules.active(state):
                    p = state["players"][s]
                    if p["graves_due"] > 0:
                        if cty.has_grave_target(p):
                            waiting.append(s)
                        else:
                            self._eliminate(state, s, check=False)
                if self._check_last(state):
                    continue
                if waiting:
                    state["acting"] = waiting
                    return
                state["famine"] += 1
                self._begin_seq(state, "pollution")
                continue
            raise AssertionError(f"unknown phase {ph}")
        raise AssertionError("phase machine did not settle")

    def _check_last(self, state: State) -> bool:
        alive = rules.active(state)
        if len(alive) <= 1 and not state["over"]:
            state["winners"] = alive
            state["end"] = "last" if alive else "none"
            self._finish(state)
            return True
        return False

    def _finish(self, state: State) -> None:
        state["over"] = True
        state["phase"] = "over"
        state["acting"] = []
        state["public"] = None
        if state["winners"]:
            names = ", ".join(f"P{s + 1}" for s in state["winners"])
            self.log(state, f"Game over: {names} wins.", f"Fin de la partie : {names} gagne.")
        else:
            self.log(state, "Game over without a winner.", "Fin de la partie sans vainqueur.")
        self.end_turn(state)

    def _new_turn(self, state: State) -> None:
        """Phase 1 (all rise) then open the secret city phase."""
        state["turn"] += 1
        state["cathedrals"] = 0
        state["offers"] = []
        for p in state["players"]:
            p["flags"] = fresh_flags()
        for s in rules.active(state):
            p = state["players"][s]
            p["staffed"] = []
            p["done"] = False
            p["sel"] = {}
        state["phase"] = "city"
        state["public"] = [self._public_player(state, s) for s in range(state["num_players"])]
        for s, z in enumerate(rules.all_zones(state)):
            state["public"][s]["zone"] = z
        self.log(state, f"Turn {state['turn']}: all rise; city buildings (secret).",
                 f"Tour {state['turn']} : tous se lèvent ; bâtiments de la cité (secret).")

    def _public_player(self, state: State, seat: int) -> dict[str, Any]:
        p = state["players"][seat]
        return {"goods": dict(p["goods"]), "cities": clone(p["cities"]),
                "buildings": clone(p["buildings"]), "staffed": list(p["staffed"]),
                "houses": list(p["houses"]), "saint": p["saint"]}

    def _reveal(self, state: State) -> None:
        """End of phase 2: builds, staffing, saints and fountains become public."""
        state["public"] = None
        for s in rules.active(state):
            p = state["players"][s]
            f = p["flags"]
            for _ in range(f["fountains"]):
                state["famine"] = max(0, state["famine"] - 1)
            state["cathedrals"] += f["cathedral"]
            kinds = [p["buildings"][b]["kind"] for b in f["new"] if b in p["buildings"]]
            if kinds:
                en = ", ".join(bname(k) for k in kinds)
                fr = ", ".join(bname(k, True) for k in kinds)
                self.log(state, f"P{s + 1} built: {en}.", f"P{s + 1} a construit : {fr}.", s)
            if f["razed"]:
                self.log(state, f"P{s + 1} razed its cathedral.", f"P{s + 1} a rasé sa cathédrale.", s)
            if f["cathedral"] and p["saint"]:
                sn = components()["by_saint"][p["saint"]]["name_en"]
                self.log(state, f"P{s + 1} worships {sn}.", f"P{s + 1} adore {sn}.", s)
        state["checkpoint"] += 1

    def _turn_order(self, state: State) -> None:
        """Phase 3: fewest men on cart shops and explorer first; ties keep the previous order."""
        state["order"] = order_by_counts(state["order"], {s: self._order_count(state, s) for s in state["order"]})
        state["order"] = [s for s in state["order"] if not state["players"][s]["out"]]
        self.log(state, "Turn order: " + " / ".join(f"P{s + 1}" for s in state["order"]) + ".",
                 "Ordre du tour : " + " / ".join(f"P{s + 1}" for s in state["order"]) + ".")

    def _order_count(self, state: State, seat: int) -> int:
        p = state["players"][seat]
        return sum(1 for b in p["staffed"] if p["buildings"][b]["kind"] in ("cart", "explorer"))

    def _begin_seq(self, state: State, phase: str) -> None:
        state["phase"] = phase
        state["cur"] = 0
        for s in rules.active(state):
            state["players"][s]["sel"] = {}
        if phase == "pollution":
            if state["options"]["intro"] == "on":
                state["cur"] = len(state["order"])
            else:
                for s in rules.active(state):
                    state["players"][s]["pollution_due"] = -1

    def _seq_seat(self, state: State) -> int | None:
        """The next seat in turn order with something to decide in a sequential phase."""
        while state["cur"] < len(state["order"]):
            s = state["order"][state["cur"]]
            p = state["players"][s]
            if not p["out"] and self._seq_needs(state, s):
                return s
            state["cur"] += 1
            if state["over"]:
                return None
        return None

    def _seq_needs(self, state: State, seat: int) -> bool:
        ph = state["phase"]
        p = state["players"][seat]
        if ph == "country":
            return bool(self._country_menu(state, seat)) and not p["flags"].get("country_done")
        if ph == "explore":
            return not p["flags"]["explored"] and cty.has(p, "explorer") and bool(self._explore_sites(state, seat))
        if ph == "pollution":
            if p["pollution_due"] == -1:
                p["pollution_due"] = rules.pollution_amount(state, seat)
            while p["pollution_due"] > 0 and not rules.pollution_targets(state, seat):
                p["pollution_due"] -= 1
                p["graves_due"] += 1
            if p["graves_due"] > 0 and not cty.has_grave_target(p):
                self._eliminate(state, seat)
                return False
            return p["pollution_due"] > 0 or p["graves_due"] > 0
        return False

    def _eliminate(self, state: State, seat: int, check: bool = True) -> None:
        """The seat cannot place a grave: it leaves the game (players who fail together in the
        famine phase leave together)."""
        p = state["players"][seat]
        p["out"] = True
        p["graves_due"] = 0
        p["pollution_due"] = 0
        p["sel"] = {}
        state["eliminated"].append(seat)
        self.log(state, f"P{seat + 1} cannot place a grave and leaves the game.",
                 f"P{seat + 1} ne peut plus placer de tombe et quitte la partie.", seat)
        if check:
            self._check_last(state)

    # ---- phase 2: city buildings ------------------------------------------------------------------
    def _nodiff(self, p: dict[str, Any]) -> bool:
        return cty.has(p, "philosophy")

    def _supply_left(self, state: State, kind: str) -> int:
        spec = components()["by_building"][kind]
        if "supply" not in spec:
            return 99
        used = 0
        for q in state["players"]:
            for b in q["buildings"].values():
                if b["kind"] == kind:
                    used += len(b["cells"]) // 2 if kind == "warehouse" else 1
        return spec["supply"] - used

    def _buildable(self, state: State, seat: int) -> list[str]:
        return list(self._iter_buildable(state, seat))

    def _can_build(self, state: State, seat: int) -> bool:
        """`bool(self._buildable(state, seat))`: houses first (the cheapest check, and the four
        first are free), then stopping at the first building found."""
        p = state["players"][seat]
        if self._any_house(p, self._nodiff(p)):
            return True
        return next(self._iter_buildable(state, seat), None) is not None

    def _iter_buildable(self, state: State, seat: int) -> Iterator[str]:
        """Kinds the seat may build now, in the order of the component list."""
        p = state["players"][seat]
        goods = p["goods"]
        nodiff = self._nodiff(p)
        costs = _building_costs()
        mine = {b["kind"] for b in p["buildings"].values()}
        used: dict[str, int] = {}
        for q in state["players"]:
            for b in q["buildings"].values():
                kind = b["kind"]
                used[kind] = used.get(kind, 0) + (len(b["cells"]) // 2 if kind == "warehouse" else 1)
        fitting: frozenset[str] | None = None
        for spec in components()["buildings"]:
            k = spec["id"]
            if k == "house":
                if self._any_house(p, nodiff):
                    yield k
                continue
            if spec["unique"] and k in mine:
                continue
            if "supply" in spec and spec["supply"] - used.get(k, 0) <= 0:
                continue
            if not gd.can_pay(goods, costs[k], nodiff):
                continue
            if fitting is None:
                fitting = _fitting_kinds(cty.blocked_masks(p))
            if k in fitting:
                yield k

    def _any_house(self, p: dict[str, Any], nodiff: bool) -> bool:
        """`bool(self._house_numbers(p))`."""
        if not cty.has_free_cell(p):
            return False
        costs = _house_costs()
        goods = p["goods"]
        built = p["houses"]
        return any(n not in built and gd.can_pay(goods, costs[n - 1], nodiff) for n in range(1, 21))

    def _house_numbers(self, p: dict[str, Any], below: int = 21, free: bool = False) -> list[int]:
        if not cty.has_free_cell(p):
            return []
        nums = [n for n in range(1, 21) if n not in p["houses"] and n < below]
        if free:
            return nums
        nodiff = self._nodiff(p)
        costs = _house_costs()
        return [n for n in nums if gd.can_pay(p["goods"], costs[n - 1], nodiff)]

    def _warehouse_dims(self, state: State, p: dict[str, Any],
                        masks: tuple[tuple[int, int], ...] | None = None) -> list[tuple[int, int]]:
        left = self._supply_left(state, "warehouse")
        if masks is None:
            masks = cty.blocked_masks(p)
        out = []
        for h in range(1, 8):
            for w in range(1, 8):
                if (h * w) % 2 or h * w // 2 > left:
                    continue
                if cty.fits_any(masks, cty.orientations(cty.rectangle(h, w))[0]):
                    out.append((h, w))
        return out

    def _barbara(self, p: dict[str, Any]) -> bool:
        return rules.saint_power(p, "barbara")

    def _graves_on_buildings(self, p: dict[str, Any]) -> list[str]:
        out = []
        for k, c in enumerate(p["cities"]):
            out.extend(cty.cell_id(k, r, col) for r, col in c["graves"] if c["grid"][r][col])
        return out

    def _all_graves(self, p: dict[str, Any]) -> list[str]:
        return [cty.cell_id(k, r, col) for k, c in enumerate(p["cities"]) for r, col in c["graves"]]

    def _free_men(self, state: State, seat: int) -> int:
        p = state["players"][seat]
        country = sum(1 for b in state["rural"].values() if b["owner"] == seat)
        return len(p["houses"]) - country - len(p["staffed"])

    def _movable(self, p: dict[str, Any]) -> list[str]:
        return [bid for bid in p["buildings"] if not cty.graves_on(p, bid)]

    def _opts_city(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        sel = p["sel"]
        if not sel:
            return self._city_menu(state, seat)
        do = sel["do"]
        return getattr(self, f"_city_{do}_opts")(state, seat)

    def _city_menu(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        f = p["flags"]
        opts: list[Opt] = []
        if self._can_build(state, seat):
            opts.append(("build", "build a city building", "construire un bâtiment de cité"))
        if self._free_men(state, seat) > 0 and cty.staffable(p):
            opts.append(("staff", "put a man on a building", "peupler un bâtiment"))
        if cty.has(p, "market") and sum(p["goods"].values()) >= 2:
            opts.append(("exchange", "market: 2 goods for 1 from the supply", "marché : 2 denrées contre 1"))
        if cty.has(p, "hospital") and f["healed"] < 5 and self._all_graves(p):
            opts.append(("heal", "hospital: remove a grave", "hôpital : enlever une tombe"))
        cath = [b for b, x in p["buildings"].items() if x["kind"] == "cathedral"]
        if (cty.has(p, "theology") and cath and not f["razed"] and p["saint"] != "maria"
                and not cty.graves_on(p, cath[0])):
            opts.append(("raze", "theology: raze your cathedral", "théologie : raser votre cathédrale"))
        if self._barbara(p):
            if self._movable(p):
                opts.append(("move", "Santa Barbara: move a building", "Santa Barbara : déplacer un bâtiment"))
            if self._graves_on_buildings(p) and cty.has_free_cell(p):
                opts.append(("regrave", "Santa Barbara: move a grave off a building",
                             "Santa Barbara : déplacer une tombe d'un bâtiment"))
        if self._trade_partners(state, seat) and f["offers"] < 2 and sum(p["goods"].values()):
            opts.append(("offer", "propose a trade to a player", "proposer un échange à un joueur"))
        for o in state["offers"]:
            if o["to"] == seat and o["status"] == "open":
                desc = offer_text(o)
                if self._can_answer(state, o):
                    opts.append((f"accept{o['n']}", f"accept P{o['from'] + 1}'s offer: {desc[0]}"[:80],
                                 f"accepter l'offre de P{o['from'] + 1} : {desc[1]}"[:80]))
                opts.append((f"decline{o['n']}", f"decline P{o['from'] + 1}'s offer", f"refuser l'offre de P{o['from'] + 1}"))
        opts.append(("done", "done with the city phase", "terminer la phase de cité"))
        return ("City buildings (secret): build, staff, trade, then 'done'.",
                "Bâtiments de la cité (secret) : construire, peupler, échanger, puis « done ».", opts)

    def _step_city(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        sel = p["sel"]
        if sel:
            getattr(self, f"_city_{sel['do']}_step")(state, seat, oid)
            return
        if oid == "done" and self._still_useful(state, seat):
            p["sel"] = {"do": "confirm"}
            return
        if oid == "done":
            self._end_city(state, seat)
            return
        if oid == "raze":
            cath = next(b for b, x in p["buildings"].items() if x["kind"] == "cathedral")
            cty.remove(p, cath)
            p["saint"] = None
            p["flags"]["razed"] = True
            return
        if oid.startswith("accept") or oid.startswith("decline"):
            self._answer_offer(state, seat, oid)
            return
        p["sel"] = {"do": oid}
        if oid == "offer":
            p["sel"].update(give=[], get=[])

    def _still_useful(self, state: State, seat: int) -> bool:
        """Free men with buildings to staff, or affordable buildings: ask before ending."""
        p = state["players"][seat]
        return (self._free_men(state, seat) > 0 and bool(cty.staffable(p))) or self._can_build(state, seat)

    def _city_confirm_opts(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        return ("You can still build or staff. End your city phase anyway?",
                "Vous pouvez encore construire ou peupler. Terminer quand même ?",
                [("confirm", "yes, end the city phase", "oui, terminer la phase de cité"), ("back", "back", "retour")])

    def _city_confirm_step(self, state: State, seat: int, oid: str) -> None:
        state["players"][seat]["sel"] = {}
        self._end_city(state, seat)

    def _end_city(self, state: State, seat: int) -> None:
        state["players"][seat]["done"] = True
        for o in state["offers"]:
            if o["status"] == "open" and seat in (o["to"], o["from"]):
                o["status"] = "void"
        self.end_turn(state)

    # build ------------------------------------------------------------------------------------------
    def _cost_of(self, p: dict[str, Any], sel: dict[str, Any]) -> gd.Cost:
        if sel.get("nocost"):
            return gd.zero_cost()
        if sel["kind"] == "house":
            return gd.house_cost(sel["house"]) if not sel.get("free") else gd.zero_cost()
        return gd.building_cost(sel["kind"])

    def _shape(self, sel: dict[str, Any]) -> tuple[str, ...]:
        return cty.shape_of(sel["kind"], sel.get("dims"))

    def _city_build_opts(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        sel = p["sel"]
        back = ("back", "back", "retour")
        if "kind" not in sel:
            opts = [(k, bname(k), bname(k, True)) for k in self._buildable(state, seat)]
            return "Which building?", "Quel bâtiment ?", [*opts, back]
        kind = sel["kind"]
        if kind == "house" and "house" not in sel:
            nums = self._house_numbers(p, sel.get("below", 21), sel.get("free", False))
            opts = [(f"h{n}", f"house {n}: {house_cost_text(n)}", f"maison {n} : {house_cost_text(n, True)}") for n in nums]
            if sel.get("free"):
                opts.append(("skip", "no free house", "pas de maison gratuite"))
                return "San Nicolo: pick a free lower house.", "San Nicolo : choisissez une maison gratuite plus basse.", opts
            return "Which house of the cost chart?", "Quelle maison du graphique des coûts ?", [*opts, back]
        if kind == "warehouse" and "dims" not in sel:
            dims = self._warehouse_dims(state, p)
            if "height" not in sel:
                hs = sorted({h for h, _ in dims})
                opts = [(f"{h}", f"{h} row(s) high", f"{h} rangée(s) de haut") for h in hs]
                return "Warehouse height?", "Hauteur de l'entrepôt ?", [*opts, back]
            opts = [(f"{h}x{w}", f"{h}×{w} ({h * w} goods)", f"{h}×{w} ({h * w} denrées)") for h, w in dims if h == sel["height"]]
            return "Warehouse size?", "Taille de l'entrepôt ?", [*opts, back]
        cost = self._cost_of(p, sel)
        ch = gd.choices(p["goods"], cost, sel.get("pay", []), self._nodiff(p))
        if ch:
            opts = [(f"pay.{g}", f"pay with {gname(g)}", f"payer avec {gname(g, True)}") for g in ch]
            return "Pay with which good?", "Payer avec quelle denrée ?", [*opts, back]
        orients = self._orients(p, sel)
        if "rot" not in sel:
            opts = [(f"rot{i + 1}", f"orientation {i + 1}: {shape_text(o)}", f"orientation {i + 1} : {shape_text(o)}")
                    for i, o in orients]
            return "Which orientation?", "Quelle orientation ?", [*opts, back]
        cells = self._anchor_cells(p, sel)
        opts = [(c, f"top-left corner at {c}" if cty.is_cell(c) else f"city/row {c}",
                 f"coin haut-gauche en {c}" if cty.is_cell(c) else f"cité/rangée {c}")
                for c in pickers.cell_options(cells, sel.get("cx", ""))]
        return "Where (city, column, row of the top-left corner)?", "Où (cité, colonne, rangée du coin haut-gauche) ?", [*opts, back]

    def _orients(self, p: dict[str, Any], sel: dict[str, Any]) -> list[tuple[int, tuple[cty.Cell, ...]]]:
        masks = cty.blocked_masks(p, sel.get("bid", ""))
        return [(i, o) for i, o in enumerate(cty.orientations(self._shape(sel))) if cty.fits_any(masks, o)]

    def _anchor_cells(self, p: dict[str, Any], sel: dict[str, Any]) -> list[str]:
        o = cty.orientations(self._shape(sel))[sel["rot"]]
        return [cty.cell_id(k, r, c) for k, r, c in cty.anchors(p, o, sel.get("bid", ""))]

    def _auto_build(self, state: State, seat: int) -> None:
        """Skip steps with a single possible answer (payment good, orientation)."""
        p = state["players"][seat]
        sel = p["sel"]
        for _ in range(10):
            if "kind" not in sel or (sel["kind"] == "house" and "house" not in sel):
                return
            if sel["kind"] == "warehouse" and "dims" not in sel:
                return
            cost = self._cost_of(p, sel)
            full = gd.forced(p["goods"], cost, sel.get("pay", []), self._nodiff(p))
            if full is None:
                return
            sel["pay"] = full
            if "rot" not in sel:
                orients = self._orients(p, sel)
                if len(orients) == 1:
                    sel["rot"] = orients[0][0]
                    continue
            return

    def _city_build_step(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        sel = p["sel"]
        if "kind" not in sel:
            sel["kind"] = oid
        elif sel["kind"] == "house" and "house" not in sel:
            if oid == "skip":
                p["sel"] = {}
                return
            sel["house"] = int(oid[1:])
        elif sel["kind"] == "warehouse" and "dims" not in sel:
            if "height" not in sel:
                sel["height"] = int(oid)
            else:
                h, w = oid.split("x")
                sel["dims"] = [int(h), int(w)]
        elif oid.startswith("pay."):
            sel.setdefault("pay", []).append(oid[4:])
        elif oid.startswith("rot"):
            sel["rot"] = int(oid[3:]) - 1
        elif cty.is_cell(oid):
            self._finish_build(state, seat, oid)
            return
        else:
            sel["cx"] = oid
            return
        self._auto_build(state, seat)

    def _finish_build(self, state: State, seat: int, cid: str) -> None:
        p = state["players"][seat]
        sel = p["sel"]
        kind = sel["kind"]
        k, r, c = cty.parse_cell(cid)
        o = cty.orientations(self._shape(sel))[sel["rot"]]
        if sel.get("bid"):
            old = p["buildings"][sel["bid"]]
            staffed = sel["bid"] in p["staffed"]
            cty.remove(p, sel["bid"])
            extra = {x: y for x, y in old.items() if x not in ("kind", "city", "cells")}
            cty.place(p, sel["bid"], kind, k, o, r, c, **extra)
            if staffed:
                p["staffed"].append(sel["bid"])
            p["sel"] = {}
            return
        gd.pay(p["goods"], self._cost_of(p, sel), sel.get("pay", []))
        bid = f"p{seat}b{p['next']}"
        p["next"] += 1
        extra: dict[str, Any] = {}
        if kind == "house":
            extra["house"] = sel["house"]
            p["houses"].append(sel["house"])
            p["houses"].sort()
        cty.place(p, bid, kind, k, o, r, c, **extra)
        p["flags"]["new"].append(bid)
        p["sel"] = {}
        if kind == "fountain":
            p["flags"]["fountains"] += 1
        if kind == "cathedral":
            p["flags"]["cathedral"] += 1
            p["sel"] = {"do": "saint"}
        if (kind == "house" and not sel.get("free") and rules.saint_power(p, "nicolo")
                and self._house_numbers(p, sel["house"], True)):
            p["sel"] = {"do": "build", "kind": "house", "free": True, "below": sel["house"], "rot": 0}

    def _city_saint_opts(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        by = components()["by_saint"]
        opts = [(s, f"{by[s]['name_en']}: {by[s]['victory_en']}", f"{by[s]['name_fr']} : {by[s]['victory_fr']}") for s in SAINTS]
        return "Choose your patron saint.", "Choisissez votre Saint Patron.", opts

    def _city_saint_step(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        p["saint"] = oid
        p["sel"] = {}

    # staff -----------------------------------------------------------------------------------------
    def _city_staff_opts(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        sel = p["sel"]
        cands = cty.staffable(p)
        back = ("back", "back", "retour")
        if "kind" not in sel:
            kinds = sorted({p["buildings"][b]["kind"] for b in cands})
            return "Staff which building?", "Peupler quel bâtiment ?", [*[(k, bname(k), bname(k, True)) for k in kinds], back]
        opts = []
        for b in sorted(cands):
            x = p["buildings"][b]
            if x["kind"] != sel["kind"]:
                continue
            r, c = x["cells"][0]
            where = cty.cell_id(x["city"], r, c)
            opts.append((b, f"{bname(x['kind'])} at {where}", f"{bname(x['kind'], True)} en {where}"))
        return "Which one?", "Lequel ?", [*opts, back]

    def _city_staff_step(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        sel = p["sel"]
        if "kind" not in sel:
            sel["kind"] = oid
            same = [b for b in cty.staffable(p) if p["buildings"][b]["kind"] == oid]
            if len(same) == 1:
                oid = same[0]
            else:
                return
        p["staffed"].append(oid)
        p["sel"] = {}

    # market ------------------------------------------------------------------------------------------
    def _city_exchange_opts(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        sel = p["sel"]
        give = sel.get("give", [])
        back = ("back", "back", "retour")
        if len(give) < 2:
            left = dict(p["goods"])
            for g in give:
                left[g] -= 1
            opts = [(f"give.{g}", f"give {gname(g)} ({left[g]})", f"donner {gname(g, True)} ({left[g]})") for g in GOODS if left[g] > 0]
            return "Market: give which good?", "Marché : donner quelle denrée ?", [*opts, back]
        opts = [(f"get.{g}", f"receive {gname(g)}", f"recevoir {gname(g, True)}") for g in GOODS]
        return "Market: receive which good?", "Marché : recevoir quelle denrée ?", [*opts, back]

    def _city_exchange_step(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        sel = p["sel"]
        if oid.startswith("give."):
            sel.setdefault("give", []).append(oid[5:])
            return
        for g in sel["give"]:
            p["goods"][g] -= 1
        p["goods"][oid[4:]] += 1
        p["sel"] = {}

    # hospital / graves ----------------------------------------------------------------------------
    def _city_heal_opts(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        cells = pickers.cell_options(self._all_graves(p), p["sel"].get("cx", ""))
        return ("Hospital: remove which grave?", "Hôpital : enlever quelle tombe ?",
                [*[(c, f"grave at {c}", f"tombe en {c}") for c in cells], ("back", "back", "retour")])

    def _city_heal_step(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        if not cty.is_cell(oid):
            p["sel"]["cx"] = oid
            return
        k, r, c = cty.parse_cell(oid)
        cty.own_city(p, k)["graves"].remove([r, c])
        p["flags"]["healed"] += 1
        p["sel"] = {}

    def _city_regrave_opts(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        sel = p["sel"]
        back = ("back", "back", "retour")
        if "from" not in sel:
            cells = pickers.cell_options(self._graves_on_buildings(p), sel.get("cx", ""))
            return "Move which grave?", "Déplacer quelle tombe ?", [*[(c, f"grave at {c}", f"tombe en {c}") for c in cells], back]
        free = [cty.cell_id(k, r, c) for k in range(len(p["cities"])) for r, c in cty.free_cells(p, k)]
        cells = pickers.cell_options(free, sel.get("cx", ""))
        return "To which free cell?", "Vers quelle case libre ?", [*[(c, f"free cell {c}", f"case libre {c}") for c in cells], back]

    def _city_regrave_step(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        sel = p["sel"]
        if not cty.is_cell(oid):
            sel["cx"] = oid
            return
        if "from" not in sel:
            sel["from"] = oid
            sel["cx"] = ""
            return
        k, r, c = cty.parse_cell(sel["from"])
        cty.own_city(p, k)["graves"].remove([r, c])
        k, r, c = cty.parse_cell(oid)
        graves = cty.own_city(p, k)["graves"]
        graves.append([r, c])
        graves.sort()
        p["sel"] = {}

    # Santa Barbara: move ------------------------------------------------------------------------------
    def _city_move_opts(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        sel = p["sel"]
        back = ("back", "back", "retour")
        if "bid" not in sel:
            mov = self._movable(p)
            if "kind" not in sel:
                kinds = sorted({p["buildings"][b]["kind"] for b in mov})
                return "Move which building?", "Déplacer quel bâtiment ?", [*[(k, bname(k), bname(k, True)) for k in kinds], back]
            opts = []
            for b in sorted(mov):
                x = p["buildings"][b]
                if x["kind"] == sel["kind"]:
                    r, c = x["cells"][0]
                    opts.append((b, f"{bname(x['kind'])} at {cty.cell_id(x['city'], r, c)}",
                                 f"{bname(x['kind'], True)} en {cty.cell_id(x['city'], r, c)}"))
            return "Which one?", "Lequel ?", [*opts[:24], back]
        return self._city_build_opts(state, seat)

    def _city_move_step(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        sel = p["sel"]
        if "bid" not in sel:
            if "kind" not in sel:
                sel["kind"] = oid
                same = [b for b in self._movable(p) if p["buildings"][b]["kind"] == oid]
                if len(same) != 1:
                    return
                oid = same[0]
            sel["bid"] = oid
            b = p["buildings"][oid]
            if b["kind"] == "warehouse":
                rows = {r for r, _ in b["cells"]}
                sel["dims"] = [len(rows), len(b["cells"]) // len(rows)]
            sel["pay"] = []
            sel["kind"] = b["kind"]
            sel["nocost"] = True
            if b["kind"] == "house":
                sel["house"] = b["house"]
            self._auto_build(state, seat)
            return
        self._city_build_step(state, seat, oid)

    # trades between players ------------------------------------------------------------------------
    def _trade_partners(self, state: State, seat: int) -> list[int]:
        return [s for s in rules.active(state) if s != seat and not state["players"][s]["done"]]

    def _can_answer(self, state: State, o: dict[str, Any]) -> bool:
        """Whether the partner is offered `accept`: it holds the goods asked of it. Nothing else
        is checked here: whether the proposer has a manned market or still holds the goods it
        offers is its secret city work, which the partner's options must not reveal; the trade is
        checked when accepted (`_answer_offer`)."""
        b = state["players"][o["to"]]
        return all(o["get"].count(g) <= b["goods"][g] for g in set(o["get"]))

    def _offer_valid(self, state: State, o: dict[str, Any]) -> bool:
        """The trade may be carried out now: one of the two has a manned market (rulebook, "Le
        marché permet les échanges") and both hold the goods."""
        a, b = state["players"][o["from"]], state["players"][o["to"]]
        if not (cty.has(a, "market") or cty.has(b, "market")):
            return False
        for g in GOODS:
            if o["give"].count(g) > a["goods"][g] or o["get"].count(g) > b["goods"][g]:
                return False
        return True

    def _city_offer_opts(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        sel = p["sel"]
        back = ("back", "back", "retour")
        if "to" not in sel:
            opts = [(f"p{s + 1}", f"offer to P{s + 1}", f"proposer à P{s + 1}") for s in self._trade_partners(state, seat)]
            return "Trade with whom?", "Échanger avec qui ?", [*opts, back]
        opts = []
        if len(sel["give"]) + len(sel["get"]) < 8:
            left = dict(p["goods"])
            for g in sel["give"]:
                left[g] -= 1
            opts += [(f"give.{g}", f"you give {gname(g)}", f"vous donnez {gname(g, True)}") for g in GOODS if left[g] > 0]
            opts += [(f"get.{g}", f"you get {gname(g)}", f"vous recevez {gname(g, True)}") for g in GOODS]
        if sel["give"] or sel["get"]:
            opts.append(("send", "send the offer", "envoyer l'offre"))
        text = offer_text({"give": sel["give"], "get": sel["get"]})
        return f"Offer so far: {text[0]}", f"Offre : {text[1]}", [*opts, back]

    def _city_offer_step(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        sel = p["sel"]
        if oid[0] == "p" and oid[1:].isdigit():
            sel["to"] = int(oid[1:]) - 1
        elif oid.startswith("give."):
            sel["give"].append(oid[5:])
        elif oid.startswith("get."):
            sel["get"].append(oid[4:])
        elif oid == "send":
            n = len(state["offers"])
            state["offers"].append({"n": n, "from": seat, "to": sel["to"], "give": sorted(sel["give"]),
                                    "get": sorted(sel["get"]), "status": "open"})
            p["flags"]["offers"] += 1
            p["sel"] = {}

    def _answer_offer(self, state: State, seat: int, oid: str) -> None:
        n = int(oid.removeprefix("accept").removeprefix("decline"))
        o = state["offers"][n]
        if oid.startswith("decline"):
            o["status"] = "declined"
            return
        # either way the partner learns something of the proposer's secret city work (and the
        # proposer of the partner's): an accepted trade cannot be taken back
        state["checkpoint"] += 1
        if not self._offer_valid(state, o):
            # neither has a manned market, or the proposer no longer has the goods: nothing moves,
            # and only the two parties see it (their `offers`), as they would at the table
            o["status"] = "failed"
            return
        a, b = state["players"][o["from"]], state["players"][o["to"]]
        for g in o["give"]:
            a["goods"][g] -= 1
            b["goods"][g] += 1
        for g in o["get"]:
            b["goods"][g] -= 1
            a["goods"][g] += 1
        o["status"] = "accepted"
        t = offer_text(o)
        self.log(state, f"Trade: P{o['from'] + 1} and P{o['to'] + 1} agree: {t[0]}.",
                 f"Échange : P{o['from'] + 1} et P{o['to'] + 1} : {t[1]}.", seat)

    # ---- phase 4: countryside ---------------------------------------------------------------------
    def _carts_left(self, p: dict[str, Any]) -> int:
        return cty.count_working(p, "cart") - p["flags"]["carts_used"]

    def _farm_goods(self, p: dict[str, Any]) -> list[str]:
        free = cty.has(p, "biology") and not p["flags"]["biology_used"]
        return [g for g in ("grain", "sheep", "olives", "wine") if free or p["goods"][g] > 0]

    def _country_menu(self, state: State, seat: int) -> list[Opt]:
        p = state["players"][seat]
        out: list[Opt] = []
        carts = self._carts_left(p) > 0
        g = p["goods"]
        if carts:
            if g["wood"] >= 1 and rules.producer_sites(state, seat, "woodcutter"):
                out.append(("woodcutter", "woodcutter (1 wood)", "maison de bûcheron (1 bois)"))
            if self._farm_goods(p) and rules.producer_sites(state, seat, "farm"):
                out.append(("farm", "farm (1 seed)", "ferme (1 semence)"))
            if g["wood"] >= 1 and rules.producer_sites(state, seat, "mine"):
                out.append(("mine", "mine (1 wood)", "mine (1 bois)"))
            if (g["wood"] >= 1 and rules.fisheries_on_board(state) < components()["limits"]["fisheries"]
                    and rules.fishery_first(state, seat)):
                out.append(("fishery", "fishery (1 wood)", "pêcherie (1 bois)"))
            if (cty.has(p, "brewery") and any(g[f] for f in FOOD) and rules.inn_sites(state, seat)):
                out.append(("inn", "inn (1 food)", "auberge (1 nourriture)"))
            if (sum(1 for c in p["cities"] if c["center"]) < 4 and gd.can_pay(g, gd.city_cost(), self._nodiff(p))
                    and rules.city_sites(state, seat)):
                out.append(("city", "new city (food, wood, stone, 2 luxuries)", "nouvelle cité (nourriture, bois, pierre, 2 luxes)"))
        if cty.has(p, "alchemy") and not p["flags"]["cleaned"] and rules.clean_sites(state, seat):
            out.append(("clean", "alchemy: clean pollution", "alchimie : assainir"))
        return out

    def _opts_country(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        sel = p["sel"]
        back = ("back", "back", "retour")
        if not sel:
            return ("Countryside: build with a manned cart shop, or 'done'.",
                    "Campagne : construire avec un artisanat peuplé, ou « done ».",
                    [*self._country_menu(state, seat), ("done", "done", "terminé")])
        do = sel["do"]
        if do == "farm" and "good" not in sel:
            return ("Farm of which good?", "Ferme de quelle denrée ?",
                    [*[(x, gname(x), gname(x, True)) for x in self._farm_goods(p)], back])
        if do in ("fishery", "mine") and "hex" in sel and (do == "mine" or "hex2" in sel):
            goods = ("fish", "pearls", "dye") if do == "fishery" else ("stone", "gold")
            return "Which good?", "Quelle denrée ?", [*[(x, gname(x), gname(x, True)) for x in goods], back]
        if do in ("inn", "city") and "hex" in sel:
            cost = gd.city_cost() if do == "city" else {**gd.zero_cost(), "food": 1}
            ch = gd.choices(p["goods"], cost, sel.get("pay", []), self._nodiff(p))
            return ("Pay with which good?", "Payer avec quelle denrée ?",
                    [*[(f"pay.{x}", gname(x), gname(x, True)) for x in ch], back])
        cands = self._country_cands(state, seat)
        text = {"woodcutter": ("Woodcutter on which forest hex?", "Bûcheron sur quelle forêt ?"),
                "farm": ("Farm on which grass hex?", "Ferme sur quelle prairie ?"),
                "mine": ("Mine on which mountain hex?", "Mine sur quelle montagne ?"),
                "fishery": ("Fishery: which shore hex?", "Pêcherie : quel hexagone de rivage ?"),
                "inn": ("Inn on which hex?", "Auberge sur quel hexagone ?"),
                "city": ("Centre of the new city?", "Centre de la nouvelle cité ?"),
                "clean": ("Clean around which polluted hex?", "Assainir autour de quel hexagone pollué ?")}[do]
        return text[0], text[1], [*self._hex_opts(state, cands, sel.get("hx", "")), back]

    def _country_cands(self, state: State, seat: int) -> list[str]:
        sel = state["players"][seat]["sel"]
        do = sel["do"]
        if do in ("woodcutter", "farm", "mine"):
            return rules.producer_sites(state, seat, do)
        if do == "fishery":
            if "hex" in sel:
                return rules.fishery_second(state, seat, sel["hex"])
            return rules.fishery_first(state, seat)
        if do == "inn":
            return rules.inn_sites(state, seat)
        if do == "city":
            return rules.city_sites(state, seat)
        return rules.clean_sites(state, seat)

    def _step_country(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        sel = p["sel"]
        if not sel:
            if oid == "done":
                p["flags"]["country_done"] = True
                self.end_turn(state)
                return
            p["sel"] = {"do": oid}
            return
        do = sel["do"]
        if do == "farm" and "good" not in sel:
            sel["good"] = oid
            return
        if len(oid) == 3 and oid[1:].isdigit():
            if do == "fishery" and "hex" in sel:
                sel["hex2"] = oid
            else:
                sel["hex"] = oid
            sel["hx"] = ""
        elif oid.startswith("pay."):
            sel.setdefault("pay", []).append(oid[4:])
        elif oid in GOODS:
            sel["good"] = oid
        else:
            sel["hx"] = oid
            return
        self._country_try(state, seat)

    def _country_try(self, state: State, seat: int) -> None:
        """Complete the selected countryside action once every choice is made."""
        p = state["players"][seat]
        sel = p["sel"]
        do = sel["do"]
        h = sel.get("hex")
        if h is None:
            return
        m = state["map"]
        if do == "clean":
            done = rules.clean(state, h)
            p["flags"]["cleaned"] = True
            p["sel"] = {}
            self.log(state, f"P{seat + 1} cleans {len(done)} hex(es) around {h}.",
                     f"P{seat + 1} assainit {len(done)} hexagone(s) autour de {h}.", seat)
            return
        if do == "mine" and "good" not in sel:
            rg = m["range_good"].get(str(m["ranges"][h]))
            if rg is None:
                return
            sel["good"] = rg
        if do == "fishery" and ("hex2" not in sel or "good" not in sel):
            return
        if do in ("inn", "city"):
            cost = gd.city_cost() if do == "city" else {**gd.zero_cost(), "food": 1}
            full = gd.forced(p["goods"], cost, sel.get("pay", []), self._nodiff(p))
            if full is None:
                return
            sel["pay"] = full
            gd.pay(p["goods"], cost, sel.get("pay", []))
            if do == "inn":
                m["occ"][h] = {"seat": seat, "kind": "inn", "city": -1}
                m["markers"].pop(h, None)
                self.log(state, f"P{seat + 1} builds an inn at {h}.", f"P{seat + 1} construit une auberge en {h}.", seat)
            else:
                k = len([c for c in p["cities"] if c["center"]])
                p["cities"].append(new_city(components()["limits"]["later_city"]))
                self._found_city(state, seat, h, k)
                self.log(state, f"P{seat + 1} founds a new city at {h}.", f"P{seat + 1} fonde une cité en {h}.", seat)
            p["flags"]["carts_used"] += 1
            p["sel"] = {}
            return
        # producers: the cart shop's man goes out to the new building
        bid = f"r{state['next_rural']}"
        state["next_rural"] += 1
        if do == "fishery":
            sites = [h, sel["hex2"]]
            counters = rules.fishing_water(state, sites)
            good = sel["good"]
            p["goods"]["wood"] -= 1
        else:
            terrain = {"woodcutter": "F", "farm": "P", "mine": "M"}[do]
            counters = rules.spread(state, h, terrain)
            sites = [h]
            if do == "farm":
                good = sel["good"]
                if cty.has(p, "biology") and not p["flags"]["biology_used"]:
                    p["flags"]["biology_used"] = True
                else:
                    p["goods"][good] -= 1
            else:
                p["goods"]["wood"] -= 1
                good = "wood" if do == "woodcutter" else sel["good"]
            if do == "mine":
                m["range_good"].setdefault(str(m["ranges"][h]), good)
        for x in counters:
            m["counters"][x] = bid
            m["markers"].pop(x, None)
            if do == "woodcutter":
                if x not in m["cleared"]:
                    m["cleared"].append(x)
            elif x not in m["pollution"]:
                m["pollution"].append(x)
        m["cleared"].sort()
        m["pollution"].sort()
        for x in sites:
            m["sites"][x] = bid
            m["markers"].pop(x, None)
        state["rural"][bid] = {"owner": seat, "kind": do, "good": good, "man": h, "sites": sites, "counters": sorted(counters)}
        p["flags"]["carts_used"] += 1
        p["sel"] = {}
        en, fr = RURAL[do]
        self.log(state, f"P{seat + 1} builds a {en} at {h} ({len(counters)} {gname(good)}).",
                 f"P{seat + 1} construit : {fr} en {h} ({len(counters)} {gname(good, True)}).", seat)

    # ---- phase 5: storing goods --------------------------------------------------------------------
    def _begin_store(self, state: State) -> None:
        state["phase"] = "store"
        for s in rules.active(state):
            p = state["players"][s]
            p["sel"] = {}
            p["keep"] = {}
            total = sum(p["goods"].values())
            if rules.saint_power(p, "cristofori"):
                continue
            cap = cty.storage_capacity(p)
            if total <= cap:
                continue
            if cap == 0:
                self._discard_all(state, s, {})
                continue
            p["keep"] = {"_open": True, "_cap": cap}

    def _discard_all(self, state: State, seat: int, keep: dict[str, int]) -> None:
        p = state["players"][seat]
        lost = sum(p["goods"].values()) - sum(keep.values())
        p["goods"] = {g: keep.get(g, 0) for g in GOODS}
        p["keep"] = {}
        if lost:
            self.log(state, f"P{seat + 1} discards {lost} unstored good(s).",
                     f"P{seat + 1} défausse {lost} denrée(s) non stockée(s).", seat)

    def _opts_store(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        keep = p["keep"]
        left = p["keep"]["_cap"] - sum(v for k, v in keep.items() if not k.startswith("_"))
        opts = [(f"keep.{g}", f"store one {gname(g)}", f"stocker 1 {gname(g, True)}")
                for g in GOODS if p["goods"][g] > keep.get(g, 0)]
        opts.append(("done", "discard the rest", "défausser le reste"))
        return (f"Storage: {left} space(s) left. Keep which goods?",
                f"Entrepôt : {left} case(s) libre(s). Garder quelles denrées ?", opts)

    def _step_store(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        keep = p["keep"]
        if oid.startswith("keep."):
            g = oid[5:]
            keep[g] = keep.get(g, 0) + 1
        kept = {k: v for k, v in keep.items() if not k.startswith("_")}
        if oid == "done" or sum(kept.values()) >= keep["_cap"]:
            self._discard_all(state, seat, kept)
            self.end_turn(state)

    # ---- phase 6: harvest -----------------------------------------------------------------------------
    def _begin_harvest(self, state: State) -> None:
        """Owners choose which hexes of a producer to empty when it matters (phase 6)."""
        state["phase"] = "harvest"
        for s in rules.active(state):
            state["players"][s]["harvest"] = []
            state["players"][s]["picks"] = {}
        for bid in sorted(state["rural"], key=lambda b: int(b[1:])):
            b = state["rural"][bid]
            p = state["players"][b["owner"]]
            if p["out"]:
                continue
            need = rules.harvest_choice(state, bid, cty.has(p, "forced"))
            if need:
                p["harvest"].append([bid, need])
                p["picks"][bid] = []

    def _opts_harvest(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        bid, need = p["harvest"][0]
        b = state["rural"][bid]
        chosen = p["picks"][bid]
        others = [h for h in b["counters"] if h != b["man"] and h not in chosen]
        en, fr = RURAL[b["kind"]]
        opts = [(h, f"take the {gname(b['good'])} at {h}", f"prendre {gname(b['good'], True)} en {h}") for h in others]
        opts.append(("auto", "any order (reading order)", "ordre indifférent (ordre de lecture)"))
        return (f"Harvest your {en} at {b['man']}: empty which hex next? ({need - len(chosen)} to take)",
                f"Récolte de votre {fr} en {b['man']} : vider quel hexagone ? (reste {need - len(chosen)})", opts)

    def _step_harvest(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        bid, need = p["harvest"][0]
        if oid != "auto":
            p["picks"][bid].append(oid)
        if oid == "auto" or len(p["picks"][bid]) >= need:
            p["harvest"].pop(0)
        if not p["harvest"]:
            self.end_turn(state)

    def _harvest(self, state: State) -> None:
        for bid in sorted(state["rural"], key=lambda b: int(b[1:])):
            b = state["rural"][bid]
            p = state["players"][b["owner"]]
            if p["out"]:
                continue
            got = rules.harvest_building(state, bid, cty.has(p, "forced"), p.get("picks", {}).get(bid))
            for g in got:
                p["goods"][g] += 1
        for s in rules.active(state):
            p = state["players"][s]
            if rules.saint_power(p, "giorgio") and state["cathedrals"]:
                p["goods"]["fish"] += state["cathedrals"]
                self.log(state, f"P{s + 1} receives {state['cathedrals']} fish from San Giorgio.",
                         f"P{s + 1} reçoit {state['cathedrals']} poisson(s) de San Giorgio.", s)
        self.log(state, "Harvest done.", "Récolte faite.")

    # ---- phase 7: exploration ------------------------------------------------------------------------
    def _explore_sites(self, state: State, seat: int) -> list[str]:
        z = rules.zone(state, seat)
        return sorted(h for h in state["map"]["markers"] if h in z)

    def _opts_explore(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        opts = [(h, f"explore the marker at {h}", f"explorer le marqueur en {h}") for h in self._explore_sites(state, seat)]
        return "Explorer: turn a marker in your zone?", "Explorateur : retourner un marqueur ?", [*opts, ("skip", "skip", "passer")]

    def _step_explore(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        p["flags"]["explored"] = True
        if oid != "skip":
            tok = state["map"]["markers"].pop(oid)
            p["goods"][tok] += 1
            if tok in FOOD:
                state["famine"] += 1
            state["checkpoint"] += 1
            self.log(state, f"P{seat + 1} explores {oid}: {gname(tok)}.", f"P{seat + 1} explore {oid} : {gname(tok, True)}.", seat)
        self.end_turn(state)

    def _after_explore(self, state: State) -> None:
        if state["options"]["intro"] == "on":
            self._begin_seq(state, "pollution")
            return
        state["phase"] = "famine"
        for s in rules.active(state):
            p = state["players"][s]
            food = sum(p["goods"][g] for g in FOOD)
            due = state["famine"] - food - (3 if cty.has(p, "granary") else 0)
            p["graves_due"] = max(0, due)
            p["sel"] = {}
            if due > 0:
                self.log(state, f"Famine: P{s + 1} receives {due} grave(s).", f"Famine : P{s + 1} reçoit {due} tombe(s).", s)

    # ---- phase 8: famine graves (also graves for unplaceable pollution) ------------------------------
    def _grave_opts(self, state: State, seat: int) -> list[Opt]:
        p = state["players"][seat]
        cells = pickers.cell_options(cty.grave_targets(p), p["sel"].get("cx", ""))
        return [(c, f"grave at {c}" if cty.is_cell(c) else f"city/row {c}", f"tombe en {c}" if cty.is_cell(c) else f"cité/rangée {c}")
                for c in cells]

    def _opts_famine(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        return (f"Place a grave ({p['graves_due']} left).", f"Placez une tombe (reste {p['graves_due']}).",
                self._grave_opts(state, seat))

    def _place_grave_step(self, state: State, seat: int, oid: str) -> bool:
        p = state["players"][seat]
        if not cty.is_cell(oid):
            p["sel"]["cx"] = oid
            return False
        cty.add_grave(p, oid)
        p["graves_due"] -= 1
        p["sel"] = {}
        return True

    def _step_famine(self, state: State, seat: int, oid: str) -> None:
        if self._place_grave_step(state, seat, oid) and state["players"][seat]["graves_due"] == 0:
            self.end_turn(state)

    # ---- phase 9: pollution ------------------------------------------------------------------------
    def _opts_pollution(self, state: State, seat: int) -> tuple[str, str, list[Opt]]:
        p = state["players"][seat]
        if p["pollution_due"] > 0:
            cands = rules.pollution_targets(state, seat)
            return (f"Place a pollution marker ({p['pollution_due']} left).",
                    f"Placez un marqueur pollution (reste {p['pollution_due']}).",
                    self._hex_opts(state, cands, p["sel"].get("hx", "")))
        return (f"Pollution cannot be placed: place a grave ({p['graves_due']} left).",
                f"Pollution impossible à placer : placez une tombe (reste {p['graves_due']}).",
                self._grave_opts(state, seat))

    def _step_pollution(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        m = state["map"]
        if p["pollution_due"] > 0:
            if len(oid) != 3:
                p["sel"]["hx"] = oid
                return
            m["pollution"].append(oid)
            m["pollution"].sort()
            m["markers"].pop(oid, None)
            p["pollution_due"] -= 1
            p["sel"] = {}
        else:
            self._place_grave_step(state, seat, oid)
        if p["pollution_due"] == 0 and p["graves_due"] == 0:
            self.end_turn(state)

    # ---- phase 10: victory ---------------------------------------------------------------------------
    def _victory(self, state: State) -> None:
        winners = [s for s in rules.active(state) if rules.wins(state, s)]
        if winners:
            counts = {s: rules.unpolluted_in_zone(state, s) for s in winners}
            best = min(counts.values())
            state["winners"] = [s for s in winners if counts[s] == best]
            state["end"] = "saint"
            self._finish(state)
            return
        limit = components()["composed_rules"]["intro_turn_limit"]
        if state["options"]["intro"] == "on" and state["turn"] >= limit:
            state["winners"] = []
            state["end"] = "limit"
            self._finish(state)
            return
        self._new_turn(state)

    # ---- result ------------------------------------------------------------------------------------
    def result(self, state: State) -> dict[str, Any]:
        n = state["num_players"]
        winners = state["winners"] if state["over"] else []
        alive = [s for s in rules.active(state) if s not in winners]
        alive.sort(key=lambda s: (rules.unpolluted_in_zone(state, s), state["order"].index(s) if s in state["order"] else n))
        ranking = list(winners) + alive + list(reversed(state["eliminated"]))
        seen: list[int] = []
        for s in ranking + list(range(n)):
            if s not in seen:
                seen.append(s)
        scores = [1 if s in winners else 0 for s in range(n)]
        return {"scores": scores, "ranking": seen, "breakdown": [{"victory": scores[s]} for s in range(n)]}

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        from engines.antiquity.view import build_view

        return build_view(self, state, seat)

    def secrets(self, state: State, seat: int) -> set[str]:
        if state["phase"] != "city":
            return set()
        p = state["players"][seat]
        return set() if p["out"] else set(p["flags"]["new"])

    def explain(self, state: State, seat: int, option_id: str) -> tuple[str, str] | None:
        from engines.antiquity.explain import explain

        return explain(self, state, seat, option_id)

    def validate(self, state: State) -> None:
        for k in ("map", "players", "order", "phase", "turn", "famine", "rural"):
            if k not in state:
                raise ValueError(f"state is missing {k}")
        if len(state["players"]) != state["num_players"]:
            raise ValueError("one player record per seat")
        for p in state["players"]:
            if min(p["goods"].values()) < 0:
                raise ValueError("negative goods")
            if len(p["cities"]) > 4:
                raise ValueError("at most 4 cities")


def order_by_counts(previous: list[int], counts: dict[int, int]) -> list[int]:
    """Ascending count; Python's stable sort keeps tied seats in their previous order."""
    return sorted(previous, key=lambda s: counts[s])


def offer_text(o: dict[str, Any]) -> tuple[str, str]:
    give = ", ".join(gname(g) for g in o["give"]) or "nothing"
    get = ", ".join(gname(g) for g in o["get"]) or "nothing"
    give_fr = ", ".join(gname(g, True) for g in o["give"]) or "rien"
    get_fr = ", ".join(gname(g, True) for g in o["get"]) or "rien"
    return f"gives {give} for {get}", f"donne {give_fr} contre {get_fr}"


def house_cost_text(n: int, fr: bool = False) -> str:
    h = components()["houses"][n - 1]
    if not h["food"] and not h["luxury"]:
        return "gratuite" if fr else "free"
    parts = []
    if h["food"]:
        parts.append(f"{h['food']} {'nourr.' if fr else 'food'}")
    if h["luxury"]:
        parts.append(f"{h['luxury']} {'luxe' if fr else 'luxury'}")
    d = (" différents" if fr else " different") if h["different"] else ""
    return " + ".join(parts) + d


def shape_text(cells: tuple[tuple[int, int], ...]) -> str:
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    s = set(cells)
    return "/".join("".join("#" if (r, c) in s else "." for c in range(w)) for r in range(h))


ENGINE_CLASS = Antiquity
