#!/bin/sh
# libFuzzer on the tool. Usage: Fuzz/run.sh [SECONDS] [extra libFuzzer flags]
# Builds ReactiveEvents, Reactive, ReactiveRxJS, MarblesCore, Marbles and MarblesCLI with -sanitize=fuzzer,address, links Fuzz/FuzzTarget.swift, seeds
# the corpus with Examples/*.marble and runs for SECONDS (default 600). Findings: Fuzz/out/.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-600}
[ $# -gt 0 ] && shift
build="$root/.build/fuzz"
flags="-O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name marbles"
mkdir -p "$build" "$root/Fuzz/out" "$root/Fuzz/corpus"
cd "$build"
swiftc $flags -module-name ReactiveEvents -emit-module -emit-module-path ReactiveEvents.swiftmodule \
  -wmo -c -o ReactiveEvents.o $(find "$root/Sources/ReactiveEvents" -name '*.swift')
swiftc $flags -I . -module-name Reactive -emit-module -emit-module-path Reactive.swiftmodule \
  -wmo -c -o Reactive.o $(find "$root/Sources/Reactive" -name '*.swift')
swiftc $flags -I . -module-name ReactiveRxJS -emit-module -emit-module-path ReactiveRxJS.swiftmodule \
  -wmo -c -o ReactiveRxJS.o $(find "$root/Sources/ReactiveRxJS" -name '*.swift')
swiftc $flags -I . -module-name MarblesCore -emit-module -emit-module-path MarblesCore.swiftmodule \
  -wmo -c -o MarblesCore.o $(find "$root/Sources/MarblesCore" -name '*.swift')
swiftc $flags -I . -module-name Marbles -emit-module -emit-module-path Marbles.swiftmodule \
  -wmo -c -o Marbles.o $(find "$root/Sources/Marbles" -name '*.swift')
swiftc $flags -I . -module-name MarblesCLI -emit-module -emit-module-path MarblesCLI.swiftmodule \
  -wmo -c -o MarblesCLI.o $(find "$root/Sources/MarblesCLI" -name '*.swift')
swiftc $flags -I . -module-name FuzzTarget -c -o FuzzTarget.o "$root/Fuzz/FuzzTarget.swift"
swiftc $flags ReactiveEvents.o Reactive.o ReactiveRxJS.o MarblesCore.o Marbles.o MarblesCLI.o FuzzTarget.o -o marbles-fuzz
cp "$root"/Examples/*.marble "$root/Fuzz/corpus/" 2>/dev/null || true
cd "$root/Fuzz/out"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
exec "$build/marbles-fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
  -max_len=8192 -print_final_stats=1 "$@" "$root/Fuzz/corpus"
