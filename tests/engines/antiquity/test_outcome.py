"""The end of the game: eliminations (phases 8 and 9), the tie rule of phase 10, and the final
ranks with their tie-breaks (`result`, `view["final"]`)."""

from __future__ import annotations

from engines.antiquity import ENGINE as E
from engines.antiquity import flow, hardship, rules
from engines.antiquity.scoring import CRITERIA
from engines.core.i18n import as_json, log_text, say
from tests.engines.antiquity.scen import blank, found, put, start

FULL = [[r, c] for r in range(7) for c in range(7)]  # every cell of a 7×7 card holds a grave


def two_cities() -> dict:
    s = blank(2)
    found(s, 0, "a55")
    found(s, 1, "d55")
    return start(s)


def famine(s: dict, due: dict[int, int]) -> dict:
    for seat, n in due.items():
        s["players"][seat]["graves_due"] = n
    s["phase"] = "famine"
    flow.advance(s)
    return s


def place_all_graves(s: dict, seat: int) -> dict:
    while seat in E.to_act(s):
        s = E.apply(s, seat, E.prompt(s, seat).ids()[0])
    return s


def test_last_player_left_places_every_grave_before_winning() -> None:
    """« Si un joueur est dans l'incapacité de placer une tombe, il a perdu et quitte le jeu » :
    the other player still places its own famine graves before being the last one left."""
    s = two_cities()
    s["players"][0]["cities"][0]["graves"] = list(FULL)
    s = famine(s, {0: 1, 1: 2})
    assert s["players"][0]["out"] and not s["over"] and E.to_act(s) == [1]
    s = place_all_graves(s, 1)
    assert s["over"] and s["winners"] == [1] and s["end"] == "last"
    assert sum(len(c["graves"]) for c in s["players"][1]["cities"]) == 2


def test_last_player_unable_to_place_all_graves_has_lost_too() -> None:
    """« il a perdu et quitte le jeu », even if it is the last one: owing more graves than it has
    room for, it leaves with the others of that phase and nobody wins."""
    s = two_cities()
    s["players"][0]["cities"][0]["graves"] = list(FULL)
    s["players"][1]["cities"][0]["graves"] = FULL[:-1]  # room for one grave, two are due
    s = famine(s, {0: 1, 1: 2})
    assert s["over"] and s["winners"] == [] and s["end"] == "none"
    res = E.result(s)
    assert res["ranks"] == [1, 1] and res["scores"] == [0, 0] and res["decided_by"] == [None, None]
    assert say(res["no_winner"], "en") == "No winner: every player was eliminated."
    assert say(res["no_winner"], "fr") == "Pas de vainqueur : tous les joueurs ont été éliminés."
    assert "every player was eliminated" in log_text(s["log"][-1], "en")
    v = E.view(s, None)
    assert v["final"]["no_winner"] == res["no_winner"] and "every player was eliminated" in say(v["summary"], "en")


def test_pollution_elimination_lets_later_seats_place_theirs() -> None:
    """« Si les marqueurs pollution sont impossibles à placer ... il doit placer des tombes » :
    the first seat in turn order cannot, and leaves; the game goes on so the next seat places
    its own pollution before the victory check."""
    s = two_cities()
    s["order"] = [0, 1]
    p0 = s["players"][0]
    p0["cities"][0]["graves"] = list(FULL)
    s["map"]["pollution"] = sorted(rules.zone(s, 0) - rules.city_hexes(s))
    flow.begin_seq(s, "pollution")
    flow.advance(s)
    assert p0["out"] and s["eliminated"] == [0] and not s["over"] and E.to_act(s) == [1]
    assert s["players"][1]["pollution_due"] == 3
    while not s["over"]:
        s = E.apply(s, 1, E.prompt(s, 1).ids()[0])
    assert s["winners"] == [1] and s["end"] == "last"
    assert len(set(rules.zone(s, 1)) & set(s["map"]["pollution"])) == 3


