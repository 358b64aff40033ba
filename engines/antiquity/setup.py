"""Set-up: the map, exploration markers, players, turn order, and the starting cities chosen
in reverse turn order; founding a city (also used by phase 4)."""

from __future__ import annotations

from engines.antiquity import city as cty
from engines.antiquity import events, rules, texts
from engines.antiquity import hexmap as hx
from engines.antiquity.data import catalog, memo_table
from engines.antiquity.events import log
from engines.antiquity.layout import new_player
from engines.antiquity.msgs import M
from engines.antiquity.texts import BACK, Ask
from engines.core import Engine, prng
from engines.core.names import ref
from engines.core.state import State


def start_centres(state: State) -> frozenset[str]:
    """Hexes whose whole city lies on their own large tile (`rules.city_ok` for a starting city:
    geometry only), once per catalogue like the geometry."""
    players = state["num_players"]
    table = memo_table(state, "start_centres")
    if players not in table:
        g = hx.geometry(players, state)
        table[players] = frozenset(h for h in g.ids if (fl := g.flower(h)) is not None
                                   and all(g.tile[x] == g.tile[h] for x in fl))
    return table[players]


def setup(state: State) -> None:
    comp = catalog(state)
    n = state["num_players"]
    rng = state["rng"]
    tiles = [t["id"] for t in comp["tiles"]]
    prng.shuffle(rng, tiles)
    tiles = tiles[: 2 * n]
    by_tile = {t["id"]: t for t in comp["tiles"]}
    faces = [by_tile[t]["faces"][prng.below(rng, 2)] for t in tiles]
    state["map"] = {"tiles": tiles, "faces": faces, "terrain": {}, "cleared": [], "pollution": [],
                    "markers": {}, "occ": {}, "counters": {}, "sites": {}, "ranges": {}, "range_good": {}}
    g = hx.geometry(n, state)
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
    state["players"] = [new_player(state) for _ in range(n)]
    order = list(range(n))
    prng.shuffle(rng, order)
    state.update(order=order, start_queue=list(reversed(order)), phase="start", turn=0, famine=0,
                 rural={}, next_rural=0, acting=[], public=None, winners=[], eliminated=[],
                 out_at=[None] * n, cathedrals=0, offers=[], end="")
    Engine.log(state, M("log.setup", "Set-up done; starting cities are chosen in reverse turn order."))


def start_cands(state: State) -> list[str]:
    g = hx.geometry(state["num_players"], state)
    taken = {g.tile[h] for h in rules.city_hexes(state)}
    free_tiles = [t for t in g.start_tiles if t not in taken]
    inside = start_centres(state)
    return [h for h in g.ids if g.tile[h] in free_tiles and h in inside]


def opts_start(state: State, seat: int) -> Ask:
    p = state["players"][seat]
    opts = texts.hex_opts(state, start_cands(state), p["sel"].get("hx", ""))
    if p["sel"]:
        opts.append(BACK)
    return M("prompt.start", "Choose the centre of your starting city (on a free start tile)."), opts


def step_start(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    if len(oid) != 3:
        p["sel"]["hx"] = oid
        return
    p["sel"] = {}
    covered, _ = found_city(state, seat, oid, 0)
    state["start_queue"].pop(0)
    log(state, M("log.start_city", "{p} founds their starting city at {hex}.", p=ref(seat), hex=oid), seat,
        hexes=hx.geometry(state["num_players"], state).flower(oid) or [oid])
    events.markers_discarded(state, seat, covered)
    Engine.end_turn(state)


def found_city(state: State, seat: int, centre: str, index: int) -> tuple[list[str], list[str]]:
    """Found city `index` of `seat` on the 7 hexes around `centre`; returns the hexes whose
    exploration markers were discarded ("celui-ci est défaussé face cachée") and those whose
    pollution markers were ("défaussez les marqueurs pollution"), for the log."""
    g = hx.geometry(state["num_players"], state)
    m = state["map"]
    fl = g.flower(centre)
    assert fl is not None
    covered = []
    for h in fl:
        m["occ"][h] = {"seat": seat, "kind": "city", "city": index}
        if m["markers"].pop(h, None):
            covered.append(h)
    cleaned = sorted(set(m["pollution"]) & set(fl))
    m["pollution"] = sorted(set(m["pollution"]) - set(fl))
    cty.own_city(state["players"][seat], index)["center"] = centre
    return covered, cleaned
