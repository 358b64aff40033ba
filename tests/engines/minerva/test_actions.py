"""Set-up by player count, the phases of a round, the four actions, passing and fees."""

from __future__ import annotations

import re

import pytest

from engines.core import IllegalMove
from engines.core.i18n import log_text, say
from engines.minerva import ENGINE, rules
from engines.minerva.data import catalog
from tests.engines.minerva.util import city, fresh, give, ids, play

LANGS = ("en", "fr", "de")


@pytest.mark.parametrize(("n", "normal", "starting", "culture", "orders"), [(4, 66, 8, 8, [1, 2, 3, 4]), (3, 54, 6, 6, [1, 2, 3]), (2, 42, 4, 5, [1, 2]), (1, 42, 4, 5, [])])
def test_setup_by_player_count(n: int, normal: int, starting: int, culture: int, orders: list[int]) -> None:
    s = fresh(n)
    cat = catalog(s)
    tiles = s["market"] + s["stack"] + [t for pr in s["pairs"] for t in pr["tiles"]]
    rounds = [t for t in tiles if t.startswith("round.")]
    buildings = [t for t in tiles if not t.startswith("round.")]
    assert len(rounds) == 5  # the round-1 tile was set aside
    assert sum(1 for t in buildings if cat.design(t)["group"] == "normal") == normal
    assert sum(1 for t in buildings if cat.design(t)["group"] == "starting") == starting
    assert all(len(v) == culture for v in s["culture"].values())
    for c, stack in s["culture"].items():
        vps = [cat.culture[t]["vp"] for t in stack]
        assert vps == sorted(vps), c
    assert s["free_order"] == orders
    assert [p["money"] for p in s["players"]] == [3, 4, 5, 6][:n]
    assert all(p["res"]["grain"] == 1 and p["residences"] == 9 and p["city"]["m13"]["t"].startswith("forum.") for p in s["players"])
    assert len(s["temples"]) == 5 and len(s["temple_deck"]) == 15


def test_first_round_reveals_until_round_tile_and_piles_are_equal() -> None:
    s = fresh(4, seed=3)
    normal_in_market = [t for t in s["market"] if catalog(s).design(t)["group"] == "normal"]
    # the stack still holds rounds 2-6 with exactly 11 buildings per pile
    pile_bounds = [i for i, t in enumerate(s["stack"]) if t.startswith("round.")]
    assert [s["stack"][i] for i in pile_bounds] == [f"round.{r}" for r in range(2, 7)]
    assert len(normal_in_market) + pile_bounds[0] <= 22


def test_building_a_temple_refills_the_row() -> None:
    s = fresh(2)
    give(s, 0, money=30)
    t = s["temples"][0]
    deck_top = s["temple_deck"][0]
    design = catalog(s).design(t)["id"]
    s = play(s, 0, f"build {design}")
    if ids(s, 0) == ["coins"]:
        s = play(s, 0, "coins")
    s = play(s, 0, "m12")
    assert t not in s["temples"] and deck_top in s["temples"] and len(s["temples"]) == 5
    assert s["players"][0]["city"]["m12"]["t"] == t


def test_passing_takes_smallest_order_tile_and_later_turns_cost_a_fee() -> None:
    s = fresh(3)
    s = play(s, 0, "pass")
    assert s["players"][0]["order"] == 1 and s["current"] == 1
    assert ids(s, 1)[:2] == ["fee", "pass"]
    s = play(s, 1, "fee res m12 down grain")
    assert s["players"][1]["money"] == 3
    s = play(s, 2, "pass")
    assert s["players"][2]["order"] == 2
    # seat 0's skipped turn pays 1 denarius on the way back to seat 1
    assert s["players"][0]["money"] == 4 and s["current"] == 1
    s = play(s, 1, "fee res m14 up grain")
    assert s["players"][0]["money"] == 5 and s["players"][2]["money"] == 6


def test_without_money_after_a_pass_you_sell_to_pay_the_fee_or_pass() -> None:
    """« les joueurs peuvent toujours vendre leurs ressources »: with no denarius, `fee` opens the
    sale (a set pick) and its `done` pays the fee."""
    s = fresh(2)
    s = play(s, 0, "pass")
    give(s, 1, money=0, grain=1)
    assert ids(s, 1) == ["fee", "pass"]
    s = play(s, 1, "fee")
    pr = ENGINE.prompt(s, 1)
    assert pr.ids() == ["grain1", "done"] and pr.done == "done"
    s = play(s, 1, "grain1 done")
    p = s["players"][1]
    assert p["money"] == 0 and p["res"]["grain"] == 0 and s["turn"]["fee"] and "pass" not in ids(s, 1)


def test_pay_1_denarius_or_pass_one_or_the_other() -> None:
    """« il doit soit payer 1 denarius à la banque soit aussi passer »: once the fee is paid, the
    action menu no longer offers `pass`, and typing it is refused with the reason."""
    s = fresh(3)
    s = play(s, 0, "pass")
    s = play(s, 1, "fee")
    assert s["players"][1]["money"] == 3 and "pass" not in ids(s, 1)
    assert set(ids(s, 1)) <= {"build", "res", "assist"} and "res" in ids(s, 1)
    before = s
    with pytest.raises(IllegalMove) as e:
        play(s, 1, "pass")
    assert "passer était l'autre choix" in e.value.text("fr") and s == before
    s = play(s, 1, "res m12 down grain")
    assert s["current"] == 2 and ids(s, 2)[:2] == ["fee", "pass"]


