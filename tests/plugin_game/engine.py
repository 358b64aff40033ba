"""Tic-tac-toe behind the engine contract: nine cells a1..c3, three in a row wins, a full board
is a draw (a shared place). Its texts are messages with the plugin's own catalogs
(tests/plugin_game/locale), as a game kept outside engines/ ships them."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, Option, Prompt, i18n
from engines.core.names import ref
from engines.core.ranks import ranked
from engines.core.state import State

M, MN = i18n.messages(__package__ or "tests.plugin_game")
CELLS = [f"{c}{r}" for r in "123" for c in "abc"]
LINES = [CELLS[i : i + 3] for i in (0, 3, 6)] + [CELLS[i::3] for i in range(3)] + [[CELLS[0], CELLS[4], CELLS[8]], [CELLS[2], CELLS[4], CELLS[6]]]


class TicTacToe(Engine):
    name = "tictactoe"
    title = "Tic-tac-toe"
    min_players = max_players = 2
    typical_turns = {2: 4}

    def setup(self, state: State) -> None:
        state["board"], state["current"], state["winner"] = dict.fromkeys(CELLS, None), 0, None

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        options = [Option(c, M("opt.mark", "mark {cell}", cell=c)) for c in CELLS if state["board"][c] is None]
        return Prompt(seat, M("prompt.where", "Where do you play?"), options)

    def step(self, state: State, seat: int, option_id: str) -> None:
        state["board"][option_id] = seat
        self.log(state, M("log.mark", "{who} marks {cell}.", who=ref(seat), cell=option_id), seat=seat)
        if any(all(state["board"][c] == seat for c in line) for line in LINES):
            state["winner"], state["over"] = seat, True
        state["over"] = state["over"] or all(v is not None for v in state["board"].values())
        state["current"] = 1 - seat
        self.end_turn(state)

    def result(self, state: State) -> dict[str, Any]:
        scores = [int(state["winner"] == s) for s in range(2)]
        return ranked(scores, [{"won": x} for x in scores], labels={"won": M("label.won", "Three in a row")})

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"board": dict(state["board"]), "scores": [int(state["winner"] == s) for s in range(2)], "log": self.recent_log(state)}


ENGINE = TicTacToe()
