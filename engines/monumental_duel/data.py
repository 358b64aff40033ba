"""Loads and validates the component data (data/cards.json, or a pack's copy of it) so a corrupt
file fails loudly instead of half-playing a card.

Every count the rulebook states is checked here: per civilisation 14 buildings + 1 knowledge,
5 cultural policies, 1 warlord, 1 ambassador; 12/12/6 development cards split by the era table;
5 of each basic building; 10 Free Cities; 3 province types. Every field a card may carry is
checked against what the engine does with it (effects.py interprets the effect grammar): a field
or an op the engine would ignore is refused. Messages read `cards <entry id> <field>: ...`.

Game code reads components only through `catalog(state)`: the catalogue of the pack the game is
played with, else the default one, built once.
"""

from __future__ import annotations

import importlib.resources
import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from engines.core import packs
from engines.core.data import NAME, PROVENANCE, Checks, DataError
from engines.monumental_duel.msgs import name_of

GAME = "monumental_duel"
FILE = "cards"
RES = ("prod", "sci", "mil", "gold", "cult")
BASIC_RES = ("prod", "sci", "mil")
PTYPES = ("mountain", "coastal", "agricultural")
CIVS = ("mali", "aztecs", "japanese")
ERA_TABLE = {1: {"knowledge": 3, "wonder": 3, "province": 3, "building": 3},
             2: {"knowledge": 3, "wonder": 3, "province": 3, "building": 3},
             3: {"knowledge": 2, "wonder": 2, "province": 2, "building": 0}}
WHEN = ("action", "activate", "during", "each_time", "first_time", "may")
# An active policy is never "activated" (only city cards are): "activate" would never fire.
POLICY_WHEN = ("action", "during", "may", "each_time", "first_time")
EVENTS = ("acquire_province", "acquire_knowledge", "acquire_building", "negotiate", "develop_policy",
          "complete_wonder", "take_advantage")
# op -> required parameters; OPTIONAL: op -> parameters it may carry (anything else is refused)
OPS: dict[str, tuple[str, ...]] = {
    "gain": ("res",), "gain_per": ("what", "res"), "progress": (), "archive": (), "discard": (),
    "reinforce": (), "copy": ("from",), "reserve": (), "gain_basic": (), "acquire": ("kinds",),
    "wonder_section": (), "take_advantage": (), "negotiate": (), "negotiate_free": (), "marker": (),
    "if_gained": ("need", "ops"), "if_advantage": ("ops",), "trade": ("pay", "ops"),
}
OPTIONAL: dict[str, tuple[str, ...]] = {
    "gain_per": ("max",), "gain_basic": ("kind",), "acquire": ("discount", "free", "max_cost", "conquer"),
    "wonder_section": ("discount",),
}
GAIN_PER = ("province", "knowledge", *PTYPES)
ACQUIRE_KINDS = ("province", "knowledge", "building", "wonder")
COPY_FROM = ("city", "policy")
BASIC_KINDS = ("workshop", "laboratory", "range", "barricade")
# The negotiation is the engine's own action: an ambassador's card only shows it.
AMBASSADOR_EFFECT = {"when": "action", "ops": [{"op": "negotiate"}]}
COMMON_FIELDS = ("id", "name_en", "source", "kind")  # and any name a pack writes in another language (`name_fr`)
# section -> kind -> (required fields, optional fields) beyond COMMON_FIELDS: what the engine reads
SHAPES: dict[str, dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "cards": {"building": (("count",), ("produce", "effect")), "knowledge": (("count",), ("effect",))},
    "policies": {"policy": (("bonus", "effect"), ())},
    "warlord": {"warlord": (("effect",), ())},
    "ambassador": {"ambassador": (("effect",), ())},
    "development": {"knowledge": (("era", "cost"), ("effect",)),
                    "building": (("era", "cost"), ("produce", "effect")),
                    "wonder": (("era", "cost", "cost2", "bonus"), ("produce", "effect")),
                    "province": (("era", "cost", "ptype", "defence", "bonus"), ())},
    "basics": {"basic": (("count", "cost"), ("produce", "effect")), "barricade": (("count", "cost"), ())},
    "free_cities": {"free_city": (("negotiate",), ())},
}
DEV_COST = {"province": "mil", "knowledge": "sci", "building": "prod", "wonder": "prod"}
TOP_KEYS = ("resources", "province_types", "civilisations", "development", "basics", "free_cities", "aztec_markers")
CIV_FIELDS = ("id", "name_en", "source", "rule_en", "cards", "policies", "warlord", "ambassador")
CIV_TEXT = re.compile(r"(name|rule)_[a-z]{2,3}")  # a civilisation's name and rule in one language: a pack's own
ID = re.compile(r"[a-z0-9][a-z0-9._-]{0,39}")
INSTANCE_ID = re.compile(r"card-[0-9]+")  # what a state calls a card instance: never a card's id
SHORT_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")  # a policy's option id: its id after the last "."
NAME_LENGTH = 40
Catalog = dict[str, Any]


