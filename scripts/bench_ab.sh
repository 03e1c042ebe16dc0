#!/usr/bin/env bash
# Interleaved A/B of two sudoku-ip binaries on the four 9x9 sets: in-process `bench` (puzzles/s)
# and whole-process `solve --unique --jobs 1 -O line` (user+sys CPU seconds), 3 rounds.
#   scripts/bench_ab.sh OLD_BINARY NEW_BINARY [DATA_DIR]     (DATA_DIR: ../shared/data/sudoku9)
# Build the old binary from another checkout, e.g.
#   git worktree add /tmp/old <commit> && (cd /tmp/old && cargo build --release)
set -euo pipefail
OLD=$1 NEW=$2 D=${3:-../shared/data/sudoku9}
TIMEFORMAT="%U %S"
for round in 1 2 3; do
  for set in puzzles2_17_clue puzzles3_magictour_top1465 puzzles6_forum_hardest_1106 puzzles5_forum_hardest_1905_11+; do
    for which in old new; do
      BIN=$OLD; [ "$which" = new ] && BIN=$NEW
      pps=$("$BIN" bench --json "$D/$set" 2>/dev/null | python3 -c "import json,sys; print(round(json.loads(sys.stdin.readline())['puzzles_per_s']))")
      cpu=$( { time "$BIN" solve --unique --jobs 1 -O line "$D/$set" >/dev/null 2>&1; } 2>&1 | tail -1 | awk '{print $1+$2}')
      echo "$round $set $which bench_pps=$pps cli_cpu_s=$cpu"
    done
  done
done
