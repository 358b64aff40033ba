"""One conformance harness for every engine (OpenSpiel style): random playouts plus contract checks.

`run(engine, num_players, seed, options)` plays a whole game choosing uniformly among legal
options and checks, along the way, every promise of the engine contract. It returns the final
state and the step list so callers can replay. Failures raise AssertionError with context.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.core import i18n, packs, prng
from engines.core.ai import LEVELS, Budget, choose
from engines.core.contract import MAX_OPTIONS, OPTION_ID, IllegalMove, Prompt
from engines.core.engine import Engine, Sampler
from engines.core.ranks import competition_ranks
from engines.core.state import State, clone, is_json_safe

# Every language a game's texts must read in: the core's catalogs (English, French, German...).
LANGS = i18n.languages("engines.core", i18n.ENGINE_DOMAIN)


def check_texts(*texts: Any) -> None:
    """Every message in `texts` (a `Message`, its JSON, a `Words`, a string) is in the catalog of
    every language, so no player reads a sentence left in English."""
    for text in texts:
        for m in i18n.messages_in(text):
            missing = [lang for lang in LANGS if not i18n.known(m, lang)]
            assert not missing, f"message {m.key!r} ({m.english!r}) of {m.package} is not in the {missing} catalogs"


@dataclass
class Playout:
    engine: Engine
    num_players: int
    seed: int
    options: dict[str, Any]
    steps: list[tuple[int, str]] = field(default_factory=list)
    final: State | None = None
    pack: packs.Pack | None = None

    def new_game(self) -> State:
        return self.engine.new_game(self.num_players, self.seed, self.options, self.pack)


def configs(engine: Engine) -> list[tuple[int, dict[str, Any]]]:
    """Every player count with default options, plus every non-default choice of every option
    at each player count where it applies."""
    out: list[tuple[int, dict[str, Any]]] = []
    for n in range(engine.min_players, engine.max_players + 1):
        out.append((n, {}))
        for spec in engine.option_specs:
            if spec.players is not None and n not in spec.players:
                continue
            for choice in spec.choices:
                if choice != spec.default:
                    out.append((n, {spec.key: choice}))
    return out


def check_prompt(engine: Engine, state: State, seat: int, prompt: Prompt | None) -> Prompt:
    assert prompt is not None, f"seat {seat} is to act but has no prompt"
    assert prompt.seat == seat, f"prompt for seat {prompt.seat} returned for seat {seat}"
    assert prompt.text, "prompt without text"
    assert prompt.options, f"prompt with no options: {prompt.text}"
    assert len(prompt.options) <= MAX_OPTIONS, f"{len(prompt.options)} options (> {MAX_OPTIONS}) in {prompt.text!r}"
    ids = [o.id for o in prompt.options]
    assert len(set(ids)) == len(ids), f"duplicate ids {ids}"
    check_texts(prompt.text)
    for lang in LANGS:
        assert prompt.ask(lang), f"prompt without text in {lang}: {prompt}"
    for o in prompt.options:
        assert OPTION_ID.fullmatch(o.id), f"bad id {o.id!r}"
        check_texts(o.label, o.description)
        assert all(o.text(lang) for lang in LANGS), f"option {o.id} without a label in some language"  # cut to MAX_TEXT by Option.text
    return prompt


def check_views(engine: Engine, state: State) -> None:
    n = state["num_players"]
    rng_text = json.dumps(state["rng"], sort_keys=True)
    for viewer in [None, *range(n)]:
        v = engine.view(state, viewer)
        assert isinstance(v, dict) and "log" in v, "view must be a dict with a 'log'"
        assert is_json_safe(v), f"view for {viewer} is not JSON-safe"
        text = json.dumps(v, sort_keys=True)
        assert rng_text not in text and '"rng"' not in text, "a view exposes the PRNG state"
        strings = _strings(v)
        for other in range(n):
            if other == viewer:
                continue
            leaked = engine.secrets(state, other) & strings
            assert not leaked, f"view of {viewer} leaks secrets of seat {other}: {sorted(leaked)[:5]}"


def _strings(value: Any) -> set[str]:
    out: set[str] = set()
    stack = [value]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


def check_result(engine: Engine, state: State) -> None:
    res = engine.result(state)
    n = state["num_players"]
    assert len(res["scores"]) == n and all(isinstance(s, int) for s in res["scores"]), res
    assert sorted(res["ranking"]) == list(range(n)), f"ranking must list every seat once: {res['ranking']}"
    ranks = res["ranks"]
    assert len(ranks) == n and all(isinstance(r, int) for r in ranks), f"one rank per seat: {ranks}"
    assert ranks == competition_ranks([(-r,) for r in ranks]), f"ranks are not standard competition ranks: {ranks}"
    assert [ranks[s] for s in res["ranking"]] == sorted(ranks), "ranking must list seats by rank"
    for a in range(n):
        for b in range(n):
            if ranks[a] == ranks[b]:
                assert res["scores"][a] == res["scores"][b], f"seats {a} and {b} share a rank with different scores"
            elif ranks[a] < ranks[b]:
                assert res["scores"][a] >= res["scores"][b], f"seat {a} ranks above {b} with a lower score"
    texts = [res["no_winner"]] if "no_winner" in res else []
    decided = res["decided_by"]
    assert len(decided) == n, decided
    texts += [d for d in decided if d is not None]
    texts += [res["labels"].get(key) for parts in res["breakdown"] for key in parts]
    check_texts(*texts)
    for text in texts:
        assert all(i18n.say(text, lang) for lang in LANGS), f"a result text is empty in some language: {text!r}"
    for s in range(n):
        if decided[s] is not None:
            assert any(o != s and res["scores"][o] == res["scores"][s] and ranks[o] != ranks[s] for o in range(n)), (
                f"seat {s} says a tie-break decided its rank but no seat with its score ranks differently"
            )
    assert len(res["breakdown"]) == n, "one breakdown per seat"
    labels = res["labels"]
    for seat, parts in enumerate(res["breakdown"]):
        assert isinstance(parts, dict), "breakdown entries are dicts"
        for key in parts:
            assert labels.get(key), f"breakdown key {key!r} has no label"
        assert sum(parts.values()) == res["scores"][seat], f"breakdown of seat {seat} does not add up"
    assert is_json_safe(res)


def run(
    engine: Engine,
    num_players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    max_steps: int = 50_000,
    deep_every: int = 1,
    pack: packs.Pack | None = None,
) -> Playout:
    """A random playout with the contract checked at every step (deep checks every `deep_every`),
    with the default components or `pack`'s."""
    options = options or {}
    chooser = prng.seed(seed * 7919 + num_players, stream=7)  # the players' choices, apart from the game's
    out = Playout(engine, num_players, seed, options, pack=pack)
    state = out.new_game()
    assert state == out.new_game(), "new_game is not deterministic"
    every = range(num_players)  # pure gains taken for every seat (nobody asked to be asked)
    state, forced = engine.settle(state, every)  # as the bot does: a player never sees a forced option
    out.steps += [(s, o) for s, o, _ in forced]
    last_checkpoint = engine.checkpoint(state)
    for i in range(max_steps):
        deep = i % deep_every == 0
        if engine.is_over(state):
            break
        seats = engine.to_act(state)
        assert seats, "no seat to act but the game is not over"
        assert seats == sorted(set(seats)) and all(0 <= s < num_players for s in seats), seats
        if deep:
            for s in range(num_players):
                if s not in seats:
                    assert engine.prompt(state, s) is None, f"seat {s} is not to act but has a prompt"
            check_views(engine, state)
            dumped = json.dumps(engine.to_json(state), sort_keys=True)
            assert is_json_safe(engine.to_json(state)), "to_json is not JSON-safe"
            assert engine.from_json(json.loads(dumped)) == state, "from_json(to_json(s)) != s"
        seat = prng.choice(chooser, seats)
        prompt = check_prompt(engine, state, seat, engine.prompt(state, seat))
        assert engine.forced(state, seat, True) is None, f"a forced option or a pure gain is shown: {prompt}"
        option = prng.choice(chooser, prompt.options).id
        try:
            new = engine.apply(state, seat, option)
        except IllegalMove as e:  # an offered option must always be legal
            raise AssertionError(f"offered option {option!r} refused: {e} (prompt {prompt})") from e
        if deep:
            assert json.dumps(engine.to_json(state), sort_keys=True) == dumped, "apply mutated its input"
        assert engine.checkpoint(new) >= last_checkpoint, "checkpoint went backwards"
        last_checkpoint = engine.checkpoint(new)
        out.steps.append((seat, option))
        state, forced = engine.settle(new, every)
        out.steps += [(s, o) for s, o, _ in forced]
    else:
        raise AssertionError(f"game not over after {max_steps} steps")
    assert engine.to_act(state) == [], "to_act must be [] once over"
    for s in range(num_players):
        assert engine.prompt(state, s) is None, "no prompt once over"
    check_result(engine, state)
    check_views(engine, state)
    check_texts(*(e["m"] for e in state["log"] if "m" in e))
    out.final = state
    return out