def _is_int(value: Any, least: int) -> bool:
    return type(value) is int and value >= least


def _res(checks: Checks, where: str, value: Any, allowed: tuple[str, ...] = RES) -> bool:
    if not checks.holds(isinstance(value, dict) and bool(value), f"{where}: resources must be a non-empty object like {{\"prod\": 2}}"):
        return False
    good = True
    for k, v in value.items():
        good &= checks.holds(k in allowed, f"{where}: unknown resource {k} (one of {', '.join(allowed)})")
        good &= checks.holds(_is_int(v, 1), f"{where}: {k} must be a positive integer, not {v!r}")
    return good


def check_ops(checks: Checks, where: str, ops: Any) -> None:
    """Every op is one the interpreter (effects.execute) knows, with exactly its parameters."""
    if not checks.holds(isinstance(ops, list) and bool(ops), f"{where}: ops must be a non-empty list"):
        return
    for op in ops:
        name = op.get("op") if isinstance(op, dict) else None
        if not checks.holds(isinstance(name, str) and name in OPS, f"{where}: unknown op {name!r} (known: {', '.join(OPS)})"):
            continue
        missing = [k for k in OPS[name] if k not in op]
        extra = sorted(set(op) - {"op", *OPS[name], *OPTIONAL.get(name, ())})
        checks.holds(not missing, f"{where}: op {name} needs {', '.join(missing)}")
        checks.holds(not extra, f"{where}: op {name} has no parameter {', '.join(extra)}")
        if missing:
            continue
        _op_params(checks, where, name, op)


def _op_params(checks: Checks, where: str, name: str, op: dict[str, Any]) -> None:
    if name in ("gain", "gain_per"):
        _res(checks, where, op["res"])
    if name == "gain_per":
        checks.holds(op["what"] in GAIN_PER, f"{where}: gain_per counts one of {', '.join(GAIN_PER)}, not {op['what']!r}")
        checks.holds("max" not in op or _is_int(op["max"], 1), f"{where}: gain_per max must be a positive integer")
    elif name == "trade":
        _res(checks, where, op["pay"])
    elif name == "if_gained":
        _res(checks, where, op["need"])
    elif name == "copy":
        checks.holds(op["from"] in COPY_FROM, f"{where}: copy from city or policy, not {op['from']!r}")
    elif name == "acquire":
        kinds = op["kinds"]
        checks.holds(isinstance(kinds, list) and bool(kinds) and len(set(map(str, kinds))) == len(kinds)
            and all(k in ACQUIRE_KINDS for k in kinds), f"{where}: acquire kinds: a list of {', '.join(ACQUIRE_KINDS)}")
        for flag in ("free", "conquer"):
            checks.holds(flag not in op or isinstance(op[flag], bool), f"{where}: acquire {flag} must be true or false")
        checks.holds("max_cost" not in op or _is_int(op["max_cost"], 0), f"{where}: acquire max_cost must be an integer, 0 or more")
        # a free acquisition pays nothing: a discount or a conquest beside it would go unsaid or unused
        checks.holds(op.get("free") is True or "max_cost" not in op, f"{where}: acquire max_cost goes with free: true")
        checks.holds(op.get("free") is not True or not ({"discount", "conquer"} & set(op)), f"{where}: a free acquire takes no discount and no conquer")
    elif name == "gain_basic":
        checks.holds("kind" not in op or op["kind"] in BASIC_KINDS, f"{where}: gain_basic kind is one of {', '.join(BASIC_KINDS)}")
    if "discount" in op:
        checks.holds(_is_int(op["discount"], 0), f"{where}: {name} discount must be an integer, 0 or more")
    if name in ("trade", "if_gained", "if_advantage"):
        check_ops(checks, where, op["ops"])


