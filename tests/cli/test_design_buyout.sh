#!/usr/bin/env bash
# test_design_buyout.sh FOURCARD — `design buyout`, checked against plain
# re-solves of Bonus paytable files (`solve buyout`, `par buyout`):
# - the sensitivity: its EV is the solve's; a pay + 1 inside its interval
#   moves the EV by d_ev exactly; at the end of a line's interval the EV is
#   still linear, one past it better than the line (the strategy changed);
#   d_ev is the line's points' share of kept hands (PAR's final hands);
# - the grid: every listed table, written out and re-solved alone, has the
#   same exact EV, average wager and rounds folded, and the PAR sheet's hit
#   frequency; --solve-for and --save; a Bonus played alone and a depleted
#   shoe with other units against their solves;
# - bad input: one line, exit 2.
set -u
bin=$1
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

exact_eq() { python3 -c "
from fractions import Fraction as F
import sys
a, b, d, k1, k0 = (F(x) for x in sys.argv[1:6])
sys.exit(0 if a - b == d * (k1 - k0) else 1)" "$@"; }
# table FILE NAME LINE=PAY...: table 1 with some lines changed, as a paytable file
table() {
    local f=$1 name=$2; shift 2
    python3 - "$f" "$name" "$@" <<'EOF'
import sys
f, name, changes = sys.argv[1], sys.argv[2], sys.argv[3:]
pay = [-1] * 45
for lo, hi, p in [(44, 44, 250), (43, 43, 100), (42, 42, 75), (41, 41, 50), (40, 40, 40), (39, 39, 35),
                  (38, 38, 30), (35, 37, 25), (32, 34, 20), (30, 31, 5), (27, 29, 3), (21, 26, 2)]:
    for q in range(lo, hi + 1): pay[q] = p
for c in changes:
    line, v = c.split('=')
    pts = line.split('.')[1].split('-')
    for q in range(int(pts[0]), int(pts[-1]) + 1): pay[q] = int(v)
with open(f, 'w') as out:
    out.write(f"[game]\nname = {name}\n[bonus]\n")
    for q in range(45):
        if pay[q] >= 0: out.write(f"{q} = {pay[q]}\n")
EOF
}
same() { [ -n "$1" ] && [ "$1" = "$2" ]; } # equal and not empty
solve_json() { "$bin" solve buyout "$@" -q --json; }
ev_of() { solve_json --bonus-paytable "$1" | jq -r .ev.exact; }

# --- sensitivity -------------------------------------------------------------
"$bin" design buyout --sensitivity -q --json -o "$tmp/sens.json" || bad "design buyout --sensitivity failed"
jq -e '[.lines[].line] == ["bonus.0-20", "bonus.21-26", "bonus.27-29", "bonus.30-31", "bonus.32-34", "bonus.35-37",
        "bonus.38", "bonus.39", "bonus.40", "bonus.41", "bonus.42", "bonus.43", "bonus.44"]' "$tmp/sens.json" >/dev/null \
    && ok || bad "not table 1's 13 lines"
