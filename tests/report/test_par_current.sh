#!/usr/bin/env bash
# test_par_current.sh FOURCARD — the committed PAR sheets (results/par/,
# written by scripts/make-par) are what the solver computes now: the
# default Frenzy sheet (Markdown, with its side bets), the standard
# Buyout sheet (JSON), the default Split sheet (CSV) and a Buyout page
# with its Bonus (HTML) are made again and
# compared byte for byte; the committed CSVs are read back as tables and
# compared with their JSON.  Prints
# "N passed, N failed".
set -u
bin=$1
par=$(cd "$(dirname "$0")/../.." && pwd)/results/par
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

same() {
    local file=$1; shift
    if "$bin" par "$@" -q -o "$tmp/$file" && cmp -s "$tmp/$file" "$par/$file"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: results/par/$file differs from 'fourcard par $*' (run scripts/make-par)"
        diff "$par/$file" "$tmp/$file" | head -20
    fi
}

same frenzy-WE-1-BB-2.md frenzy --odds-win WE-1 --bad-beat BB-2 --bonus all --prime all
same buyout-standard.json buyout --json
same split-2014-1a.csv split --preset 2014-1a --csv
# the page: --html FILE alone writes nothing else
if "$bin" par buyout --bonus-table 1 --bonus-units 1 -q --html "$tmp/b1.html" >"$tmp/stdout" &&
        [ ! -s "$tmp/stdout" ] && cmp -s "$tmp/b1.html" "$par/buyout-bonus-table-1.html"; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL: results/par/buyout-bonus-table-1.html differs from 'fourcard par buyout --bonus-table 1 --bonus-units 1 --html' (run scripts/make-par)"
fi

# Split's Blind return table (a bet of the round) counts the 4-card hands
# as freq split-blind enumerates them on its own, and pays the preset's table
if jq -e --slurpfile f <("$bin" freq split-blind --json) '(.side_bets[] | select(.name == "Blind")) as $b |
        $b.in_round and $b.total == "270725" and
        ([$b.outcomes[] | {(.name): (.count | tonumber)}] | add) == ([$f[0].rows[] | {(.category): .count}] | add) and
        ([$b.outcomes[] | .net.value] == [500, 200, 60, 10, 9, 7, 5, 2, -1, -1])' "$par/split-2014-1a.json" >/dev/null; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL: results/par/split-2014-1a.json: the Blind's return table is not freq split-blind's counts at 2014-1a's pays"
fi

# Split's Ante return table: two Antes a round, 2014-1a's instant and draw
# pays (published), and its mean is the three Ante parts of the EV, halved
if jq -e '(.side_bets[] | select(.name == "Ante (each of the two)")) as $a |
        ([$a.outcomes[] | {(.name): .net.value}] | add) as $p |
        ([.bets[] | select(.id | startswith("ante_")) | .ev.value] | add) as $antes |
        $a.in_round and ($a.total | tonumber) == 2 * (.rounds | tonumber) and
        [$p["instant winner: Royal Flush"], $p["instant winner: Straight Flush"], $p["instant winner: Three of a Kind"],
         $p["instant winner: Straight"], $p["instant winner: Flush"]] == [30, 15, 8, 3, 2] and
        [$p["played: Straight wins"], $p["played: Flush wins"], $p["played: Pair wins"], $p["played: Pair ties"],
         $p["played: Pair loses"], $p["folded"]] == [3, 2, 1, 0, -1, -1] and
        (($a.ev.value - $antes / 2) | fabs) < 1e-12' "$par/split-2014-1a.json" >/dev/null; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL: results/par/split-2014-1a.json: the Antes' return table misses 2014-1a's pays or the Antes' EV"
fi

# Frenzy's Odds return table (WE-1, BB-2): the published pays on a win or a
# copy and on a loss, C(52,5) x C(47,5) deals, and its total is the Odds bet's EV
if jq -e '(.side_bets[] | select(.name == "Odds")) as $o | ([$o.outcomes[] | {(.name): .net.value}] | add) as $p |
        $o.in_round and $o.total == "3986646103440" and $p["player folds"] == -1 and
        $p["Quad Aces: player wins"] == 200 and $p["Quads 2-K: player wins"] == 30 and
        $p["Straight Flush: player wins"] == 15 and $p["Trips: player wins"] == 2 and
        $p["Flush: player wins"] == 1.5 and $p["Straight: player wins"] == 1 and
        $p["Quads 2-K: player loses"] == 100 and $p["Straight Flush: player loses"] == 30 and
        $p["Trips: player loses"] == 4 and $p["Flush: player loses"] == 3 and $p["Straight: player loses"] == 2 and
        $p["Two Pair or less: player wins"] == 0 and $p["Two Pair or less: player loses"] == -1 and
        ($o.ev.exact == (.bets[] | select(.id == "odds") | .ev.exact))' "$par/frenzy-WE-1-BB-2.json" >/dev/null; then
    pass=$((pass + 1))
else
    fail=$((fail + 1))
    echo "FAIL: results/par/frenzy-WE-1-BB-2.json: the Odds return table does not pay WE-1 and BB-2 or miss the Odds EV"
fi

# The CSV is one wide table per section, read back by Python's csv module,
# and says what the JSON says (tests/report/par_csv_check.py): the
# committed sheets of each game, side bets and jackpots among them
for sheet in split-2014-1a frenzy-WE-1-BB-2 frenzy-WE-1-BB-2-jackpots-50000 buyout-bonus-table-1 buyout-bonus-table-2-alone; do
    if python3 "$(dirname "$0")/par_csv_check.py" "$par/$sheet.csv" "$par/$sheet.json"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: results/par/$sheet.csv is not the wide CSV of its JSON"
    fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
