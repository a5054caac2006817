#!/usr/bin/env bash
# A/B of `benchgen eval` builds on the executor benchmark's samples: runs each binary N times,
# interleaved (so that the machine's drift hits both alike), and prints the median wall time and
# median CPU time (perf stat task-clock: every process of the run, sandboxes included).
#
# Usage: benches/ab_eval.sh WORKDIR N BENCHGEN...
#   WORKDIR: a --workdir of benches/humaneval_eval.py (holds humaneval.jsonl and samples.jsonl)
# Example: git stash; cargo build --release -p benchgen-cli; cp target/release/benchgen /tmp/before
#          git stash pop; cargo build --release -p benchgen-cli
#          benches/ab_eval.sh /var/tmp/bench 6 /tmp/before target/release/benchgen
set -euo pipefail
workdir=$1 runs=$2
shift 2
command -v perf > /dev/null || { echo "ab_eval.sh needs perf (apt-get install linux-perf)" >&2; exit 2; }
declare -A wall cpu
for _ in $(seq "$runs"); do
  for binary in "$@"; do
    start=$(date +%s.%N)
    ms=$(perf stat -x, -e task-clock "$binary" -q eval "$workdir/humaneval.jsonl" \
           --samples "$workdir/samples.jsonl" --k 1 --timeout 3 --out "$workdir/ab-results.jsonl" \
           2>&1 > /dev/null | awk -F, '/task-clock/ {print $1}')
    end=$(date +%s.%N)
    wall[$binary]+=" $(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')"
    cpu[$binary]+=" $ms"
  done
done
median() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
for binary in "$@"; do
  printf '%s: wall %.2f s, CPU %.0f ms (medians of %s runs)\n' "$binary" \
    "$(echo "${wall[$binary]}" | median)" "$(echo "${cpu[$binary]}" | median)" "$runs"
done