line() { jq -r --arg l "$1" ".lines[] | select(.line == \$l) | $2" "$tmp/sens.json"; }
base=$(solve_json --bonus-table 1 | jq -r .ev.exact)
same "$base" "$(jq -r .ev.exact "$tmp/sens.json")" && ok || bad "the sensitivity's EV is not the solve's"
for x in bonus.30-31:6 bonus.44:251 bonus.27-29:4; do
    l=${x%%:*} v=${x#*:}
    python3 -c "import sys; sys.exit(0 if $(line "$l" .low) <= $v <= $(line "$l" '.high // 1e9') else 1)" \
        || bad "$l: pay $v outside its interval"
    table "$tmp/p.ini" p "$l=$v"
    exact_eq "$(ev_of "$tmp/p.ini")" "$base" "$(line "$l" .d_ev.exact)" "$v" "$(line "$l" .pay)" && ok \
        || bad "$l = $v: the re-solved EV is not the EV + d_ev"
done
# bonus.32-34 pays 20; its interval ends a little above 26: linear at 26, better than the line at 27
high=$(line bonus.32-34 .high)
python3 -c "import sys; sys.exit(0 if 26 <= $high < 27 else 1)" && ok || bad "bonus.32-34: interval end $high, not in [26, 27)"
d=$(line bonus.32-34 .d_ev.exact)
table "$tmp/in.ini" in bonus.32-34=26
table "$tmp/past.ini" past bonus.32-34=27
exact_eq "$(ev_of "$tmp/in.ini")" "$base" "$d" 26 20 && ok || bad "bonus.32-34 at 26: not linear"
python3 -c "
from fractions import Fraction as F
import sys
sys.exit(0 if F('$(ev_of "$tmp/past.ini")') - F('$base') > F('$d') * 7 else 1)" && ok \
    || bad "bonus.32-34 at 27 (past $high): no better than the line"
# d_ev = (Bonus units) x P(a hand of the line's points kept), from the PAR sheet's final hands
"$bin" par buyout --bonus-table 1 -q --json -o "$tmp/par.json" || bad "par buyout failed"
python3 - "$tmp/sens.json" "$tmp/par.json" <<'EOF' && ok || bad "d_ev is not the PAR sheet's share of hands kept by points"
import json, sys
from fractions import Fraction as F
sens, par = (json.load(open(p)) for p in sys.argv[1:3])
kept = {}
for t in (t for t in par["tables"] if t["title"] == "Player's final hand"):
    for row in t["rows"]:
        if "points" in row and "probability" in row and row.get("cards") in (2, 3, 4):
            kept[row["points"]] = kept.get(row["points"], 0) + F(row["probability"]["exact"])
assert kept, "no final hands by points in the PAR sheet"
for l in sens["lines"]:
    want = sum((kept.get(p, 0) for p in range(l["points_low"], l["points_high"] + 1)), F(0))
    if F(l["d_ev"]["exact"]) != want:
        sys.exit(f"{l['line']}: d_ev {l['d_ev']['exact']} against {want}")
EOF

# --- the grid ------------------------------------------------------------------
"$bin" design buyout --vary bonus.30-31=4..8:2 --vary bonus.21-26=1..3 --target=-100%..100% --top 100 -q --json \
    -o "$tmp/grid.json" || bad "design buyout --vary failed"
jq -e '.grid_size == 9 and .in_band == 9 and (.paytables | length) == 9' "$tmp/grid.json" >/dev/null && ok \
    || bad "the grid: not 9 tables listed"
files=()
for ((i = 0; i < 9; i++)); do
    mapfile -t ch < <(jq -r ".paytables[$i].values | to_entries[] | \"\(.key)=\(.value)\"" "$tmp/grid.json")
    table "$tmp/g$i.ini" "g$i" "${ch[@]}"
    files+=("$tmp/g$i.ini")
done
"$bin" sweep buyout --bonus-paytable "${files[@]}" -q --json -o "$tmp/resolved.json" || bad "re-solving the grid failed"
python3 - "$tmp/grid.json" "$tmp/resolved.json" <<'EOF' && ok || bad "the grid's figures differ from re-solving each table"
import json, sys
from fractions import Fraction as F
grid, res = (json.load(open(p)) for p in sys.argv[1:3])
for g, r in zip(grid["paytables"], res["paytables"]):
    d = r["decisions"]
    folded = F(d["third_card"]["fold"]["exact"]) + F(d["fourth_card"]["fold"]["exact"])
    if (g["ev"]["exact"], g["average_wager"]["exact"], F(g["rounds_folded_exact"])) != \
       (r["ev"]["exact"], r["average_wager"]["exact"], folded):
        sys.exit(f"{g['name']}: {g['ev']['exact']} against {r['ev']['exact']}")
EOF
for i in 0 4 8; do
    same "$("$bin" par buyout --bonus-paytable "$tmp/g$i.ini" -q --json | jq -r .hit.exact)" \
        "$(jq -r ".paytables[$i].hit_frequency_exact" "$tmp/grid.json")" && ok \
        || bad "table $i: the hit frequency is not the PAR sheet's"
done
"$bin" design buyout --vary bonus.30-31=4..8:2 --vary bonus.21-26=1..3 --solve-for bonus.30-31 --target 0% -q --json \
    -o "$tmp/sf.json" --save "$tmp/best.ini" || bad "design buyout --solve-for failed"
jq -e --slurpfile all "$tmp/grid.json" '(.paytables | length) == 3 and all(.paytables[]; . as $p
    | ([$all[0].paytables[] | select(.values["bonus.21-26"] == $p.values["bonus.21-26"])
        | (.house_edge_percent | fabs)] | min) == ($p.house_edge_percent | fabs))' "$tmp/sf.json" >/dev/null && ok \
    || bad "--solve-for: not the nearest value for each value of the other line"