def check_replay(p: Playout) -> None:
    """Replaying seed + steps rebuilds the final state exactly."""
    state = p.new_game()
    for seat, option in p.steps:
        state = p.engine.apply(state, seat, option)
    assert state == p.final, "replay from seed and steps differs from the live state"


def check_play_equals_apply(p: Playout) -> None:
    """`play` of runs of option ids by one seat equals applying them one by one."""
    state = p.new_game()
    i = 0
    while i < len(p.steps):
        seat = p.steps[i][0]
        j = i
        while j < len(p.steps) and p.steps[j][0] == seat and j - i < 12:
            j += 1
        state = p.engine.play(state, seat, " ".join(o for _, o in p.steps[i:j]))
        i = j
    assert state == p.final, "play() of the step texts differs from step-by-step apply()"


def check_refusals(p: Playout) -> None:
    """Wrong seats and unknown options are refused without changing anything."""
    e = p.engine
    state = p.new_game()
    seats = e.to_act(state)
    idle = [s for s in range(p.num_players) if s not in seats]
    for s in idle:
        try:
            prompt = e.prompt(state, seats[0])
            assert prompt is not None, "a seat to act has a prompt"
            e.apply(state, s, prompt.options[0].id)
        except IllegalMove as err:
            check_texts(err.message)
        else:
            raise AssertionError(f"seat {s} acted out of turn")
    try:
        e.apply(state, seats[0], "zz-not-an-option")
    except IllegalMove as err:
        check_texts(err.message)
    else:
        raise AssertionError("unknown option accepted")
    assert p.final is not None
    try:
        e.apply(p.final, 0, "x")
    except IllegalMove:
        pass
    else:
        raise AssertionError("a move was accepted after the end")


