"""The result of a game: who won, the final ranks and their tie-breaks.

A score of 1 means the seat met its victory condition (its saint's, or being the last player
left); the rulebook breaks ties between saints by the unpolluted hexes of one's own zone of
control (README, "Tie rule"). Below the winners the rulebook ranks nobody: players still in the
game share their place, ahead of eliminated players, who rank by when they left (those who left
in the same phase share their place)."""

from __future__ import annotations

from typing import Any

from engines.antiquity import rules
from engines.antiquity.msgs import M
from engines.core.i18n import Message, as_json
from engines.core.ranks import ranked

State = dict[str, Any]

CRITERIA = (
    M("tiebreak.unpolluted", "more unpolluted hexes in own zone of control"),
    M("tiebreak.stayed", "staying in the game longer"),
)
PHASE_NUMBER = {"famine": 8, "pollution": 9}
# the one breakdown line, in words players read (the final post and the board's final table)
LABELS = {"victory": M("label.victory", "Victory condition met")}


def no_winner(end: str) -> Message | None:
    """Why nobody won: every player eliminated (`none`), or the introductory game's turn limit."""
    if end == "none":
        return M("result.none", "No winner: every player was eliminated.")
    if end == "limit":
        return M("result.limit", "No winner: no patron saint's condition was met by the end of the introductory game.")
    return None


def out_stamp(state: State) -> int:
    """When a seat leaves: turn and phase (8 famine, 9 pollution), later is larger."""
    return state["turn"] * 10 + PHASE_NUMBER[state["phase"]]


def result(state: State) -> dict[str, Any]:
    """The contract's result: scores (1 for a met victory condition), ranks with the rulebook's
    tie rule, and `no_winner` when nobody won."""
    n = state["num_players"]
    end = state["end"] if state["over"] else ""
    alive = rules.active(state)
    if end == "saint":
        met = [s for s in alive if rules.wins(state, s)]
    elif end == "last":
        met = list(state["winners"])
    else:
        met = []
    stay_max = (state["turn"] + 1) * 10  # later than any phase of the game
    tiebreaks = [
        (rules.unpolluted_in_zone(state, s) if end == "saint" and s in met else 0,
         stay_max if s in alive else state["out_at"][s])
        for s in range(n)
    ]
    scores = [1 if s in met else 0 for s in range(n)]
    res = ranked(scores, [{"victory": x} for x in scores], tiebreaks, CRITERIA, labels=LABELS)
    why = no_winner(end)
    if why is not None:
        res["no_winner"] = as_json(why)
    return res
