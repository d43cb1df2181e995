#!/usr/bin/env bash
# test_protect.sh FOURCARD — `solve buyout --shoe` and `protect buyout`
# from the command line: a shoe given as 13 or 52 counts or a file gives
# the EV of the same shoe given otherwise, bad shoes and bad option
# combinations get one line and exit 2; Buyout's --seats gives the same
# bits at 1, 2 and 3 threads, and it, Frenzy's --seats and Frenzy's --seen
# at 2 MPI ranks as at 1.  (The figures of protect are checked in test_buyout_removal,
# test_buyout_seats, test_frenzy_seen, test_frenzy_seats and
# test_protection_current.)
set -u
bin=$1 mpiexec=${2:-}
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

ev() { "$bin" solve buyout -q --json "$@" | jq -r .ev.exact; }
sixes=6,6,6,6,6,6,6,6,6,6,6,6,6
# the full shoe three ways: no --shoe, 13 counts, 52 counts in a file with a comment
full=$(ev)
[ "$(ev --shoe $sixes)" = "$full" ] && ok || bad "--shoe of 13 sixes is not the six-deck EV"
{ echo "# six decks, one count per card"; for _ in $(seq 13); do echo "6 6 6 6"; done; } >"$tmp/six.shoe"
[ "$(ev --shoe "$tmp/six.shoe")" = "$full" ] && ok || bad "--shoe FILE of 52 sixes is not the six-deck EV"
# five aces in every suit: 13 counts against 52
five_aces=$(ev --shoe 6,6,6,6,6,6,6,6,6,6,6,6,5)
{ for _ in $(seq 12); do echo "6,6,6,6"; done; echo "5,5,5,5"; } >"$tmp/aces.shoe"
[ "$(ev --shoe "$tmp/aces.shoe")" = "$five_aces" ] && ok || bad "13 and 52 counts of one shoe differ"
[ "$five_aces" != "$full" ] && ok || bad "a shoe less four aces has the six-deck EV"
# one ace of spades less: any suit gives the same EV
less_s=$(ev --shoe "$(python3 -c "print(','.join(['6']*51+['5']))")")
less_c=$(ev --shoe "$(python3 -c "print(','.join(['6']*48+['5','6','6','6']))")")
[ "$less_s" = "$less_c" ] && ok || bad "one ace less: the spade and the club differ ($less_s, $less_c)"
"$bin" solve buyout -q --shoe "$(python3 -c "print(','.join(['6']*51+['5']))")" | grep -q "six decks less As" \
    && ok || bad "the report does not name the shoe"
"$bin" solve buyout -q --json --shoe $sixes | jq -e '.game_rules.shoe_cards == 312 and (.game_rules.shoe | length) == 52' \
    >/dev/null && ok || bad "solve --json lacks rules.shoe"

# the other commands that take --shoe name it too
"$bin" card buyout -q --rules 2 --shoe 6,6,6,6,6,6,6,6,6,6,6,6,5 | grep -q "a given shoe of 308 cards" && ok \
    || bad "card buyout --shoe: the card does not name the shoe"
"$bin" par buyout -q --shoe 6,6,6,6,6,6,6,6,6,6,6,6,5 | grep -q "a given shoe of 308 cards" && ok \
    || bad "par buyout --shoe: the sheet does not name the shoe"

expect_error 2 "the shoe has 2 counts; give 13" solve buyout --shoe 1,2
expect_error 2 "count of A is negative" solve buyout --shoe 6,6,6,6,6,6,6,6,6,6,6,6,-1
expect_error 2 "count of A is 7; at most 6" solve buyout --shoe 6,6,6,6,6,6,6,6,6,6,6,6,7
expect_error 2 "a shoe of 8 cards is too small" solve buyout --shoe 0,0,0,0,0,0,0,0,0,0,0,1,1
expect_error 2 "cannot read the shoe file '$tmp/none'" solve buyout --shoe "$tmp/none"
# --resume: buyout's exact check of --count and --seats (and split's and frenzy's runs), into a writable folder
expect_error 2 "--resume goes with --count" protect buyout --seen 1 --resume "$tmp"
expect_error 2 "--resume goes with --count" protect buyout --removal --resume "$tmp"
expect_error 2 "--resume $tmp/none: not a writable folder" protect buyout --count --resume "$tmp/none"
expect_error 2 "--resume $tmp/none: not a writable folder" protect frenzy --seen 1 --resume "$tmp/none"
printf '6 6 6 x\n' >"$tmp/bad.shoe"
expect_error 2 "--shoe file '$tmp/bad.shoe': the shoe's count 'x' is not an integer" solve buyout --shoe "$tmp/bad.shoe"
expect_error 2 "--shoe replaces --decks and --ranks" solve buyout --shoe $sixes --decks 2
expect_error 2 "counting simulation is 'protect buyout --count'" simulate buyout --shoe $sixes

