"""A tiny complete game that exercises the base engine, the harness and the bot without a real
game: each turn a seat picks a pile (a or b) then takes 1-3 stones from it; each seat has a
secret roll drawn at set-up. Its texts are plain English strings (a literal is a valid text: it
reads the same in every language), so the bot's tests need no catalog."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, Option, OptionSpec, Prompt, prng
from engines.core.names import ref
from engines.core.ranks import ranked
from engines.core.state import State


class Nim(Engine):
    name = "nim"
    title = "Nim"
    min_players = 1
    max_players = 3
    option_specs = (OptionSpec("stones", ("9", "15"), "15", "starting pile"),)

    def setup(self, state: State) -> None:
        state["pile"] = int(state["options"]["stones"])
        state["piles"] = {"a": state["pile"] // 2, "b": state["pile"] - state["pile"] // 2}
        state["picked"] = None
        state["current"] = 0
        state["taken"] = [0] * state["num_players"]
        state["secret"] = [f"roll-{s}-{prng.below(state['rng'], 6)}" for s in range(state["num_players"])]

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        if state["picked"] is None:
            opts = [Option(p, f"pile {p}") for p, n in state["piles"].items() if n > 0]
            return Prompt(seat, "Which pile?", opts)
        left = state["piles"][state["picked"]]
        opts = [Option(f"take{k}", f"take {k}") for k in (1, 2, 3) if k <= left]
        return Prompt(seat, "How many stones?", opts)

    def explain(self, state: State, seat: int, option_id: str) -> str | None:
        if option_id.startswith("take") and option_id[4:].isdigit() and state["picked"]:
            left = state["piles"][state["picked"]]
            return f"Only {left} stones are left in that pile."
        return None

    def step(self, state: State, seat: int, option_id: str) -> None:
        if state["picked"] is None:
            state["picked"] = option_id
            return
        k = int(option_id[4:])
        state["piles"][state["picked"]] -= k
        state["picked"] = None
        state["pile"] -= k
        state["taken"][seat] += k
        self.log(state, f"{ref(seat)} takes {k}.", seat=seat)
        if state["pile"] == 0:
            state["over"] = True
        else:
            state["current"] = (seat + 1) % state["num_players"]
        self.end_turn(state)

    def result(self, state: State) -> dict[str, Any]:
        scores = list(state["taken"])
        return ranked(scores, [{"stones": s} for s in scores], labels={"stones": "Stones"})

    def secrets(self, state: State, seat: int) -> set[str]:
        return {state["secret"][seat]}

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "pile": state["pile"],
            "taken": state["taken"],
            "my_roll": state["secret"][seat] if seat is not None else None,
            "log": self.recent_log(state),
        }


class Together(Nim):
    """A phase both seats play at once, in secret (as Antiquity's city phase): seat 0 has six
    decisions to make ("tick" or "tock", alike); seat 1 may "skip" (0.5) or "open" a menu (0.49)
    where "gold" is worth 0.9 and "lead" 0.1. The game ends when both are done."""

    def setup(self, state: State) -> None:
        super().setup(state)
        state["ticks"], state["stage"] = 6, "start"

    def to_act(self, state: State) -> list[int]:
        return [s for s, left in enumerate((state["ticks"], state["stage"] != "done")) if left]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        if seat == 0:
            return Prompt(seat, "Tick?", [Option("tick", "tick"), Option("tock", "tock")])
        if state["stage"] == "menu":
            return Prompt(seat, "Which?", [Option("gold", "gold"), Option("lead", "lead")])
        return Prompt(seat, "Open?", [Option("skip", "skip"), Option("open", "open")])

    def step(self, state: State, seat: int, option_id: str) -> None:
        if seat == 0:
            state["ticks"] -= 1
        else:
            state["stage"] = "menu" if option_id == "open" else "done"
            state["got"] = option_id
        if not self.to_act(state):
            state["over"] = True

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"ticks": state["ticks"], "stage": state["stage"], "got": state.get("got")}

    def evaluate(self, state: State, seat: int) -> float:
        return {"gold": 0.9, "lead": 0.1, "open": 0.49}.get(state.get("got", ""), 0.5)


NIM = Nim()
