#!/usr/bin/env bash
# A/B of the README's model-free stdlib build: runs each binary N times, interleaved (so that the
# machine's drift hits both alike), and prints per binary the median wall time, the items it
# accepted and the median seconds per accepted item. Each run writes a fresh dataset.
#
# Usage: benches/ab_build.sh WORKDIR N BENCHGEN...
# Example: git worktree add /tmp/before 277ffc3
#          (cd /tmp/before && CARGO_TARGET_DIR=/tmp/before-target cargo build --release -p benchgen-cli)
#          cargo build --release -p benchgen-cli
#          benches/ab_build.sh /var/tmp/ab-build 2 /tmp/before-target/release/benchgen target/release/benchgen
set -euo pipefail
workdir=$1 runs=$2
shift 2
modules=(textwrap colorsys html fnmatch shlex heapq statistics fractions)
module_args=()
for module in "${modules[@]}"; do module_args+=(--module "$module"); done
mkdir -p "$workdir"
declare -A wall items
for run in $(seq "$runs"); do
  position=0
  for binary in "$@"; do
    position=$((position + 1))
    out="$workdir/run$run-binary$position.jsonl"
    rm -f "$out"
    start=$(date +%s.%N)
    "$binary" -q build "${module_args[@]}" --out "$out" > /dev/null 2> "$out.log" ||
      echo "run $run $binary: exit $? (see $out.log)" >&2
    end=$(date +%s.%N)
    count=$(wc -l < "$out" 2> /dev/null || echo 0)
    seconds=$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')
    wall[$binary]+=" $seconds"
    items[$binary]+=" $count"
    printf 'run %s %s: %.1f s, %s items\n' "$run" "$binary" "$seconds" "$count" >&2
  done
done
median() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
for binary in "$@"; do
  w=$(echo "${wall[$binary]}" | median)
  n=$(echo "${items[$binary]}" | median)
  printf '%s: wall %.1f s, %s items, %.2f s per accepted item (medians of %s runs)\n' \
    "$binary" "$w" "$n" "$(awk -v w="$w" -v n="$n" 'BEGIN {print (n > 0 ? w / n : 0)}')" "$runs"
done
