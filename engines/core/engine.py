"""The engine base class: the generic half of the contract, so each game writes only its rules.

A game subclasses `Engine` and implements `setup`, `to_act`, `prompt`, `step`, `result`, `view`
(and optionally `explain`, `secrets`, `validate`). The base class provides `new_game`, `apply`
(legality against the prompt, copy-on-write, automatic checkpoints), `play`, JSON round trips
and the public log. States are JSON dicts with these common keys:

    game, rules_version, num_players, seed, options, rng, checkpoint, turns, over, log
"""

from __future__ import annotations

import importlib.resources
import json
import sys
from collections.abc import Collection
from typing import Any

from engines.core import i18n, packs, prng
from engines.core.contract import IllegalMove, Option, OptionSpec, Prompt, Reason, quote
from engines.core.data import Checks
from engines.core.i18n import Message, Text, as_json, listed
from engines.core.notation import MN, M, match_option, not_legal, nothing_to_play, typed_sets
from engines.core.state import State, clone

# What an AI search hands `Engine.sample`: its own seeded generator (`prng.Sampler`). Games draw
# only from the one they are given, so they name its type through this alias.
Sampler = prng.Sampler
COMMON_KEYS = ("game", "rules_version", "num_players", "seed", "options", "rng", "checkpoint", "turns", "over", "log")
VIEW_LOG_LENGTH = 30
DRILL_DEPTH = 4  # how many nested choices one typed id may stand for
MAX_FORCED = 500  # forced options in a row before `settle` calls it a loop


