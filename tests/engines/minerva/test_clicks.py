"""Decisions a player makes per turn (issue 14): nothing is asked that is not the player's to
decide, and a sale is one set pick. Prompts are counted as the bot shows them: after every step
the forced options (a single option) and pure gains are taken (`Engine.settle`)."""

from __future__ import annotations

from typing import Any

from engines.minerva import ENGINE
from tests.engines.minerva.util import city, fresh, give

Move = str | tuple[str, ...]


def turn(state: dict[str, Any], seat: int, moves: list[Move]) -> tuple[dict[str, Any], int, list[str]]:
    """Play `moves` as the bot does; a tuple is one set pick (its ids, then the prompt's `done`).
    Each move must be a real question (more than one option, not a pure gain taken for the player).
    Returns the state, the number of decisions and the option ids taken for the player."""
    seats = range(state["num_players"])
    state, auto = ENGINE.settle(state, seats)
    taken = [o for _, o, _ in auto]
    for m in moves:
        pr = ENGINE.prompt(state, seat)
        assert pr is not None and ENGINE.forced(state, seat, gains=True) is None, pr
        if isinstance(m, tuple):
            assert pr.done, pr
            for option in (*m, pr.done):
                state = ENGINE.apply(state, seat, option)
        else:
            state = ENGINE.apply(state, seat, m)
        state, auto = ENGINE.settle(state, seats)
        taken += [o for _, o, _ in auto]
    return state, len(moves), taken


def test_the_only_culture_tile_is_taken_without_a_question() -> None:
    """« il reçoit cette tuile »: reaching a culture tile takes it; the lone direction from the new
    residence is not asked either. Residence, cell, the Forum's resource: 3 decisions."""
    s = fresh(2)
    s["culture"]["theatre"] = ["theatre-4", "theatre-5"]
    city(s, 0, {"n13": "theatre"})
    s, n, taken = turn(s, 0, ["res", "o13", "grain"])
    assert n == 3 and taken == ["left", "claim.theatre"]
    assert s["players"][0]["culture"] == ["theatre-4"] and s["current"] == 1


def test_two_culture_tiles_are_taken_one_after_the_other_without_a_question() -> None:
    """Several tiles reached in one turn are all received: no order to choose."""
    s = fresh(2)
    s["culture"]["theatre"] = ["theatre-4"]
    s["culture"]["art"] = ["art-2", "art-3"]
    city(s, 0, {"n13": "statue", "o13": "theatre"})
    s, n, taken = turn(s, 0, ["res", "p13", "grain"])
    assert n == 3 and taken[-2:] == ["claim.theatre", "claim.art"]
    assert s["players"][0]["culture"] == ["theatre-4", "art-2"]


def test_a_fixed_payment_is_not_confirmed() -> None:
    """« il peut payer 3 denarii par jeton de ressource qu'il ne peut pas donner »: with the
    denarii at hand the payment has no alternative. Build, building, cell: 3 decisions."""
    s = fresh(2)
    give(s, 0, money=5, grain=0, wood=0)
    s["market"], s["temples"] = ["farm.60", "market.60"], []
    s, n, taken = turn(s, 0, ["build", "farm", "m12"])
    assert n == 3 and "coins" in taken
    assert s["players"][0]["money"] == 2 and s["players"][0]["city"]["m12"]["t"] == "farm.60"


def test_selling_to_pay_a_cost_is_one_set_pick() -> None:
    """« Pour chaque jeton de ressource que le joueur remet dans la réserve, il gagne 1 denarius »:
    the resources to sell are picked at once. Build, building, the sale, cell: 4 decisions."""
    s = fresh(2)
    give(s, 0, money=7, grain=3, stone=0, wood=0, ore=0)
    s["market"], s["temples"] = ["villa.60", "farm.60"], []
    s, n, _ = turn(s, 0, ["build", "villa"])
    pr = ENGINE.prompt(s, 0)
    assert pr.done == "done" and pr.ids() == ["grain1", "grain2", "grain3", "done"]
    s, m, taken = turn(s, 0, [("grain1", "grain2"), "m12"])
    p = s["players"][0]
    assert n + m == 4 and "coins" in taken
    assert p["money"] == 0 and p["res"]["grain"] == 1 and p["city"]["m12"]["t"] == "villa.60"


