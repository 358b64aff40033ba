"""Component data: stated counts, provenance marks, names (English, translated by the catalogs), and
corrupt data refused."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from engines.core import i18n
from engines.core.data import PROVENANCE, Checks, DataError
from engines.magna_roma.data import COLOURS, SYMBOLS, default, load_raw, validate
from engines.magna_roma.msgs import KINDS, component_name


def _entries(obj: object) -> list[dict]:
    out: list[dict] = []
    if isinstance(obj, dict):
        if "id" in obj and "source" in obj:
            out.append(obj)
        for v in obj.values():
            out.extend(_entries(v))
    elif isinstance(obj, list):
        for v in obj:
            out.extend(_entries(v))
    return out


def _validate(raw: dict) -> None:
    """The files' checks, as the default data is held to: DataError naming every problem."""
    checks = Checks()
    validate(raw, checks)
    checks.raise_any()


def test_counts_match_the_rulebook() -> None:
    d = default()
    assert len(d["tiles"]["districts"]) == 96
    assert len(d["tiles"]["centres"]) == 4
    assert len(d["monuments"]["monuments"]) == 12
    assert len(d["provinces"]["provinces"]) == 10
    assert len(d["trade_tokens"]["trade_tokens"]) == 6
    assert len(d["solo"]["objectives"]) == 12
    assert Counter(o["level"] for o in d["solo"]["objectives"]) == {1: 4, 2: 4, 3: 4}
    assert len(d["dominus"]["scoring_tiles"]) == 12
    assert len(d["dominus"]["colonies"]) == 6
    assert len(d["portus"]["islands"]) == 6
    assert len(d["region"]) == 13


def test_every_entry_has_provenance_and_an_english_name_the_catalogs_translate() -> None:
    raw = load_raw()
    entries = _entries(raw)
    assert len(entries) > 200
    for e in entries:
        assert e["source"] in PROVENANCE, e["id"]
        assert e["name_en"] and not any(k.startswith("name_") and k not in ("name_en", "name_source") for k in e), e["id"]
    names = [component_name(kind, e) for (stem, section), kind in KINDS.items() for e in raw[stem][section]]
    assert len(names) == len(entries) and {(stem, section) for stem, section in KINDS} == {
        (stem, section) for stem, content in raw.items() for section in content}
    for name in names:
        assert isinstance(name, i18n.Message) and i18n.known(name, "fr") and i18n.known(name, "de"), name.key


def test_every_symbol_reachable_in_every_colour_both_sizes() -> None:
    d = default()
    for colour in COLOURS:
        tiles = [t for t in d["tiles"]["districts"] if t["colour"] == colour]
        assert len(tiles) == 32
        for sym in SYMBOLS:
            assert sum(t["sides"].count(sym) for t in tiles) >= 10, (colour, sym)
    for sym in SYMBOLS:
        s = d["symbol"][sym]
        assert sum(s["large"].values()) > sum(s["small"].values())


def test_symbol_rewards_are_the_rulebook_values() -> None:
    d = default()
    assert d["symbol"]["prestige"]["small"] == {"vp": 1} and d["symbol"]["prestige"]["large"] == {"vp": 3}
    for sym, key in (("luxury", "luxury"), ("coins", "coins"), ("population", "population"),
                     ("military", "legions"), ("favour", "faith")):
        assert d["symbol"][sym]["small"] == {key: 1} and d["symbol"][sym]["large"] == {key: 2}


def test_dominus_map_is_connected_from_rome() -> None:
    d = default()
    seen, stack = {"roma"}, ["roma"]
    while stack:
        r = d["region"][stack.pop()]
        for o in r["land"] + r["sea"]:
            if o not in seen:
                seen.add(o)
                stack.append(o)
    assert seen == set(d["region"])


@pytest.mark.parametrize(
    ("path", "breaker", "message"),
    [
        (("tiles", "districts"), lambda x: x.pop(), "96"),
        (("tiles", "districts"), lambda x: x[0].update(sides=["coins", "coins", "coins"]), "4 half-symbols"),
        (("tiles", "districts"), lambda x: x[0].update(source="guess"), "source"),
        (("tiles", "districts"), lambda x: x[0].update(name_en=""), "name_en"),
        (("tiles", "districts"), lambda x: x[0].update(name_fr=""), "name_fr"),  # a pack's own name in French
        (("monuments", "monuments"), lambda x: x.pop(), "12"),
        (("monuments", "monuments"), lambda x: x[0].update(name_source="hearsay"), "name_source"),
        (("provinces", "provinces"), lambda x: x.pop(), "10"),
        (("trade_tokens", "trade_tokens"), lambda x: x.pop(), "6"),
        (("solo", "objectives"), lambda x: x[0].update(level=2), "level 1"),
        (("solo", "bonus"), lambda x: x[0].update(vp=5), "4/9/15/22"),
        (("dominus", "regions"), lambda x: x[1]["land"].append("atlantis"), "unknown neighbour"),
        (("portus", "islands"), lambda x: x[0].update(arrows=["red"]), "3 arrows"),
        (("portus", "ports"), lambda x: x[0].update(spaces=3), "2 spaces"),  # « la deuxième case d'une tuile Port »
        (("portus", "ports"), lambda x: x[0].update(copies_per_good=6), "7 goods"),
    ],
)
def test_corrupt_data_is_refused(path: tuple[str, str], breaker: object, message: str) -> None:
    raw = copy.deepcopy(load_raw())
    breaker(raw[path[0]][path[1]])  # type: ignore[operator]
    with pytest.raises(DataError, match=message):
        _validate(raw)


def test_selection_board_sizes_are_refused_when_wrong() -> None:
    raw = copy.deepcopy(load_raw())
    raw["tracks"]["selection"][1]["spaces"] = 9
    with pytest.raises(DataError, match="10 for 4"):
        _validate(raw)


def test_rules_help_topics_are_in_every_language_and_short() -> None:
    from engines.magna_roma import ENGINE

    help_ = ENGINE.rules_help()
    for topic in ("overview", "setup", "placement", "monuments", "conquer", "bless", "scoring", "solo", "dominus", "portus"):
        t = help_[topic]
        for lang in ("en", "fr", "de"):
            assert i18n.say(t["title"], lang) and 0 < len(i18n.say(t["text"], lang)) < 1500, (topic, lang)
        assert i18n.say(t["text"], "de") != i18n.say(t["text"], "en")
