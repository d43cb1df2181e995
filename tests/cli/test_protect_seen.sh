#!/usr/bin/env bash
# test_protect_seen.sh FOURCARD — `protect buyout --seen 1` from the
# command line, on small shoes: 1, 2 and 3 threads print the same exact
# EV; the normal EV is `solve buyout`'s for the same options (a Bonus
# too); the swing is the difference; the JSON has its keys, -o and
# --all-formats write their files; bad option combinations get one line
# and exit 2.  (The figures are checked against a brute force in
# tests/buyout/test_buyout_seen.c.)
set -u
bin=$1 mpiexec=${2:-}
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

small=(--decks 2 --ranks 6)
seen() { "$bin" protect buyout --seen 1 -q --json "$@"; }

# the same bits at any thread count
one=$(seen "${small[@]}" --threads 1 | jq -r .ev.exact)
for t in 2 3; do
    [ "$(seen "${small[@]}" --threads $t | jq -r .ev.exact)" = "$one" ] && ok || bad "--threads $t changes ev.exact"
done
# and at 2 MPI ranks, which share the (upcard, hole card) pairs
if [ -n "$mpiexec" ]; then
    strip() { jq -S 'del(.seconds, .run, .threads, .ranks)'; }
    two=$("$mpiexec" --allow-run-as-root --oversubscribe -np 2 "$bin" protect buyout --seen 1 -q --json "${small[@]}" \
        --threads 1 2>/dev/null | strip)
    [ -n "$two" ] && [ "$two" = "$(seen "${small[@]}" --threads 1 | strip)" ] && ok || bad "1 and 2 MPI ranks differ"
fi

# the normal EV is solve's; the swing is ev - normal_ev; knowing helps
for extra in "" "--bonus-table 2 --bonus-units 2"; do
    # shellcheck disable=SC2086
    seen "${small[@]}" $extra >"$tmp/seen.json" || bad "protect --seen 1 $extra failed"
    # shellcheck disable=SC2086
    want=$("$bin" solve buyout "${small[@]}" $extra -q --json | jq -r .ev.exact)
    [ "$(jq -r .normal_ev.exact "$tmp/seen.json")" = "$want" ] && ok || bad "normal_ev is not solve's ($extra)"
    python3 - "$tmp/seen.json" <<'PY' && ok || bad "swing, edges or probabilities do not add up ($extra)"
import json, sys
from fractions import Fraction as F
d = json.load(open(sys.argv[1]))
ev, normal, swing = (F(d[k]["exact"]) for k in ("ev", "normal_ev", "swing"))
assert swing == ev - normal and swing > 0, (ev, normal, swing)
assert abs(d["swing_percent"] - 100 * float(swing)) < 1e-9
assert abs(d["house_edge_percent"] + 100 * float(ev)) < 1e-9
for point in ("third_card", "fourth_card"):
    x = d["decisions"][point]
    moves = sum(F(v["exact"]) for v in x["transitions"].values())
    changed = sum(F(v["exact"]) for k, v in x["transitions"].items() if k.split("_to_")[0] != k.split("_to_")[1])
    assert moves == 1 and changed == F(x["probability_changed"]["exact"]), point
PY
done
seen "${small[@]}" | jq -e '(keys_unsorted[:2] == ["schema_version", "command"]) and .command == "protect"
  and .game == "buyout" and .analysis == "seen" and .seen == 1 and (.game_rules | type) == "object"
  and (.strategy.dealer_points | length) > 0 and (.threads | type) == "number" and (.ranks | type) == "number"
  and (.seconds | type) == "number"' >/dev/null && ok || bad "the JSON lacks a key"

# Markdown by default; -o and --all-formats write files
expect_ok "# 4 Card Buyout: the dealer's hole card seen" protect buyout --seen 1 "${small[@]}" -q
"$bin" protect buyout --seen 1 "${small[@]}" -q -o "$tmp/seen.md" && grep -q "Swing" "$tmp/seen.md" && ok \
    || bad "-o FILE did not write the report"
"$bin" protect buyout --seen 1 "${small[@]}" -q --all-formats "$tmp/both" && grep -q "Swing" "$tmp/both.md" \
    && jq -e '.analysis == "seen"' "$tmp/both.json" >/dev/null && ok || bad "--all-formats did not write both files"

# the hole-carder's card on the standard card: it earns, stays below the
# optimal play, and its report, read back as a card (--card-rules 0),
# prices to the same EV; 1 and 3 threads the same bits
standard="$(dirname "$0")/../../strategies/buyout-standard-card.md"
"$bin" protect buyout --seen 1 "${small[@]}" --card "$standard" -q --all-formats "$tmp/card" \
    || bad "protect --seen 1 --card failed"