expect_error 2 "missing --removal, --count, --seen or --seats" protect buyout
expect_error 2 "--removal and --count: give one" protect buyout --removal --count
expect_error 2 "go with --count" protect buyout --removal --rounds 10
expect_error 2 "--seen and --removal: give one analysis" protect buyout --removal --seen 1
expect_error 2 "--bonus-table: the tables cover" protect buyout --removal --bonus-table 1
expect_error 2 "--shoe: the analyses are of the six-deck shoe" protect buyout --count --shoe $sixes
expect_error 2 "--decks: the analyses are of the six-deck shoe" protect buyout --count --decks 2
expect_error 2 "bad value '0.2' for --cut" protect buyout --count --cut 0.2
expect_error 2 "fewer than a round of 7 player(s) may use" protect buyout --count --cut 0.5 --players 7
expect_error 2 "bad value '9' for --players" protect buyout --count --players 9
expect_error 2 "--all-formats writes both formats" protect buyout --removal --all-formats "$tmp/x" --json
# 4 Card Buyout's colluding table (its figures: test_buyout_seats, test_protection_current)
expect_error 2 "--seats and --removal: give one analysis" protect buyout --seats 2 --removal
expect_error 2 "--seats and --seen: give one analysis" protect buyout --seats 2 --seen 1
expect_error 2 "go with --count" protect buyout --seats 2 --cut 1
expect_error 2 "go with --count" protect buyout --seats 2 --exact-shoes 3
expect_error 2 "--seats with --bonus-alone" protect buyout --seats 2 --bonus-table 1 --bonus-alone
expect_error 2 "bad value '8' for --seats" protect buyout --seats 8
expect_error 2 "--seats 7: a shoe of 12 cards is too small (33 at least)" protect buyout --seats 2-7 --decks 1 --ranks 3
expect_error 2 "--all-formats writes both formats" protect buyout --seats 2 --all-formats "$tmp/x" --json
small=(--decks 2 --ranks 5 --rounds 32 -q --json)
one=$("$bin" protect buyout --seats 3 "${small[@]}" | jq -c '.rows[0] | del(.seconds)')
range=$("$bin" protect buyout --seats 2-3 "${small[@]}" | jq -c '.rows[1] | del(.seconds)')
[ -n "$one" ] && [ "$one" = "$range" ] && ok || bad "buyout --seats 3 and the 3 of --seats 2-3 differ"
expect_error 2 "unknown or missing GAME" protect poker --removal
# Four Card Frenzy (its figures: test_frenzy_seen, test_frenzy_seats, test_protection_current)
expect_error 2 "missing --seen K or --seats N" protect frenzy
expect_error 2 "bad value '3' for --seen" protect frenzy --seen 3
expect_error 2 "--removal is for buyout's shoe" protect frenzy --removal
expect_error 2 "--seen and --seats: give one" protect frenzy --seen 1 --seats 2
expect_error 2 "--rounds goes with --seats" protect frenzy --seen 1 --rounds 10
expect_error 2 "go with 'protect buyout --count'" protect frenzy --seats 2 --cut 1
expect_error 2 "bad value '8' for --seats" protect frenzy --seats 8
expect_error 2 "bad value '5-3' for --seats" protect frenzy --seats 5-3
expect_error 2 "bad value 'x' for --seats" protect frenzy --seats 2-x
expect_error 2 "--bonus does not belong" protect frenzy --seen 1 --bonus FC-1
expect_error 2 "--all-formats writes both formats" protect frenzy --seen 1 --all-formats "$tmp/x" -o "$tmp/y"
expect_ok "--seen K" protect frenzy --help
# one table size alone gives the row it has in a range (each size its own random streams)
one=$("$bin" protect frenzy --seats 6 --rounds 128 -q --json | jq -c '.rows[0] | del(.seconds)')
range=$("$bin" protect frenzy --seats 5-7 --rounds 128 -q --json | jq -c '.rows[1] | del(.seconds)')
[ -n "$one" ] && [ "$one" = "$range" ] && ok || bad "--seats 6 and the 6 of --seats 5-7 differ"
# the same bits at 1 thread, at the other thread counts given and at 2 MPI
# ranks (1 thread each); Frenzy's thread counts are its own tests'
# (test_frenzy_seen, test_frenzy_seats: 1, 2 and 3)
same_layouts() { # NAME JQ-FILTER "THREADS" ARGS...
    local name=$1 filter=$2 threads=$3
    shift 3
    local one two
    one=$("$bin" "$@" --threads 1 -q --json | jq -cS "$filter")
    [ -n "$one" ] || bad "$name: no output"
    for t in $threads; do
        [ "$("$bin" "$@" --threads $t -q --json | jq -cS "$filter")" = "$one" ] && ok || bad "$name: --threads $t differs"
    done
    if [ -n "$mpiexec" ]; then
        two=$("$mpiexec" --allow-run-as-root --oversubscribe -np 2 "$bin" "$@" --threads 1 --bind none -q --json \
            2>/dev/null | jq -cS "$filter")
        [ "$two" = "$one" ] && ok || bad "$name: 2 MPI ranks differ"
    fi
}
same_layouts "protect buyout --seats" '[.rows[] | del(.seconds)]' "2 3" protect buyout --seats 2-3 --decks 2 --ranks 5 \
    --rounds 32
