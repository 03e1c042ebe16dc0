#!/bin/sh
# The 9x9 engine (`search9`, solve + prove unique) side by side with tdoku and the `sudoku`
# crate, interleaved: for each round and file, tdoku's own `run_benchmark`, then
# `examples/fast9_rate --crate` (ours, then the crate), all timing CPU seconds over whole
# passes of the same parsed file and printing the same table columns (puzzles/sec,
# usec/puzzle, % no guess, guesses/puzzle).
#
#   benches/peers/tdoku.sh [--rounds R] [--secs S] [--tdoku DIR] FILE...
#
# DIR is a checkout of https://github.com/t-dillon/tdoku (cloned into target/peers/tdoku when
# absent), built once with clang -O3 -march=native as its own BUILD.sh does. Needs cmake and
# clang (Debian: apt-get install cmake clang). Run from the repository root.
set -eu
rounds=3
secs=3
tdoku=target/peers/tdoku
while [ $# -gt 0 ]; do
    case $1 in
        --rounds) rounds=$2; shift 2 ;;
        --secs) secs=$2; shift 2 ;;
        --tdoku) tdoku=$2; shift 2 ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || { echo "usage: $0 [--rounds R] [--secs S] [--tdoku DIR] FILE..." >&2; exit 2; }

if [ ! -x "$tdoku/build-clang/run_benchmark" ]; then
    [ -d "$tdoku" ] || git clone --depth 1 https://github.com/t-dillon/tdoku "$tdoku"
    mkdir -p "$tdoku/build-clang"
    (cd "$tdoku/build-clang" && CC=clang CXX=clang++ cmake .. -DOPT=O3 -DARCH=native >cmake.log &&
        make run_benchmark >make.log)
fi
cargo build --release -q -p sudoku-ip-native --example fast9_rate
ours=target/release/examples/fast9_rate

round=1
while [ "$round" -le "$rounds" ]; do
    for file in "$@"; do
        echo "# round $round, $(basename "$file"), load $(cut -d' ' -f1 /proc/loadavg)"
        "$tdoku/build-clang/run_benchmark" -s tdoku -t "$secs" -w 1 -v 0 "$file" | grep tdoku
        "$ours" --secs "$secs" --crate "$file"
    done
    round=$((round + 1))
done
