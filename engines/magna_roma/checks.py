"""Rule checks of Magna Roma's component files: every count the rulebook states and every value the
engine relies on, so a group's pack is refused whole rather than played half-wrong. A problem names
the file, the entry id and the field (`tiles t07 stars: ...`); every problem is noted in a
`core.data.Checks` and listed at once, so the checks go on past a failed one without tripping over it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from engines.core.data import PROVENANCE, Checks

COLOURS = ("red", "purple", "brown")
SYMBOLS = ("luxury", "prestige", "coins", "population", "military", "favour")
ICONS = ("mask", "lyre", "column")
GAIN_KEYS = ("luxury", "vp", "coins", "population", "legions", "faith", "blessings", "star", "deploy")
# `deploy` puts a legion in Rome, so it needs the Dominus map: only colony tokens (Dominus only) give it.
PLAIN_GAIN_KEYS = tuple(k for k in GAIN_KEYS if k != "deploy")
PAY_KEYS = ("coins", "population", "legions", "blessings", "vp")  # what a player can hand over
# A monument's scoring rule and the fields it reads; the fields of the other rules must be absent.
MONUMENT_RULES = {
    "fixed": ("vp",),
    "by_workers": ("max_workers", "vp_by_workers"),
    "tiles_of_colour": ("vp_each", "count"),
    "icons": ("vp_each", "count"),
}
PROVINCE_KINDS = ("pairs", "set", "districts")
SCORING_KINDS = ("pairs", "set", "districts", "monuments", "stars")
# A solo objective's test and the field it reads (None: none).
OBJECTIVE_TESTS = {"icons_all": "what", "three_colours": None, "blessings": "n", "no_icons": None, "stars": "n",
                   "same_colour": "n", "no_adjacent": None, "same_icon": None, "monuments": "n"}
# Ids become option ids (`build.<monument>`, `<province>.2`, a Dominus region): 32 characters at most.
ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,23}$")
ID_RULES: dict[str, Any] = {"id_pattern": ID, "id_rule": "1 to 24 lowercase letters, digits, '-' or '_'"}
SOLO_CENTRE = "e5"  # every city centre sits on e5 (city.CENTRE); the solo board's too

Raw = dict[str, Any]


def _is_int(v: Any, low: int = 0) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= low


# The checks also run on files the schema refused (so every problem is told at once): they read
# values only through these, which turn a value of the wrong type into "absent".
def _seq(v: Any) -> list[Any]:
    return v if isinstance(v, list) else []


def _objs(v: Any) -> list[dict[str, Any]]:
    return [e for e in _seq(v) if isinstance(e, dict)]


def _is(v: Any, options: Iterable[str]) -> bool:
    return isinstance(v, str) and v in options


def _section(raw: Raw, stem: str, section: str) -> list[Any]:
    content = raw.get(stem)
    return _seq(content.get(section)) if isinstance(content, dict) else []




def _count(checks: Checks, where: str, what: str, entries: list[Any], expected: int, reference: list[Any] | None) -> None:
    """`expected` entries; when not, which ids differ from the default components."""
    if len(entries) == expected:
        return
    differ = ""
    if reference is not None:
        ref = [e["id"] for e in reference]
        have = [e.get("id") for e in entries if isinstance(e, dict)]
        missing = [i for i in ref if i not in have]
        added = [str(i) for i in have if i not in ref]
        parts = ([f"without {', '.join(missing)}"] if missing else []) + ([f"added {', '.join(added)}"] if added else [])
        differ = f" ({'; '.join(parts)})" if parts else ""
    checks.require(False, f"{where}: {len(entries)} {what}, the rulebook says {expected}{differ}")


def _gain(checks: Checks, where: str, gain: Any, keys: Iterable[str] = PLAIN_GAIN_KEYS) -> None:
    """A gain: known keys, each a positive whole number (`keys`: what this source can give)."""
    keys = tuple(keys)
    if not isinstance(gain, dict):
        checks.require(False, f"{where}: a gain must be an object")
        return
    for k, v in gain.items():
        checks.require(k in keys, f"{where}: unknown gain {k!r} here (known: {', '.join(keys)})")
        checks.require(_is_int(v, 1), f"{where}: gain {k} must be a whole number of at least 1, not {v!r}")


def _values(checks: Checks, where: str, values: Any) -> list[int]:
    """A track's values (whole numbers from 0, at least 2 spaces)."""
    ok = isinstance(values, list) and len(values) >= 2 and all(_is_int(v) for v in values)
    checks.require(ok, f"{where}: whole numbers from 0, at least 2 spaces")
    return values if ok else []


