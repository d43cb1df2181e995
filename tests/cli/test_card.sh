#!/usr/bin/env bash
# test_card.sh FOURCARD — strategy cards from the command line: `card split`
# writes a card whose file `price split` reads back at the same exact EV;
# an edited card prices differently; bad card files get FILE:LINE and exit
# 2; `advise split` lists every option with the best first and the card's
# rule; `simulate split --play card` agrees with the card's exact EV and not
# with the optimal one; `card frenzy` gives its keys; the JSON keys users read.
set -u
bin=$1
. "$(dirname "$0")/expect.sh"

# The JSON check: jq -e EXPR FILE is true.
has() {
    local what=$1 expr=$2 file=$3
    if jq -e "$expr" "$file" >/dev/null 2>&1; then ok; else bad "$what: '$expr' is false in $(head -c 300 "$file")"; fi
}

game=(split --preset v2-P1 --rules 10 -q)
if "$bin" card "${game[@]}" --all-formats "$tmp/c"; then ok # c.md and c.json from one build
else bad "card split failed"; fi
# --all-formats writes what -o and --json write, one by one
"$bin" card frenzy -q -o "$tmp/f1.md" && "$bin" card frenzy -q --json -o "$tmp/f1.json" \
    && "$bin" card frenzy -q --all-formats "$tmp/f2" && cmp -s "$tmp/f1.md" "$tmp/f2.md" && cmp -s "$tmp/f1.json" "$tmp/f2.json" \
    && ok || bad "card --all-formats differs from -o and --json"
expect_error 2 "--all-formats BASE writes BASE.md, BASE.json and BASE.html" card frenzy --all-formats "$tmp/x" --json
expect_error 2 "no -o, --json, --html or --chart" card frenzy --all-formats "$tmp/x" --html "$tmp/x.html"
expect_error 2 "no -o, --json, --html or --chart" card split --all-formats "$tmp/x" --chart "$tmp/x.csv"
expect_error 2 "--chart FILE: only 'card split' has a chart" card frenzy --chart "$tmp/x.csv"
[ ! -e "$tmp/x.csv" ] && ok || bad "a refused --chart wrote its file"
# --html FILE alone: the page (the one --all-formats writes), nothing on stdout
"$bin" card frenzy -q --html "$tmp/f3.html" > "$tmp/f3.out" && [ ! -s "$tmp/f3.out" ] && cmp -s "$tmp/f3.html" "$tmp/f2.html" \
    && ok || bad "card --html: not the --all-formats page, or something on stdout"
# --html beside --json: both
"$bin" card frenzy -q --json --html "$tmp/f4.html" > "$tmp/f4.json" && cmp -s "$tmp/f4.json" "$tmp/f1.json" \
    && cmp -s "$tmp/f4.html" "$tmp/f2.html" && ok || bad "card --json --html"
for key in rules ev optimal_ev cost cost_percent hands_otherwise tiers lengths best_in_language; do
    has "card split --json" "has(\"$key\")" "$tmp/c.json"
done
has "card split" '(.rules | length) <= 10 and (.rules | length) >= 7' "$tmp/c.json"
has "card split" '.ev.exact | test("^-?[0-9]+/[0-9]+$")' "$tmp/c.json"
has "card split" '(.optimal_ev.value - .ev.value - .cost.value) | fabs < 1e-12' "$tmp/c.json"
has "card split" '.cost.value > 0 and (.cost_percent - 100 * .cost.value | fabs) < 1e-9' "$tmp/c.json"
has "card split" '[.tiers[] | has("rules") and has("ev") and has("cost") and has("cost_percent") and has("hands_otherwise")] | all' "$tmp/c.json"
has "card split" '[.tiers[].cost.value] | all(. > 0)' "$tmp/c.json"
has "card split" '.preset == "v2-P1" and .game == "split"' "$tmp/c.json"
[ "$(grep -c '^[0-9]*\. ' "$tmp/c.md")" = "$(jq '.rules | length' "$tmp/c.json")" ] && ok || bad "the Markdown's numbered rules are not the JSON's"

