#!/usr/bin/env bash
# test_sweep.sh FOURCARD — `sweep split --paytable FILE...`: your own
# paytables beside presets, one line each (Markdown, CSV), each priced with
# its own optimal strategy: a file holding preset 2014-1a's numbers gives
# 2014-1a's exact EV, and a file that pays more gives a higher one;
# --hit-frequency gives the PAR sheet's; bad files and clashing names get
# one line and exit 2.
set -u
bin=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

ini=$top/strategies/example-split-paytable.ini
sed 's/^name = .*/name = mine-a/' "$ini" >"$tmp/a.ini"
# the Blind's flush pays 10 instead of 9: a better game
sed 's/^name = .*/name = mine-b/; /^\[blind\]/,/^\[/ s/^flush = 9/flush = 10/' "$ini" >"$tmp/b.ini"
grep -q "^flush = 10" "$tmp/b.ini" && ok || bad "the test's paytable edit did not apply"

"$bin" sweep split --presets 2014-1a --paytable "$tmp/a.ini" "$tmp/b.ini" -q --json -o "$tmp/s.json" \
    || bad "sweep --json failed"
jq -e '.command == "sweep" and .game == "split" and (.paytables | length) == 3
       and [.paytables[].preset] == ["2014-1a", "mine-a", "mine-b"]' "$tmp/s.json" >/dev/null && ok \
    || bad "sweep --json: not the three paytables in order"
jq -e '.paytables[0].ev.exact == .paytables[1].ev.exact' "$tmp/s.json" >/dev/null && ok \
    || bad "a file of 2014-1a's numbers does not give 2014-1a's EV"
jq -e '.paytables[2].ev.value > .paytables[1].ev.value' "$tmp/s.json" >/dev/null && ok \
    || bad "paying a flush 10 on the Blind did not raise the EV"
# the Antes divided as the committed PAR sheet divides them, exactly
for id in ante_instant ante_played ante_folded blind play; do
    par=$(jq -r --arg id $id '.bets[] | select(.id == $id) | .ev.exact' "$top/results/par/split-2014-1a.json")
    [ -n "$par" ] && [ "$par" = "$(jq -r --arg id $id '.paytables[0].bets[$id].exact' "$tmp/s.json")" ] && ok \
        || bad "solve's $id is not the PAR sheet's ($par)"
done
python3 -c "
import json, sys
from fractions import Fraction as F
b = json.load(open('$tmp/s.json'))['paytables'][0]['bets']
sys.exit(0 if F(b['ante_played']['exact']) + F(b['ante_folded']['exact']) == F(b['ante_showdown']['exact']) else 1)" \
    && ok || bad "ante_played + ante_folded is not ante_showdown"

"$bin" sweep split --paytable "$tmp/a.ini" --paytable "$tmp/b.ini" -q -o "$tmp/s.md" || bad "sweep (Markdown) failed"
[ "$(grep -c '^| mine-' "$tmp/s.md")" -eq 2 ] && ok || bad "the Markdown table lacks a line per paytable"
grep -q "^| Paytable | Rules | House edge per unit" "$tmp/s.md" && ok || bad "the Markdown table has no header"

"$bin" sweep split --paytable "$tmp/a.ini" "$tmp/b.ini" -q --csv -o "$tmp/s.csv" || bad "sweep --csv failed"
[ "$(wc -l <"$tmp/s.csv")" -eq 3 ] && head -1 "$tmp/s.csv" | grep -q "^paytable,rules_version,ev,ev_exact," && ok \
    || bad "sweep --csv: not a header and two rows"
# the CSV's EV is the JSON's (17 significant digits read back)
want=$(jq '.paytables[1].ev.value' "$tmp/s.json")
got=$(awk -F, 'NR == 2 { print $3 }' "$tmp/s.csv")
jq -n --argjson a "$got" --argjson b "$want" -e '$a == $b' >/dev/null && ok || bad "CSV EV $got, JSON $want"

head -1 "$tmp/s.csv" | grep -q ",hands_folded_percent,hit_frequency$" && ok || bad "sweep --csv: no hit_frequency column"
# --hit-frequency: a PAR pass per paytable; 2014-1a's numbers give the committed PAR sheet's hit
"$bin" sweep split --paytable "$tmp/a.ini" --hit-frequency -q --json -o "$tmp/h.json" || bad "sweep --hit-frequency failed"
hit=$(jq -r '.paytables[0].hit_frequency_exact' "$tmp/h.json")
[ -n "$hit" ] && [ "$hit" = "$(jq -r .hit.exact "$top/results/par/split-2014-1a.json")" ] && ok \
    || bad "sweep --hit-frequency: $hit is not the PAR sheet's hit frequency of 2014-1a"
mkdir "$tmp/r"
expect_error 2 "--hit-frequency runs in one process, without --resume" sweep split --hit-frequency --resume "$tmp/r"

expect_error 2 "the name 'mine-a' is taken already (by $tmp/a.ini)" sweep split --paytable "$tmp/a.ini" "$tmp/a.ini"
sed 's/^name = .*/name = 2014-1a/' "$ini" >"$tmp/clash.ini"
expect_error 2 "the name '2014-1a' is taken already (by a preset)" sweep split --presets 2014-1a --paytable "$tmp/clash.ini"
expect_error 2 "cannot read $tmp/none.ini" sweep split --paytable "$tmp/a.ini" "$tmp/none.ini"
expect_error 2 "--json and --csv exclude each other" sweep split --paytable "$tmp/a.ini" --json --csv
expect_error 2 "--csv belongs to 'par', 'sweep' and 'design'" solve split --csv
expect_error 2 "unexpected argument" sweep split "$tmp/a.ini"
finish