def _in_range(checks: Checks, where: str, positions: Any, length: int) -> None:
    positions = _seq(positions)
    checks.require(all(_is_int(p, 1) and p < length for p in positions), f"{where}: every space must lie on the track (1 to {length - 1})")
    checks.require(len(set(map(str, positions))) == len(positions), f"{where}: a space is named twice")


def _one(checks: Checks, raw: Raw, stem: str, section: str) -> dict[str, Any]:
    """The single entry of a one-entry section (a track, the port tile...)."""
    items = _section(raw, stem, section)
    checks.require(len(items) == 1, f"{stem} {section}: exactly one entry, not {len(items)}")
    return items[0] if items and isinstance(items[0], dict) else {}


def _ref(reference: Raw | None, stem: str, section: str) -> list[Any] | None:
    return reference[stem][section] if reference is not None else None


def validate(raw: Raw, checks: Checks, reference: Raw | None = None) -> Raw:
    """Check every file, noting each problem in `checks`. `reference`, the default components,
    lets a count problem name the ids a pack lacks or adds."""
    _tiles(checks, raw, reference)
    _symbols(checks, raw)
    _tracks(checks, raw)
    _monuments(checks, raw, reference)
    _provinces(checks, raw, reference)
    _trade_tokens(checks, raw, reference)
    _solo(checks, raw, reference)
    _dominus(checks, raw, reference)
    _portus(checks, raw, reference)
    return raw


def _tiles(checks: Checks, raw: Raw, reference: Raw | None) -> None:
    entries = _section(raw, "tiles", "districts")
    districts = checks.entries("tiles", entries, **ID_RULES)
    _count(checks, "tiles districts", "district tiles", entries, 96, _ref(reference, "tiles", "districts"))
    entries = _section(raw, "tiles", "centres")
    centres = checks.entries("tiles", entries, **ID_RULES)
    _count(checks, "tiles centres", "city centres", entries, 4, _ref(reference, "tiles", "centres"))
    for ident in sorted(set(districts) & set(centres)):
        checks.require(False, f"tiles {ident} id: both a district and a city centre")
    for ident, t in [*districts.items(), *centres.items()]:
        sides = _seq(t.get("sides"))
        checks.require(len(sides) == 4 and all(_is(s, SYMBOLS) for s in sides),
                       f"tiles {ident} sides: needs 4 half-symbols (N, E, S, W) among {', '.join(SYMBOLS)}")
    for ident, t in districts.items():
        checks.require(_is(t.get("colour"), COLOURS), f"tiles {ident} colour: bad colour {t.get('colour')!r}")
        checks.require(_is_int(t.get("stars")) and t["stars"] <= 2, f"tiles {ident} stars: 0 to 2 stars")
        checks.require(t.get("icon") is None or _is(t["icon"], ICONS), f"tiles {ident} icon: bad icon {t.get('icon')!r}")
    for colour in COLOURS:
        for sym in SYMBOLS:
            n = sum(_seq(t.get("sides")).count(sym) for t in districts.values() if t.get("colour") == colour)
            checks.require(n >= 2, f"tiles: {colour} tiles must show {sym} at least twice so its large reward is reachable")


def _symbols(checks: Checks, raw: Raw) -> None:
    syms = checks.entries("symbols", _section(raw, "symbols", "symbols"), **ID_RULES)
    checks.require(list(syms) == list(SYMBOLS), f"symbols: the six symbols of the rulebook, in order: {', '.join(SYMBOLS)}")
    for ident, s in syms.items():
        _gain(checks, f"symbols {ident} small", s.get("small"))
        _gain(checks, f"symbols {ident} large", s.get("large"))