class Engine:
    """Base class of every game engine (see ARCHITECTURE.md, "The engine contract")."""

    name: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 4
    rules_version: int = 1
    option_specs: tuple[OptionSpec, ...] = ()
    # Phases (`view(None)["phase"]`) whose one turn is a whole round's work (Antiquity's city
    # building): measured apart by the bench's decisions per turn.
    long_phases: tuple[str, ...] = ()
    # Stems of the component files under data/ that a pack may override (see core/packs.py);
    # each has a JSON Schema in schema/<stem>.schema.json.
    component_files: tuple[str, ...] = ()
    # Turns each player typically takes in a whole game, by player count (the median of games of
    # normal-level AI players, rounded; `python -m bot bench ai --turns N` measures them; random
    # play overestimates): what a lobby's length estimate multiplies by the time per turn.
    typical_turns: dict[int, int] = {}
    # Decisions a strong AI's playouts run before `evaluate` takes over (normal's: `ai.DEPTH`, 4).
    # strong compares its options on the same samples with the same random draws, so the luck of
    # a longer playout falls alike on each (normal's fresh draw per playout would drown the
    # differences). Measured at a tenth of the budgets against normal, seats rotating: Minerva 51
    # of 64 games at 8, 24 of 48 at 4; Deus 7 and 10 of 12 on the same seeds, Magna Roma 10 and 9
    # of 16 (both set 4); Antiquity and Monumental Duel in README "AI players".
    strong_depth: int = 8
    # Decisions an easy AI judges an option by: the option, then the seat's own one-ply greedy
    # choices while it is still to act (an option that opens another menu, in a menu of at most
    # `ai.EASY_LINE_WIDTH` options). 1: the option alone. A game whose moves take several menu
    # decisions, each worth nothing until the last (Antiquity's build: the menu, what, where),
    # sets more: one ply saw a menu opened as a cost, and easy never built anything there.
    easy_line: int = 1

    # ---- to implement -------------------------------------------------------------------------
    def setup(self, state: State) -> None:
        """Fill a fresh state (common keys already set) with the game's set-up."""
        raise NotImplementedError

    def to_act(self, state: State) -> list[int]:
        raise NotImplementedError

    def prompt(self, state: State, seat: int) -> Prompt | None:
        raise NotImplementedError

    def step(self, state: State, seat: int, option_id: str) -> None:
        """Apply a legal option to `state`, a private copy that may be mutated freely."""
        raise NotImplementedError

    def result(self, state: State) -> dict[str, Any]:
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def explain(self, state: State, seat: int, option_id: str) -> Text | None:
        """Why `option_id` is refused right now (a message), when the game can say more than "not
        a legal option"; `None` for the generic answer."""
        return None

    def secrets(self, state: State, seat: int) -> set[str]:
        """String values only `seat` may know now (card ids in hand...). The conformance
        harness checks that no other seat's view and no spectator view contains them."""
        return set()

    def validate(self, state: State) -> None:
        """Raise ValueError when a loaded state breaks the game's invariants."""

    def catalog_from(self, files: dict[str, Any], checks: Checks) -> Any:
        """The game's component catalogue built from complete component files (`{stem: content}`),
        every count and rule check of the rulebook noted in `checks` (each problem named, all of
        them listed at once). Game code reads components through one accessor,
        `data.catalog(state)`, which asks `packs.catalog_of` for the state's pack or the default."""
        raise NotImplementedError

    # ---- AI players (engines/core/ai.py) -------------------------------------------------------
    def sample(self, state: State, seat: int, rng: Sampler) -> State:
        """A complete state consistent with what `seat` may see (`view(sample, seat) == view(state, seat)`):
        every piece of hidden information (opponents' hands, deck and bag orders, other seats' secret
        choices, the game seed, the PRNG state) redrawn with `rng` among what `seat` cannot tell apart,
        so a search on samples never learns a secret and never knows future draws. It must be a function
        of the seat's view and `rng` only: two states with the same view for `seat` give equal samples
        for equal `rng` states (canonicalise hidden items, e.g. sort them, before shuffling).
        The default, for games without hidden information besides chance: a copy with `seed` and the
        PRNG (`state["rng"]`) redrawn from `rng`."""
        out = self.copy_state(state)
        out["seed"] = rng.getrandbits(64)
        out["rng"] = prng.seed(out["seed"])
        return out

    def evaluate(self, state: State, seat: int) -> float:
        """How well `seat` stands, in [0, 1] (1: certain win). Over: from `result(state)` ranks (1 for
        a first place, shared or not; 0 for last; linear between). Otherwise the default compares the
        public scores (`view(state, None).get("scores")`, if present) with the best other seat's; games
        override it with their own heuristic."""
        n = int(state["num_players"])
        if state["over"]:
            res = self.result(state)
            if res.get("no_winner"):
                return 0.0  # nobody won: no seat counts as a winner, whatever its rank
            return 1.0 if n == 1 else (n - int(res["ranks"][seat])) / (n - 1)
        scores = self.view(state, None).get("scores")
        if not (isinstance(scores, list) and len(scores) == n and all(type(x) in (int, float) for x in scores)):
            return 0.5
        mine = float(scores[seat])
        best = max((float(x) for s, x in enumerate(scores) if s != seat), default=0.0)
        lead = mine - best
        # Strictly inside (0, 1), so a finished win is always worth more than any lead; a lead
        # counts for less when the scores are large.
        return 0.5 + 0.5 * lead / (abs(lead) + 10.0 + (abs(mine) + abs(best)) / 4)

    # ---- component packs ----------------------------------------------------------------------
    def default_components(self) -> dict[str, Any]:
        return {stem: self.load_data(f"{stem}.json") for stem in self.component_files}

    def component_schema(self, stem: str) -> dict[str, Any]:
        text = importlib.resources.files(self.package).joinpath("schema", f"{stem}.schema.json").read_text(encoding="utf-8")
        schema: dict[str, Any] = json.loads(text)
        return schema

    def default_pack(self) -> packs.Pack:
        """The default components as a complete pack: where a group starts its own."""
        return packs.Pack.make(self.name, "default", self.default_components())

    @staticmethod
    def pack_of(state: State) -> dict[str, str] | None:
        """`{"name", "digest"}` of the pack a game plays with, None for the default components."""
        return state.get("pack")

    # ---- provided -----------------------------------------------------------------------------
    def resolve_options(self, num_players: int | None, options: dict[str, Any] | None) -> dict[str, Any]:
        """Options with defaults filled in; unknown keys or choices are refused. Options that only
        apply to some player counts (a solo level) are checked against `num_players` when it is
        known: a lobby passes None (nobody is seated yet) and the count is checked at start."""
        options = dict(options or {})
        resolved: dict[str, Any] = {}
        for spec in self.option_specs:
            key = spec.key
            value = options.pop(key, spec.default)
            if value not in spec.choices:
                choices = ", ".join(spec.choices)
                raise IllegalMove(M("refuse.option_value", "{key} must be one of {choices}, not {value}.", key=key, choices=choices,
                                    value=quote(str(value))))
            allowed = spec.players
            if num_players is not None and allowed is not None and num_players not in allowed and value != spec.default:
                chosen = f"{key}={value}"
                raise IllegalMove(M("refuse.option_players", "{option} is for {counts}, and {seated}.", option=chosen,
                                    counts=MN("option.players", "{n} player", "{n} players", max(allowed), n=listed(*map(str, allowed), style="or")),
                                    seated=MN("option.seated", "{n} is seated", "{n} are seated", num_players)))
            resolved[key] = value
        if options:
            unknown = ", ".join(quote(k) for k in sorted(options)[:5]) + (" …" if len(options) > 5 else "")
            known = ", ".join(spec.key for spec in self.option_specs)
            raise IllegalMove(M("refuse.unknown_option", "{game} has no option {unknown} ({known}).", game=self.title_text(), unknown=unknown,
                                known=M("option.known", "its options: {keys}", keys=known) if known else M("option.none", "it has no options")))
        return resolved

    def new_game(
        self, num_players: int, seed: int, options: dict[str, Any] | None = None, pack: packs.Pack | None = None
    ) -> State:
        """A fresh game; with `pack` (checked and registered here, PackError if unusable) it
        plays with that pack's components, recorded in `state["pack"]`."""
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(f"{self.title} is for {self.min_players} to {self.max_players} players")
        state: State = {
            "game": self.name,
            "rules_version": self.rules_version,
            "num_players": num_players,
            "seed": seed,
            "options": self.resolve_options(num_players, options),
            "rng": prng.seed(seed),
            "checkpoint": 0,
            "turns": 0,
            "over": False,
            "log": [],
        }
        if pack is not None:
            packs.register(self, pack)
            state["pack"] = {"name": pack.name, "digest": pack.digest}
        self.setup(state)
        return state

    def apply(self, state: State, seat: int, option_id: str) -> State:
        if state["over"]:
            raise IllegalMove(M("refuse.over", "The game is over."), Reason.GAME_OVER)
        before = self.to_act(state)
        if not 0 <= seat < state["num_players"]:
            raise IllegalMove(M("refuse.no_seat", "There is no seat {seat}.", seat=str(seat)), Reason.BAD_SEAT)
        if seat not in before:
            raise IllegalMove(M("refuse.not_your_turn", "It is not your turn."), Reason.NOT_YOUR_TURN)
        prompt = self.prompt(state, seat)
        if prompt is None or prompt.get(option_id) is None:
            why = self.explain(state, seat, option_id)
            if why:
                raise IllegalMove(why, Reason.ILLEGAL)
            raise not_legal(option_id, ", ".join(prompt.ids()[:12]) if prompt else "")
        new = self.copy_state(state)
        draws = new["rng"]["draws"]
        self.step(new, seat, option_id)
        if new["rng"]["draws"] != draws or (not new["over"] and self.to_act(new) != before):
            new["checkpoint"] = max(new["checkpoint"], state["checkpoint"] + 1)
        return new

    def resolve(self, state: State, seat: int, word: str) -> Option:
        """The option a typed token means in `seat`'s current prompt: exact id, else unique
        prefix; a refused token gets the game's specific reason (`explain`) when it has one."""
        prompt = self.prompt(state, seat) if not state["over"] else None
        if prompt is None:
            self.apply(state, seat, word)  # raises the precise reason: game over, not your turn
            raise AssertionError("apply() accepted a move from a seat without a prompt")
        try:
            return match_option(word, prompt.options)
        except IllegalMove as e:
            why = self.explain(state, seat, word) if e.reason is Reason.ILLEGAL else None
            if why:
                raise IllegalMove(why, Reason.ILLEGAL) from e
            raise

    def expand(self, state: State, seat: int, word: str) -> list[str]:
        """The option ids one typed word stands for. Usually one; a full id typed where the
        prompt offers its first parts (tile `b`, then row `b3`, then hex `b35`) stands for the
        whole path, so players can type `woodcutter b35` instead of `woodcutter b b3 b35`."""
        try:
            return [self.resolve(state, seat, word).id]
        except IllegalMove as e:
            if e.reason is not Reason.ILLEGAL:
                raise
            path = self._drill(state, seat, word, DRILL_DEPTH)
            if path is None:
                raise
            return path

    def _drill(self, state: State, seat: int, word: str, depth: int) -> list[str] | None:
        prompt = self.prompt(state, seat) if not state["over"] else None
        if prompt is None or depth == 0:
            return None
        if prompt.get(word) is not None:
            return [word]
        for option in sorted(prompt.options, key=lambda o: -len(o.id)):
            if word.startswith(option.id) and len(word) > len(option.id):
                rest = self._drill(self.apply(state, seat, option.id), seat, word, depth - 1)
                if rest is not None:
                    return [option.id, *rest]
        return None

    @staticmethod
    def copy_state(state: State) -> State:
        """A private copy for `step` (a hook: an engine may share more of what it never edits). Log entries are append-only and never edited once logged,
        so the new state shares them and only the list is new: copying a long log at every step
        was most of the cost of a move late in a game."""
        log = state["log"]
        body = clone({k: v for k, v in state.items() if k != "log"})
        body["log"] = list(log)
        return body

    def forced(self, state: State, seat: int, gains: bool = False) -> str | None:
        """The option `seat` must take now because it has no real choice: its prompt offers exactly
        one option and does not ask to be shown alone (`Prompt.ask_alone`); with `gains`, also an
        option that can only help (`Prompt.gain`)."""
        if state["over"] or seat not in self.to_act(state):
            return None
        prompt = self.prompt(state, seat)
        if prompt is None:
            return None
        if len(prompt.options) == 1 and not prompt.ask_alone:
            return prompt.options[0].id
        return prompt.gain if gains and prompt.gain else None

    def settle(self, state: State, gains_for: Collection[int] = ()) -> tuple[State, list[tuple[int, str, int]]]:
        """Take every forced option (see `forced`; pure gains too for the seats in `gains_for`), for
        any seat, until each seat to act has a real choice or the game is over. Returns the new
        state and the steps taken as (seat, option, checkpoint after it); they are recorded like
        any other step, so a replay is unchanged."""
        taken: list[tuple[int, str, int]] = []
        for _ in range(MAX_FORCED):
            seat = next((s for s in self.to_act(state) if self.forced(state, s, s in gains_for) is not None), None) if not state["over"] else None
            if seat is None:
                return state, taken
            option = self.forced(state, seat, seat in gains_for)
            assert option is not None
            state = self.apply(state, seat, option)
            taken.append((seat, option, self.checkpoint(state)))
        raise AssertionError(f"{self.name}: more than {MAX_FORCED} forced options in a row")

    def play(self, state: State, seat: int, text: str) -> State:
        """Apply space-separated option ids (or unique prefixes) in order: all or nothing. A set
        typed as one word (`k1+k2`) is closed after its members (`Prompt.done`)."""
        words = typed_sets(text)
        if not words:
            raise nothing_to_play()
        closed = ""  # the closing id a typed set just used: typed again right after it (`k1+k2 done`), it is not asked twice
        for members, is_set in words:
            if members == [closed]:
                closed = ""
                continue
            opening = self.prompt(state, seat) if not state["over"] else None
            for word in members:
                for option_id in self.expand(state, seat, word):
                    state = self.apply(state, seat, option_id)
            closing = opening.done if is_set and opening is not None else ""
            after = self.prompt(state, seat) if closing and not state["over"] else None
            closed = closing if is_set else ""
            if after is not None and after.done == closing:
                state = self.apply(state, seat, closing)
        return state

    def checkpoint(self, state: State) -> int:
        return int(state["checkpoint"])

    def turns(self, state: State) -> int:
        """How many turns have been completed; the bot posts the public board when it grows."""
        return int(state["turns"])

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def to_json(self, state: State) -> dict[str, Any]:
        return clone(state)

    def from_json(self, data: dict[str, Any]) -> State:
        if not isinstance(data, dict):
            raise ValueError("a game state must be a JSON object")
        missing = [k for k in COMMON_KEYS if k not in data]
        if missing:
            raise ValueError(f"state is missing {missing}")
        if data["game"] != self.name:
            raise ValueError(f"state is for {data['game']!r}, not {self.name!r}")
        if data["rules_version"] != self.rules_version:
            raise ValueError(f"state has rules version {data['rules_version']}, engine {self.rules_version}")
        if not self.min_players <= data["num_players"] <= self.max_players:
            raise ValueError("state has an impossible player count")
        mark = data.get("pack")
        if mark is not None and not (
            isinstance(mark, dict) and isinstance(mark.get("name"), str) and isinstance(mark.get("digest"), str)
        ):
            raise ValueError("state has a malformed pack mark")
        state = clone(data)
        self.validate(state)
        return state

    # ---- helpers for subclasses ----------------------------------------------------------------
    @staticmethod
    def log(state: State, text: Text, seat: int | None = None) -> None:
        """Record a public event (shown in views, `/game log` and the turn post): a message, stored
        as its JSON (`{"n", "seat", "m"}`; `i18n.log_text` reads it in any language). Entries are
        never edited afterwards: states share them (see `copy_state`)."""
        state["log"].append({"n": len(state["log"]), "seat": seat, "m": as_json(text)})

    @staticmethod
    def end_turn(state: State) -> None:
        """Mark a completed turn: irreversible for undo, and the moment of the public post."""
        state["turns"] += 1
        state["checkpoint"] += 1

    @staticmethod
    def recent_log(state: State, count: int = VIEW_LOG_LENGTH) -> list[dict[str, Any]]:
        return [dict(e) for e in state["log"][-count:]]

    def load_data(self, filename: str) -> Any:
        """A JSON data file of this engine's package (engines/<game>/data/<filename>)."""
        text = importlib.resources.files(self.package).joinpath("data", filename).read_text(encoding="utf-8")
        return json.loads(text)

    @property
    def package(self) -> str:
        """The engine's package, whose catalogs hold its messages (`engines.<name>`, or a plugin's)."""
        return sys.modules[type(self).__module__].__package__ or type(self).__module__

    def title_in(self, lang: str) -> str:
        """The game's name in `lang` (its catalog's `title`: a published edition's name)."""
        return i18n.say(self.title_text(), lang)

    def title_text(self) -> Message:
        return Message(self.package, "title", self.title)

    def rules_help(self) -> dict[str, dict[str, Any]]:
        """`{topic: {"title": Message, "text": Message}}` for `/rules`: the English of
        data/rules_help.json (`{topic: {"title", "text"}}`), the other languages in the catalogs
        (keys `rules.<topic>.title`, `rules.<topic>.text`)."""
        if not importlib.resources.files(self.package).joinpath("data", "rules_help.json").is_file():
            return {}  # a game without rules help (a plugin may have none)
        topics: dict[str, dict[str, str]] = self.load_data("rules_help.json")
        return {topic: {"title": Message(self.package, f"rules.{topic}.title", t["title"]),
                        "text": Message(self.package, f"rules.{topic}.text", t["text"])} for topic, t in topics.items()}

    def texts(self) -> list[Message]:
        """The messages a game shows that its code does not write out: its title, its rules help
        and (games extend this) its components' names from the data files (`i18n.component_text`).
        `python -m tools.catalogs` adds them to the catalogs; the conformance harness checks that
        every message a game shows is in them."""
        return [self.title_text(), *(m for t in self.rules_help().values() for m in t.values() if isinstance(m, Message))]

