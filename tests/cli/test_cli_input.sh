#!/usr/bin/env bash
# test_cli_input.sh FOURCARD — input the command line must not trust: a
# --resume folder's files, a long --presets list, option values that look
# like games, control characters in arguments, a one-round simulation and
# paytable files with a NUL byte, text after a section header or too many
# lines.  Prints "N passed, N failed".
set -u
bin=$1
. "$(dirname "$0")/expect.sh" # ok, bad, expect_error, expect_ok, finish; $tmp
expect_fixed=1 # patterns are fixed strings here

# strip FILE: a JSON report without what differs from run to run
strip() { grep -v -e '"seconds"' -e '"threads_per_rank"' -e '"mpi_ranks"' "$1"; }

# --- 8: an error is one line whatever the arguments hold ------------------
expect_error 2 "unknown command 'no\\nsuch'" $'no\nsuch'
expect_error 2 "unknown preset 'a\\nb'" solve split --preset $'a\nb'
expect_error 2 "unknown preset 'a\\tb\\r'" solve split --preset $'a\tb\r'
expect_error 2 "bad card 'Ks\\x01'" eval three-card $'As Ks\x01 Qs'
expect_error 2 "unknown option '--x\\ny'" solve split $'--x\ny'
expect_error 2 "bad value '1\\n2' for --rounds" simulate buyout --rounds $'1\n2'

# --- 7: the game is the first operand, never an option's value ------------
mkdir "$tmp/w"
(cd "$tmp/w" && "$bin" solve -o frenzy buyout --decks 1 --ranks 4 -q) >"$tmp/out" 2>"$tmp/err" \
    && grep -q "4 Card Buyout" "$tmp/w/frenzy" && ok || bad "solve -o frenzy buyout: $(cat "$tmp/err")"
(cd "$tmp/w" && "$bin" solve -qo split buyout --decks 1 --ranks 4) >"$tmp/out" 2>"$tmp/err" \
    && grep -q "4 Card Buyout" "$tmp/w/split" && ok || bad "solve -qo split buyout: $(cat "$tmp/err")"
(cd "$tmp/w" && "$bin" solve --out buyout frenzy -q) >"$tmp/out" 2>"$tmp/err" \
    && grep -q "Frenzy" "$tmp/w/buyout" && ok || bad "solve --out buyout frenzy (an abbreviation): $(cat "$tmp/err")"
(cd "$tmp/w" && "$bin" solve --strategy split frenzy -q) >"$tmp/out" 2>"$tmp/err" \
    && [ -s "$tmp/w/split" ] && grep -q "house edge" "$tmp/out" && ok || bad "solve --strategy split frenzy: $(cat "$tmp/err")"
(cd "$tmp/w" && "$bin" par --all-formats split buyout --decks 1 --ranks 5 -q) >"$tmp/out" 2>"$tmp/err" \
    && [ -s "$tmp/w/split.md" ] && ok || bad "par --all-formats split buyout: $(cat "$tmp/err")"
"$bin" simulate --threads 1 buyout --rounds 10 --decks 1 --ranks 4 -q >"$tmp/out" 2>"$tmp/err" \
    && grep -q "4 Card Buyout" "$tmp/out" && ok || bad "simulate --threads 1 buyout: $(cat "$tmp/err")"
"$bin" solve --output=frenzy buyout --decks 1 --ranks 4 -q -o /dev/null >"$tmp/out" 2>"$tmp/err" \
    && ok || bad "solve --output=frenzy buyout: $(cat "$tmp/err")"
expect_error 2 "fourcard solve: missing GAME (split, frenzy, buyout)" solve -o frenzy
expect_error 2 "fourcard solve: unexpected argument 'frenzy'" solve -q buyout frenzy

# --- 9: fewer than 2 rounds give no interval -------------------------------
"$bin" simulate buyout --decks 1 --ranks 4 --rounds 1 -q >"$tmp/out" 2>"$tmp/err"
if grep -q "no interval" "$tmp/out" && ! grep -q "^  z = .*+0.00" "$tmp/out" \
    && ! grep -q "standard dev.    0.000000" "$tmp/out"; then ok
else bad "simulate --rounds 1: the text shows an SD, an SE or a z of 0"; fi
"$bin" simulate buyout --decks 1 --ranks 4 --rounds 1 -q --json >"$tmp/out" 2>"$tmp/err"
if grep -q '"standard_deviation": null' "$tmp/out" && grep -q '"standard_error": null' "$tmp/out" \
    && grep -q '"z": null' "$tmp/out" && grep -q '"ci95": null' "$tmp/out" && grep -q '"mean": 3' "$tmp/out"; then ok
else bad "simulate --rounds 1 --json: no nulls for SD, SE, z and ci95"; fi
"$bin" simulate buyout --decks 1 --ranks 4 --rounds 1000 -q --json >"$tmp/out" 2>"$tmp/err"
if grep -q '"standard_deviation": [0-9]' "$tmp/out" && grep -q '"z": [-0-9]' "$tmp/out" \
    && grep -q '"ci95": \[' "$tmp/out"; then ok
else bad "simulate --rounds 1000 --json: no figures"; fi

