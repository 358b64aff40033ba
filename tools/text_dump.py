"""Every text a game shows along seeded random playouts, in every offered language, as JSON lines:
prompts, option labels and descriptions, refusals, the log, the result's texts, rules help and
table options. Run before and after a change to an engine's texts (`python -m tools.text_dump
GAME OUT [--seeds N]`): equal files mean players read exactly what they read before."""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

import engines
from engines.core import IllegalMove, conformance, i18n
from engines.core.i18n import log_text, say

LANGS = i18n.OFFERED  # every language players may choose


def dump(game: str, seeds: int, cap: int) -> list[Any]:
    engine = engines.get_engine(game)
    out: list[Any] = [["title", [engine.title_in(lang) for lang in LANGS]]]
    out += [["spec", spec.key, [spec.about(lang) for lang in LANGS]] for spec in engine.option_specs]
    out += [["rules", k, [say(v["title"], lang) + " | " + say(v["text"], lang) for lang in LANGS]]
            for k, v in engine.rules_help().items()]
    for n, options in conformance.configs(engine):
        for seed in range(1, seeds + 1):
            rnd = random.Random(seed)
            everyone = range(n)
            state = engine.settle(engine.new_game(n, seed, options), everyone)[0]
            last: list[str] = []
            for _ in range(cap):
                if engine.is_over(state):
                    break
                seat = rnd.choice(engine.to_act(state))
                prompt = engine.prompt(state, seat)
                assert prompt is not None
                out.append(["prompt", [prompt.ask(lang) for lang in LANGS],
                            [[o.id, *(o.text(lang) for lang in LANGS), *(o.about(lang) for lang in LANGS)] for o in prompt.options]])
                for word in [*[w for w in last if prompt.get(w) is None][:3], "zz"]:
                    try:
                        engine.resolve(state, seat, word)
                    except IllegalMove as e:
                        out.append(["refusal", word, [e.text(lang) for lang in LANGS]])
                last = prompt.ids()
                state = engine.settle(engine.apply(state, seat, rnd.choice(prompt.options).id), everyone)[0]
            out += [["log", [log_text(e, lang) for lang in LANGS]] for e in state["log"]]
            if engine.is_over(state):
                res = engine.result(state)
                out.append(["result", {k: [say(v, lang) for lang in LANGS] for k, v in res.get("labels", {}).items()},
                            [[say(d, lang) for lang in LANGS] for d in res["decided_by"]],
                            [say(res.get("no_winner"), lang) for lang in LANGS]])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("out")
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--cap", type=int, default=4000, help="decisions per game at most")
    args = parser.parse_args()
    with open(args.out, "w", encoding="utf-8") as f:
        for row in dump(args.game, args.seeds, args.cap):
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