def check_default_pack(engine: Engine) -> None:
    """The default components form a valid complete pack: every component file has a schema it
    obeys, passes the rule checks, and survives a write and a read unchanged."""
    import tempfile

    assert engine.component_files, f"{engine.name} names no component files a pack may override"
    for stem in engine.component_files:
        check_schema(engine, stem)
    pack = engine.default_pack()
    problems, catalog = packs.check(engine, pack)
    assert problems == [], problems
    assert catalog is not None
    with tempfile.TemporaryDirectory() as tmp:
        for target in (f"{tmp}/folder", f"{tmp}/one.json"):
            back = packs.read(packs.write(pack, target))
            assert (back.game, back.digest) == (pack.game, pack.digest), target


# Keywords whose subschemas only select or refine a case of properties declared beside them.
SELECTORS = ("if", "then", "else", "allOf", "anyOf", "oneOf", "not", "dependentSchemas")


def undescribed(node: Any, path: str = "") -> list[str]:
    """Paths of the properties a schema declares without a description."""
    if isinstance(node, list):
        return [p for i, sub in enumerate(node) for p in undescribed(sub, f"{path}/{i}")]
    if not isinstance(node, dict):
        return []
    bare = [f"{path}/{k}" for k, sub in (node.get("properties") or {}).items() if not (isinstance(sub, dict) and sub.get("description"))]
    return bare + [p for k, sub in node.items() if k not in SELECTORS and k != "enum" for p in undescribed(sub, f"{path}/{k}")]


def check_schema(engine: Engine, stem: str) -> None:
    """A component file's schema is a valid draft 2020-12 schema, shipped in the package, and
    every property it declares says what it holds (a person transcribes a card from it)."""
    import jsonschema

    schema = engine.component_schema(stem)
    assert schema.get("$schema") == "https://json-schema.org/draft/2020-12/schema", stem
    jsonschema.Draft202012Validator.check_schema(schema)
    assert undescribed(schema) == [], (stem, undescribed(schema))


def playout_states(
    engine: Engine, num_players: int, seed: int, every: int = 7, options: dict[str, Any] | None = None
) -> list[State]:
    """States along a random playout (forced options and pure gains settled, as the bot does):
    the first and every `every`-th decision after it, the game not over in any of them. For the
    tests of `sample` and `evaluate` (`check_sample`) and of AI players."""
    chooser = Sampler(seed * 7919 + num_players)
    everyone = range(num_players)
    state = engine.settle(engine.new_game(num_players, seed, options), everyone)[0]
    out: list[State] = []
    for i in range(50_000):
        if engine.is_over(state):
            return out
        if i % every == 0:
            out.append(state)
        seat = chooser.choice(engine.to_act(state))
        prompt = engine.prompt(state, seat)
        assert prompt is not None, f"seat {seat} is to act but has no prompt"
        state = engine.settle(engine.apply(state, seat, chooser.choice(prompt.options).id), everyone)[0]
    raise AssertionError("game not over after 50000 steps")