# --- 10: paytable files -----------------------------------------------------
data=$(cd "$(dirname "$0")/.." && pwd)/data/split
# a NUL byte in the last line (no newline after it): 500 must not read as 5
grep -v '^royal-flush = 500$' "$data/good-half.ini" >"$tmp/nul.ini"
{ printf 'royal-flush = 5'; printf '\0'; printf '00'; } >>"$tmp/nul.ini"
n=$(($(wc -l <"$tmp/nul.ini") + 1))
expect_error 2 "$tmp/nul.ini:$n: a NUL byte" solve split --paytable "$tmp/nul.ini"
expect_error 2 "bad-section-trailing-text.ini:20: text after ']'" solve split --paytable "$data/bad-section-trailing-text.ini"
# too many lines: refused with the line past the limit (100000)
{ cat "$data/good-half.ini"; yes ';' | head -n $((100001 - $(wc -l <"$data/good-half.ini"))); } >"$tmp/long.ini"
expect_error 2 "$tmp/long.ini:100001: more than 100000 lines" solve split --paytable "$tmp/long.ini"

# --- 6: a long --presets list is read whole --------------------------------
commas=$(printf '%*s' 1100 '' | tr ' ' ,)
expect_error 2 "unknown preset 'nosuch' in --presets" sweep split --presets "2014-1a$commas,nosuch"
expect_error 2 "unknown preset 'xxxxxxxx" sweep split --presets "2014-1a,$(printf '%*s' 3000 '' | tr ' ' x)"

# --- 2: a --resume folder's files are checked -------------------------------
presets=2014-1a,2014-1b,2014-1c,2014-1d,2014-2a,2014-2b,2014-2c
long_presets=${presets/,/$commas} # item 6 again: 2014-1a, 1100 commas, the rest
sweep() { "$bin" sweep split -q --threads 2 --bind none "$@"; }
sweep --presets $presets --json -o "$tmp/plain.json" && sweep --presets $presets -o "$tmp/plain.txt" \
    || bad "sweep without --resume failed"
mkdir "$tmp/r"
sweep --presets "$long_presets" --json -o "$tmp/first.json" --resume "$tmp/r" 2>"$tmp/err" || bad "sweep --resume failed"
[ "$(ls "$tmp/r" | wc -l)" -eq 7 ] && [ ! -s "$tmp/err" ] && ok || bad "sweep --resume: $(ls "$tmp/r" | wc -l) files, want 7"
cmp -s <(strip "$tmp/plain.json") <(strip "$tmp/first.json") && ok || bad "sweep --resume: not the JSON of a plain sweep"
# from the files alone: the same report, to the bit for the JSON, and the
# same text as a plain sweep but the time
sweep --presets $presets --json -o "$tmp/again.json" --resume "$tmp/r" 2>"$tmp/err" \
    && cmp -s "$tmp/first.json" "$tmp/again.json" && [ ! -s "$tmp/err" ] && ok \
    || bad "a resumed sweep's JSON differs or it warns: $(cat "$tmp/err")"
sweep --presets $presets -o "$tmp/again.txt" --resume "$tmp/r" 2>"$tmp/err" \
    && cmp -s <(grep -v "solved in" "$tmp/plain.txt") <(grep -v "solved in" "$tmp/again.txt") && [ ! -s "$tmp/err" ] && ok \
    || bad "a resumed sweep's text differs from a plain sweep's: $(diff "$tmp/plain.txt" "$tmp/again.txt" | head -5)"
# files that are not what this sweep would compute: each named in one
# warning line, solved again and rewritten; the good one is taken
mkdir "$tmp/h"
sweep --presets 2014-1b --instant highest --resume "$tmp/h" >/dev/null || bad "sweep --instant highest failed"
r=$tmp/r
sed -i '0,/"exact": "-\?[0-9]/s//&1/' "$r/split-2014-1a-choose.json"      # a digit more in the EV
mv "$tmp/h/split-2014-1b-highest.json" "$r/split-2014-1b-choose.json"    # another --instant reading
cp "$r/split-2014-1d-choose.json" "$r/split-2014-1c-choose.json"         # another preset's
printf '{"preset":"2014-1d"}\n' >"$r/split-2014-1d-choose.json"          # a stub
printf '{"preset": null}\n' >"$r/split-2014-2a-choose.json"
printf 'not json' >"$r/split-2014-2b-choose.json"
sweep --presets $presets --json -o "$tmp/redone.json" --resume "$r" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ok || bad "sweep over bad resume files: exit $rc"
[ "$(wc -l <"$tmp/err")" -eq 6 ] && ok || bad "want 6 warning lines, got: $(cat "$tmp/err")"
for p in 2014-1a 2014-1b 2014-1c 2014-1d 2014-2a 2014-2b; do
    grep -q "^fourcard sweep: ignoring $r/split-$p-choose.json: .*; solving it again$" "$tmp/err" && ok \
        || bad "no warning for $p's file"
done
grep -q "2014-2c" "$tmp/err" && bad "the good file of 2014-2c was refused" || ok
cmp -s <(strip "$tmp/plain.json") <(strip "$tmp/redone.json") && ok || bad "bad resume files reached the report"
sweep --presets $presets --json -o "$tmp/fixed.json" --resume "$r" 2>"$tmp/err" && [ ! -s "$tmp/err" ] \
    && cmp -s "$tmp/redone.json" "$tmp/fixed.json" && ok || bad "the solved-again files were not rewritten: $(cat "$tmp/err")"

finish
