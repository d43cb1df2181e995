#!/usr/bin/env bash
# test_protect_split.sh FOURCARD [MPIEXEC] — `protect split --seen 1` (and
# --seen 2 and --seats N, below) from
# the command line, on a restricted run (the hidden --upcards and --stride:
# aces up, every 40th class; a few seconds): 1, 2 and 3 threads give the
# same bits, and so do 1 and 2 MPI ranks when MPIEXEC is given; the JSON follows
# its schema, the Markdown and JSON of --all-formats agree with the single
# formats; --resume takes the pieces a run kept, and only good ones of the
# same question; bad option combinations get one line and exit 2.  (The figures
# are checked in tests/split/test_split_seen.c.)
set -u
bin=$1 mpiexec=${2:-}
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

few=(protect split --seen 1 --upcards A --stride 40 --bind none -q)
strip() { jq -S 'del(.seconds, .run, .threads, .ranks)' "$1"; }
"$bin" "${few[@]}" --threads 1 --json -o "$tmp/one.json" || bad "protect split (1 thread) failed"
"$bin" "${few[@]}" --threads 2 --json -o "$tmp/two.json" || bad "protect split (2 threads) failed"
cmp -s <(strip "$tmp/one.json") <(strip "$tmp/two.json") && ok || bad "1 and 2 threads differ"
"$bin" "${few[@]}" --threads 3 --json -o "$tmp/three.json" || bad "protect split (3 threads) failed"
cmp -s <(strip "$tmp/one.json") <(strip "$tmp/three.json") && ok || bad "1 and 3 threads differ"
jq -e '.threads == 2 and .ranks == 1 and .upcard_ranks == "A" and .stride == 40' "$tmp/two.json" >/dev/null && ok \
    || bad "the JSON does not name the run's layout and restriction"
# the hole-carder's card: 13 seen ranks of 2 or 3 rows, 13 upcard rows, neither beating the best play
jq -e '(.card.rows | length) >= 26 and (.card.rows | length) <= 39 and (.card.upcard_rows | length) == 13
       and .card.ev.value <= .ev.value and .card.upcard_ev.value <= .normal_ev.value
       and ([.card.rows[].seen] | unique | length) == 13' "$tmp/one.json" >/dev/null && ok \
    || bad "the JSON's card lacks rows, or beats the best play"
# the identity the report rests on: swing = ev - normal_ev, exactly
python3 - "$tmp/one.json" <<'PY' && ok || bad "swing is not ev - normal_ev"
import json, sys
from fractions import Fraction as F
d = json.load(open(sys.argv[1]))
ev, normal, swing = (F(d[k]["exact"]) for k in ("ev", "normal_ev", "swing"))
assert swing == ev - normal and swing > 0, (ev, normal, swing)
assert d["house_edge_percent"] < d["normal_house_edge_percent"]
PY
if [ -n "$mpiexec" ]; then
    "$mpiexec" --allow-run-as-root --oversubscribe -np 2 "$bin" "${few[@]}" --threads 1 --json -o "$tmp/mpi.json" \
        || bad "mpirun protect split failed"
    cmp -s <(strip "$tmp/one.json") <(strip "$tmp/mpi.json") && ok || bad "1 and 2 MPI ranks differ"
    jq -e '.ranks == 2' "$tmp/mpi.json" >/dev/null && ok || bad "the JSON of 2 ranks does not say so"
fi
# --card FILE: the hole-carder's card in the card language, built on the
# committed strategy card (3 rules added).  1 and 2 threads (and 2 MPI
# ranks) give the same bits; the report's rules, written as a card file,
# priced as they are (--card-rules 0) are worth the EV the report gives
# them, and so are the cards after each step (the later steps' rules left
# out); 'price' refuses that file (its rules name the seen card); no card
# beats the best play
card=(protect split --seen 1 --upcards A --stride 40 --bind none -q --card "$top/strategies/split-2014-1a-card.md"
      --card-rules 3)
