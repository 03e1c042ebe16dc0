#!/bin/sh
# The 9x9 engine (`search9`, solve + prove unique) side by side with tdoku and the `sudoku`
# crate, interleaved: for each round and file, tdoku (through `tdoku_count.cc`, our driver that
# links tdoku's solver), then `examples/fast9_rate --crate` (ours, then the crate). All three
# count each puzzle's solutions up to two, one thread, over whole passes of the same parsed
# file, timed in this thread's CPU time, and print the same table columns (puzzles per CPU
# second, µs a puzzle, % no guess, guesses a puzzle). Each round's header gives the load.
#
#   benches/peers/tdoku.sh [--rounds R] [--secs S] [--tdoku DIR] FILE...
#
# DIR is a checkout of https://github.com/t-dillon/tdoku (cloned into target/peers/tdoku when
# absent; nothing of it is committed here). Its solver is built once with g++ (or $CXX) -O3
# -march=native, as tdoku's own build does (its CMakeLists, ARCH=native), next to our driver;
# tdoku's `run_benchmark` is not used, as it times the wall clock. Run from the repository
# root; the files may be ../shared/data/sudoku9/puzzles* (the data is not in the repository).
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

[ -d "$tdoku/src" ] || git clone --depth 1 https://github.com/t-dillon/tdoku "$tdoku"
driver=target/peers/tdoku_count
cxx=${CXX:-g++}
if [ ! -x "$driver" ] || [ benches/peers/tdoku_count.cc -nt "$driver" ]; then
    mkdir -p target/peers
    "$cxx" -O3 -march=native -std=c++14 -fno-exceptions -fno-rtti -I"$tdoku/include" -I"$tdoku/src" \
        benches/peers/tdoku_count.cc "$tdoku/src/solver_dpll_triad_simd.cc" "$tdoku/src/util.cc" -o "$driver"
fi
cargo build --release -q -p sudoku-ip-native --example fast9_rate
ours=target/release/examples/fast9_rate

# What the numbers depend on: the CPU, the vector extensions -march=native gives tdoku, the
# compiler, tdoku's commit.
echo "# cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
echo "# vector flags: $(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -E '^(sse4_2|avx|avx2|avx512[a-z_]*|bmi2)$' | tr '\n' ' ')"
echo "# tdoku: $(git -C "$tdoku" rev-parse --short HEAD 2>/dev/null || echo '?'), $("$cxx" --version | head -1) -O3 -march=native"
round=1
while [ "$round" -le "$rounds" ]; do
    for file in "$@"; do
        echo "# round $round, $(basename "$file"), load $(cut -d' ' -f1-3 /proc/loadavg)"
        "$driver" "$secs" "$file"
        "$ours" --secs "$secs" --crate "$file"
    done
    round=$((round + 1))
done
