#!/usr/bin/env bash
# test_design.sh FOURCARD — `design split`, checked against plain re-solves:
# - the sensitivity: for lines whose interval holds pay + 1, the exact EV of
#   a file with that pay, re-solved by `sweep`, is the EV plus d_ev; a pay
#   inside a narrow interval moves the EV by exactly d_ev times the change,
#   and one just past its end does better than that line (the strategy
#   changed, which is what the end says);
# - the grid: every paytable it lists, re-solved alone by `sweep`, has the
#   same exact EV and folds; the band and
#   --solve-for pick what their definitions say; --save writes a file that
#   solves to the first paytable listed;
# - bad --vary, --target and option mixes: one line, exit 2.
set -u
bin=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

ini=$top/strategies/example-split-paytable.ini
# edit NAME SECTION KEY VALUE: the example (2014-1a's numbers) with one pay changed
edit() {
    sed "s/^name = .*/name = $1/; /^\[$2\]/,/^\[/ s/^$3 = .*/$3 = $4/" "$ini" >"$tmp/$1.ini"
    grep -q "^$3 = $4\$" "$tmp/$1.ini" || bad "the test's edit of $2.$3 did not apply"
}
# exact_eq A B D K1 K0: A - B == D * (K1 - K0) exactly (fractions or decimals)
exact_eq() { python3 -c "
from fractions import Fraction as F
import sys
a, b, d, k1, k0 = (F(x) for x in sys.argv[1:6])
sys.exit(0 if a - b == d * (k1 - k0) else 1)" "$@"; }

# --- sensitivity -----------------------------------------------------------
"$bin" design split --sensitivity -q --json -o "$tmp/sens.json" || bad "design --sensitivity failed"
jq -e '.lines | length == 18' "$tmp/sens.json" >/dev/null && ok || bad "not 18 lines"
jq -e '[.lines[] | select(.line | startswith("blind.")) | .decisions] | all(. == false)' "$tmp/sens.json" \
    >/dev/null && ok || bad "a Blind line claims to move decisions"
line() { jq -r --arg l "$1" ".lines[] | select(.line == \$l) | $2" "$tmp/sens.json"; }
# every line here is checked to hold pay + 1 inside its interval first
plus_one="ante-instant:royal-flush:31 ante-instant:three-of-a-kind:9 ante-instant:straight-flush:16 blind:flush:10 blind:two-pair:6"
files=()
for x in $plus_one; do
    IFS=: read -r sec key val <<<"$x"
    high=$(line "$sec.$key" .high)
    [ "$high" = null ] || jq -n -e --argjson h "$high" --argjson v "$val" '$v <= $h' >/dev/null \
        || bad "$sec.$key: pay $val is outside the interval (high $high); pick another line"
    edit "p-$key-$sec" "$sec" "$key" "$val"
    files+=("$tmp/p-$key-$sec.ini")
done
# ante-draw.straight's interval is narrow: a pay inside it and one just past its end
low=$(line ante-draw.straight .low); high=$(line ante-draw.straight .high)
inside=$(python3 -c "print(f'{(3 + min($high, 3.000009)) / 2:.6f}')")
past=$(python3 -c "import math; print(f'{math.ceil($high * 1e6 + 1) / 1e6:.6f}')")
edit in-straight ante-draw straight "$inside"
edit past-straight ante-draw straight "$past"
files+=("$tmp/in-straight.ini" "$tmp/past-straight.ini")
"$bin" sweep split --presets 2014-1a --paytable "${files[@]}" -q --json -o "$tmp/resolved.json" || bad "the re-solves failed"
ev() { jq -r --arg n "$1" '.paytables[] | select(.preset == $n) | .ev.exact' "$tmp/resolved.json"; }
base=$(ev 2014-1a)
[ "$base" = "$(jq -r .ev.exact "$tmp/sens.json")" ] && ok || bad "the sensitivity's EV is not the solve's"
for x in $plus_one; do
    IFS=: read -r sec key val <<<"$x"
    exact_eq "$(ev "p-$key-$sec")" "$base" "$(line "$sec.$key" .d_ev.exact)" 1 0 && ok \
        || bad "$sec.$key + 1: the re-solved EV is not the EV + d_ev"
done
d=$(line ante-draw.straight .d_ev.exact)
exact_eq "$(ev in-straight)" "$base" "$d" "$inside" 3 && ok \
    || bad "ante-draw.straight at $inside (inside [$low, $high]): not linear"
python3 -c "
from fractions import Fraction as F
import sys
sys.exit(0 if F('$(ev past-straight)') - F('$base') > F('$d') * (F('$past') - 3) else 1)" && ok \
    || bad "ante-draw.straight at $past (past $high): no better than the line, so the end is not where the strategy changes"

# --- the grid ---------------------------------------------------------------
# resolve_grid JSON INSTANT: every listed paytable written out and re-solved
resolve_grid() {
    local json=$1 instant=$2 files=() n
    n=$(jq '.paytables | length' "$json")
    for ((i = 0; i < n; i++)); do
        name=$(jq -r ".paytables[$i].name" "$json" | tr + _)
        sed "s/^name = .*/name = $name/" "$ini" >"$tmp/g-$name.ini"
        while IFS=$'\t' read -r l v; do
            sec=${l%%.*} key=${l#*.}
            sed -i "/^\[$sec\]/,/^\[/ s/^$key = .*/$key = $v/" "$tmp/g-$name.ini"
        done < <(jq -r ".paytables[$i].values | to_entries[] | [.key, (.value | tostring)] | @tsv" "$json")
        files+=("$tmp/g-$name.ini")
    done
    "$bin" sweep split --instant "$instant" --paytable "${files[@]}" -q --json -o "$tmp/g.json" || bad "re-solving the grid failed"
    jq -e --slurpfile g "$tmp/g.json" '[.paytables[] | [(.name | gsub("\\+"; "_")), .ev.exact,
            .rounds_folded_percent]] == [$g[0].paytables[] | [.preset, .ev.exact,
            (100 * .decisions.fold_all / .decisions.situations)]]' "$json" >/dev/null && ok \
        || bad "$json: a listed paytable re-solved alone differs"
}
vary=(--vary ante-draw.flush=1.5..2.5:0.5 --vary ante-instant.straight=2..4 --vary ante-instant.flush=1..3
      --vary blind.two-pair=4..5)