same_layouts "protect frenzy --seats" '[.rows[] | del(.seconds)]' "" protect frenzy --seats 2-3 --rounds 128
same_layouts "protect frenzy --seen 1" 'del(.seconds, .run, .threads, .ranks)' "" protect frenzy --seen 1
# the seen card's rule for a seen Ace is a strategy card file 'price' reads
"$bin" protect frenzy --seen 1 -q | sed -n '/^### Seen A$/,/^### Seen K$/p' | grep '^- ' >"$tmp/seenA.md"
[ "$(wc -l <"$tmp/seenA.md")" -eq 3 ] && "$bin" price frenzy --card "$tmp/seenA.md" -q --json >/dev/null && ok \
    || bad "the seen card's rule for a seen Ace is not a card file"
# --resume DIR at Frenzy: a run that keeps its pieces gives the plain run's
# figures; again, it takes them all (and says so); a damaged piece is named
# in one warning line and computed again; another question (--seed 2)
# takes none (--seen: 13 pieces, a rank of the highest seen card each;
# --seats: 1,024 tables of a size, 3,000 tables here: 3 pieces a size)
fstrip() { jq -cS 'del(.seconds, .run, .threads, .ranks) | del(.rows[]?.seconds)' "$1"; }
k=0
for what in "--seen 1" "--seats 6-7 --rounds 3000"; do
    dir=$tmp/fresume$((k += 1))
    mkdir "$dir"
    # shellcheck disable=SC2086 # $what is two or four words
    "$bin" protect frenzy $what -q --json -o "$tmp/f0.json" && "$bin" protect frenzy $what -q --json --resume "$dir" \
        -o "$tmp/f1.json" && [ "$(fstrip "$tmp/f0.json")" = "$(fstrip "$tmp/f1.json")" ] && ok \
        || bad "protect frenzy $what --resume differs from the plain run"
    n=$(ls "$dir" | wc -l)
    "$bin" protect frenzy $what -q --json --resume "$dir" -o "$tmp/f2.json" 2>"$tmp/f2.err" && [ ! -s "$tmp/f2.err" ] \
        && [ "$(fstrip "$tmp/f0.json")" = "$(fstrip "$tmp/f2.json")" ] && jq -e ".run.pieces_resumed == $n" "$tmp/f2.json" \
        >/dev/null && ok || bad "protect frenzy $what: a resumed run differs, or did not take its $n pieces"
    pieces=("$dir"/*.part)
    printf 'x' | dd of="${pieces[1]}" bs=1 seek=40 conv=notrunc 2>/dev/null
    "$bin" protect frenzy $what -q --json --resume "$dir" -o "$tmp/f3.json" 2>"$tmp/f3.err" \
        && [ "$(wc -l <"$tmp/f3.err")" -eq 1 ] && grep -qF "ignoring ${pieces[1]}" "$tmp/f3.err" \
        && [ "$(fstrip "$tmp/f0.json")" = "$(fstrip "$tmp/f3.json")" ] && jq -e ".run.pieces_resumed == $((n - 1))" \
        "$tmp/f3.json" >/dev/null && ok || bad "protect frenzy $what: a damaged piece: $(head -c 300 "$tmp/f3.err")"
done
"$bin" protect frenzy --seats 6-7 --rounds 3000 --seed 2 -q --json --resume "$tmp/fresume2" -o "$tmp/f4.json" \
    2>"$tmp/f4.err" && [ ! -s "$tmp/f4.err" ] && jq -e '.run.pieces_resumed == null' "$tmp/f4.json" >/dev/null \
    && [ "$(ls "$tmp/fresume2" | wc -l)" -eq 12 ] && ok \
    || bad "protect frenzy: another seed took the pieces, or kept none of its own"
expect_ok "--exact-shoes N" protect buyout --help
expect_ok "--seats N | LO-HI" protect buyout --help
expect_ok "usage: fourcard protect GAME" protect --help
finish