# The chart's CSV (c-chart.csv, from --all-formats): a row for every length
# from the learner's shortest card to the whole chart, the whole chart's
# the JSON's, every shown length's EV the JSON's; the shortest chart of
# 40 exceptions in its better order, read back by price as any card, is
# priced at its row's exact EV.
csv="$tmp/c-chart.csv"
nrules=$(jq '.rules | length' "$tmp/c.json")
[ "$(head -1 "$csv")" = "rule_count,order,ev,cost,cost_percent,cost_percent_by_gain,cost_percent_greedy,exception_by_gain,exception_greedy" ] &&
    ok || bad "the chart CSV's header: $(head -1 "$csv")"
[ "$(tail -n +2 "$csv" | cut -d, -f1 | tr '\n' ' ')" = "$(seq 5 "$(jq .chart.rule_count "$tmp/c.json")" | tr '\n' ' ')" ] &&
    ok || bad "the chart CSV's lengths are not 5 to the chart's rule count"
csv_ev() { awk -F, -v n="$1" '$1 == n { print $3 }' "$csv"; }
[ "$(csv_ev "$(jq .chart.rule_count "$tmp/c.json")")" = "$(jq -r .chart.ev.exact "$tmp/c.json")" ] && ok ||
    bad "the chart CSV's last EV is not the chart's"
for n in $(jq '.chart.lengths[].rule_count' "$tmp/c.json"); do
    [ "$(csv_ev "$n")" = "$(jq -r ".chart.lengths[] | select(.rule_count == $n) | .ev.exact" "$tmp/c.json")" ] && ok ||
        bad "the chart CSV's EV at $n rules is not the JSON's"
done
k=40 at=$((nrules + 40))
order=$(awk -F, -v n="$at" '$1 == n { print $2 }' "$csv")
col=$([ "$order" = greedy ] && echo exception_greedy || echo exception_by_gain)
python3 - "$csv" "$col" "$k" "$tmp/c.md" > "$tmp/c40.md" <<'PY'
import csv, re, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r[sys.argv[2]]]
rules = [r[sys.argv[2]] for r in rows[:int(sys.argv[3])]]
rules += [m.group(1) for m in re.finditer(r'^\d+\. (.*)$', open(sys.argv[4]).read(), re.M)]
print("\n".join(f"{i + 1}. {t}" for i, t in enumerate(rules)))
PY
"$bin" price split --preset v2-P1 --card "$tmp/c40.md" --json -q -o "$tmp/c40.json" && ok || bad "price of the 40-exception chart failed"
[ "$(jq -r .ev.exact "$tmp/c40.json")" = "$(csv_ev "$at")" ] && ok || bad "the 40-exception chart's price is not its CSV row's"

# The same card, byte for byte, at any thread count; --chart FILE beside
# --json writes the chart --all-formats wrote.
"$bin" card "${game[@]}" --json --threads 1 -o "$tmp/c1.json" --chart "$tmp/c1.csv" && cmp -s "$tmp/c.json" "$tmp/c1.json" &&
    cmp -s "$tmp/c1.csv" "$csv" && ok || bad "card split --threads 1 differs from the default thread count"

# The card file reads back at the same exact EV.
if "$bin" price split --preset v2-P1 --card "$tmp/c.md" --json -q -o "$tmp/p.json"; then ok; else bad "price failed"; fi
[ "$(jq -r .ev.exact "$tmp/p.json")" = "$(jq -r .ev.exact "$tmp/c.json")" ] && ok || bad "price's EV is not card's"
has "price" '.card_file != null' "$tmp/p.json"

# One rule changed (the 2-card hands' catch-all turned over): another
# price, still below the optimum.
awk '/^[0-9]+\. (Play|Fold) a 2-card hand$/ && !done { sub($2 == "Play" ? "Play" : "Fold", $2 == "Play" ? "Fold" : "Play"); done = 1 } { print }' \
    "$tmp/c.md" > "$tmp/edited.md"
