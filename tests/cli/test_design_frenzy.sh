#!/usr/bin/env bash
# test_design_frenzy.sh FOURCARD — `design frenzy`, checked against plain
# re-solves of paytable files (`solve frenzy --paytable`, `par frenzy`):
# - the sensitivity: a pay + 1 inside its interval moves the EV by d_ev
#   exactly; inside the narrow interval of the two-pair-or-less row the EV
#   is linear, and just past its end it is better than the line;
# - the grid: every listed paytable, written out and re-solved alone, has
#   the same exact EV, and its hit frequency is the PAR sheet's exactly;
#   --solve-for picks the nearest value in each row; --save round-trips;
# - bad input: one line, exit 2.
set -u
bin=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

ini=$top/strategies/example-frenzy-paytable.ini
edit() { # edit NAME SECTION KEY VALUE
    sed "s/^name = .*/name = $1/; /^\[$2\]/,/^\[/ s/^$3 = [^;]*/$3 = $4 /" "$ini" >"$tmp/$1.ini"
    grep -q "^$3 = $4 " "$tmp/$1.ini" || bad "the test's edit of $2.$3 did not apply"
}
exact_eq() { python3 -c "
from fractions import Fraction as F
import sys
a, b, d, k1, k0 = (F(x) for x in sys.argv[1:6])
sys.exit(0 if a - b == d * (k1 - k0) else 1)" "$@"; }
ev_of() { "$bin" solve frenzy --paytable "$1" -q --json | jq -r .ev.exact; }

# --- sensitivity -------------------------------------------------------------
"$bin" design frenzy --sensitivity --paytable "$ini" -q --json -o "$tmp/sens.json" || bad "design frenzy --sensitivity failed"
jq -e '.lines | length == 13' "$tmp/sens.json" >/dev/null && ok || bad "not 13 lines"
line() { jq -r --arg l "$1" ".lines[] | select(.line == \$l) | $2" "$tmp/sens.json"; }
base=$(ev_of "$ini")
[ "$base" = "$(jq -r .ev.exact "$tmp/sens.json")" ] && ok || bad "the sensitivity's EV is not the solve's"
for x in odds-win:flush:2.5 odds-bad-beat:straight:3 odds-win:three-of-a-kind:3; do
    IFS=: read -r sec key val <<<"$x"
    [ "$(line "$sec.$key" .high)" = null ] || bad "$sec.$key: pay $val may be outside its interval"
    edit "p-$key" "$sec" "$key" "$val"
    exact_eq "$(ev_of "$tmp/p-$key.ini")" "$base" "$(line "$sec.$key" .d_ev.exact)" 1 0 && ok \
        || bad "$sec.$key + 1: the re-solved EV is not the EV + d_ev"
done
high=$(line odds-win.two-pair-or-less .high)
inside=$(python3 -c "print(f'{min($high, 0.000009) / 2:.6f}')")
past=$(python3 -c "import math; print(f'{math.ceil($high * 1e6 + 1) / 1e6:.6f}')")
edit in-low odds-win two-pair-or-less "$inside"
edit past-low odds-win two-pair-or-less "$past"
d=$(line odds-win.two-pair-or-less .d_ev.exact)
exact_eq "$(ev_of "$tmp/in-low.ini")" "$base" "$d" "$inside" 0 && ok || bad "two-pair-or-less at $inside: not linear"
python3 -c "
from fractions import Fraction as F
import sys
sys.exit(0 if F('$(ev_of "$tmp/past-low.ini")') - F('$base') > F('$d') * F('$past') else 1)" && ok \
    || bad "two-pair-or-less at $past (past $high): no better than the line"

# --- the grid ------------------------------------------------------------------
"$bin" design frenzy --paytable "$ini" --vary odds-win.flush=1..2:0.5 --vary odds-bad-beat.straight=1..3 \
    --vary odds-win.two-pair-or-less=0..0.1:0.05 --target=-50%..50% --top 100 -q --json -o "$tmp/grid.json" \
    || bad "design frenzy --vary failed"
jq -e '.grid_size == 27 and .in_band == 27 and (.paytables | length) == 27' "$tmp/grid.json" >/dev/null && ok \
    || bad "the grid: not 27 paytables listed"
n=$(jq '.paytables | length' "$tmp/grid.json")
files=()
for ((i = 0; i < n; i++)); do
    f=$tmp/g$i.ini
    sed "s/^name = .*/name = g$i/" "$ini" >"$f"
    while IFS=$'\t' read -r l v; do
        sec=${l%%.*} key=${l#*.}
        sed -i "/^\[$sec\]/,/^\[/ s/^$key = [^;]*/$key = $v /" "$f"
    done < <(jq -r ".paytables[$i].values | to_entries[] | [.key, (.value | tostring)] | @tsv" "$tmp/grid.json")
    files+=("$f")
done
# every paytable's EV re-solved (one enumeration: sweep frenzy is solve frenzy's path for several games)
"$bin" sweep frenzy --paytable "${files[@]}" -q --json -o "$tmp/resolved.json" || bad "re-solving the grid failed"
wrong=$(jq --slurpfile r "$tmp/resolved.json" '[.paytables[].ev.exact] as $a | [$r[0].paytables[].ev.exact] as $b
        | [range(0; $a | length) | select($a[.] != $b[.])] | length' "$tmp/grid.json")
# the hit frequency against the PAR sheet's own count, for three of them
for i in 0 13 26; do
    [ "$("$bin" par frenzy --paytable "$tmp/g$i.ini" -q --json | jq -r .hit.exact)" = \
      "$(jq -r ".paytables[$i].hit_frequency_exact" "$tmp/grid.json")" ] || wrong=$((wrong + 1))
done
[ "$wrong" -eq 0 ] && ok || bad "$wrong figures of the grid differ from re-solving the paytable alone"
"$bin" design frenzy --vary odds-win.flush=1..2:0.1 --vary odds-bad-beat.straight=1..3 --solve-for odds-win.flush \
    --target 2% -q --json -o "$tmp/sf.json" --save "$tmp/best.ini" || bad "design frenzy --solve-for failed"
"$bin" design frenzy --vary odds-win.flush=1..2:0.1 --vary odds-bad-beat.straight=1..3 --target 2% --top 100 -q \
    --json -o "$tmp/all.json" || bad "design frenzy --target 2% failed"
jq -e --slurpfile all "$tmp/all.json" '(.paytables | length) == 3 and all(.paytables[]; . as $p
    | ([$all[0].paytables[] | select(.values["odds-bad-beat.straight"] == $p.values["odds-bad-beat.straight"])
        | (.house_edge_percent - 2 | fabs)] | min) == ($p.house_edge_percent - 2 | fabs))' "$tmp/sf.json" >/dev/null && ok \
    || bad "--solve-for: not the nearest value for each value of the other line"
[ "$(ev_of "$tmp/best.ini")" = "$(jq -r '.paytables[0].ev.exact' "$tmp/sf.json")" ] && ok \
    || bad "--save: the file does not solve to the first paytable listed"
"$bin" design frenzy --vary odds-win.flush=1..2:0.5 --target 1%..3% -q -o "$tmp/g.md" && grep -q "^| 1 | odds+" "$tmp/g.md" \
    && ok || bad "design frenzy: no Markdown table"

# --- sweep frenzy: files and presets in one enumeration, one line each ------------
sed 's/^name = .*/name = other/' "$tmp/g0.ini" >"$tmp/other.ini"
"$bin" sweep frenzy --paytable "$ini" "$tmp/other.ini" --odds-win WE-1 --bad-beat BB-1,BB-2 -q --json -o "$tmp/sweep.json" \
    || bad "sweep frenzy failed"
jq -e '[.paytables[].name] == ["layout-2015", "other", "WE-1/BB-1", "WE-1/BB-2"]' "$tmp/sweep.json" >/dev/null \
    && ok || bad "sweep frenzy: not the four games in order"
[ "$(jq -r '.paytables[1].ev.exact' "$tmp/sweep.json")" = "$(ev_of "$tmp/other.ini")" ] && ok \
    || bad "sweep frenzy: a file's EV is not solve's"
expect_error 2 "the name 'layout-2015' is taken already" sweep frenzy --paytable "$ini" "$ini"
[ "$(jq -r '.paytables[0].ev.exact' "$tmp/sweep.json")" = "$base" ] && ok || bad "sweep frenzy: the file's EV is not solve's"
[ "$(jq -r '.paytables[0].hit_frequency_exact' "$tmp/sweep.json")" = "$("$bin" par frenzy --paytable "$ini" -q --json | jq -r .hit.exact)" ] \
    && ok || bad "sweep frenzy: the hit frequency is not the PAR sheet's"
[ "$(jq -r '.paytables[3].ev.exact' "$tmp/sweep.json")" = "$("$bin" solve frenzy --bad-beat BB-2 -q --json | jq -r .ev.exact)" ] \
    && ok || bad "sweep frenzy: WE-1/BB-2's EV is not solve's"
"$bin" sweep frenzy --paytable "$ini" -q -o "$tmp/sweep.md" && grep -q "^| layout-2015 | WE-2 | BB-5 |" "$tmp/sweep.md" \
    && ok || bad "sweep frenzy: no Markdown line"
expect_error 2 "--bonus belongs to 'solve frenzy'" sweep frenzy --bonus FC-1

# --- bad input -------------------------------------------------------------------
expect_error 1 "--save $tmp/none.ini: no paytable listed" design frenzy --vary odds-win.flush=1..2 --target 90%..95% -q \
    -o "$tmp/none.md" --save "$tmp/none.ini"
[ ! -e "$tmp/none.ini" ] && [ ! -e "$tmp/none.md" ] && ok || bad "--save with nothing listed wrote a file"
expect_error 2 "unknown line 'odds-win.pair' in --vary" design frenzy --vary odds-win.pair=1..2 --target 1%
expect_error 2 "unknown line 'odds-bad-beat.quad-aces'" design frenzy --vary odds-bad-beat.quad-aces=1..2 --target 1%
expect_error 2 "the grid has more than 200000 paytables" design frenzy --vary odds-win.flush=0..1000:0.001 --target 1%
expect_error 2 "'design frenzy' takes one game" design frenzy --bad-beat BB-1,BB-2 --sensitivity
expect_error 2 "--hit-frequency belongs to 'design split'" design frenzy --vary odds-win.flush=1..2 --target 1% --hit-frequency
finish