def _effect(checks: Checks, where: str, e: Any, whens: tuple[str, ...] = WHEN) -> None:
    if not checks.holds(isinstance(e, dict), f"{where}: an effect is an object {{\"when\", \"ops\"}}"):
        return
    extra = sorted(set(e) - {"when", "ops", "on"})
    checks.holds(not extra, f"{where}: an effect has no field {', '.join(extra)}")
    when = e.get("when")
    checks.holds(when in whens, f"{where}: effect needs a valid 'when' (one of {', '.join(whens)}), not {when!r}")
    if when in ("each_time", "first_time"):
        checks.holds(e.get("on") in EVENTS, f"{where}: {when} needs an event 'on' (one of {', '.join(EVENTS)})")
    else:
        checks.holds("on" not in e, f"{where}: 'on' only goes with each_time or first_time")
    check_ops(checks, where, e.get("ops"))


def _entry(checks: Checks, section: str, e: Any, seen: set[str], whens: tuple[str, ...] = WHEN) -> bool:
    """One card: its id, provenance, names, and exactly the fields its kind uses, each valid."""
    ident = checks.entry(f"cards {section}", e, seen, id_pattern=ID, id_rule="1 to 40 lowercase letters, digits, '.', '_' or '-'", name_max=NAME_LENGTH)
    if ident is None:
        return False
    where = f"cards {ident}"
    checks.require(not INSTANCE_ID.fullmatch(ident), f"{where} id: card-<number> names a copy, not a design")
    shapes = SHAPES[section]
    kind = e.get("kind")
    if not checks.holds(isinstance(kind, str) and kind in shapes, f"{where} kind: must be {' or '.join(shapes)} here, not {kind!r}"):
        return False
    required, optional = shapes[kind]
    missing = [k for k in required if k not in e]
    extra = sorted(k for k in set(e) - {*COMMON_FIELDS, *required, *optional} if not NAME.fullmatch(k))
    checks.holds(not missing, f"{where}: a {kind} card needs {', '.join(missing)}")
    checks.holds(not extra, f"{where}: a {kind} card has no field {', '.join(extra)} (the engine would ignore it)")
    for key in ("produce", "cost", "cost2"):
        if key in e:
            _res(checks, f"{where} {key}", e[key])
    if "effect" in e:
        _effect(checks, f"{where} effect", e["effect"], whens)
    for key in ("bonus", "negotiate"):
        if key in e:
            check_ops(checks, f"{where} {key}", e[key])
    if "count" in e:
        checks.holds(_is_int(e["count"], 1), f"{where} count: a positive integer")
    if "era" in e:
        checks.holds(type(e["era"]) is int and e["era"] in ERA_TABLE, f"{where} era: 1, 2 or 3")
    if "ptype" in e or "defence" in e:
        checks.holds(e.get("ptype") in PTYPES and _is_int(e.get("defence"), 0),
            f"{where} ptype: a province needs a type and defence (ptype one of {', '.join(PTYPES)}, defence 0 or more)")
    return not missing


@cache
def default_raw() -> dict[str, Any]:
    """The shipped data/cards.json, parsed once (never modified: callers copy before editing)."""
    text = importlib.resources.files(f"engines.{GAME}").joinpath("data", f"{FILE}.json").read_text(encoding="utf-8")
    return json.loads(text)


def _changes(entries: Iterable[Any], defaults: Iterable[Any]) -> str:
    """How a list's ids differ from the default cards, to point at the entry a count misses."""
    have = [e.get("id") for e in entries if isinstance(e, dict)]
    base = [e["id"] for e in defaults]
    missing = [i for i in base if i not in have]
    added = [str(i) for i in have if i not in base]
    parts = ([f"missing {', '.join(missing)}"] if missing else []) + ([f"added {', '.join(added)}"] if added else [])
    return f" (compared with the default cards: {'; '.join(parts)})" if parts else ""


def _list(checks: Checks, where: str, value: Any) -> list[Any]:
    """`value` when it is a list, else [] after saying so: the checks go on with what is left."""
    return value if checks.holds(isinstance(value, list), f"{where}: must be a list") else []


