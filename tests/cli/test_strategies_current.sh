#!/usr/bin/env bash
# test_strategies_current.sh FOURCARD — the committed strategy files equal
# what the solver computes now (scripts/make-strategies regenerates them).
set -u
bin=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
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

# Four Card Frenzy, the default tables: the strategy and its card
if "$bin" solve frenzy --odds-win WE-1 --bad-beat BB-2 --copy win \
        --strategy "$tmp/f.csv" --strategy-card "$tmp/f.md" -q >/dev/null; then
    for f in frenzy-WE-1-BB-2.csv.gz:f.csv frenzy-WE-1-BB-2.md:f.md; do
        kept=${f%%:*} made=$tmp/${f#*:}
        case $kept in *.gz) read_kept="gzip -dc" ;; *) read_kept="cat" ;; esac
        if $read_kept "$top/strategies/$kept" 2>/dev/null | cmp -s - "$made"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL: strategies/$kept is not current: run scripts/make-strategies"
        fi
    done
else
    fail=$((fail + 1))
    echo "FAIL: solve frenzy failed"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
