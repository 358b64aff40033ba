"""Every card of the composed set, used once in a prepared situation: its effect, bonus or
Negotiate effect resolves through the grammar interpreter and changes the game."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.i18n import log_text
from engines.monumental_duel import ENGINE as E
from engines.monumental_duel.data import catalog
from tests.engines.monumental_duel.helpers import actions_phase, instance, new, res, set_city, track

CIV_OF = {c["id"]: civ_id for civ_id, civ in catalog(None)["civs"].items()
          for c in [*civ["cards"], *civ["policies"], civ["warlord"], civ["ambassador"]]}
CARDS = [d for d in catalog(None)["cards"].values() if d.get("effect") or d.get("bonus") or d.get("negotiate")]


def _rich(s: dict[str, Any], seat: int) -> None:
    res(s, seat, prod=12, sci=12, mil=12, gold=12, cult=12)
    s["players"][seat]["gained"] = {"prod": 5, "sci": 5, "mil": 5, "gold": 5, "cult": 5}


def _resolve(s: dict[str, Any], seat: int) -> dict[str, Any]:
    """Answer every pending question with its first option (not 'skip' when there is a choice)."""
    for _ in range(40):
        if not s["ask"]:
            return s
        opts = [o for o in E.prompt(s, seat).ids() if o != "skip"] or ["skip"]
        s = E.apply(s, seat, opts[0])
    raise AssertionError("questions never end")


def _scene(d: dict[str, Any]) -> dict[str, Any]:
    civ = CIV_OF.get(d["id"], "aztecs")
    s = new(civ, "mali")
    p = s["players"][0]
    s["players"][1]["provinces"] = [instance(s, "p.sahara")]
    p["provinces"] = [instance(s, "p.aegean")]
    track(s, "k.bronze", "w.pyramid", "p.delta", "b.market", "k.engineering", "w.gardens")
    return s


@pytest.mark.parametrize("d", CARDS, ids=[d["id"] for d in CARDS])
def test_every_card_effect_resolves(d: dict[str, Any]) -> None:
    s = _scene(d)
    p = s["players"][0]
    kind, e = d["kind"], d.get("effect")
    log_before = len(s["log"])
    if kind == "free_city":
        s["removed"].append(s["fc_track"][0]["card"])
        s["fc_track"][0]["card"] = instance(s, d["id"])
        actions_phase(s)
        _rich(s, 0)
        s = _resolve(E.apply(E.apply(s, 0, "negotiate"), 0, "f1"), 0)
    elif kind == "province":
        track(s, d["id"])
        actions_phase(s)
        _rich(s, 0)
        s = _resolve(E.apply(E.apply(s, 0, "buy"), 0, "t1"), 0)
        assert s["cards"][s["players"][0]["provinces"][-1]] == d["id"]
    elif kind == "wonder":
        actions_phase(s)
        p["wonder"] = instance(s, d["id"])
        _rich(s, 0)
        s = _resolve(E.apply(s, 0, "wonder"), 0)
        assert s["players"][0]["wonder"] is None
    elif e["when"] in ("each_time", "first_time"):
        _triggered(d)
        return
    elif kind in ("policy",):
        iid = next(x for x in p["culture_deck"] if s["cards"][x] == d["id"])
        p["culture_deck"].remove(iid)
        p["policies"] = [*[x for x in p["culture_deck"][:1]], iid]
        p["culture_deck"] = p["culture_deck"][1:]
        if e["when"] == "during":
            _rich(s, 0)
            s = _resolve(E.play(s, 0, "row1 col-a"), 0)
        else:
            actions_phase(s)
            _rich(s, 0)
            s = _resolve(E.apply(s, 0, "usepolicy" if e["when"] == "action" else "may"), 0)
            if s["ask"] is None and e["when"] == "may":
                pass
    elif kind in ("warlord", "ambassador"):
        actions_phase(s)
        _rich(s, 0)
        s["advantage"] = {"holder": 0, "res": "mil", "n": 1}
        s = _resolve(E.apply(s, 0, "warlord" if kind == "warlord" else "negotiate"), 0)
        if kind == "ambassador":
            s = _resolve(E.apply(s, 0, "f1") if s["ask"] else s, 0)
    else:
        set_city(s, 0, {"a1": d["id"]})
        if e["when"] in ("activate", "during"):
            _rich(s, 0)
            s["advantage"] = {"holder": 0, "res": "mil", "n": 1}
            s = _resolve(E.play(s, 0, "row1 col-a"), 0)
        else:
            actions_phase(s)
            s["players"][0]["city"][0]["active"] = True
            _rich(s, 0)
            s = _resolve(E.apply(s, 0, "card" if e["when"] == "action" else "may"), 0)
            s = _resolve(E.apply(s, 0, "a1") if s["ask"] else s, 0)
    assert len(s["log"]) > log_before + 1, [log_text(x, "en") for x in s["log"][log_before:]]
    assert s["ask"] is None and not s["queue"]


def _triggered(d: dict[str, Any]) -> None:
    """A triggered effect changes the outcome of the action that fires its event."""
    outcomes = []
    for with_card in (False, True):
        s = _scene(d)
        p = s["players"][0]
        if with_card:
            if d["kind"] == "policy":
                iid = next(x for x in p["culture_deck"] if s["cards"][x] == d["id"])
                p["culture_deck"].remove(iid)
                p["policies"].append(iid)
            else:
                set_city(s, 0, {"a1": d["id"]})
                p["city"][0]["active"] = True
        actions_phase(s)
        _rich(s, 0)
        action = {"acquire_province": "buy t3", "negotiate": "negotiate f1"}[d["effect"]["on"]]
        s = _resolve(E.play(s, 0, action), 0)
        outcomes.append(s["players"][0]["res"])
    assert outcomes[0] != outcomes[1]