def test_fee_only_offered_when_an_action_remains() -> None:
    """« soit payer 1 denarius … soit aussi passer »: paying is only a choice when a turn can
    follow; with no residence, no assistant and no building to pay, only `pass` is offered."""
    s = fresh(2)
    s = play(s, 0, "pass")
    p = s["players"][1]
    p["residences"], p["money"], p["res"] = 0, 1, {"grain": 0, "wood": 0, "stone": 0, "ore": 0}
    s["market"], s["temples"] = [], []
    assert ids(s, 1) == ["pass"]
    assert "aucune action" in say(ENGINE.explain(s, 1, "fee"), "fr")


def test_round_ends_with_assistants_glory_then_preparation() -> None:
    s = fresh(2)
    give(s, 1, money=10, glory=2)
    give(s, 0, money=5)
    s = play(s, 0, "pass")
    s = play(s, 1, "pass")
    assert s["phase"] == "assist" and s["queue"] == [1, 0]  # largest order tile first
    s = play(s, 1, "buy.coin")
    s = play(s, 0, "skip")
    assert s["round"] == 2 and s["phase"] == "main" and s["current"] == 0  # order tile 1 starts
    assert s["players"][1]["glories"] == ["glory-1-1"]
    assert all(p["glory"] == 0 and p["order"] is None for p in s["players"])
    assert s["players"][1]["hand"] == 1


def test_round_six_flips_order_tiles_and_skips_assistants() -> None:
    s = fresh(3)
    s["round"] = 5
    for _ in range(3):
        s = play(s, s["current"], "pass")
    while s["phase"] == "assist":
        s = play(s, s["queue"][0], "skip")
    assert s["round"] == 6 and s["flipped"]
    order = []
    for _ in range(3):
        seat = s["current"]
        order.append(seat)
        s = ENGINE.apply(s, seat, "pass")
    assert s["over"]
    res = ENGINE.result(s)
    got = {seat: res["breakdown"][seat]["order"] for seat in range(3)}
    assert got[order[0]] == catalog(s).order[1]["vp"]
    assert got[order[1]] == catalog(s).order[2]["vp"]
    assert got[order[2]] == 0  # the largest tile stays on its number side


def test_resource_cap_discards_for_a_denarius() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "farm", "o13": "farm"})
    give(s, 0, money=0, grain=4)
    s = play(s, 0, "res p13 left grain")
    p = s["players"][0]
    assert p["res"]["grain"] == 6 and p["money"] == 3


def test_placement_pages_when_more_than_25_cells() -> None:
    s = fresh(2)
    cells = {f"{col}13": "farm" for col in "bcdefghijkl"}
    cells.update({f"{col}13": "farm" for col in "nopqrstuvwx"})
    city(s, 0, cells)
    s = play(s, 0, "res")
    first = ids(s, 0)
    assert len(first) == 25 and first[-1] == "more"
    s2 = play(s, 0, "more")
    assert set(ids(s2, 0)) - {"more"} and not (set(ids(s2, 0)) - {"more"}) & set(first)


def test_a_cell_on_a_later_page_is_accepted_when_typed() -> None:
    """« La tuile doit être placée pour qu'un des côtés soit complètement relié au côté d'une autre
    tuile »: every such cell is legal, so typing one works whichever page of the menu is shown."""
    s = fresh(2)
    cells = {f"{col}13": "farm" for col in "bcdefghijkl"}
    cells.update({f"{col}13": "farm" for col in "nopqrstuvwx"})
    city(s, 0, cells)
    s = play(s, 0, "res")
    first = ids(s, 0)
    later = next(c for c in rules.cells(s, 0, s["work"][-1]) if c not in first)
    s2 = play(s, 0, later)
    assert s2["players"][0]["city"][later]["t"] == "res" and s2["work"][-1]["k"] == "dir"
    # from the second page, a cell of the first page is accepted too
    s3 = play(s, 0, "more")
    assert first[0] not in ids(s3, 0)
    s4 = play(s3, 0, first[0])
    assert s4["players"][0]["city"][first[0]]["t"] == "res"
    # in one typed move, and refused when the cell is not legal
    direction = ids(s2, 0)[0]
    assert play(s, 0, f"{later} {direction}")["players"][0]["city"][later]["t"] == "res"
    with pytest.raises(IllegalMove):
        play(s, 0, "c5")


def test_culture_points_add_up_over_the_whole_line_before_comparing() -> None:
    s = fresh(2)
    s["culture"]["theatre"] = ["theatre-4"]  # needs 2 icons
    city(s, 0, {"n13": "odeon", "o13": "odeon"})
    s = play(s, 0, "res p13 left grain")
    assert ids(s, 0) == ["claim.theatre"]