if ! cmp -s "$tmp/c.md" "$tmp/edited.md"; then
    "$bin" price split --preset v2-P1 --card "$tmp/edited.md" --json -q -o "$tmp/e.json" && ok || bad "price edited failed"
    [ "$(jq -r .ev.exact "$tmp/e.json")" != "$(jq -r .ev.exact "$tmp/c.json")" ] && ok || bad "the edited card prices the same"
    has "price edited" '.cost.value > 0' "$tmp/e.json"
else
    bad "no catch-all 2-card play rule in the card"
fi

# Bad card files: FILE:LINE, exit 2, one line.
printf '1. No pair: fold both\n2. One pair: 2+2 pair | high\n' > "$tmp/bad1.md"
expect_error 2 "bad1.md:2: unknown setting" price split --card "$tmp/bad1.md"
printf 'words\n1. No pair: fold both\n3. Play a single card\n' > "$tmp/bad2.md"
expect_error 2 "bad2.md:3: rule 3 where rule 2 was due" price split --card "$tmp/bad2.md"
printf '1. No pair: fold both\n2. Play a single card\n' > "$tmp/short.md"
expect_error 2 "short.md: no rule decides" price split --card "$tmp/short.md" -q
expect_error 2 "missing --card" price split
expect_error 2 "nothere.md: No such file" price split --card "$tmp/nothere.md"

# 4 Card Buyout: the card's optimal EV is the solve's, exactly; its file
# reads back at the same EV; bad files get FILE:LINE.
"$bin" solve buyout --json -q -o "$tmp/bs.json" && ok || bad "solve buyout failed"
"$bin" card buyout --rules 8 -q --all-formats "$tmp/b" && ok || bad "card buyout failed" # b.md, b.json: one build
for key in rules ev optimal_ev cost cost_percent hands_otherwise tiers lengths; do has "card buyout" "has(\"$key\")" "$tmp/b.json"; done
has "card buyout" '.optimal_ev.exact == "'"$(jq -r .ev.exact "$tmp/bs.json")"'"' "$tmp/b.json"
has "card buyout" '(.rules | length) <= 8 and .cost.value > 0 and (.tiers | length) == 2' "$tmp/b.json"
has "card buyout" '((.optimal_ev.value - .ev.value - .cost.value) | fabs) < 1e-12' "$tmp/b.json"
"$bin" price buyout --card "$tmp/b.md" --json -q -o "$tmp/bp.json" && ok || bad "price buyout failed"
[ "$(jq -r .ev.exact "$tmp/bp.json")" = "$(jq -r .ev.exact "$tmp/b.json")" ] && ok || bad "price buyout's EV is not card's"
# The 8-rule card misses the 0.05% target: the card learns on to the length
# that meets it and gives that card, whose exact price is its length's.
has "card buyout" '.target.met_at_rule_count > 8 and (.target.rules | length) == .target.met_at_rule_count' "$tmp/b.json"
has "card buyout" '.lengths[-1].rule_count == .target.met_at_rule_count and .lengths[-1].cost_percent <= 0.05 and
    .lengths[-2].cost_percent > 0.05' "$tmp/b.json"
jq -r '.target.rules | to_entries[] | "\(.key + 1). \(.value)"' "$tmp/b.json" > "$tmp/btarget.md"
"$bin" price buyout --card "$tmp/btarget.md" --json -q -o "$tmp/btp.json" && ok || bad "price buyout (target card) failed"
[ "$(jq -r .ev.exact "$tmp/btp.json")" = "$(jq -r .lengths[-1].ev.exact "$tmp/b.json")" ] && ok ||
    bad "price buyout's EV of the target card is not its length's"
