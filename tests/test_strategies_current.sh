#!/usr/bin/env bash
# test_strategies_current.sh FOURCARD — the committed strategy files equal
# what the solver computes now (scripts/make-strategies regenerates them).
set -u
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

"$bin" solve split --preset 2014-1a --strategy "$tmp/s.csv" -q >/dev/null || { echo "solve failed"; exit 1; }
if gzip -dc "$top/strategies/split-2014-1a.csv.gz" | cmp -s - "$tmp/s.csv"; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL: strategies/split-2014-1a.csv.gz is not current: run scripts/make-strategies"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