"$bin" "${card[@]}" --threads 1 --json -o "$tmp/card1.json" || bad "protect split --card (1 thread) failed"
"$bin" "${card[@]}" --threads 2 --all-formats "$tmp/card2" || bad "protect split --card (2 threads) failed"
cmp -s <(strip "$tmp/card1.json") <(strip "$tmp/card2.json") && ok || bad "--card: 1 and 2 threads differ"
cmp -s <(strip "$tmp/one.json" | jq -S 'del(.rules_card)') <(strip "$tmp/card1.json" | jq -S 'del(.rules_card)') \
    && ok || bad "--card changed the analysis' other figures"
jq -e '.rules_card.added == 3 and (.rules_card.steps | length) == 3 and .rules_card.ev.value <= .ev.value
       and (.rules_card.rules | length) == 18' "$tmp/card1.json" >/dev/null && ok \
    || bad "--card: the JSON's hole-carder's card does not add up"
jq -r '.rules_card.rules | to_entries[] | "\(.key + 1). \(.value)"' "$tmp/card1.json" >"$tmp/hole.md"
# each step's EV read back: the card with the first k rules added alone
# (the later steps' rules left out), priced as it is
for k in 1 2; do
    jq -r --argjson k $k '.rules_card as $c | [$c.steps[$k:][].rule] as $later
        | [$c.rules[] | select(. as $r | $later | index($r) | not)] | to_entries[] | "\(.key + 1). \(.value)"' \
        "$tmp/card1.json" >"$tmp/step$k.md"
    "$bin" protect split --seen 1 --upcards A --stride 40 -q --card "$tmp/step$k.md" --card-rules 0 --json \
        -o "$tmp/step$k.json" && [ "$(grep -c '^[0-9]*\. ' "$tmp/step$k.md")" -eq $((15 + k)) ] \
        && jq -e --slurpfile a "$tmp/card1.json" --argjson k $k \
            '.rules_card.ev.exact == $a[0].rules_card.steps[$k - 1].ev.exact' "$tmp/step$k.json" >/dev/null && ok \
        || bad "the hole-carder's card after $k rules, read back, is not worth step $k's EV"
done
"$bin" protect split --seen 1 --upcards A --stride 40 -q --card "$tmp/hole.md" --card-rules 0 --json -o "$tmp/card0.json" \
    && jq -e --slurpfile a "$tmp/card1.json" '.rules_card.added == 0 and .rules_card.base_ev.exact == $a[0].rules_card.ev.exact
       and .rules_card.ev.exact == $a[0].rules_card.ev.exact' "$tmp/card0.json" >/dev/null && ok \
    || bad "the hole-carder's card read back is not worth its EV"
grep -q "^## The hole-carder's card" "$tmp/card2.md" && grep -q '^| \*\*the hole-carder.s card\*\* | ' "$tmp/card2.md" \
    && [ "$(grep -c '^[0-9]*\. ' "$tmp/card2.md")" -eq 18 ] && ok || bad "--card: the Markdown lacks the card or its EVs"
if [ -n "$mpiexec" ]; then
    "$mpiexec" --allow-run-as-root --oversubscribe -np 2 "$bin" "${card[@]}" --threads 1 --json -o "$tmp/cardmpi.json" \
        && cmp -s <(strip "$tmp/card1.json") <(strip "$tmp/cardmpi.json") && ok || bad "--card: 1 and 2 MPI ranks differ"
fi
expect_error 2 "a 'seen card' limit belongs to a hole-carder's card" price split --card "$tmp/hole.md"
printf '1. Instant winner: take the best-paying three\n2. Play a single card, seen card A\n' >"$tmp/gap.md"
expect_error 1 "the card decides nothing for" protect split --seen 1 --card "$tmp/gap.md" -q
expect_error 2 "--card-rules N goes with --card FILE" protect split --seen 1 --card-rules 3
expect_error 2 "--card and --card-rules go with --seen K" protect split --seats 2 --card "$tmp/hole.md"
expect_error 2 "bad value '17' for --card-rules" protect split --seen 1 --card "$tmp/hole.md" --card-rules 17

