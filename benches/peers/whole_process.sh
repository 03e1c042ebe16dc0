#!/bin/sh
# Goal 1 of issue 17: the whole command `sudoku-ip solve --unique --jobs 1 -O line FILE`
# against the `sudoku` crate doing the same in one process (crates/native/examples/crate_lines.rs:
# read each line, solve with a limit of two, print the solution), interleaved, CPU time of each
# process (user + sys, `perf stat -e task-clock`, in ms), each row with the load at its start.
# The two outputs are compared first. The files may be ../shared/data/sudoku9/puzzles* (the
# data is not in the repository).
#
#   benches/peers/whole_process.sh [--rounds R] FILE...
#
# Needs `perf` (Debian: linux-perf). Run from the repository root after
#   cargo build --release -p sudoku-ip-cli -p sudoku-ip-native --bin sudoku-ip --example crate_lines
set -eu
rounds=3
if [ "${1:-}" = --rounds ]; then rounds=$2; shift 2; fi
[ $# -gt 0 ] || { echo "usage: $0 [--rounds R] FILE..." >&2; exit 2; }
ours=target/release/sudoku-ip
peer=target/release/examples/crate_lines
stat=$(mktemp)
trap 'rm -f "$stat"' EXIT

# CPU milliseconds of one run of the command, its output dropped.
cpu_ms() {
    perf stat -x, -e task-clock -o "$stat" "$@" >/dev/null 2>&1
    awk -F, '/task-clock/ { printf "%.1f", $1 }' "$stat"
}

for f in "$@"; do
    a=$("$ours" solve --unique --jobs 1 -O line "$f" 2>/dev/null | cksum)
    b=$("$peer" "$f" | cksum)
    [ "$a" = "$b" ] || echo "warning: $f: the outputs differ" >&2
done
echo "# cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
printf '%s\t%s\t%s\t%s\t%s\t%s\n' round file ours_ms crate_ms ours/crate load
for r in $(seq "$rounds"); do
    for f in "$@"; do
        load=$(cut -d' ' -f1 /proc/loadavg)
        a=$(cpu_ms "$ours" solve --unique --jobs 1 -O line "$f")
        b=$(cpu_ms "$peer" "$f")
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$(basename "$f")" "$a" "$b" "$(awk "BEGIN { printf \"%.2f\", $a / $b }")" "$load"
    done
done
