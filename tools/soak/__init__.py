"""`python -m bot soak [--quick] [--json] [--seed N]`: reliability figures, measured on throw-away
SQLite files (never the bot's database), each as counts next to its target.

- kills: children playing random games are killed with SIGKILL at random moments; acknowledged
  steps lost after reopening (target 0).
- racing: concurrent act() calls for one panel, on one service or two on the same file; steps
  applied twice or two choices accepted for one panel (target 0).
- fuzz: random and hostile inputs to GameService.act and Commands.play; exceptions other than a
  refusal, and changes left by refused inputs (targets 0 and 0).
- snapshots: stored snapshots damaged in the file, then loaded; damage not detected (a wrong
  state served, or an error) (target 0: every damage detected and rebuilt from the step log).

Randomness is seeded, so a run is reproducible up to the moments the kills land. The exit code
is 0 when every target is met, 1 otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tools.soak import fuzz, kills, racing, snapshots
from tools.soak.common import DEFAULT, QUICK, Sizes

SECTIONS = {"kills": kills.run, "racing": racing.run, "fuzz": fuzz.run, "snapshots": snapshots.run}

# (section, figure, target): each figure must equal its target.
TARGETS: list[tuple[str, str, int]] = [
    ("kills", "acknowledged_steps_lost", 0),
    ("kills", "acknowledged_state_mismatches", 0),
    ("kills", "served_state_mismatches", 0),
    ("kills", "snapshot_out_of_step", 0),
    ("kills", "load_errors", 0),
    ("kills", "integrity_failures", 0),
    ("kills", "child_failures", 0),
    ("racing", "double_applies", 0),
    ("racing", "other_errors", 0),
    ("racing", "served_state_mismatches", 0),
    ("fuzz", "uncaught", 0),
    ("fuzz", "state_changes", 0),
    ("fuzz", "served_state_mismatches", 0),
    ("snapshots", "served_wrong", 0),
    ("snapshots", "errors", 0),
]

# The figures shown in the table, per section (the JSON has everything).
SHOWN = {
    "kills": ["kills", "acknowledged_writes", "games_checked", "acknowledged_steps", "unacknowledged_steps_found"],
    "racing": ["rounds", "attempts", "applied", "refused", "refused_by_compare_and_swap", "rounds_with_none_applied"],
    "fuzz": ["inputs", "accepted", "refused", "writes_by_refused"],
    "snapshots": ["stored_games", "intact_served_right", "tried", "detected"],
}


async def run_soak(quick: bool = False, seed: int = 1, only: list[str] | None = None) -> dict[str, Any]:
    """Every section on its own temporary file; the report as a dict (what --json prints)."""
    sizes: Sizes = QUICK if quick else DEFAULT
    report: dict[str, Any] = {
        "machine": {"python": sys.version.split()[0], "platform": platform.platform(), "cpus": os.cpu_count()},
        "seed": seed,
        "quick": quick,
    }
    with tempfile.TemporaryDirectory(prefix="tabula-soak-") as tmp:
        for name, section in SECTIONS.items():
            if only and name not in only:
                continue
            t0 = time.perf_counter()
            report[name] = await section(sizes, random.Random(f"{seed}:{name}"), Path(tmp))
            report[name]["seconds"] = round(time.perf_counter() - t0, 1)
    report["targets"] = [
        {"section": s, "figure": f, "value": report[s].get(f), "target": v, "met": report[s].get(f) == v}
        for s, f, v in TARGETS
        if s in report and "skipped" not in report[s]
    ]
    return report


def table(report: dict[str, Any]) -> str:
    """The report as aligned text: each section's counts, then its targets marked ok or MISSED."""
    lines = [f"Tabula soak (seed {report['seed']}{', quick' if report['quick'] else ''})"]
    for name in SECTIONS:
        if name not in report:
            continue
        sec = report[name]
        lines.append("")
        lines.append(f"{name} ({sec.get('seconds', 0)} s){'  SKIPPED: ' + sec['skipped'] if 'skipped' in sec else ''}")
        for fig in SHOWN[name]:
            lines.append(f"  {fig:<34} {sec.get(fig, '-'):>9}")
        for t in report["targets"]:
            if t["section"] == name:
                mark = "ok" if t["met"] else "MISSED"
                lines.append(f"  {t['figure']:<34} {t['value']:>9}   target {t['target']:<3} {mark}")
        if "by_kind" in sec:
            cols = list(next(iter(sec["by_kind"].values()), {}))
            lines.append("  " + f"{'by kind':<34}" + "".join(f"{c:>14}" for c in cols))
            for kind, counts in sec["by_kind"].items():
                lines.append("    " + f"{kind:<32}" + "".join(f"{counts[c]:>14}" for c in cols))
        if "beyond_int64_ids" in sec:
            probe = sec["beyond_int64_ids"]
            lines.append(f"  game ids beyond int64 (not reachable from Discord): {probe['inputs']} tried, {probe['uncaught']} uncaught")
        for example in sec.get("examples", []):
            lines.append(f"    e.g. {example}")
    missed = [t for t in report["targets"] if not t["met"]]
    lines.append("")
    lines.append("all targets met" if not missed else f"targets missed: {', '.join(t['section'] + '.' + t['figure'] for t in missed)}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot soak", description="Reliability figures on temporary databases.")
    parser.add_argument("--quick", action="store_true", help="small sizes (under 20 s), as the test runs it")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--seed", type=int, default=1, help="seed of every random choice (default 1)")
    parser.add_argument("--only", nargs="*", choices=list(SECTIONS), help="run only these sections")
    args = parser.parse_args(argv)
    report = asyncio.run(run_soak(args.quick, args.seed, args.only))
    print(json.dumps(report, indent=2) if args.json else table(report))
    return 0 if all(t["met"] for t in report["targets"]) else 1
