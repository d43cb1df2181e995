#!/usr/bin/env bash
# test_protection_current.sh FOURCARD — results/protection/ is what the
# solver computes now (scripts/make-protection regenerates it): the
# counts and shoe simulations, with the effects of removal they start
# from, are computed again and compared (less the run's time and layout;
# test_mpi compares --removal's own files with a 2-rank run); the exact check of
# 200 sampled shoes is too long to redo here (25 min), so its first shoe
# is solved again with `solve buyout --shoe` and its summary figures are
# recomputed from the sampled shoes the file lists.  Hole-carding (--seen 1)
# is computed again too; Split's, a sample of it (--seen 1 and 2).
set -u
bin=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
dir=$top/results/protection
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

nolayout() { jq -S 'del(.seconds, .run, .exact_check)' "$1"; }
nomd() { grep -v -e '^Solved in' -e '^Computed in' "$1" | sed '/^## The linear estimates against exact solves/,$d'; }

"$bin" protect buyout --count -q --all-formats "$tmp/count" || bad "protect --count failed"
cmp -s <(nolayout "$tmp/count.json") <(nolayout "$dir/buyout-count.json") && ok \
    || bad "results/protection/buyout-count.json is not current: run scripts/make-protection"
cmp -s <(nomd "$tmp/count.md") <(nomd "$dir/buyout-count.md") && ok \
    || bad "results/protection/buyout-count.md is not current: run scripts/make-protection"

# the effects of removal: --count computes them first and reports them in
# full, so the committed --removal files are checked against that run (a
# second 22-s solve would only repeat it; test_mpi compares the files with
# 2 ranks' --removal, byte for byte)
cmp -s <(jq -S 'del(.seconds, .run, .analysis)' "$dir/buyout-removal.json") \
       <(jq -S '{command, game, game_rules, bonus_units_per_first_bet, schema_version} + .removal' "$tmp/count.json") && ok \
    || bad "results/protection/buyout-removal.json is not current: run scripts/make-protection"
rows() { sed -n '/^| Rank |/,/^$/p' "$1"; }
[ -n "$(rows "$tmp/count.md")" ] && cmp -s <(rows "$tmp/count.md") <(rows "$dir/buyout-removal.md") && ok \
    || bad "results/protection/buyout-removal.md is not current: run scripts/make-protection"

# the seen dealer card
"$bin" protect frenzy --seen 1 -q --all-formats "$tmp/frenzy-seen" || bad "protect frenzy --seen 1 failed"
cmp -s <(nolayout "$tmp/frenzy-seen.json") <(nolayout "$dir/frenzy-seen-1.json") && ok \
    || bad "results/protection/frenzy-seen-1.json is not current: run scripts/make-protection"
cmp -s <(nomd "$tmp/frenzy-seen.md") <(nomd "$dir/frenzy-seen-1.md") && ok \
    || bad "results/protection/frenzy-seen-1.md is not current: run scripts/make-protection"

# the colluding tables: the 7-seat row again (each size has its own random
# streams, so one size alone gives its row; 7 seats is the quickest)
"$bin" protect frenzy --seats 7 -q --all-formats "$tmp/seats7" || bad "protect frenzy --seats 7 failed"
cmp -s <(jq -S '.rows[0] | del(.seconds)' "$tmp/seats7.json") \
       <(jq -S '.rows[] | select(.seats == 7) | del(.seconds)' "$dir/frenzy-seats.json") && ok \
    || bad "results/protection/frenzy-seats.json (7 seats) is not current: run scripts/make-protection"
line=$(grep '^| 7 |' "$tmp/seats7.md")
[ -n "$line" ] && grep -qxF "$line" "$dir/frenzy-seats.md" && ok \
    || bad "results/protection/frenzy-seats.md (7 seats) is not current"

# Split's colluding tables: the 7-seat row again, as Frenzy's (100,000
# tables, about 15 s on 2 cores)
"$bin" protect split --seats 7 -q --all-formats "$tmp/split7" || bad "protect split --seats 7 failed"
cmp -s <(jq -S '.rows[0] | del(.seconds)' "$tmp/split7.json") \
       <(jq -S '.rows[] | select(.seats == 7) | del(.seconds)' "$dir/split-seats.json") && ok \
    || bad "results/protection/split-seats.json (7 seats) is not current: run scripts/make-protection"
cmp -s <(jq -S 'del(.rows, .seconds, .run)' "$tmp/split7.json") <(jq -S 'del(.rows, .seconds, .run)' "$dir/split-seats.json") \
    && ok || bad "results/protection/split-seats.json (rules, seed, normal EV) is not current"
