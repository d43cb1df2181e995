#!/usr/bin/env bash
# test_buyout_paytable.sh FOURCARD — `--bonus-paytable FILE`: a file
# holding a preset's pays gives that preset's exact EVs (alone and beside
# the main game), a file that pays more gives more, the reports name the
# file's table, and bad files get one line "FILE:LINE: problem", exit 2.
set -u
bin=$1
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

# table 2 of the rules page, as a file
cat >"$tmp/t2.ini" <<'INI'
[game]
name = like-table-2
[bonus]
44 = 250
43 = 100
42 = 75
41 = 50
40 = 40
39 = 35
38 = 30
35-37 = 25
32-34 = 20
30-31 = 7
27-29 = 4
21-26 = 3
INI
ev() { "$bin" solve buyout -q --json "$@" | jq -r .ev.exact; }
[ "$(ev --bonus-paytable "$tmp/t2.ini" --bonus-alone)" = "$(ev --bonus-table 2 --bonus-alone)" ] && ok \
    || bad "a file of table 2 alone is not table 2"
[ "$(ev --bonus-paytable "$tmp/t2.ini" --bonus-units 1/2)" = "$(ev --bonus-table 2 --bonus-units 1/2)" ] && ok \
    || bad "a file of table 2 beside the main game is not table 2"
# paying 20 points (a pair) 1 to 1: the Bonus alone gains exactly P(20 points) x 2
sed 's/^21-26 = 3/20 = 1\n21-26 = 3/' "$tmp/t2.ini" >"$tmp/pair.ini"
a=$("$bin" solve buyout -q --json --bonus-paytable "$tmp/pair.ini" --bonus-alone | jq .ev.value)
b=$("$bin" solve buyout -q --json --bonus-table 2 --bonus-alone | jq .ev.value)
jq -n --argjson a "$a" --argjson b "$b" -e '$a > $b' >/dev/null && ok || bad "paying a pair did not raise the EV ($a, $b)"
"$bin" solve buyout -q --bonus-paytable "$tmp/pair.ini" --bonus-alone | grep -q "Bonus paytable like-table-2" && ok \
    || bad "the report does not name the file's table"
"$bin" solve buyout -q --json --bonus-paytable "$tmp/pair.ini" --bonus-alone \
    | jq -e '.game_rules.bonus.paytable == "like-table-2" and .game_rules.bonus.pays["20"] == 1' >/dev/null && ok \
    || bad "the JSON's rules.bonus lacks the paytable and its pays"

# a pay above 255 and a different pay for every point value: every outcome kept
printf '[game]\nname = big\n[bonus]\n44 = 300\n21-43 = 2\n' >"$tmp/big300.ini"
"$bin" solve buyout -q --json --bonus-paytable "$tmp/big300.ini" --bonus-alone \
    | jq -e '.bonus_result | has("+300") and ([.[].value] | add - 1 | fabs) < 1e-12' >/dev/null && ok \
    || bad "a pay of 300: its outcome is missing or the outcomes do not add to 1"
"$bin" par buyout -q --bonus-paytable "$tmp/big300.ini" --bonus-alone >/dev/null && ok \
    || bad "par with a pay of 300 failed"
{ printf '[game]\nname = many\n[bonus]\n'; for p in $(seq 0 44); do echo "$p = $((p + 1))"; done; } >"$tmp/many.ini"
"$bin" solve buyout -q --json --bonus-paytable "$tmp/many.ini" --bonus-alone \
    | jq -e '(.bonus_result | length) > 16 and ([.bonus_result[].value] | add - 1 | fabs) < 1e-12' >/dev/null && ok \
    || bad "a pay for every point value: the outcomes are cut or do not add to 1"
"$bin" simulate buyout -q --bonus-paytable "$tmp/many.ini" --bonus-alone --rounds 1000 >/dev/null && ok \
    || bad "simulate with a pay for every point value failed"
expect_error 2 "--bonus-table and --bonus-paytable: give one" solve buyout --bonus-paytable "$tmp/t2.ini" --bonus-table 2
"$bin" solve buyout -q --bonus-table 1 --bonus-table 2 --bonus-alone | grep -q "Bonus table 2 alone" && ok \
    || bad "a repeated --bonus-table is not the last one given"

