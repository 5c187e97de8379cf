#!/usr/bin/env bash
# What a test author pays for `MarblesTesting`: builds, from clean, a package with one test file
# (ConsumerTests.swift) that depends on Marbles by path, and prints the build's wall-clock and CPU
# seconds, the lines of Marbles' sources it compiles (the targets MarblesTesting depends on,
# transitively; lines-rac: the same without Reactive, which the code under test compiles
# anyway) and the public declarations its test file sees (visible.py).
#
# Usage: Benchmarks/Consumer/measure.sh [REV ...]   (default: HEAD; each REV a git revision)
# Run the revisions you compare in one invocation, so they share the machine's load.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d /tmp/marbles-consumer.XXXXXX)
trap 'rm -rf "$work"' EXIT
[ $# -gt 0 ] || set -- HEAD
printf '%-12s %8s %8s %8s %10s %8s\n' revision wall_s cpu_s lines lines-rac visible
for rev in "$@"; do
  src="$work/marbles-$rev"
  mkdir -p "$src"
  git -C "$root" archive "$rev" | tar -x -C "$src"
  pkg="$work/consumer-$rev"
  mkdir -p "$pkg/Tests/ConsumerTests"
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
  start=$(date +%s.%N)
  /usr/bin/time -f '%U %S' -o "$work/time-$rev" \
    swift build --build-tests --package-path "$pkg" >"$work/build-$rev.log" 2>&1 \
    || { cat "$work/build-$rev.log"; exit 1; }
  cpu=$(tail -1 "$work/time-$rev" | awk '{print $1 + $2}')
  end=$(date +%s.%N)
  read -r lines own < <(python3 "$here/visible.py" --lines "$src")
  visible=$(python3 "$here/visible.py" "$src")
  printf '%-12s %8.1f %8.1f %8s %10s %8s\n' "$rev" "$(echo "$end - $start" | bc)" "$cpu" "$lines" "$own" \
    "$visible"
done
