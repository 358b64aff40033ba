"""Keep every core busy while tests run, to show the Discord tests do not depend on timing.

A machine running other jobs can slow the bot by several times; SimCord's timers partly follow
the real clock (the bot's 2-second answer budget, the 5-second settle limit), so such tests
must pass with the CPU taken by someone else. Used by tests/bot/test_under_load.py and from the
command line:

    python -m tests.bot.busy -- python -m pytest tests/bot/test_e2e_minerva.py
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

# A burner spins until its parent is gone, so a test run killed outright leaves none behind.
BURN = "import os\nparent = os.getppid()\nwhile os.getppid() == parent:\n    for _ in range(10**6): pass"


@contextmanager
def busy_cores(count: int | None = None, *, nice: int = 0) -> Iterator[list[int]]:
    """Run `count` CPU burners (one per core by default) for the duration of the block.

    They are separate processes, so they compete with the test process for the cores as another
    job would; `nice` > 0 lowers their priority. Only the processes started here are stopped.
    """
    n = count if count is not None else os.cpu_count() or 1
    prefix = ["nice", "-n", str(nice)] if nice else []
    burners = [subprocess.Popen([*prefix, sys.executable, "-c", BURN]) for _ in range(n)]
    try:
        yield [p.pid for p in burners]
    finally:
        for p in burners:
            p.kill()
        for p in burners:
            p.wait()


def main(argv: list[str]) -> int:
    """`python -m tests.bot.busy [-n COUNT] -- CMD...`: run CMD with every core kept busy."""
    count = None
    if argv[:1] == ["-n"]:
        count, argv = int(argv[1]), argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        print(main.__doc__, file=sys.stderr)
        return 2
    with busy_cores(count):
        return subprocess.call(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