python3 - "$tmp/card.json" <<'PY' && ok || bad "the hole-carder's card does not add up"
import json, sys
from fractions import Fraction as F
d = json.load(open(sys.argv[1]))
c = d["card"]
base, ev, best = F(c["base_ev"]["exact"]), F(c["ev"]["exact"]), F(d["ev"]["exact"])
steps = [F(s["ev"]["exact"]) for s in c["steps"]]
assert base < ev <= best, (base, ev, best)
assert steps and steps[-1] == ev and all(a < b for a, b in zip([base] + steps, steps))
assert len(c["rules"]) == c["added_third"] + c["added_fourth"] + 15
assert all(s["rule"] in c["rules"] for s in c["steps"])
PY
"$bin" protect buyout --seen 1 "${small[@]}" --card "$tmp/card.md" --card-rules 0 -q --json >"$tmp/again.json" \
    || bad "protect --seen 1 --card REPORT failed"
[ "$(jq -r .card.ev.exact "$tmp/again.json")" = "$(jq -r .card.ev.exact "$tmp/card.json")" ] \
    && [ "$(jq -r .card.base_ev.exact "$tmp/again.json")" = "$(jq -r .card.ev.exact "$tmp/card.json")" ] && ok \
    || bad "the report read back as a card prices otherwise"
# the card given, without 'dealer' limits, played with the hole card seen (and
# ignoring it) is worth what 'price' finds in the normal game
[ "$(jq -r .card.base_ev.exact "$tmp/card.json")" = \
  "$("$bin" price buyout --card "$standard" "${small[@]}" -q --json | jq -r .ev.exact)" ] && ok \
    || bad "the standard card with the hole card seen is not worth its price"
three=$("$bin" protect buyout --seen 1 "${small[@]}" --card "$standard" --threads 3 -q --json | jq -c .card)
[ "$three" = "$(jq -c .card "$tmp/card.json")" ] && ok || bad "--card: 3 threads differ"
# 2 MPI ranks learn the same card (rank 0's sums shared)
if [ -n "$mpiexec" ]; then
    strip() { jq -S 'del(.seconds, .run, .threads, .ranks)'; }
    two=$("$mpiexec" --allow-run-as-root --oversubscribe -np 2 "$bin" protect buyout --seen 1 -q --json "${small[@]}" \
        --card "$standard" --card-rules 2 --threads 1 2>/dev/null | strip)
    [ -n "$two" ] && [ "$two" = "$("$bin" protect buyout --seen 1 -q --json "${small[@]}" --card "$standard" \
        --card-rules 2 --threads 1 | strip)" ] && ok || bad "--card: 1 and 2 MPI ranks differ"
fi
expect_error 2 "a 'dealer' limit needs the hole card seen" price buyout --card "$tmp/card.md"
expect_error 2 "--card-rules N goes with --card FILE" protect buyout --seen 1 --card-rules 2
expect_error 2 "--card and --card-rules go with --seen 1" protect buyout --seats 2 --card "$standard"
expect_error 2 "--card and --card-rules go with 'protect buyout --seen 1'" protect frenzy --seen 1 --card "$standard"
expect_error 2 "--card-rules 9: 0 to 8 rules at each card" protect buyout --seen 1 --card "$standard" --card-rules 9
printf '1. 3rd card, dealer 23: fold\n2. 3rd card: buy\n3. 4th card: buy\n' >"$tmp/bad.md"
expect_error 2 "bad range '23'" protect buyout --seen 1 --card "$tmp/bad.md"

# bad combinations: one line, exit 2
expect_error 2 "--seen 2: 4 Card Buyout's dealer has one hole card" protect buyout --seen 2
expect_error 2 "bad value '3' for --seen" protect buyout --seen 3
expect_error 2 "--seen and --removal: give one analysis" protect buyout --seen 1 --removal
expect_error 2 "--seen and --count: give one analysis" protect buyout --seen 1 --count
expect_error 2 "--seats and --seen: give one analysis" protect buyout --seen 1 --seats 2
expect_error 2 "go with --count" protect buyout --seen 1 --rounds 10
expect_error 2 "--seen with --bonus-alone" protect buyout --seen 1 --bonus-table 1 --bonus-alone
expect_error 2 "--all-formats writes both formats" protect buyout --seen 1 --all-formats "$tmp/x" --json
finish