def test_players_failing_in_the_same_pollution_phase_leave_together() -> None:
    """Both fail in phase 9, one after the other in turn order: they leave together (same
    rank) and, nobody being left, nobody wins."""
    s = two_cities()
    s["order"] = [0, 1]
    for seat in (0, 1):
        s["players"][seat]["cities"][0]["graves"] = list(FULL)
    s["map"]["pollution"] = sorted((rules.zone(s, 0) | rules.zone(s, 1)) - rules.city_hexes(s))
    flow.begin_seq(s, "pollution")
    flow.advance(s)
    assert s["over"] and s["eliminated"] == [0, 1] and s["winners"] == []
    res = E.result(s)
    assert res["ranks"] == [1, 1] and "no_winner" in res


def test_survivors_rank_ahead_and_later_eliminations_ahead_of_earlier() -> None:
    """The rulebook ranks nobody below the winner: survivors share a place ahead of the
    eliminated, who rank by when they left; `decided_by` names that tie-break."""
    s = start(_three())
    s["turn"], s["phase"] = 1, "famine"
    hardship.eliminate(s, 0)
    s["turn"], s["phase"] = 2, "pollution"
    hardship.eliminate(s, 1)
    flow.victory(s)
    assert s["over"] and s["winners"] == [2] and s["end"] == "last"
    res = E.result(s)
    assert res["ranks"] == [3, 2, 1] and res["ranking"] == [2, 1, 0] and res["scores"] == [0, 0, 1]
    later = as_json(CRITERIA[1])
    assert res["decided_by"] == [later, later, None] and say(later, "fr") == "resté plus longtemps en jeu"
    assert E.view(s, 0)["final"]["ranks"] == [3, 2, 1]


def test_players_eliminated_in_the_same_famine_share_their_rank() -> None:
    s = start(_three())
    for seat in (0, 1):
        s["players"][seat]["cities"][0]["graves"] = list(FULL)
    s = famine(s, {0: 1, 1: 3})
    assert s["over"] and s["winners"] == [2]
    assert E.result(s)["ranks"] == [2, 2, 1]


def _saints(s: dict) -> dict:
    for seat in (0, 1):
        p = s["players"][seat]
        put(s, seat, "cathedral", "1a1")
        p["saint"] = "nicolo"
        p["houses"] = list(range(1, 21))
    return s


def test_tie_rule_most_unpolluted_hexes_in_own_zone_wins() -> None:
    """« La plus grande région non polluée résout les égalités » ... « afin d'agrandir la taille
    de votre zone non polluée »: of two saints fulfilled in the same turn, the player with MORE
    unpolluted hexes in its own zone of control wins (README, "Tie rule": the sentence « Celui
    avec le moins d'hexagones non pollués gagne » contradicts the title and the note)."""
    s = _saints(two_cities())
    z0 = sorted(rules.zone(s, 0) - rules.city_hexes(s))
    s["map"]["pollution"] = z0[:5]
    assert rules.unpolluted_in_zone(s, 1) > rules.unpolluted_in_zone(s, 0)
    flow.victory(s)
    assert s["over"] and s["winners"] == [1] and s["end"] == "saint"
    res = E.result(s)
    assert res["scores"] == [1, 1] and res["ranks"] == [2, 1] and res["ranking"] == [1, 0]
    assert res["decided_by"][0] == as_json(CRITERIA[0])
    assert say(res["decided_by"][0], "en") == "more unpolluted hexes in own zone of control"
    assert "no_winner" not in res


def test_tie_rule_exhausted_the_saints_share_the_victory() -> None:
    """Equal unpolluted zones: the rulebook's tie rule is exhausted, so they share the victory."""
    s = _saints(two_cities())
    assert rules.unpolluted_in_zone(s, 0) == rules.unpolluted_in_zone(s, 1)
    flow.victory(s)
    assert s["winners"] == [0, 1]
    res = E.result(s)
    assert res["ranks"] == [1, 1] and res["decided_by"] == [None, None]
    assert "share the victory" in log_text(s["log"][-1], "en") and "se partagent la victoire" in log_text(s["log"][-1], "fr")


def test_introductory_game_limit_has_no_winner() -> None:
    s = two_cities()
    s["options"]["intro"] = "on"
    s["turn"] = 40
    flow.victory(s)
    res = E.result(s)
    assert s["end"] == "limit" and res["ranks"] == [1, 1] and say(res["no_winner"], "fr").startswith("Pas de vainqueur")


def _three() -> dict:
    s = blank(3)
    for seat, h in enumerate(("a55", "c55", "e55")):
        found(s, seat, h)
    return s