line=$(grep '^| 7 |' "$tmp/split7.md")
[ -n "$line" ] && grep -qxF "$line" "$dir/split-seats.md" && ok \
    || bad "results/protection/split-seats.md (7 seats) is not current"

# Buyout's tables of N players: the 2-seat row again (1,000 tables, about
# 7 s on 2 cores), its row, the rules, the normal EV, the seed and what a
# seat knows, and its Markdown lines (the table's and the row by seat)
"$bin" protect buyout --seats 2 -q --all-formats "$tmp/bseats" || bad "protect buyout --seats 2 failed"
cmp -s <(jq -S '.rows[0] | del(.seconds)' "$tmp/bseats.json") \
       <(jq -S '.rows[] | select(.seats == 2) | del(.seconds)' "$dir/buyout-seats.json") && ok \
    || bad "results/protection/buyout-seats.json (2 seats) is not current: run scripts/make-protection"
keys='{game, analysis, game_rules, ev_per, known_cards, sampled, sums_unit, seed, normal_ev}'
cmp -s <(jq -S "$keys" "$tmp/bseats.json") <(jq -S "$keys" "$dir/buyout-seats.json") && ok \
    || bad "results/protection/buyout-seats.json (rules, normal EV) is not current: run scripts/make-protection"
cmp -s <(grep -E '^(Shoe:|\| 2 \|)' "$tmp/bseats.md") <(grep -E '^(Shoe:|\| 2 \|)' "$dir/buyout-seats.md") && ok \
    || bad "results/protection/buyout-seats.md (what a seat knows, 2 seats) is not current: run scripts/make-protection"

# hole-carding with the hole-carder's card on the standard card (three
# passes): the run's layout (threads, ranks) left out too
(cd "$top" && "$bin" protect buyout --seen 1 --card strategies/buyout-standard-card.md -q --all-formats "$tmp/seen") \
    || bad "protect --seen 1 failed"
cmp -s <(jq -S 'del(.seconds, .run, .threads, .ranks)' "$tmp/seen.json") \
    <(jq -S 'del(.seconds, .run, .threads, .ranks)' "$dir/buyout-seen.json") && ok \
    || bad "results/protection/buyout-seen.json is not current: run scripts/make-protection"
cmp -s <(nomd "$tmp/seen.md") <(nomd "$dir/buyout-seen.md") && ok \
    || bad "results/protection/buyout-seen.md is not current: run scripts/make-protection"

# Split's hole-carding, one and two cards seen: the whole runs take 1 and
# 16 minutes on 2 cores, so their samples (the Ace upcards, every 40th
# class, with the hole-carder's card; about 2 and 5 s), made by
# scripts/make-protection with the whole runs, are computed again: a change
# of the code that moves the whole figures moves these
for k in 1 2; do
    (cd "$top" && "$bin" protect split --seen "$k" --upcards A --stride 40 --card strategies/split-2014-1a-card.md \
        -q --all-formats "$tmp/split-seen-$k") || bad "protect split --seen $k (sample) failed"
    cmp -s <(jq -S 'del(.seconds, .run, .threads, .ranks)' "$tmp/split-seen-$k.json") \
        <(jq -S 'del(.seconds, .run, .threads, .ranks)' "$dir/split-seen-$k-sample.json") && ok \
        || bad "results/protection/split-seen-$k-sample.json is not current: run scripts/make-protection"
    cmp -s <(nomd "$tmp/split-seen-$k.md") <(nomd "$dir/split-seen-$k-sample.md") && ok \
        || bad "results/protection/split-seen-$k-sample.md is not current: run scripts/make-protection"
done

# the exact check: 200 shoes, its first one solved again, its summary recomputed
c=$dir/buyout-count.json
jq -e '.exact_check.shoes >= 200 and (.exact_check.sampled | length) == .exact_check.shoes' "$c" >/dev/null && ok \
    || bad "the exact check has fewer than 200 shoes"
shoe=$(jq -r '.exact_check.sampled[0].shoe | join(",")' "$c")
got=$("$bin" solve buyout -q --json --shoe "$shoe" | jq .ev.value)
want=$(jq '.exact_check.sampled[0].exact[0]' "$c")
jq -n --argjson a "$got" --argjson b "$want" -e '($a - $b) | fabs < 1e-13' >/dev/null && ok \
    || bad "the first sampled shoe's exact EV: solve gives $got, the file $want"
for g in 0 1 2 3; do
    jq -e --argjson g $g '.exact_check as $x
        | ([$x.sampled[] | (.estimate[$g] - .exact[$g]) * 100 | fabs] | add / length) as $m
        | ($m - $x.games[$g].mean_abs_error_percent | fabs) < 1e-9' "$c" >/dev/null && ok \
        || bad "game $g: the mean absolute error is not that of the sampled shoes"
done
finish