def test_starting_buildings_are_on_offer_from_the_start() -> None:
    s = fresh(4)
    starting = [t for t in s["market"] if catalog(s).design(t)["group"] == "starting"]
    assert len(starting) == 8


ENGLISH_IN_FRENCH = re.compile(r"\b(learning|theatre|wood|stone|ore|grain|denarii|denarius|glory|tiles?|more|VP|round|cell|"
                               r"left|right|up|down|build|pass|fee|skip|done|sell)\b")
SINGULAR_AFTER_2 = re.compile(r"\b([2-9]|\d\d+) (céréale|pierre|minerai|denier|ressource|point|tuile|jeton|restante)\b")
PLURAL_AFTER_1 = re.compile(r"(?<![\d.])[01] (céréales|pierres|minerais|deniers|ressources|points|tuiles|jetons|restantes)\b")


def french_mistakes(text: str) -> list[str]:
    """English words, « (s) » plurals and number agreement mistakes in a French text."""
    found = [m.group(0) for m in ENGLISH_IN_FRENCH.finditer(text)]
    found += [m.group(0) for m in SINGULAR_AFTER_2.finditer(text)] + [m.group(0) for m in PLURAL_AFTER_1.finditer(text)]
    return found + (["(s)"] if "(s)" in text else [])


def test_french_texts_have_no_english_word_and_plurals_agree() -> None:
    """« 2 céréales », « 1 céréale »: no English word, no raw id and no « (s) » in any French
    prompt, label, description, refusal or log line of random games."""
    import random

    for n in (1, 2, 3, 4):
        rng = random.Random(n + 10)
        s = fresh(n, seed=n + 10)
        while not s["over"]:
            seat = ENGINE.to_act(s)[0]
            pr = ENGINE.prompt(s, seat)
            texts = [pr.ask("fr"), *(o.text("fr") for o in pr.options), *(o.about("fr") for o in pr.options)]
            for o in ("claim.learning", "claim.theatre", "fee", "pass", "build", "res", "assist", "buy.coin"):
                why = ENGINE.explain(s, seat, o)
                texts += [say(why, "fr")] if why else []
            for t in texts:
                assert not french_mistakes(t), (t, french_mistakes(t))
            busy = [o for o in pr.options if o.id not in ("pass", "skip", "x0", "stop")]
            s = ENGINE.apply(s, seat, (rng.choice(busy) if busy and rng.random() < 0.9 else rng.choice(pr.options)).id)
        for e in s["log"]:
            assert not french_mistakes(log_text(e, "fr")), (log_text(e, "fr"), french_mistakes(log_text(e, "fr")))


def test_learning_refusal_is_french() -> None:
    """« La tuile universitaire a 3 icônes, il ne peut donc pas la gagner »: the refusal names
    « points universitaires », never « points learning »."""
    s = fresh(2)
    s["turn"]["acted"] = True
    s["work"] = [{"k": "claim"}]
    top = next(t for t in catalog(s).culture.values() if t["category"] == "learning" and t["need"] >= 2)
    s["culture"]["learning"].insert(0, top["id"])
    e = ENGINE.explain(s, 0, "claim.learning")
    assert e is not None and say(e, "fr") == f"Il vous faut {top['need']} points universitaires ce tour pour cette tuile."
    s["culture"]["learning"][0] = next(t["id"] for t in catalog(s).culture.values() if t["category"] == "learning" and t["need"] == 1)
    assert say(ENGINE.explain(s, 0, "claim.learning"), "fr") == "Il vous faut 1 point universitaire ce tour pour cette tuile."


def test_labels_are_short_and_in_every_language_through_random_games() -> None:
    """Labels and descriptions fit Discord's 100 characters in every language and are never cut mid-word."""
    import random

    for n in (1, 2, 3, 4):
        rng = random.Random(n)
        s = fresh(n, seed=n)
        while not s["over"]:
            seat = ENGINE.to_act(s)[0]
            pr = ENGINE.prompt(s, seat)
            assert all(pr.ask(lang) for lang in LANGS)
            for o in pr.options:
                assert all(0 < len(o.text(lang)) <= 100 and len(o.about(lang)) <= 100 for lang in LANGS), o
                assert len({bool(o.about(lang)) for lang in LANGS}) == 1, o
            busy = [o for o in pr.options if o.id not in ("pass", "skip", "x0", "stop")]
            s = ENGINE.apply(s, seat, (rng.choice(busy) if busy and rng.random() < 0.9 else rng.choice(pr.options)).id)


def test_more_than_25_buildable_designs_are_split_by_kind() -> None:
    s = fresh(4)
    designs = [d["id"] for d in catalog(s).groups["normal"] if d["category"] != "special"]
    s["market"] = [f"{d}.80" for d in designs]
    give(s, 0, money=60, grain=6, wood=6, stone=6, ore=6)
    s = play(s, 0, "build")
    kinds = ids(s, 0)
    assert set(kinds) == {"production", "commerce", "culture", "military", "temple"}
    s = play(s, 0, "culture")
    assert all(catalog(s).designs[i]["category"] == "culture" for i in ids(s, 0))
    s = play(s, 0, "library m12")
    assert s["players"][0]["city"]["m12"]["t"] == "library.80"