"$bin" design split "${vary[@]}" --target=-50%..50% --top 200 -q --json -o "$tmp/grid.json" || bad "design --vary failed"
jq -e '.grid_size == 54 and (.paytables | length) == .in_band and .in_band > 0' "$tmp/grid.json" >/dev/null && ok \
    || bad "the grid: not 54 paytables, or the band lists the wrong number"
resolve_grid "$tmp/grid.json" choose
# (the "highest" reading's grid against split_solve, field by field: tests/split/test_split_design.c)
# the band: exactly the paytables inside it, nearest its middle first
"$bin" design split "${vary[@]}" --target 0.5%..2.5% --top 200 -q --csv -o "$tmp/band.csv" || bad "design --target band failed"
want=$(jq '[.paytables[] | select(.house_edge_percent >= 0.5 and .house_edge_percent <= 2.5)] | length' "$tmp/grid.json")
python3 -c "
import csv, sys
rows = list(csv.DictReader(open('$tmp/band.csv')))
d = [abs(float(r['house_edge_percent']) - 1.5) for r in rows]
ok = len(rows) == $want and d == sorted(d) and list(rows[0])[:3] == ['rank', 'paytable', 'ante-draw.flush']
sys.exit(0 if ok else 1)" && ok || bad "--target 0.5%..2.5% (CSV): not the $want paytables of the band, nearest the middle first"
# --solve-for: one paytable per value of the other lines, the nearest in its row
"$bin" design split --vary ante-draw.flush=1..3:0.25 --vary blind.two-pair=4..5 --solve-for ante-draw.flush \
    --target 1% -q --json -o "$tmp/sf.json" --save "$tmp/best.ini" || bad "design --solve-for failed"
"$bin" design split --vary ante-draw.flush=1..3:0.25 --vary blind.two-pair=4..5 --target 1% --top 100 -q --json \
    -o "$tmp/sfall.json" || bad "design --target 1% failed"
jq -e '.in_band == ([.paytables[] | select(.house_edge_percent == 1)] | length) and .considered == 18' "$tmp/sfall.json" \
    >/dev/null && ok || bad "--target 1%: in_band is not the count exactly at 1%, or not all 18 ranked"