same "$(ev_of "$tmp/best.ini")" "$(jq -r '.paytables[0].ev.exact' "$tmp/sf.json")" && ok \
    || bad "--save: the file does not solve to the first table listed"
"$bin" design buyout --vary bonus.44=100..300:100 --target 5%..15% -q -o "$tmp/g.md" && grep -q "^| 1 | table-1+" "$tmp/g.md" \
    && ok || bad "design buyout: no Markdown table"

# a Bonus played alone (no decision: the lines are its frequencies) and a
# depleted shoe with half a Bonus unit, against their solves
"$bin" design buyout --bonus-alone --bonus-table 2 --sensitivity -q --json -o "$tmp/alone.json" || bad "--bonus-alone failed"
same "$(jq -r .ev.exact "$tmp/alone.json")" "$(solve_json --bonus-table 2 --bonus-alone | jq -r .ev.exact)" \
    && jq -e 'all(.lines[]; .decisions == false and .high == null)' "$tmp/alone.json" >/dev/null && ok \
    || bad "--bonus-alone: not the solve's EV, or a line moves a decision"
shoe=6,6,6,6,5,6,6,6,6,4,6,6,5
"$bin" design buyout --shoe $shoe --bonus-units 1/2 --vary bonus.44=200..300:100 --target=-100%..100% -q --json \
    -o "$tmp/shoe.json" || bad "design --shoe failed"
table "$tmp/s.ini" s bonus.44=300
got=$(jq -r '.paytables[] | select(.values["bonus.44"] == 300) | .ev.exact' "$tmp/shoe.json")
same "$got" "$(solve_json --shoe $shoe --bonus-units 1/2 --bonus-paytable "$tmp/s.ini" | jq -r .ev.exact)" && ok || bad "a depleted shoe with half a unit: not the solve's EV"

# 1 and 3 threads: the same bits (2 MPI ranks: test_mpi)
for t in 1 3; do
    "$bin" design buyout --decks 2 --sensitivity --threads $t -q --json | grep -v -e '"seconds"' -e '"threads_per_rank"' \
        >"$tmp/t$t.json" || bad "design --threads $t failed"
done
[ -s "$tmp/t1.json" ] && cmp -s "$tmp/t1.json" "$tmp/t3.json" && ok || bad "1 and 3 threads differ"

# --- bad input -------------------------------------------------------------------
expect_error 2 "unknown line 'bonus.45' in --vary" design buyout --vary bonus.45=1..2 --target 1%
expect_error 2 "unknown line 'odds.44' in --vary" design buyout --vary odds.44=1..2 --target 1%
expect_error 2 "Bonus pays are whole numbers" design buyout --vary bonus.44=1..2:0.5 --target 1%
expect_error 2 "share points" design buyout --vary bonus.21-26=1..2 --vary bonus.25=1..3 --target 1%
expect_error 2 "the grid has more than 20000 paytables" design buyout --vary bonus.44=0..100000 --target 1%
expect_error 2 "--from and --bonus-table" design buyout --from "$tmp/g0.ini" --bonus-table 2 --sensitivity
expect_error 2 "--hit-frequency belongs to 'design split'" design buyout --vary bonus.44=1..2 --target 1% --hit-frequency
expect_error 2 "--sensitivity takes no --vary" design buyout --sensitivity --vary bonus.44=1..2
finish