has "price buyout (target card)" '.cost_percent <= 0.05' "$tmp/btp.json"
# Folding at the 3rd card loses the First bet, and the Bonus with it: -1 and -2.
printf '1. 3rd card: fold\n2. 4th card: buy\n' > "$tmp/bfold.md"
"$bin" price buyout --card "$tmp/bfold.md" --json -q -o "$tmp/bf.json" && ok || bad "price buyout fold failed"
has "price buyout fold" '.ev.exact == "-1"' "$tmp/bf.json"
"$bin" price buyout --bonus-table 2 --bonus-units 1 --card "$tmp/bfold.md" --json -q -o "$tmp/bf2.json" && ok ||
    bad "price buyout fold with a Bonus failed"
has "price buyout fold with a Bonus" '.ev.exact == "-2"' "$tmp/bf2.json"
printf '1. 3rd card: buy\n2. 4th card, points 50: buy\n' > "$tmp/bb.md"
expect_error 2 "bb.md:2: bad range '50'" price buyout --card "$tmp/bb.md"
printf '1. 3rd card: buy\n2. 4th card, points 20 or more: buy\n' > "$tmp/bgap.md"
expect_error 2 "bgap.md: no rule decides" price buyout --card "$tmp/bgap.md" -q
# A Bonus fraction whose denominator would carry the exact sums past 64 bits:
# refused in one line, not priced wrong.
expect_error 1 "the card's exact sums pass 64 bits" card buyout --bonus-table 1 --bonus-units 999999/1000000 -q
printf '1. 5th card: buy\n' > "$tmp/b5.md"
expect_error 2 "b5.md:1: a rule starts with its card" price buyout --card "$tmp/b5.md"
# The Buyout card played for real: its exact EV within 4 SE, the optimal
# EV not; no decision the rules forbid.  A 4-rule card that limits the
# points with the new card, the points added, the high card and the 2nd
# card: its cost (about 5.7% of the First bet) is some 11
# standard errors of a million rounds (the 8-rule card's 0.5% would be one,
# too little to see).
printf '%s\n' '1. 3rd card, points with it 10 or less, high card K or lower, 2nd card 9 or lower: refuse' \
    '2. 3rd card: buy' '3. 4th card, points with it 16 or less, adds 5 or less, 2nd card J or lower: refuse' \
    '4. 4th card: buy' > "$tmp/b4.md"
"$bin" price buyout --card "$tmp/b4.md" --json -q -o "$tmp/b4.json" && ok || bad "price buyout (4 rules) failed"
has "price buyout (4 rules)" '.cost_percent > 3' "$tmp/b4.json"
if "$bin" simulate buyout --play card --card "$tmp/b4.md" --rounds 1000000 --json -q -o "$tmp/bsim.json"; then ok
else bad "simulate buyout --play card failed"; fi
has "simulate buyout --play card" '.play == "card" and (.ev.exact == "'"$(jq -r .ev.exact "$tmp/b4.json")"'")' "$tmp/bsim.json"
has "simulate buyout --play card" '(.z | fabs < 4) and (.z_optimal | fabs > 4) and .events.illegal.count == 0' "$tmp/bsim.json"
expect_error 2 "a Bonus played alone has no decisions" simulate buyout --bonus-table 1 --bonus-alone --play card
expect_error 2 "has no decisions" card buyout --bonus-table 1 --bonus-alone
# One Buyout decision: folding at the 3rd card loses the First bet (-1),
# at the 4th the First and the Second (-2); four unsuited odd cards must
# fold; the card's rule is named.
"$bin" advise buyout "Ah Kd 9h" --upcard 7c --card "$tmp/b.md" --json -o "$tmp/ba.json" && ok || bad "advise buyout failed"
for key in options best card_rule card_agrees margin; do has "advise buyout" "has(\"$key\")" "$tmp/ba.json"; done
has "advise buyout" '.decision == "3rd card" and .best == .options[0].option and ([.options[] | select(.option == "fold") | .ev.exact] == ["-1"])' "$tmp/ba.json"
has "advise buyout" '[.options[].option] | index("refuse") == null' "$tmp/ba.json" # no points: no refuse
"$bin" advise buyout "2c 7d 9h 4s" --upcard Ac --card "$tmp/b.md" --json -o "$tmp/bb4.json" && ok || bad "advise buyout 4th failed"
has "advise buyout 4th" '.decision == "4th card" and (.options | length) == 1 and .options[0].ev.exact == "-2" and .card_option == "fold"' "$tmp/bb4.json"
expect_error 2 "missing --upcard" advise buyout "Ah Kd 9h"
expect_error 2 "CARDS: 3 cards" advise buyout "Ah Kd" --upcard 7c
expect_error 2 "needs at least 7 rules" card split --rules 3