def kinded_playout(
    engine: Engine, num_players: int, seed: int, every: int, kind: Callable[[State], str | None]
) -> tuple[tuple[str | None, State], ...]:
    """States along a random playout (the first seat to act plays a uniformly random option;
    forced options and pure gains settled, as the bot does), each with its `kind` (the pending
    decision a game's tests care about, or None): every `every` decisions, the first state of each
    kind, and the final state as "over". For the tests of `sample` and `evaluate` that must meet
    each kind of hidden or pending decision."""
    rnd = Sampler(seed)
    everyone = range(num_players)
    state = engine.settle(engine.new_game(num_players, seed), everyone)[0]
    out: list[tuple[str | None, State]] = []
    seen: set[str | None] = set()
    i = 0
    while not engine.is_over(state):
        k = kind(state)
        if i % every == 0 or (k is not None and k not in seen):
            out.append((k, state))
            seen.add(k)
        seat = engine.to_act(state)[0]
        prompt = engine.prompt(state, seat)
        assert prompt is not None, f"seat {seat} is to act but has no prompt"
        state = engine.settle(engine.apply(state, seat, rnd.choice(prompt.options).id), everyone)[0]
        i += 1
    out.append(("over", state))
    return tuple(out)


def check_never_cheats(
    engine: Engine, state: State, other: State, seat: int, budgets: Mapping[str, Budget], levels: Iterable[str] = LEVELS
) -> None:
    """Issue 29's test that the AI never cheats: `other` (other hidden information, drawn by
    `sample` or changed by hand) must look the same to `seat` (view and prompt), sample the same
    (three `Sampler` seeds), and get the same decision at each of `levels` with the AI's seed fixed
    (`budgets[level]`, iterations only in a test)."""
    assert engine.view(other, seat) == engine.view(state, seat), "the other state must look the same to the seat"
    assert engine.prompt(other, seat) == engine.prompt(state, seat)
    for k in (0, 1, 2):
        assert engine.sample(state, seat, Sampler(k)) == engine.sample(other, seat, Sampler(k)), f"sample {k} differs"
    for level in levels:
        mine = choose(engine, state, seat, level, 3, budgets[level])
        assert mine == choose(engine, other, seat, level, 3, budgets[level]), (level, seat, mine)


def check_sample(engine: Engine, state: State, rng_seed: int = 0) -> None:
    """`engine.sample` keeps every seat's information and nothing more: for every seat, the sample
    looks the same to it (`view`, and its prompt when it is to act), is a valid state (`validate`,
    JSON round trip), is a function of that view only (sampling a sample gives the sample of the
    state), leaves `state` unchanged, and can be played on to the end (random legal play, at most
    300 decisions)."""
    before = json.dumps(engine.to_json(state), sort_keys=True)
    n = state["num_players"]
    acting = engine.to_act(state)
    for seat in range(n):
        sample = engine.sample(state, seat, Sampler(rng_seed))
        where = f"{engine.name}: sample for seat {seat}"
        assert json.dumps(engine.to_json(state), sort_keys=True) == before, f"{where}: sample changed the state"
        assert is_json_safe(sample), f"{where} is not JSON-safe"
        assert engine.view(sample, seat) == engine.view(state, seat), f"{where}: its view differs from the state's"
        if seat in acting:
            assert engine.prompt(sample, seat) == engine.prompt(state, seat), f"{where}: its prompt differs"
        assert engine.to_act(sample) == acting, f"{where}: different seats are to act"
        engine.validate(sample)
        assert engine.from_json(json.loads(json.dumps(engine.to_json(sample)))) == sample, f"{where}: JSON round trip"
        assert engine.sample(state, seat, Sampler(rng_seed)) == sample, f"{where} is not deterministic"
        resampled = engine.sample(state, seat, Sampler(9))
        for k in (rng_seed, rng_seed + 1):
            again = engine.sample(resampled, seat, Sampler(k))
            assert engine.sample(state, seat, Sampler(k)) == again, (
                f"{where} is not a function of the seat's view (the sample of a sample differs)"
            )
        _play_on(engine, clone(sample), rng_seed + seat, 300)


def _play_on(engine: Engine, state: State, seed: int, steps: int) -> None:
    """Random legal play from `state` for at most `steps` decisions: every offered option applies."""
    chooser = Sampler(seed)
    everyone = range(state["num_players"])
    state = engine.settle(state, everyone)[0]
    for _ in range(steps):
        if engine.is_over(state):
            return
        seats = engine.to_act(state)
        assert seats, "no seat to act but the game is not over"
        seat = chooser.choice(seats)
        prompt = check_prompt(engine, state, seat, engine.prompt(state, seat))
        option = chooser.choice(prompt.options).id
        try:
            state = engine.apply(state, seat, option)
        except IllegalMove as e:
            raise AssertionError(f"{engine.name}: offered option {option!r} refused in a sample's playout: {e}") from e
        state = engine.settle(state, everyone)[0]
