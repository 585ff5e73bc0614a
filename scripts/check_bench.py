"""How `minesweeper check` does on programs with one fault each: the
mutants of examples/mutants.py and the bugs of examples/proj3.rs.

    python3 scripts/check_bench.py [--binary PATH] [--python PATH] [--games N]
                                   [--seed S] [--only NAME,...] [--class N]
                                   [--sandbox-cost ROUNDS]

For each program: its score, each finding's kind and the size it was
shrunk to (rows x columns, moves), the whole check's seconds and the
share of them spent shrinking (from the check's own log, where the binary
writes one). With `--class N`, a class of N students, each one of the
mutants with a fault in turn, checked at once with `--class` (both
cores), timed whole. With `--sandbox-cost ROUNDS`, what the sandbox
costs a game: the correct examples/proj3.py and our own prompt game
checked on one thread with and without `--no-sandbox`, in turn, ROUNDS
times each, and the ratio of the medians, of CPU time (the check's and
every process it ran, which a busy machine does not change much) and of
wall time.

The programs run through `--python` (this Python's own executable by
default, never a version manager's shim, as a class should be checked;
an interpreter whose site-packages are long to load makes every game
slower). Nothing is written outside a temporary folder.
"""

import argparse
import json
import os
import pathlib
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLE_BUGS = [
    "wide-edge",
    "no-diagonal",
    "lost-goes-on",
    "wrong-flag-wins",
    "accepts-zero",
    "crash-on-action",
    "skip-unflag-board",
    "flag-opens-island",
    "skip-refused-flag-board",
    "crash-without-mines",
]


def programs(mutants, example, python):
    """Each program's name and command line."""
    for script in sorted(mutants.glob("*.py")):
        yield script.stem, [python, str(script)]
    for bug in EXAMPLE_BUGS:
        yield f"proj3.rs {bug}", [str(example), "--bug", bug]


def check(binary, program, games, seed, out, extra=(), log=True):
    """One check's JSON report, its seconds and its logged split (with
    `log`, which costs a line a game)."""
    report, seconds, _, shrinking = check_timed(binary, program, games, seed, out, extra, log)
    return report, seconds, shrinking


def children_cpu():
    """The CPU seconds, user and system, of every process this one has
    waited for, and theirs."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def check_timed(binary, program, games, seed, out, extra=(), log=True):
    """As `check`, with the CPU seconds the check and every process it
    ran took (the games' included: each is waited for, as is the check)."""
    env = dict(os.environ)
    if log:
        env["MINESWEEPER_LOG"] = "debug"
    cpu = children_cpu()
    started = time.monotonic()
    run = subprocess.run(
        [binary, "check", "--games", str(games), "--seed", str(seed), "--json",
         "--out", str(out), *extra, "--", *program],
        capture_output=True, env=env, cwd=out.parent, check=False,
    )
    seconds = time.monotonic() - started
    cpu = children_cpu() - cpu
    report = json.loads(run.stdout)
    split = re.search(rb"games_seconds=([\d.]+) shrinking_seconds=([\d.]+)", run.stderr)
    shrinking = float(split.group(2)) if split else None
    return report, seconds, cpu, shrinking


def one_by_one(args, binary, mutants, example):
    print("| program | score | findings (kind: rows x columns, moves) | seconds | shrinking |")
    print("|---|---|---|---|---|")
    for name, program in programs(mutants, example, args.python):
        if args.only and name not in args.only:
            continue
        with tempfile.TemporaryDirectory() as work:
            out = pathlib.Path(work) / "out"
            report, seconds, shrinking = check(
                binary, program, args.games, args.seed, out, ["--threads", "1"])
        score = report["score"]["total"] if report["score"] else "none"
        found = ", ".join(
            f"{f['kind']}: {f['rows']}x{f['cols']}, {f['moves']}" for f in report["findings"]
        ) or "none"
        share = f"{shrinking:.1f} s, {100 * shrinking / seconds:.0f} %" if shrinking else "n/a"
        print(f"| {name} | {score} | {found} | {seconds:.1f} | {share} |")


def a_class(args, binary, mutants):
    faulty = [m for m in sorted(mutants.glob("*.py")) if m.stem != "win_after_a_move"]
    with tempfile.TemporaryDirectory() as work:
        work = pathlib.Path(work)
        for i in range(args.klass):
            student = work / "class" / f"student{i:03}"
            student.mkdir(parents=True)
            shutil.copy(faulty[i % len(faulty)], student / "proj3.py")
        started = time.monotonic()
        run = subprocess.run(
            [binary, "check", "--class", str(work / "class"), "--out", str(work / "out"),
             "--games", str(args.games), "--seed", str(args.seed), "--",
             args.python, "proj3.py"],
            capture_output=True, cwd=work, check=False,
        )
        seconds = time.monotonic() - started
        summary = (work / "out" / "summary.csv").read_text()
    rows = summary.splitlines()[1:]
    print(f"class of {args.klass}: {seconds:.0f} s wall, {seconds / args.klass:.1f} s a student "
          f"with two at once, exit {run.returncode}; {len(rows)} rows in summary.csv")


def sandbox_cost(args, binary):
    """What a game costs sandboxed and not, for each program: the median
    CPU milliseconds (the check's and every process it ran) and wall
    milliseconds, and the ratios."""
    programs = {
        "examples/proj3.py": [args.python, str(ROOT / "examples/proj3.py")],
        "our own prompt game": [binary],
    }
    print("| program | sandboxed, CPU ms a game | --no-sandbox, CPU ms a game | CPU ratio "
          "| wall ms a game, sandboxed / not | wall ratio |")
    print("|---|---|---|---|---|---|")
    for name, program in programs.items():
        cpu = {True: [], False: []}
        wall = {True: [], False: []}
        for _ in range(args.sandbox_cost):
            for sandboxed in (True, False):
                with tempfile.TemporaryDirectory() as work:
                    out = pathlib.Path(work) / "out"
                    extra = ["--threads", "1"] + ([] if sandboxed else ["--no-sandbox"])
                    _, seconds, used, _ = check_timed(
                        binary, program, args.games, args.seed, out, extra, log=False)
                cpu[sandboxed].append(used * 1000 / args.games)
                wall[sandboxed].append(seconds * 1000 / args.games)
        median = lambda times: {k: sorted(v)[len(v) // 2] for k, v in times.items()}
        c, w = median(cpu), median(wall)
        print(f"| {name} | {c[True]:.1f} | {c[False]:.1f} | {c[True] / c[False]:.2f} "
              f"| {w[True]:.1f} / {w[False]:.1f} | {w[True] / w[False]:.2f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / "target/release/minesweeper"))
    parser.add_argument("--example", default=str(ROOT / "target/release/examples/proj3"))
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--only", type=lambda s: s.split(","), default=None)
    parser.add_argument("--class", dest="klass", type=int, default=0)
    parser.add_argument("--sandbox-cost", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as made:
        mutants = pathlib.Path(made)
        subprocess.run([sys.executable, str(ROOT / "examples/mutants.py"), str(mutants)],
                       check=True, capture_output=True)
        if args.sandbox_cost:
            sandbox_cost(args, args.binary)
        elif args.klass:
            a_class(args, args.binary, mutants)
        else:
            one_by_one(args, args.binary, mutants, pathlib.Path(args.example))


main()