# One hand: every option, the best first, the card's rules.
if "$bin" advise split "Ah Kd 7c 2s" --upcard 9h --preset v2-P1 --card "$tmp/c.md" --json -o "$tmp/a.json"; then ok
else bad "advise failed"; fi
for key in options best card_rule card_agrees margin blind; do has "advise" "has(\"$key\")" "$tmp/a.json"; done
has "advise" '(.options | length) == 22 and .best == .options[0].option' "$tmp/a.json"
has "advise" '[.options[].ev.value] as $v | $v == ($v | sort | reverse)' "$tmp/a.json"
has "advise" '(.card_rule | type) == "number" and (.card_agrees | type) == "boolean"' "$tmp/a.json"
has "advise" '(.options[0].ev.value - .options[1].ev.value - .margin.value) | fabs < 1e-12' "$tmp/a.json"
"$bin" advise split "As Ks Qs 2d" --upcard 9h --preset v2-P1 --card "$tmp/c.md" --json -o "$tmp/i.json" && ok || bad "advise instant failed"
has "advise instant" '.options | length == 2 and (.[0].option | startswith("instant winner"))' "$tmp/i.json"
expect_error 2 "missing --upcard" advise split "Ah Kd 7c 2s"
expect_error 2 "is one of your cards" advise split "Ah Kd 7c 2s" --upcard Ah
expect_error 2 "CARDS:" advise split "Ah Kd 7c" --upcard 9h

# The card played for real: its exact EV within 4 SE, the optimal EV not.
if "$bin" simulate split --preset v2-P1 --play card --card "$tmp/c.md" --rounds 300000 --json -q -o "$tmp/s.json"; then ok
else bad "simulate --play card failed"; fi
has "simulate --play card" '.play == "card" and (.ev.exact == "'"$(jq -r .ev.exact "$tmp/c.json")"'")' "$tmp/s.json"
has "simulate --play card" '.z | fabs < 4' "$tmp/s.json"
has "simulate --play card" '.z_optimal | fabs > 4' "$tmp/s.json"
expect_error 2 "goes with --play card" simulate split --card "$tmp/c.md"
expect_error 2 "bad value 'best' for --play" simulate split --play best