# --resume DIR: a run that keeps its 52 pieces (one per upcard) gives the plain run's
# figures; again, it takes them all (and says so) and computes nothing;
# with two pieces gone and one damaged, one warning line names the damaged
# file, three pieces are computed again, the figures the same; another
# question (--stride 41) takes none of them
mkdir "$tmp/resume"
"$bin" "${few[@]}" --json --resume "$tmp/resume" -o "$tmp/r1.json" && [ "$(ls "$tmp/resume" | wc -l)" -eq 52 ] \
    && cmp -s <(strip "$tmp/one.json") <(strip "$tmp/r1.json") && ok || bad "a run with --resume differs, or kept no 52 pieces"
"$bin" "${few[@]}" --json --resume "$tmp/resume" -o "$tmp/r2.json" 2>"$tmp/r2.err" && [ ! -s "$tmp/r2.err" ] \
    && cmp -s <(strip "$tmp/one.json") <(strip "$tmp/r2.json") && jq -e '.run.pieces_resumed == 52' "$tmp/r2.json" >/dev/null \
    && ok || bad "a resumed run differs, or did not take its 52 pieces"
pieces=("$tmp"/resume/*.part)
rm "${pieces[3]}" "${pieces[40]}"
printf 'x' | dd of="${pieces[7]}" bs=1 seek=40 conv=notrunc 2>/dev/null
"$bin" "${few[@]}" --json --resume "$tmp/resume" -o "$tmp/r3.json" 2>"$tmp/r3.err" \
    && [ "$(wc -l <"$tmp/r3.err")" -eq 1 ] && grep -qF "ignoring ${pieces[7]}: not a whole piece" "$tmp/r3.err" \
    && cmp -s <(strip "$tmp/one.json") <(strip "$tmp/r3.json") && jq -e '.run.pieces_resumed == 49' "$tmp/r3.json" >/dev/null \
    && ok || bad "a run resumed from a damaged folder: $(head -c 300 "$tmp/r3.err")"
"$bin" "${few[@]}" --stride 41 --json --resume "$tmp/resume" -o "$tmp/r4.json" && jq -e '.run.pieces_resumed == null' \
    "$tmp/r4.json" >/dev/null && [ "$(ls "$tmp/resume" | wc -l)" -eq 104 ] && ok || bad "another question took the pieces"
# a run with --card takes none of the pieces of runs without one (the card
# is in the question, and its pieces hold the card's gains), then all of
# its own
"$bin" "${card[@]}" --json --resume "$tmp/resume" -o "$tmp/c5.json" 2>"$tmp/c5.err" && [ ! -s "$tmp/c5.err" ] \
    && jq -e '.run.pieces_resumed == null' "$tmp/c5.json" >/dev/null && cmp -s <(strip "$tmp/card1.json") <(strip "$tmp/c5.json") \
    && "$bin" "${card[@]}" --json --resume "$tmp/resume" -o "$tmp/c6.json" && jq -e '.run.pieces_resumed == 52' "$tmp/c6.json" \
    >/dev/null && cmp -s <(strip "$tmp/card1.json") <(strip "$tmp/c6.json") && ok \
    || bad "--card with --resume took another question's pieces, or not its own"
if [ -n "$mpiexec" ]; then # 2 ranks take the pieces of a one-process run
    # piece 0 alone gone: rank 0 computes it, rank 1 has all its pieces and
    # must still build the dealer tables with rank 0 (a collective), or rank
    # 0 waits for it forever
    rm "${pieces[0]}"
    timeout 300 "$mpiexec" --allow-run-as-root --oversubscribe -np 2 "$bin" "${few[@]}" --threads 1 --json \
        --resume "$tmp/resume" -o "$tmp/r5.json" && cmp -s <(strip "$tmp/one.json") <(strip "$tmp/r5.json") \
        && jq -e '.run.pieces_resumed == 51' "$tmp/r5.json" >/dev/null && ok || bad "2 ranks resuming differ, or hang"
fi
echo "protect-seen-split.schema.json $tmp/one.json" >"$tmp/manifest"
echo "protect-seen-split.schema.json $tmp/r2.json" >>"$tmp/manifest"
echo "protect-seen-split.schema.json $tmp/card1.json" >>"$tmp/manifest"
python3 "$(dirname "$0")/validate_json.py" "$top/docs/schema" "$tmp/manifest" >/dev/null && ok \
    || bad "the JSON does not follow docs/schema/protect-seen-split.schema.json"
"$bin" "${few[@]}" --threads 2 --all-formats "$tmp/both" || bad "--all-formats failed"
cmp -s <(strip "$tmp/one.json") <(strip "$tmp/both.json") && ok || bad "--all-formats' JSON differs from --json's"
grep -q "^# 4 Card Split: one dealer hole card seen" "$tmp/both.md" && grep -q "^| Swing | +" "$tmp/both.md" && ok \
    || bad "the Markdown lacks its title or the swing"

# --seen 2 on a smaller restriction (every 400th class of aces up, about
# 125 classes x 1,081 seen pairs): 1 and 2 threads and 2 MPI ranks give the
# same bits, the JSON follows the schema, the Markdown says two cards
few2=(protect split --seen 2 --upcards A --stride 400 --bind none -q)
"$bin" "${few2[@]}" --threads 1 --json -o "$tmp/two1.json" || bad "protect split --seen 2 (1 thread) failed"
"$bin" "${few2[@]}" --threads 2 --all-formats "$tmp/two2" || bad "protect split --seen 2 (2 threads) failed"
cmp -s <(strip "$tmp/two1.json") <(strip "$tmp/two2.json") && ok || bad "--seen 2: 1 and 2 threads differ"
jq -e '.seen == 2 and .situations % 1081 == 0 and .swing.value > 0
       and ([.decisions.by_seen_rank[].situations.value] | add | . > 0.999999 and . < 1.000001)' "$tmp/two1.json" \
    >/dev/null && ok || bad "--seen 2: the JSON lacks the seen count, the swing or the situations by rank"
jq -e '(.card.rows | length) >= 26 and .card.ev.value <= .ev.value' "$tmp/two1.json" >/dev/null && ok \
    || bad "--seen 2: the JSON's card lacks rows, or beats the best play"
grep -q "^| Higher seen | Upcard |" "$tmp/two2.md" && ok || bad "--seen 2: the card's rows do not say the higher seen card"
grep -q "^# 4 Card Split: two dealer hole cards seen" "$tmp/two2.md" && grep -q "^| Two hole cards seen | " "$tmp/two2.md" \
    && ok || bad "--seen 2: the Markdown does not say two cards"
if [ -n "$mpiexec" ]; then
    "$mpiexec" --allow-run-as-root --oversubscribe -np 2 "$bin" "${few2[@]}" --threads 1 --json -o "$tmp/two_mpi.json" \
        && cmp -s <(strip "$tmp/two1.json") <(strip "$tmp/two_mpi.json") && ok || bad "--seen 2: 1 and 2 MPI ranks differ"
fi
echo "protect-seen-split.schema.json $tmp/two1.json" >>"$tmp/manifest"
python3 "$(dirname "$0")/validate_json.py" "$top/docs/schema" "$tmp/manifest" >/dev/null && ok \
    || bad "--seen 2: the JSON does not follow docs/schema/protect-seen-split.schema.json"

# --seats: a few tables of 6 and 7 seats (two blocks of 64 each).  1 and 2
# threads give the same bits (1, 2 and 3 in tests/split/test_split_seats.c,
# which checks the figures), and so do 2 MPI ranks; --resume keeps the 4
# blocks and a second run takes them all; the JSON follows its schema.  (One
# size alone gives the row of a range: test_protection_current, 7 seats
# against the committed 2-7.)
seats=(protect split --seats 6-7 --rounds 100 --bind none -q)
sstrip() { jq -S 'del(.seconds, .run) | del(.rows[].seconds)' "$1"; }
"$bin" "${seats[@]}" --threads 1 --json -o "$tmp/seats1.json" || bad "protect split --seats (1 thread) failed"
"$bin" "${seats[@]}" --threads 2 --all-formats "$tmp/seats2" || bad "protect split --seats (2 threads) failed"
cmp -s <(sstrip "$tmp/seats1.json") <(sstrip "$tmp/seats2.json") && ok || bad "--seats: 1 and 2 threads differ"
grep -q '^# 4 Card Split at a colluding table' "$tmp/seats2.md" && grep -q '^| 7 | +' "$tmp/seats2.md" && ok \
    || bad "--seats: the Markdown lacks its title or the rows"
jq -e '.game == "split" and .analysis == "seats" and (.rows | length) == 2 and .rows[1].seats == 7
       and .rows[1].tables == 100 and .rows[1].cards_left == 23 and .rows[1].swing_percent > 0' \
    "$tmp/seats1.json" >/dev/null && ok || bad "--seats: the JSON lacks its rows"
if [ -n "$mpiexec" ]; then
    "$mpiexec" --allow-run-as-root --oversubscribe -np 2 "$bin" "${seats[@]}" --threads 1 --json -o "$tmp/seatsmpi.json" \
        && cmp -s <(sstrip "$tmp/seats1.json") <(sstrip "$tmp/seatsmpi.json") \
        && jq -e '.run.mpi_ranks == 2' "$tmp/seatsmpi.json" >/dev/null && ok || bad "--seats: 1 and 2 MPI ranks differ"
fi
mkdir "$tmp/sresume"
"$bin" "${seats[@]}" --json --resume "$tmp/sresume" -o "$tmp/sr1.json" && [ "$(ls "$tmp/sresume" | wc -l)" -eq 4 ] \
    && cmp -s <(sstrip "$tmp/seats1.json") <(sstrip "$tmp/sr1.json") && ok || bad "--seats --resume differs, or kept no 4 blocks"
"$bin" "${seats[@]}" --json --resume "$tmp/sresume" -o "$tmp/sr2.json" && jq -e '.run.blocks_resumed == 4' "$tmp/sr2.json" \
    >/dev/null && cmp -s <(sstrip "$tmp/seats1.json") <(sstrip "$tmp/sr2.json") && ok || bad "--seats resumed differs"
"$bin" "${seats[@]}" --seed 2 --json --resume "$tmp/sresume" -o "$tmp/sr3.json" && jq -e '.run.blocks_resumed == null' \
    "$tmp/sr3.json" >/dev/null && ! cmp -s <(sstrip "$tmp/seats1.json") <(sstrip "$tmp/sr3.json") && ok \
    || bad "--seats: another seed took the blocks, or gave the same figures"
echo "protect-seats.schema.json $tmp/seats1.json" >"$tmp/smanifest"
echo "protect-seats.schema.json $tmp/sr2.json" >>"$tmp/smanifest"
python3 "$(dirname "$0")/validate_json.py" "$top/docs/schema" "$tmp/smanifest" >/dev/null && ok \
    || bad "--seats: the JSON does not follow docs/schema/protect-seats.schema.json"

expect_error 2 "--removal is for buyout's shoe" protect split --removal
expect_error 2 "--count is for buyout's shoe" protect split --count
expect_error 2 "--seen and --seats: give one" protect split --seen 1 --seats 3
expect_error 2 "missing --seen K or --seats N" protect split
expect_error 2 "bad value '3' for --seen" protect split --seen 3
expect_error 2 "--rounds goes with --seats" protect split --seen 1 --rounds 100
expect_error 2 "--seed goes with --seats" protect split --seen 1 --seed 4
expect_error 2 "go with 'protect buyout --count'" protect split --seats 2 --cut 1
expect_error 2 "--upcards and --stride go with --seen" protect split --seats 2 --stride 3
expect_error 2 "bad value '8' for --seats" protect split --seats 8
expect_error 2 "bad value '5-3' for --seats" protect split --seats 5-3
expect_error 2 "bad value '0' for --rounds" protect split --seats 2 --rounds 0
expect_error 2 "--strategy belongs to 'solve'" protect split --seen 1 --strategy x.csv
expect_error 2 "--all-formats writes both formats" protect split --seen 1 --all-formats x --json
expect_error 2 "bad rank 'Z' in --upcards" protect split --seen 1 --upcards Z
expect_error 2 "unknown preset" protect split --seen 1 --preset nosuch
expect_error 2 "--resume $tmp/nothere: not a writable folder" protect split --seen 1 --resume "$tmp/nothere"
finish
