#!/usr/bin/env bash
# test_strategies_current.sh FOURCARD — the committed strategy files and cards equal
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

# Four Card Frenzy, the default tables: the strategy
if "$bin" solve frenzy --odds-win WE-1 --bad-beat BB-2 --copy win --strategy "$tmp/f.csv" -q >/dev/null &&
        gzip -dc "$top/strategies/frenzy-WE-1-BB-2.csv.gz" | cmp -s - "$tmp/f.csv"; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL: strategies/frenzy-WE-1-BB-2.csv.gz is not current: run scripts/make-strategies"
fi

# The strategy cards, Markdown, JSON and HTML from one build each (--all-formats;
# test_card checks that -o and --json write the same)
while read -r name args; do
    # shellcheck disable=SC2086
    "$bin" card $args -q --all-formats "$tmp/$name" || { fail=$((fail + 1)); echo "FAIL: card $args"; continue; }
    for ext in md json html; do
        if cmp -s "$tmp/$name.$ext" "$top/strategies/$name.$ext"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL: strategies/$name.$ext is not current: run scripts/make-strategies"
        fi
    done
    if [ -f "$tmp/$name-chart.csv" ] || [ -f "$top/strategies/$name-chart.csv.gz" ]; then
        if [ -f "$tmp/$name-chart.csv" ] && gzip -dc "$top/strategies/$name-chart.csv.gz" 2>/dev/null |
                cmp -s - "$tmp/$name-chart.csv"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL: strategies/$name-chart.csv.gz is not current: run scripts/make-strategies"
        fi
    fi
done < <("$top/scripts/strategy-cards")
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
