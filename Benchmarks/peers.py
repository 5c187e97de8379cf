#!/usr/bin/env python3
"""Runs marbles-bench's pipeline workload in Marbles and in its peers, and prints one table.

The workload: N values of a cold marble through map → filter → scan, recorded in virtual time,
for N = 30k and 100k (or --sizes). Each tool:

  marbles   the release binary, `marbles run` of a generated script, end to end (process
            start, parse, compile, run, JSON output); build it first with
            `swift build -c release --product marbles`
  RxJS 7    Peers/pipeline.mjs, TestScheduler.run with cold("aaa…|"); Debian's node-rxjs
            (`apt-get install nodejs node-inquirer`) is found in /usr/share/nodejs
  RxPY      Peers/pipeline.py, reactivex.testing.TestScheduler (`pip install reactivex`)
  Combine   Peers/Combine, OpenCombine on combine-schedulers' TestScheduler, the Swift peer
            (`swift build -c release --package-path Benchmarks/Peers/Combine`); it writes
            its JSON to a file, as `marbles run` writes to standard output

A peer that is not installed is skipped with a note. The peers' times are their process's wall
time too (interpreter start included) and, in brackets, the workload alone as the peer measured
it. A run that takes over 10 s is not repeated; others are the median of three (--runs).
Usage: Benchmarks/peers.py [--sizes 30000,100000] [--runs 3] [--marbles PATH]
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def marbles_script(n: int) -> str:
    """The same script as marbles-bench's end-to-end rows (Scripts.pipeline)."""
    return (
        f'let input = cold("{"a" * n}|", a: 1)\n'
        "let output = input.map { x in x * 10 }.filter { x in x % 3 != 0 }"
        ".scan(0) { acc, x in acc + x }\n"
        "show output\n"
    )


def timed(command: list[str], env: dict[str, str] | None, reports: bool) -> tuple[float, str]:
    """Wall seconds of one run of `command`, and its standard output when it `reports` (a peer
    prints `seconds events version`; Marbles' JSON goes to /dev/null); raises on failure."""
    start = time.perf_counter()
    output = subprocess.PIPE if reports else subprocess.DEVNULL
    result = subprocess.run(command, stdout=output, stderr=subprocess.PIPE, text=True, env=env)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"{command[0]} exited {result.returncode}: {result.stderr[-400:]}")
    return seconds, result.stdout or ""


def measure(command: list[str], runs: int, env: dict[str, str] | None, reports: bool):
    """(median wall seconds, median in-process seconds or None, version or '')."""
    walls, inner, version = [], [], ""
    for _ in range(runs):
        wall, out = timed(command, env, reports)
        walls.append(wall)
        fields = out.split()
        if len(fields) >= 3:
            inner.append(float(fields[0]))
            version = fields[2]
        if wall > 10:
            break
    walls.sort()
    inner.sort()
    return walls[len(walls) // 2], (inner[len(inner) // 2] if inner else None), version


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="30000,100000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--marbles", default=str(ROOT / ".build" / "release" / "marbles"))
    options = parser.parse_args()
    sizes = [int(size) for size in options.sizes.split(",")]

    tools = []
    if os.access(options.marbles, os.X_OK):
        tools.append("marbles")
    else:
        print(f"peers: skipped Marbles: no {options.marbles} (swift build -c release --product marbles)")
    node_env = dict(os.environ)
    node_env["NODE_PATH"] = os.pathsep.join(
        filter(None, [os.environ.get("NODE_PATH"), "/usr/share/nodejs"])
    )
    node = shutil.which("node") or shutil.which("nodejs")
    rxjs_check = node and subprocess.run(
        [node, "-e", "require('rxjs/testing')"], capture_output=True, env=node_env
    ).returncode == 0
    if rxjs_check:
        tools.append("rxjs")
    else:
        print("peers: skipped RxJS: no node with rxjs (apt-get install nodejs node-inquirer)")
    python_check = subprocess.run(
        [sys.executable, "-c", "import reactivex.testing"], capture_output=True
    ).returncode == 0
    if python_check:
        tools.append("rxpy")
    else:
        print("peers: skipped RxPY: no reactivex module (pip install reactivex)")

    combine = HERE / "Peers" / "Combine" / ".build" / "release" / "pipeline-combine"
    if os.access(combine, os.X_OK):
        tools.append("combine")
    else:
        print("peers: skipped Combine: not built (swift build -c release --package-path "
              "Benchmarks/Peers/Combine)")

    results: dict[tuple[str, int], tuple[float, float | None, str]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for n in sizes:
            script = Path(folder) / f"pipeline-{n}.marble"
            script.write_text(marbles_script(n))
            commands = {
                "marbles": ([options.marbles, "run", str(script), "--max-frames", str(2 * n + 10)], None),
                "rxjs": ([node or "node", str(HERE / "Peers" / "pipeline.mjs"), str(n)], node_env),
                "rxpy": ([sys.executable, str(HERE / "Peers" / "pipeline.py"), str(n)], None),
                "combine": ([str(combine), str(n), str(Path(folder) / f"combine-{n}.json")], None),
            }
            for tool in tools:
                command, env = commands[tool]
                try:
                    results[(tool, n)] = measure(command, options.runs, env, tool != "marbles")
                except RuntimeError as error:
                    print(f"peers: {tool} failed at {n}: {error}")

    names = {"marbles": "Marbles (marbles run)", "rxjs": "RxJS", "rxpy": "RxPY (reactivex)",
             "combine": "OpenCombine"}
    print(f"{'tool':<28}{'N':>9}{'wall s':>10}{'workload s':>12}{'vs Marbles':>12}")
    for n in sizes:
        ours = results.get(("marbles", n))
        for tool in tools:
            result = results.get((tool, n))
            if result is None:
                continue
            wall, inner, version = result
            name = names[tool] + (f" {version}" if version else "")
            ratio = f"{wall / ours[0]:.0f}x" if ours and tool != "marbles" else ""
            inner_text = f"{inner:.3f}" if inner is not None else "-"
            print(f"{name:<28}{n:>9}{wall:>10.3f}{inner_text:>12}{ratio:>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