def _tracks(checks: Checks, raw: Raw) -> None:
    stars = checks.entries("tracks", _section(raw, "tracks", "star_tracks"), **ID_RULES)
    checks.require(list(stars) == list(COLOURS), "tracks star_tracks: one star track per district colour, in order red, purple, brown")
    scale = _values(checks, "tracks star_tracks values", next(iter(stars.values()), {}).get("values"))
    for ident, t in stars.items():
        values = _values(checks, f"tracks {ident} values", t.get("values"))
        checks.require(values == scale, f"tracks {ident} values: the three star tracks share one scale")
        for b in _objs(t.get("bonuses")):
            checks.require(_is_int(b.get("pos"), 1) and b["pos"] < len(values),
                           f"tracks {ident} bonuses: bonus off track at space {b.get('pos')!r} (spaces 1 to {len(values) - 1})")
            _gain(checks, f"tracks {ident} bonuses {b.get('pos')}", b.get("gain"))
    for ident, b in checks.entries("tracks", _section(raw, "tracks", "linked_bonuses"), **ID_RULES).items():
        pair = _seq(b.get("tracks"))
        checks.require(len(pair) == 2 and all(_is(c, COLOURS) for c in pair) and pair[0] != pair[1], f"tracks {ident} tracks: two tracks")
        checks.require(_is_int(b.get("pos"), 1) and b["pos"] < len(scale),
                       f"tracks {ident} pos: a space of the star tracks (1 to {len(scale) - 1})")
        _gain(checks, f"tracks {ident} gain", b.get("gain"))
    for key in ("market", "pantheon", "military", "selection"):
        checks.entries("tracks", _section(raw, "tracks", key), **ID_RULES)
    market = _one(checks, raw, "tracks", "market")
    values = _values(checks, "tracks market values", market.get("values"))
    _count(checks, "tracks market trade_spaces", "market trade spaces", _seq(market.get("trade_spaces")), 3, None)
    _in_range(checks, "tracks market trade_spaces", market.get("trade_spaces"), len(values))
    pantheon = _one(checks, raw, "tracks", "pantheon")
    values = _values(checks, "tracks pantheon values", pantheon.get("values"))
    _in_range(checks, "tracks pantheon blessing_spaces (pantheon blessing spaces)", pantheon.get("blessing_spaces"), len(values))
    mil = _one(checks, raw, "tracks", "military")
    end = _objs(mil.get("end_vp"))
    length = mil.get("length") if _is_int(mil.get("length"), 2) else None
    checks.require(length is not None, "tracks military length: a whole number of at least 2")
    checks.require([e.get("vp") for e in end] == [3, 5], "tracks military end_vp: military end-game spaces score 3 and 5")
    checks.require(length is None or [e.get("pos") for e in end] == [length - 1, length],
                   "tracks military end_vp: 3/5 VP on the last two spaces")
    sizes = {tuple(p for p in _seq(s.get("players")) if _is_int(p)): s.get("spaces")
             for s in _objs(_section(raw, "tracks", "selection"))}
    checks.require(sizes.get((2, 3)) == 8 and sizes.get((4,)) == 10 and sizes.get((1,)) == 3,
                   "tracks selection: 8 spaces for 2-3, 10 for 4, 3 solo")


def _monuments(checks: Checks, raw: Raw, reference: Raw | None) -> None:
    entries = _section(raw, "monuments", "monuments")
    mons = checks.entries("monuments", entries, **ID_RULES)
    _count(checks, "monuments monuments", "monuments", entries, 12, _ref(reference, "monuments", "monuments"))
    for ident, m in mons.items():
        rule = m.get("rule") if _is(m.get("rule"), MONUMENT_RULES) else None
        checks.require(rule is not None, f"monuments {ident} rule: one of {', '.join(MONUMENT_RULES)}")
        checks.require(_is_int(m.get("cost"), 1), f"monuments {ident} cost: cost and workers of at least 1")
        checks.require(_is_int(m.get("workers"), 1), f"monuments {ident} workers: cost and workers of at least 1")
        _gain(checks, f"monuments {ident} immediate", m.get("immediate", {}))
        checks.require(m.get("on_centre", False) in (True, False), f"monuments {ident} on_centre: true or false")
        needs = MONUMENT_RULES.get(rule, ()) if rule else ()
        for field in sorted({f for fields in MONUMENT_RULES.values() for f in fields}) if rule else ():
            if field in needs:
                checks.require(field in m, f"monuments {ident} {field}: the {rule} rule needs it")
            else:
                checks.require(field not in m, f"monuments {ident} {field}: the {rule} rule does not use it (set it to null)")
        if rule == "fixed" and "vp" in m:
            checks.require(_is_int(m["vp"]), f"monuments {ident} vp: a whole number from 0")
        elif rule == "by_workers" and "max_workers" in m:
            top = m["max_workers"] if _is_int(m["max_workers"], 1) else None
            workers = m.get("workers") if _is_int(m.get("workers"), 1) else 1
            checks.require(top is not None and top >= workers, f"monuments {ident} max_workers: at least its workers")
            scale = _seq(m.get("vp_by_workers"))
            checks.require(top is not None and len(scale) == top + 1 and all(_is_int(v) for v in scale),
                           f"monuments {ident} vp_by_workers: one VP value for 0 to max_workers population")
        elif rule in ("tiles_of_colour", "icons"):
            kinds = COLOURS if rule == "tiles_of_colour" else ICONS
            checks.require("count" not in m or _is(m["count"], kinds), f"monuments {ident} count: one of {', '.join(kinds)} for the {rule} rule")
            checks.require("vp_each" not in m or _is_int(m["vp_each"]), f"monuments {ident} vp_each: a whole number from 0")
    checks.require(sum(1 for m in mons.values() if m.get("on_centre") is True) == 1,
                   "monuments: exactly one monument (Forum) goes on the centre (on_centre)")
    for stem, items in (("monuments", entries), ("provinces", _section(raw, "provinces", "provinces"))):
        for e in _objs(items):
            for key in ("name_source", "rule_source", "condition_source"):
                checks.require(_is(e.get(key, "rulebook"), PROVENANCE), f"{stem} {e.get('id')} {key}: {key} must be one of {PROVENANCE}")