printf '[game]\nname = x\n[bonus]\n21-26 = 2\n25 = 3\n' >"$tmp/twice.ini"
expect_error 2 "twice.ini:5: 25 points pay already (line 4)" solve buyout --bonus-paytable "$tmp/twice.ini"
printf '[game]\nname = x\n[bonus]\n45 = 2\n' >"$tmp/big.ini"
expect_fixed=1
expect_error 2 "big.ini:4: bad key '45' in [bonus]" solve buyout --bonus-paytable "$tmp/big.ini"
printf '[game]\nname = x\n[bonus]\n30 = 2.5\n' >"$tmp/half.ini"
expect_error 2 "half.ini:4: bad value '2.5' for '30' in [bonus]: a whole number" solve buyout --bonus-paytable "$tmp/half.ini"
printf '[game]\nname = x\n[bonus]\n' >"$tmp/empty.ini"
expect_error 2 "empty.ini: no pays in [bonus]" solve buyout --bonus-paytable "$tmp/empty.ini"
expect_fixed=0
expect_error 2 "--bonus-table and --bonus-paytable: give one" solve buyout --bonus-table 1 --bonus-paytable "$tmp/t2.ini"
expect_error 2 "--bonus-paytable: the tables cover" protect buyout --removal --bonus-paytable "$tmp/t2.ini"
# sweep buyout: each file and table solved with its own strategy, one line each
sed 's/^name = .*/name = pays-a-pair/' "$tmp/pair.ini" >"$tmp/pair2.ini"
"$bin" sweep buyout --bonus-paytable "$tmp/t2.ini" "$tmp/pair2.ini" --bonus-table 2 --bonus-units 1/2 -q --json \
    -o "$tmp/sweep.json" || bad "sweep buyout failed"
jq -e '.paytables | [.[].name] == ["like-table-2", "pays-a-pair", "table 2"] and .[0].ev.exact == .[2].ev.exact
       and .[1].ev.value > .[0].ev.value and (.[0].hit_frequency_exact | type) == "string" and .[0].hit_frequency_exact == .[2].hit_frequency_exact' \
       "$tmp/sweep.json" \
    >/dev/null && ok \
    || bad "sweep buyout: not the three games, or a file of table 2 differs from table 2"
[ "$(jq -r '.paytables[0].ev.exact' "$tmp/sweep.json")" = "$(ev --bonus-table 2 --bonus-units 1/2)" ] && ok \
    || bad "sweep buyout: a line is not solve's EV"
"$bin" sweep buyout -q --json -o "$tmp/sweep0.json" || bad "sweep buyout (the default games) failed"
jq -e '.paytables | [.[].name] == ["main game", "table 1", "table 2", "table 3"] and .[0].hit_frequency > 0.3' "$tmp/sweep0.json" \
    >/dev/null && ok || bad "sweep buyout: not the main game and the three tables"
# the hit frequency is the PAR sheet's, the Bonus's result included: the
# main game's computed now, table 1's and table 2's committed
[ "$(jq -r '.paytables[0].hit_frequency_exact' "$tmp/sweep0.json")" = "$("$bin" par buyout -q --json | jq -r '.hit.exact')" ] && ok \
    || bad "sweep buyout: the hit frequency is not the PAR sheet's"
for t in 1 2; do
    par=$(jq -r .hit.exact "$(dirname "$0")/../../results/par/buyout-bonus-table-$t.json")
    [ -n "$par" ] && [ "$(jq -r ".paytables[$t].hit_frequency_exact" "$tmp/sweep0.json")" = "$par" ] && ok \
        || bad "sweep buyout: table $t's hit frequency is not the committed PAR sheet's ($par)"
done
expect_error 2 "the name 'like-table-2' is taken already" sweep buyout --bonus-paytable "$tmp/t2.ini" "$tmp/t2.ini"
expect_error 2 "--strategy belongs to 'solve buyout'" sweep buyout --strategy "$tmp/s.csv"
finish