jq -e --slurpfile all "$tmp/sfall.json" '(.paytables | length) == 2 and .considered == 2 and ([.paytables[] | .values["blind.two-pair"]] | sort) == [4, 5]
    and all(.paytables[]; . as $p | ([$all[0].paytables[] | select(.values["blind.two-pair"] == $p.values["blind.two-pair"])
        | (.house_edge_percent - 1 | fabs)] | min) == ($p.house_edge_percent - 1 | fabs))' "$tmp/sf.json" >/dev/null && ok \
    || bad "--solve-for: not the nearest value for each value of the other line"
"$bin" solve split --paytable "$tmp/best.ini" -q --json -o "$tmp/best.json" || bad "the saved paytable does not solve"
[ "$(jq -r .ev.exact "$tmp/best.json")" = "$(jq -r '.paytables[0].ev.exact' "$tmp/sf.json")" ] && ok \
    || bad "--save: the file does not solve to the first paytable listed"
"$bin" design split --vary ante-draw.flush=1..3:0.5 --target 0%..1% -q -o "$tmp/grid.md" && grep -q "^| 1 | 2014-1a+" "$tmp/grid.md" \
    && ok || bad "design: no Markdown table"

# --- bad input ----------------------------------------------------------------
# --hit-frequency: a grid of one paytable, 2014-1a itself (its flush pays 2), has the
# committed PAR sheet's hit frequency
"$bin" design split --vary ante-draw.flush=2..2 --target=-50%..50% --hit-frequency -q --json -o "$tmp/hit.json" \
    || bad "design --hit-frequency failed"
jq -e --slurpfile par "$top/results/par/split-2014-1a.json" '.paytables | length == 1 and
    ((.[0].hit_frequency - $par[0].hit.value) | fabs) < 1e-15' "$tmp/hit.json" >/dev/null && ok \
    || bad "design --hit-frequency: not the PAR sheet's hit frequency of 2014-1a"
expect_error 2 "bad --vary 'ante-draw.flush=2' (LINE=LO..HI" design split --vary ante-draw.flush=2 --target 1%
expect_error 2 "unknown line 'ante-draw.pair' in --vary" design split --vary ante-draw.pair=1..2 --target 1%
expect_error 2 "an empty range (LO above HI)" design split --vary ante-draw.flush=3..2 --target 1%
expect_error 2 "the step must be above 0" design split --vary ante-draw.flush=1..2:0 --target 1%
expect_error 2 "bad --vary low value 'x'" design split --vary ante-draw.flush=x..2 --target 1%
expect_error 2 "line ante-draw.flush is varied twice" design split --vary ante-draw.flush=1..2 --vary ante-draw.flush=1..3 --target 1%
expect_error 2 "the grid has more than 200000 paytables" design split --vary ante-draw.flush=0..1000:0.001 --target 1%
expect_error 2 "bad --target 'abc'" design split --vary ante-draw.flush=1..2 --target abc
expect_error 2 "an empty band (LO above HI)" design split --vary ante-draw.flush=1..2 --target 3%..2%
expect_error 2 "--vary needs --target" design split --vary ante-draw.flush=1..2
expect_error 2 "nothing to do" design split
expect_error 2 "--sensitivity takes no --vary" design split --sensitivity --vary ante-draw.flush=1..2
expect_error 2 "--solve-for blind.flush: give that line a range" design split --vary ante-draw.flush=1..2 --solve-for blind.flush --target 1%
expect_error 2 "--from and --preset exclude each other" design split --from "$ini" --preset 2014-1a --sensitivity
expect_error 2 "--json and --csv exclude each other" design split --sensitivity --json --csv
expect_error 2 "bad --target '0.02..0.03'" design split --vary ante-draw.flush=1..2 --target 0.02..0.03
expect_error 2 "--sensitivity takes no --top" design split --sensitivity --top 5
expect_error 2 "unknown line 'nonsense' in --solve-for" design split --vary ante-draw.flush=1..2 --solve-for nonsense --target 1%
expect_error 1 "--save $tmp/none.ini: no paytable listed" design split --vary ante-draw.flush=2..3 --target 50%..60% -q \
    -o "$tmp/none.md" --save "$tmp/none.ini"
[ ! -e "$tmp/none.ini" ] && [ ! -e "$tmp/none.md" ] && ok || bad "--save wrote a file with nothing listed"
finish