def _provinces(checks: Checks, raw: Raw, reference: Raw | None) -> None:
    entries = _section(raw, "provinces", "provinces")
    provs = checks.entries("provinces", entries, **ID_RULES)
    _count(checks, "provinces provinces", "province cards", entries, 10, _ref(reference, "provinces", "provinces"))
    length = _one(checks, raw, "tracks", "military").get("length")
    length = length if _is_int(length) else 0
    for ident, p in provs.items():
        kind = p.get("kind") if _is(p.get("kind"), PROVINCE_KINDS) else None
        checks.require(kind is not None, f"provinces {ident} kind: one of {', '.join(PROVINCE_KINDS)}")
        _what(checks, f"provinces {ident} what", kind, p.get("what"))
        slots = _seq(p.get("slots"))
        checks.require(len(slots) == 3, f"provinces {ident} slots: kind and 3 slots")
        for k, s in enumerate(slots, 1):
            s = s if isinstance(s, dict) else {}
            checks.require(_is_int(s.get("cost"), 1) and s["cost"] <= length,
                           f"provinces {ident} slots {k} cost: 1 to {length} legions (the military track's length)")
            checks.require(_is_int(s.get("vp")), f"provinces {ident} slots {k} vp: a whole number from 0")
            _gain(checks, f"provinces {ident} slots {k} bonus", s.get("bonus"))


def _what(checks: Checks, where: str, kind: str | None, what: Any) -> None:
    """What a province card or Dominus scoring tile counts, as its kind reads it."""
    what = what if isinstance(what, list) and all(isinstance(w, str) for w in what) else None
    if kind == "pairs":
        checks.require(what is not None and len(what) == 2 and all(i in ICONS for i in what), f"{where}: two icons for pairs")
    elif kind == "set":
        checks.require(what is not None and sorted(what) == sorted(ICONS), f"{where}: a set is the three icons {', '.join(ICONS)}")
    elif kind == "districts":
        checks.require(what is not None and len(what) == 1 and what[0] in COLOURS, f"{where}: one district colour")
    elif kind in ("monuments", "stars"):
        checks.require(what == [], f"{where}: empty for {kind}")


def _trade_tokens(checks: Checks, raw: Raw, reference: Raw | None) -> None:
    entries = _section(raw, "trade_tokens", "trade_tokens")
    trades = checks.entries("trade_tokens", entries, **ID_RULES)
    _count(checks, "trade_tokens trade_tokens", "trade tokens", entries, 6, _ref(reference, "trade_tokens", "trade_tokens"))
    for ident, t in trades.items():
        gain = t.get("gain")
        _gain(checks, f"trade_tokens {ident} gain", gain)
        checks.require(bool(gain), f"trade_tokens {ident} gain: a trade must give something")
        alts = _seq(t.get("pay"))
        checks.require(len(alts) >= 1, f"trade_tokens {ident} pay: at least one way to pay")
        for alt in alts:
            ok = isinstance(alt, dict) and alt and all(k in PAY_KEYS and _is_int(v, 1) for k, v in alt.items())
            checks.require(bool(ok), f"trade_tokens {ident} pay: each way to pay gives positive amounts of {', '.join(PAY_KEYS)}")
        firsts = [next(iter(a)) for a in alts if isinstance(a, dict) and a]
        checks.require(len(set(firsts)) == len(firsts), f"trade_tokens {ident} pay: ways to pay must start with different resources")


