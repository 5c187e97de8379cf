#!/usr/bin/env bash
# What a test author pays for `MarblesTesting`: builds, from clean, a package with one test file
# (ConsumerTests.swift) that depends on Marbles by path, and prints the build's wall-clock and CPU
# seconds, the lines of Marbles' sources it compiles (the targets MarblesTesting depends on,
# transitively; lines-rac: the same without Reactive and ReactiveEvents, which the code under
# test compiles anyway), the public declarations its test file sees (visible.py), and the
# build-tool plugins SwiftPM compiled, linked and ran in the build before its first compile.
#
# Usage: Benchmarks/Consumer/measure.sh [REV ...]   (default: HEAD; each REV a git revision, or
# `floor`: the same package with FloorTests.swift, the test file's Swift Testing skeleton, and no
# dependency on Marbles, which is what any consumer's clean build costs)
# Run the revisions you compare in one invocation, so they share the machine's load; a revision
# may be named more than once (`A B A B A B`): each run builds from clean in its own folders, so
# interleaved repeats show how much the load moved the figures; with repeats it ends with each
# revision's median wall clock and CPU and their share of the first revision's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d /tmp/marbles-consumer.XXXXXX)
trap 'rm -rf "$work"' EXIT
[ $# -gt 0 ] || set -- HEAD
printf '%-12s %8s %8s %8s %10s %8s %8s\n' revision wall_s cpu_s lines lines-rac visible plugins
run=0
for rev in "$@"; do
  run=$((run + 1))
  src="$work/$run/marbles-$rev"
  pkg="$work/$run/consumer-$rev"
  mkdir -p "$src" "$pkg/Tests/ConsumerTests"
  if [ "$rev" = floor ]; then
    cp "$here/FloorTests.swift" "$pkg/Tests/ConsumerTests/ConsumerTests.swift"
    printf '%s\n' '// swift-tools-version: 6.0' 'import PackageDescription' \
      'let package = Package(name: "Consumer", targets: [.testTarget(name: "ConsumerTests")])' \
      >"$pkg/Package.swift"
  else
    git -C "$root" archive "$rev" | tar -x -C "$src"
    cp "$here/ConsumerTests.swift" "$pkg/Tests/ConsumerTests/"
    cat > "$pkg/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
  name: "Consumer",
  dependencies: [.package(path: "$src")],
  targets: [
    .testTarget(
      name: "ConsumerTests",
      dependencies: [.product(name: "MarblesTesting", package: "$(basename "$src")")])
  ])
SWIFT
  fi
  start=$(date +%s.%N)
  /usr/bin/time -f '%U %S' -o "$work/$run/time" \
    swift build --build-tests --package-path "$pkg" >"$work/$run/build.log" 2>&1 \
    || { cat "$work/$run/build.log"; exit 1; }
  cpu=$(tail -1 "$work/$run/time" | awk '{print $1 + $2}')
  end=$(date +%s.%N)
  lines=0 own=0 visible=0
  if [ "$rev" != floor ]; then
    read -r lines own < <(python3 "$here/visible.py" --lines "$src")
    visible=$(python3 "$here/visible.py" "$src")
  fi
  plugins=$(grep -c 'Compiling plugin' "$work/$run/build.log" || true)
  wall=$(echo "$end - $start" | bc)
  printf '%-12s %8.1f %8.1f %8s %10s %8s %8s\n' "$rev" "$wall" "$cpu" "$lines" "$own" "$visible" \
    "$plugins"
  printf '%s %s %s\n' "$rev" "$wall" "$cpu" >>"$work/figures"
done
# With a revision named more than once: each revision's medians, and their share of the first
# revision's (name the baseline first: `measure.sh 459bdef HEAD floor 459bdef HEAD floor`).
python3 - "$work/figures" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    rev, wall, cpu = line.split()
    runs.setdefault(rev, []).append((float(wall), float(cpu)))
if max(len(r) for r in runs.values()) > 1:
    first = next(iter(runs))
    base = [statistics.median(f[i] for f in runs[first]) for i in (0, 1)]
    print(f"\n{'median':12s} {'wall_s':>8s} {'cpu_s':>8s} {'wall %':>8s} {'cpu %':>8s}  (of {first})")
    for rev, figures in runs.items():
        wall, cpu = (statistics.median(f[i] for f in figures) for i in (0, 1))
        print(f"{rev:12s} {wall:8.1f} {cpu:8.1f} {100 * wall / base[0]:7.0f}% {100 * cpu / base[1]:7.0f}%")
PY