def _count(checks: Checks, where: str, entries: list[Any], expected: int, defaults: Iterable[Any]) -> None:
    checks.holds(len(entries) == expected, f"{where}: {len(entries)} entries, the rulebook says {expected}{_changes(entries, defaults)}")


def _fixed(checks: Checks, raw: dict[str, Any], key: str, ids: tuple[str, ...]) -> None:
    """Resources and province types are the rulebook's vocabulary, named by the engine's own
    texts: a pack may not rename, add or drop them."""
    entries = _list(checks, f"cards {key}", raw[key])
    checks.holds([e.get("id") if isinstance(e, dict) else None for e in entries] == list(ids), f"cards {key}: must be {', '.join(ids)}, in that order")
    for e, d in zip(entries, default_raw()[key], strict=False):
        if isinstance(e, dict) and e.get("id") == d["id"]:
            for k in sorted(set(e) | set(d)):
                if k != "source":
                    checks.holds(e.get(k) == d.get(k), f"cards {key} {d['id']} {k}: fixed by the rulebook ({d.get(k)!r}); a pack cannot change it")
            checks.holds(e.get("source") in PROVENANCE, f"cards {key} {d['id']} source: must be one of {', '.join(PROVENANCE)}")


def _civilisation(checks: Checks, civ: dict[str, Any], cards: dict[str, dict[str, Any]], seen: set[str]) -> None:
    cid = civ["id"]
    where = f"cards {cid}"
    extra = sorted(k for k in set(civ) - set(CIV_FIELDS) if not CIV_TEXT.fullmatch(k))
    checks.holds(not extra, f"{where}: a civilisation has no field {', '.join(extra)}")
    for k in sorted({"name_en", "rule_en", *(k for k in civ if CIV_TEXT.fullmatch(k))}):
        checks.holds(isinstance(civ.get(k), str) and bool(civ[k].strip()), f"{where} {k}: text needed")
    checks.holds(civ.get("source") in PROVENANCE, f"{where} source: must be one of {', '.join(PROVENANCE)}")
    default = next((c for c in default_raw()["civilisations"] if c["id"] == cid), {"cards": [], "policies": []})
    lists = {key: _list(checks, f"{where} {key}", civ.get(key)) for key in ("cards", "policies")}
    for key, whens in (("cards", WHEN), ("policies", POLICY_WHEN)):
        for e in lists[key]:
            if _entry(checks, key, e, seen, whens):
                cards[e["id"]] = e
    for key, whens in (("warlord", ("action",)), ("ambassador", WHEN)):
        if checks.holds(key in civ, f"{where} {key}: needed") and _entry(checks, key, civ[key], seen, whens):
            cards[civ[key]["id"]] = civ[key]
    amb = civ.get("ambassador")
    if isinstance(amb, dict):
        checks.holds(amb.get("effect") == AMBASSADOR_EFFECT, f"cards {amb.get('id')} effect: an ambassador negotiates with a Free City "
            f"(the engine's own action): its effect must stay {json.dumps(AMBASSADOR_EFFECT)}")
    own = [e for e in lists["cards"] if isinstance(e, dict) and _is_int(e.get("count"), 1)]
    buildings = sum(c["count"] for c in own if c.get("kind") == "building")
    knowledge = sum(c["count"] for c in own if c.get("kind") == "knowledge")
    checks.holds(buildings == 14, f"{where} cards: {buildings} buildings, the rulebook says 14{_changes(lists['cards'], default['cards'])}")
    checks.holds(knowledge == 1, f"{where} cards: {knowledge} knowledge cards, the rulebook says 1")
    policies = lists["policies"]
    _count(checks, f"{where} policies", policies, 5, default["policies"])
    named = [p for p in policies if isinstance(p, dict) and isinstance(p.get("id"), str)]
    shorts = [p["id"].split(".")[-1] for p in named]
    for i, (p, short) in enumerate(zip(named, shorts, strict=True)):
        checks.holds(bool(SHORT_ID.fullmatch(short)) and short != "skip" and short not in shorts[:i],
            f"cards {p['id']} id: its last part ({short!r}) is what players type: unique among the civilisation's policies, not 'skip'")