def test_paying_the_fee_with_a_sale_takes_two_decisions() -> None:
    """« soit payer 1 denarius … soit aussi passer », with no denarius: `fee`, then the sale."""
    s = fresh(2)
    s["current"], s["players"][1]["passed"] = 0, True
    give(s, 0, money=0, grain=2)
    s, n, _ = turn(s, 0, ["fee", ("grain1",)])
    assert n == 2 and s["turn"]["fee"] and s["players"][0]["money"] == 0
    assert "pass" not in ENGINE.prompt(s, 0).ids()


def test_buying_an_assistant_ends_the_phase_turn_without_done() -> None:
    """One assistant per round: buying closes the seat's part of the phase (no `done` to click)."""
    s = fresh(2)
    s["phase"], s["queue"] = "assist", [0, 1]
    give(s, 0, money=20)
    give(s, 1, money=0, grain=0)
    s, n, _ = turn(s, 0, ["buy.coin"])
    assert n == 1 and s["players"][0]["assistants"] == 1
    assert s["round"] == 2 and s["phase"] == "main"  # seat 1 cannot pay: the phase is over


def test_buying_an_assistant_with_a_sale_is_two_decisions() -> None:
    """Short of denarii: `buy.coin`, then the set of resources to sell; the sale's `done` buys."""
    s = fresh(2)
    s["phase"], s["queue"] = "assist", [0]
    give(s, 0, money=3, grain=2, wood=1)
    s, n, _ = turn(s, 0, ["buy.coin", ("grain1", "grain2")])
    p = s["players"][0]
    assert n == 2 and p["assistants"] == 1 and p["money"] == 0 and p["res"]["grain"] == 0


def test_an_on_build_effect_that_only_gives_is_a_pure_gain() -> None:
    """« Le joueur peut choisir de ne pas appliquer l'effet »: applying a gain cannot hurt, so the
    bot takes it (unless asked to ask); the choice of the stack is still the player's."""
    s = fresh(2)
    give(s, 0, stone=2, ore=1)
    s["market"], s["temples"] = ["triumphal-arch.60", "farm.60"], []
    s, n, taken = turn(s, 0, ["build", "triumphal-arch", "m12"])
    assert n == 3 and taken == ["use"]
    assert ENGINE.prompt(s, 0).ids() == ["theatre", "art", "learning"]


def test_an_arrow_built_is_declined_inside_its_own_question() -> None:
    """The Trading post's arrow asks how often to pay; stopping at once declines it: no use/skip."""
    s = fresh(2)
    give(s, 0, money=7, wood=1)
    s["market"], s["temples"] = ["trading-post.60", "farm.60"], []
    s, n, _ = turn(s, 0, ["build", "trading-post", "m12", "stop"])
    assert n == 4 and s["current"] == 1


def test_building_choices_show_cost_and_effect() -> None:
    s = fresh(2)
    give(s, 0, wood=1, stone=1)
    s["market"], s["temples"] = ["farm.60", "theatre.60"], []
    s = ENGINE.play(s, 0, "build")
    farm = ENGINE.prompt(s, 0).get("farm")
    assert farm.text().endswith("(production)") and "wood" not in farm.text()
    assert farm.about().startswith("Cost 1 wood · ") and "2 grain" in farm.about()
    assert farm.about("fr").startswith("Coût 1 bois · ") and "2 céréales" in farm.about("fr")


def test_directions_preview_what_they_activate() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "farm", "o14": "theatre"})
    s = ENGINE.play(s, 0, "res o13")
    pr = ENGINE.prompt(s, 0)
    assert set(pr.ids()) == {"left", "down"}
    assert "2 grain" in pr.get("left").about() and "2 céréales" in pr.get("left").about("fr")
    assert "theatre" in pr.get("down").about()