def _solo(checks: Checks, raw: Raw, reference: Raw | None) -> None:
    entries = _section(raw, "solo", "objectives")
    objectives = checks.entries("solo", entries, **ID_RULES)
    _count(checks, "solo objectives", "solo objectives", entries, 12, _ref(reference, "solo", "objectives"))
    for lvl in (1, 2, 3):
        n = sum(1 for o in _objs(entries) if _is_int(o.get("level")) and o["level"] == lvl)
        checks.require(n == 4, f"solo objectives: 4 solo objectives of level {lvl}, not {n}")
    for ident, o in objectives.items():
        test = o.get("test") if _is(o.get("test"), OBJECTIVE_TESTS) else None
        checks.require(test is not None, f"solo {ident} test: one of {', '.join(OBJECTIVE_TESTS)}")
        needs = OBJECTIVE_TESTS.get(test) if test else None
        for field in ("what", "n") if test else ():
            if field != needs:
                checks.require(field not in o, f"solo {ident} {field}: the {test} test does not use it (set it to null)")
        if needs == "what":
            what = _seq(o.get("what"))
            checks.require(len(what) >= 1 and all(_is(i, ICONS) for i in what) and len(set(what)) == len(what),
                           f"solo {ident} what: 1 to 3 different icons")
        elif needs == "n":
            checks.require(_is_int(o.get("n"), 1), f"solo {ident} n: a whole number of at least 1")
    entries = _section(raw, "solo", "lines")
    lines = checks.entries("solo", entries, **ID_RULES)
    _count(checks, "solo lines", "solo lines", entries, 4, _ref(reference, "solo", "lines"))
    for ident, line in lines.items():
        checks.require(_is(line.get("axis"), ("row", "col")), f"solo {ident} axis: row or col")
        checks.require(_is_int(line.get("index")) and line["index"] < 5, f"solo {ident} index: 0 to 4 (a row or column of the solo board)")
    bonus = _section(raw, "solo", "bonus")
    checks.entries("solo", bonus, **ID_RULES)
    checks.require([b.get("vp") for b in _objs(bonus)] == [4, 9, 15, 22], "solo bonus: solo objective bonuses 4/9/15/22")
    checks.require([b.get("done") for b in _objs(bonus)] == [1, 2, 3, 4], "solo bonus: for 1, 2, 3 and 4 objectives met")
    ranks = _section(raw, "solo", "ranks")
    checks.entries("solo", ranks, **ID_RULES)
    _count(checks, "solo ranks", "solo ranks", ranks, 7, _ref(reference, "solo", "ranks"))
    mins = [r.get("min") for r in _objs(ranks)]
    checks.require(all(_is_int(m) for m in mins) and mins[:1] == [0] and mins == sorted(set(mins)),
                   "solo ranks: min scores rising from 0")
    entries = _section(raw, "solo", "blocked")
    blocked = checks.entries("solo", entries, **ID_RULES)
    _count(checks, "solo blocked", "solo blocked slots", entries, 3, _ref(reference, "solo", "blocked"))
    for ident, b in blocked.items():
        checks.require(all(_is_int(b.get(k)) and b[k] < 3 for k in ("card", "slot")), f"solo {ident} card: card and slot 0 to 2")
    centre = _section(raw, "solo", "centre")
    checks.entries("solo", centre, **ID_RULES)
    checks.require([c.get("cell") for c in _objs(centre)] == [SOLO_CENTRE], f"solo centre cell: the city centre is on {SOLO_CENTRE}")


def _neighbours(r: dict[str, Any]) -> list[str]:
    return [o for way in ("land", "sea") for o in _seq(r.get(way)) if isinstance(o, str)]