# Four Card Frenzy's card: its keys, and its cost the exact difference.
if "$bin" card frenzy --bad-beat BB-1 --json -q -o "$tmp/f.json"; then ok; else bad "card frenzy failed"; fi
for key in rules ev optimal_ev cost cost_percent hands_otherwise tiers; do has "card frenzy" "has(\"$key\")" "$tmp/f.json"; done
has "card frenzy" '(.tiers | length) == 2 and (.rules | length) <= 3' "$tmp/f.json"
has "card frenzy" '((.optimal_ev.value - .ev.value - .cost.value) | fabs < 1e-15) and .cost.value >= 0' "$tmp/f.json"
expect_error 2 "does not belong to 'card frenzy'" card frenzy --rules 5
# Its card file read back by price: the same exact EV; one threshold
# changed (1x from K-Q), another price; bad lines get FILE:LINE.
"$bin" card frenzy --bad-beat BB-1 -q -o "$tmp/f.md" && ok || bad "card frenzy -o failed"
"$bin" price frenzy --bad-beat BB-1 --card "$tmp/f.md" --json -q -o "$tmp/fp.json" && ok || bad "price frenzy failed"
[ "$(jq -r .ev.exact "$tmp/fp.json")" = "$(jq -r .ev.exact "$tmp/f.json")" ] && ok || bad "price frenzy's EV is not card's"
has "price frenzy" '(.tiers | length) == 0 and .card_file != null' "$tmp/fp.json"
printf -- '- Raise 3x with a pair of Aces or better\n- Raise 1x with K-Q or better\n- Fold below K-Q\n' > "$tmp/kq.md"
"$bin" price frenzy --bad-beat BB-1 --card "$tmp/kq.md" --json -q -o "$tmp/kq.json" && ok || bad "price frenzy K-Q failed"
has "price frenzy K-Q" '.cost.value > 0 and .ev.exact != "'"$(jq -r .ev.exact "$tmp/f.json")"'"' "$tmp/kq.json"
printf 'words\n- Raise 1x with K-Z or better\n' > "$tmp/kz.md"
expect_error 2 "kz.md:2: unknown hand 'K-Z'" price frenzy --card "$tmp/kz.md" -q
printf -- '- Raise 3x with a pair of Queens or better\n- Raise 1x with K-Q or better\n' > "$tmp/q3.md"
expect_error 2 "q3.md: 3x needs a pair of Aces or better" price frenzy --card "$tmp/q3.md" -q
printf -- '- Raise 2x with a pair of Aces or better\n' > "$tmp/r2.md"
expect_error 2 "r2.md:1: 'Raise 2x" price frenzy --card "$tmp/r2.md" -q
# Frenzy's card costs 0.00016% of the Ante: the simulation cannot tell it
# from the optimal strategy, and agrees with the card's exact EV.
if "$bin" simulate frenzy --bad-beat BB-1 --play card --rounds 200000 --json -q -o "$tmp/fs.json"; then ok
else bad "simulate frenzy --play card failed"; fi
has "simulate frenzy --play card" '.play == "card" and (.ev.exact == "'"$(jq -r .ev.exact "$tmp/f.json")"'")' "$tmp/fs.json"
has "simulate frenzy --play card" '(.z | fabs < 4) and (.z_optimal | fabs < 4)' "$tmp/fs.json"
expect_error 2 "built from the game, not read" simulate frenzy --play card --card "$tmp/c.md"

# One Frenzy hand: a pair of Aces may raise 3x (4 options), folding loses
# the Ante and the Odds (-2 exactly), and the card's 3x line decides it.
if "$bin" advise frenzy "Ah Ad 7c 7s 2h" --json -q -o "$tmp/fa.json"; then ok; else bad "advise frenzy failed"; fi
has "advise frenzy" '(.options | length) == 4 and .best == .options[0].option and .best == "raise 3x"' "$tmp/fa.json"
has "advise frenzy" '[.options[] | select(.option == "fold") | .ev.exact] == ["-2"]' "$tmp/fa.json"
has "advise frenzy" '.card_rule == 1 and .card_agrees == true and (.card_rule_text | startswith("Raise 3x"))' "$tmp/fa.json"
"$bin" advise frenzy "9h 7d 5c 3s 2h" --json -q -o "$tmp/fb.json" && ok || bad "advise frenzy 9-high failed"
has "advise frenzy 9-high" '(.options | length) == 2 and .best == "fold" and .card_option == "fold"' "$tmp/fb.json"
expect_error 2 "missing CARDS" advise frenzy
expect_error 2 "CARDS:" advise frenzy "Ah Ad 7c 7s"
expect_error 2 "does not belong to 'advise frenzy'" advise frenzy "Ah Ad 7c 7s 2h" --card x.md
expect_error 2 "one Odds Win and one Bad Beat" card frenzy --bad-beat all

finish