def build(files: Mapping[str, Any], checks: Checks) -> Catalog:
    """The catalogue of complete component files (`{"cards": ...}`), every problem noted in
    `checks`: {'cards': {def id: def}, 'civs': {...}, 'raw': the file, 'markers': ..., 'names':
    {def id: its name, `msgs.name_of`}}. The file is copied first: the catalogue never shares
    objects with a caller's pack."""
    raw = json.loads(json.dumps(files[FILE]))
    if not checks.holds(isinstance(raw, dict), "cards: must be an object of sections (resources, civilisations, development...)"):
        return {}  # nothing to check or index: the problem says why
    missing = [k for k in TOP_KEYS if k not in raw]
    extra = sorted(set(raw) - {*TOP_KEYS, "_doc"})
    checks.holds(not extra, f"cards: no such section {', '.join(extra)}")
    if not checks.holds(not missing, f"cards: missing {', '.join(missing)}"):
        return {}  # nothing below can be checked without them
    defaults = default_raw()
    _fixed(checks, raw, "resources", RES)
    _fixed(checks, raw, "province_types", PTYPES)
    cards: dict[str, dict[str, Any]] = {}
    seen: set[str] = set()
    sections = {key: _list(checks, f"cards {key}", raw[key]) for key in ("civilisations", "development", "basics", "free_cities")}
    civs = {c["id"]: c for c in sections["civilisations"] if isinstance(c, dict) and isinstance(c.get("id"), str)}
    checks.holds(len(civs) == len(sections["civilisations"]) and sorted(civs) == sorted(CIVS),
        f"cards civilisations: the Trade box holds {', '.join(CIVS)}, not {', '.join(civs)}")
    for civ in civs.values():
        _civilisation(checks, civ, cards, seen)
    dev = sections["development"]
    for d in dev:
        if _entry(checks, "development", d, seen):
            cards[d["id"]] = d
            need = DEV_COST[d["kind"]]
            checks.holds(isinstance(d["cost"], dict) and set(d["cost"]) == {need}, f"cards {d['id']} cost: a {d['kind']} costs {need} only")
    _count(checks, "cards development", dev, 30, defaults["development"])
    for era, table in ERA_TABLE.items():
        for kind, n in table.items():
            got = [d["id"] for d in dev if isinstance(d, dict) and d.get("era") == era and d.get("kind") == kind]
            checks.holds(len(got) == n, f"cards development era {era} {kind}: {len(got)} cards ({', '.join(map(str, got)) or 'none'}), the rulebook table says {n}")
    basics = sections["basics"]
    checks.holds([b.get("id") if isinstance(b, dict) else None for b in basics] == list(BASIC_KINDS),
        f"cards basics: must be {', '.join(BASIC_KINDS)}, in that order{_changes(basics, defaults['basics'])}")
    for b in basics:
        if _entry(checks, "basics", b, seen):
            cards[b["id"]] = b
            want = "barricade" if b["id"] == "barricade" else "basic"
            checks.holds(b["kind"] == want, f"cards {b['id']} kind: must be {want}")
            checks.holds(b["count"] == 5, f"cards {b['id']} count: {b['count']}, the rulebook says 5 cards of each basic building")
    for f in sections["free_cities"]:
        if _entry(checks, "free_cities", f, seen):
            cards[f["id"]] = f
    _count(checks, "cards free_cities", sections["free_cities"], 10, defaults["free_cities"])
    markers = raw["aztec_markers"]
    good = isinstance(markers, dict) and set(markers) == set(PTYPES) and all(_is_int(v, 0) for v in markers.values())
    total = sum(markers.values()) if good else None
    checks.holds(good and total == 6, f"cards aztec_markers: the Aztecs have 6 province markers, one count per province type, not {markers}")
    names = {cid: name_of("card", c) for cid, c in cards.items() if isinstance(c.get("name_en"), str)}
    return {"cards": cards, "civs": civs, "raw": raw, "markers": markers, "names": names}


@cache
def default() -> Catalog:
    """The catalogue of the default cards, built once; DataError if they break a rule."""
    checks = Checks()
    built = build({FILE: default_raw()}, checks)
    checks.raise_any()
    return built


def catalog(state: Mapping[str, Any] | None) -> Catalog:
    """The cards `state` is played with: its pack's catalogue, else the default one (also for
    None, where no game is at hand)."""
    return packs.catalog_of(GAME, state, default)


__all__ = ["BASIC_KINDS", "BASIC_RES", "CIVS", "PTYPES", "RES", "Catalog", "DataError", "build", "catalog", "default"]
