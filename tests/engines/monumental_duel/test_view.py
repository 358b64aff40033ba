"""The view carries the keys documented in engines/monumental_duel/README.md, for every viewer."""

from __future__ import annotations

from engines.core.i18n import say
from engines.monumental_duel import ENGINE as E
from tests.engines.monumental_duel.helpers import new

TOP = {"log", "summary", "scores", "breakdown", "players", "round", "era", "phase", "last_round", "first", "current",
       "to_act", "over", "track", "dev_deck_size", "dev_discard", "basics", "free_cities", "fc_deck_size", "advantage"}
PLAYER = {"civ", "civ_name", "rule", "city", "deck_size", "discard_size", "archive", "in_hand",
          "provinces", "policies", "active_policy", "policy_token", "culture_deck_size", "warlord", "ambassador", "wonder",
          "reserve", "free_cities", "markers_left", "res", "gained", "passed", "first", "advantage", "counts"}


def test_view_keys_for_every_viewer() -> None:
    s = new("aztecs", "japanese")
    for viewer in (None, 0, 1):
        v = E.view(s, viewer)
        assert set(v) >= TOP
        assert say(v["summary"], "en").startswith("Round 1") and say(v["summary"], "de").startswith("Runde 1")
        for p in v["players"]:
            assert set(p) >= PLAYER
            assert len(p["city"]) == 9 and {"slot", "card", "knowledge", "active", "token", "knowledge_token"} <= set(p["city"][0])
        assert ("you" in v) == (viewer is not None)
        if viewer is not None:
            assert {"seat", "discard", "deck_contents", "culture_deck", "actions"} <= set(v["you"])
            assert len(v["you"]["culture_deck"]) == 5
    assert E.view(s, 0)["players"][0]["markers_left"] == {"mountain": 2, "coastal": 2, "agricultural": 2}


def test_spectator_sees_no_private_lists() -> None:
    s = new()
    v = E.view(s, None)
    assert "you" not in v
    for p in v["players"]:
        assert "deck" not in p and "discard" not in p and "culture_deck" not in p