def _dominus(checks: Checks, raw: Raw, reference: Raw | None) -> None:
    regions = checks.entries("dominus", _section(raw, "dominus", "regions"), **ID_RULES)
    checks.require("roma" in regions, "dominus regions: the Dominus map has Rome (roma)")
    checks.require("skip" not in regions, "dominus skip id: skip is the option that stops moving")
    for ident, r in regions.items():
        for way in ("land", "sea"):
            for o in _seq(r.get(way)):
                known = isinstance(o, str) and o in regions and o != ident
                checks.require(known, f"dominus {ident} {way}: unknown neighbour {o}")
                if known:
                    checks.require(ident in _neighbours(regions[o]), f"dominus {ident} {way}: adjacency {ident}-{o} must be symmetric")
    seen, todo = {"roma"}, ["roma"] if "roma" in regions else []
    while todo:
        for o in _neighbours(regions[todo.pop()]):
            if o in regions and o not in seen:
                seen.add(o)
                todo.append(o)
    for ident in regions:
        checks.require(ident in seen or "roma" not in regions, f"dominus {ident} land: cannot be reached from Rome")
    entries = _section(raw, "dominus", "scoring_tiles")
    tiles = checks.entries("dominus", entries, **ID_RULES)
    _count(checks, "dominus scoring_tiles", "Dominus scoring tiles", entries, 12, _ref(reference, "dominus", "scoring_tiles"))
    for ident, t in tiles.items():
        kind = t.get("kind") if _is(t.get("kind"), SCORING_KINDS) else None
        checks.require(kind is not None, f"dominus {ident} kind: one of {', '.join(SCORING_KINDS)}")
        _what(checks, f"dominus {ident} what", kind, t.get("what"))
        mult = _seq(t.get("mult"))
        checks.require(len(mult) == 3 and all(_is_int(v) for v in mult), f"dominus {ident} mult: 3 multipliers (1st, 2nd, 3rd)")
    checks.require(len(regions) - 1 == 12, "dominus regions: 12 provinces besides Rome, one scoring tile and one colony each")
    entries = _section(raw, "dominus", "colonies")
    colonies = checks.entries("dominus", entries, **ID_RULES)
    _count(checks, "dominus colonies", "colony token types", entries, 6, _ref(reference, "dominus", "colonies"))
    for ident, c in colonies.items():
        _gain(checks, f"dominus {ident} gain", c.get("gain"), GAIN_KEYS)
    checks.entries("dominus", _section(raw, "dominus", "limits"), **ID_RULES)
    lim = _one(checks, raw, "dominus", "limits")
    for key in ("legions", "legion_power", "general_power", "colony_copies"):
        checks.require(_is_int(lim.get(key), 1), f"dominus {lim.get('id')} {key}: a whole number of at least 1")
    checks.require(lim.get("generals") == 1, f"dominus {lim.get('id')} generals: one general each")
    copies = lim.get("colony_copies")
    checks.require(not _is_int(copies, 1) or copies * len(entries) == len(regions) - 1,
                   f"dominus {lim.get('id')} colony_copies: colony tokens ({copies} x {len(entries)}) "
                   f"must match the provinces besides Rome ({len(regions) - 1})")


def _portus(checks: Checks, raw: Raw, reference: Raw | None) -> None:
    entries = _section(raw, "portus", "islands")
    islands = checks.entries("portus", entries, **ID_RULES)
    _count(checks, "portus islands", "islands", entries, 6, _ref(reference, "portus", "islands"))
    for ident, isl in islands.items():
        # one arrow per island space; the last space is the anchor, whose arrow leads off the island
        arrows = _seq(isl.get("arrows"))
        checks.require(len(arrows) == 3 and all(_is(c, COLOURS) for c in arrows), f"portus {ident} arrows: 3 arrows (district colours)")
    entries = _section(raw, "portus", "goods")
    goods = checks.entries("portus", entries, **ID_RULES)
    _count(checks, "portus goods", "goods types", entries, 6, _ref(reference, "portus", "goods"))
    for ident, g in goods.items():
        _gain(checks, f"portus {ident} gain", g.get("gain"))
    checks.entries("portus", _section(raw, "portus", "ports"), **ID_RULES)
    port = _one(checks, raw, "portus", "ports")
    # « sur la deuxième case d'une tuile Port [...] votre Navire atteint une tuile Île »; 42 goods, 7 of each
    checks.require(port.get("spaces") == 2, f"portus {port.get('id')} spaces: a port tile has 2 spaces")
    checks.require(port.get("copies_per_good") == 7, f"portus {port.get('id')} copies_per_good: 7 goods of each type")
