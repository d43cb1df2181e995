#!/usr/bin/env bash
# test_cli.sh FOURCARD — the command line: help, exit codes, one-line
# errors, atomic output files.  Prints "N passed, N failed".
set -u
bin=$1
. "$(dirname "$0")/expect.sh" # ok, bad, expect_error, expect_ok, finish; $tmp

expect_error 2 "unknown command 'nosuch'" nosuch
expect_error 2 "unknown kernel 'five-card'" freq five-card
expect_error 2 "missing KERNEL" freq
expect_error 2 "unknown option '--bogus'" freq three-card --bogus
expect_error 2 "option '--json' takes no value" freq three-card --json=yes
expect_error 2 "unknown option '-z'" freq three-card -z
expect_error 2 "unexpected argument 'extra'" freq three-card extra
expect_error 2 "needs a value" freq three-card --output
expect_error 2 "bad card 'Xs'" eval three-card "As Xs Qs"
expect_error 2 "duplicate card As" eval three-card "As Ks As"
expect_error 2 "expected 4 cards" eval split-blind "As Ks Qs"
expect_error 2 "buyout-points needs 2 to 5 cards" eval buyout-points "As"
expect_error 2 "bad value 'seven' for --five" eval buyout-points "As Ks" --five seven
expect_error 2 "bad value '3' for --repetitions" bench kernels --repetitions 3
expect_error 2 "bad value '0' for --seconds (0.001 to 10)" bench kernels --seconds 0
expect_error 2 "bad value '1s' for --seconds (0.001 to 10)" bench kernels --seconds 1s
expect_error 2 "unknown benchmark 'solvers'" bench solvers
"$bin" >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "no command should exit 2"

# 4 Card Split: every error comes before any solving
data=$(cd "$(dirname "$0")/.." && pwd)/data/split
expect_error 2 "unknown preset 'v2-P99'" solve split --preset v2-P99
expect_error 2 "unknown game 'poker'" solve poker
expect_error 2 "missing GAME" solve
expect_error 2 "\-\-preset and \-\-paytable exclude each other" solve split --preset 2014-1a --paytable "$data/../../../strategies/example-split-paytable.ini"
expect_error 2 "bad value 'sometimes' for \-\-instant" solve split --instant sometimes
expect_error 2 "bad value '0' for \-\-threads" solve split --threads 0
expect_error 2 "bad-dealer.ini:5: unknown dealer" solve split --paytable "$data/bad-dealer.ini"
expect_error 2 "cannot read" solve split --paytable "$tmp/none.ini"
expect_error 2 "\-\-presets belongs to 'sweep'" solve split --presets 2014-1a
expect_error 2 "\-\-strategy belongs to 'solve'" sweep split --strategy x.csv
expect_error 2 "unknown preset 'P1' in \-\-presets" sweep split --presets 2014-1a,P1
expect_error 2 "named twice" sweep split --presets v2-P2,v2-P2
expect_error 2 "unknown game 'poker' (split, frenzy, buyout)" presets poker
expect_error 1 "cannot write" solve split --strategy "$tmp/no/such/dir/s.csv"
expect_error 2 "not a writable folder" sweep split --resume "$tmp/nowhere"
expect_error 2 "\-\-resume belongs to 'sweep' and 'protect'" solve split --resume "$tmp"
# a resumed sweep takes a finished preset from its file instead of solving
# it, but only a file that proves what made it: a hand-made one is named in
# one warning and solved again, and the file it writes then is taken
mkdir -p "$tmp/resume"
printf '{"preset": "2014-1a", "house_edge_percent": 12.5, "ev": {"exact": "-1/8", "value": -0.125}}\n' \
    > "$tmp/resume/split-2014-1a-choose.json"
"$bin" sweep split --presets 2014-1a --resume "$tmp/resume" -q >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q "0.963569" "$tmp/out" && ! grep -q "12.500000" "$tmp/out" && ok || bad "a hand-made resume file was taken"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "ignoring .*split-2014-1a-choose.json.*solving it again" "$tmp/err" && ok \
    || bad "resume: want one warning line, got '$(cat "$tmp/err")'"
ino=$(stat -c %i "$tmp/resume/split-2014-1a-choose.json")
"$bin" sweep split --presets 2014-1a --resume "$tmp/resume" -q >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q "0.963569" "$tmp/out" && [ ! -s "$tmp/err" ] && ok || bad "a saved resume file was not taken"
[ "$(stat -c %i "$tmp/resume/split-2014-1a-choose.json")" = "$ino" ] && ok || bad "a saved resume file was solved again"
expect_ok "2014-1a" presets split
expect_ok '"name": "v2-P18"' presets split --json
# every game's preset tables, as the rules pages give them
expect_ok "^| 30-31 | 5 | 7 | 5 |$" presets buyout
"$bin" presets buyout --json | jq -e '[.tables[].pays_by_points["21-26"]] == [2, 3, 3]' >/dev/null && ok \
    || bad "presets buyout --json: the 21-26 points row is not 2, 3, 3"
expect_ok "^| Flush | 3/2 | 3 | 3 | 4 | 4 |$" presets frenzy
"$bin" presets frenzy --json | jq -e '(.tables | length) == 20 and (.jackpots | length) == 6
    and ([.tables[] | select(.kind == "Prime")] | length) == 2' >/dev/null && ok \
    || bad "presets frenzy --json: not 20 tables (1 Odds win, 5 Bad Beat, 12 Bonus, 2 Prime) and 6 jackpots"

# simulate: the game's own options and errors, plus --rounds and --seed;
# every error comes before any solving
expect_error 2 "bad value '0' for \-\-rounds" simulate frenzy --rounds 0
expect_error 2 "bad value 'abc' for \-\-rounds" simulate buyout --rounds abc
expect_error 2 "bad value '-1' for \-\-seed" simulate split --seed -1
expect_error 2 "bad value '1e6' for \-\-rounds" simulate split --rounds 1e6
expect_error 2 "option '\-\-rounds' needs a value" simulate frenzy --rounds
expect_error 2 "unknown game 'poker'" simulate poker
expect_error 2 "missing GAME (split, frenzy, buyout)" simulate
expect_error 2 "unknown preset 'v2-P99'" simulate split --preset v2-P99
expect_error 2 "\-\-strategy belongs to 'solve'" simulate split --strategy x.csv
expect_error 2 "\-\-presets belongs to 'sweep'; simulate takes \-\-preset" simulate split --presets 2014-1a
expect_error 2 "\-\-bonus does not belong to 'simulate frenzy': it simulates the main game alone" simulate frenzy --bonus FC-1
expect_error 2 "'simulate frenzy' takes one game" simulate frenzy --bad-beat BB-1,BB-2
expect_error 2 "bad value 'maybe' for \-\-copy" simulate frenzy --copy maybe
expect_error 2 "\-\-summary belongs to 'solve buyout'" simulate buyout --summary s.txt
expect_error 2 "bad value '4' for \-\-bonus-table" simulate buyout --bonus-table 4
expect_error 2 "unknown option '\-\-rounds'" solve frenzy --rounds 5
expect_error 1 "cannot write" simulate frenzy -q --rounds 10 -o "$tmp/no/such/dir/r.json"
expect_ok "\-\-rounds N" simulate --help
expect_ok "\-\-rounds N" simulate buyout --help
expect_ok '"standard_error"' simulate frenzy -q --rounds 1000 --seed 5 --json
expect_ok "Odds WE-2 with Bad Beat BB-5, paytable my-casino-table" simulate frenzy -q --rounds 1000 \
    --paytable "$data/../frenzy/good-doc-example.ini"
if "$bin" simulate buyout -q --rounds 2000 -o "$tmp/sim.txt" >"$tmp/out" 2>&1 && grep -q "exact EV" "$tmp/sim.txt" \
    && [ ! -s "$tmp/out" ] && [ -z "$(ls "$tmp" | grep 'sim.txt.')" ]; then ok
else bad "simulate -o: the report goes whole to the file, nothing else"; fi

# Four Card Frenzy: tables, jackpots, output files; errors come before solving
expect_error 2 "unknown Four Card Bonus table 'FC-99'" solve frenzy --bonus FC-99
expect_error 2 "bad value 'maybe' for \-\-copy" solve frenzy --copy maybe
expect_error 2 "unknown Five Card Jackpot table 'PJ-5'" solve frenzy --jackpot PJ-5 --meter 1000
expect_error 2 "unknown Four Card Jackpot table 'pays3'" solve frenzy --four-jackpot pays3 --meter 1000
expect_error 2 "named twice in \-\-jackpot" solve frenzy --jackpot PJ-1,PJ-1 --meter 1000
expect_error 2 "\-\-meter is required" solve frenzy --jackpot PJ-1
expect_error 2 "\-\-meter needs \-\-jackpot" solve frenzy --meter 1000
expect_error 2 "\-\-players needs \-\-jackpot" solve frenzy --players 3
expect_error 2 "bad value 'lots' for \-\-meter" solve frenzy --jackpot PJ-1 --meter lots
expect_error 2 "bad value '8' for \-\-players" solve frenzy --four-jackpot pays --meter 1000 --players 8
expect_error 2 "\-\-strategy and \-\-strategy-card name the same file" solve frenzy --strategy x.md --strategy-card x.md
expect_error 1 "cannot write" solve frenzy --strategy-card "$tmp/no/such/dir/card.md"
expect_ok "breaks even at a meter of" solve frenzy -q --jackpot PJ-1 --four-jackpot pays --meter 100000 --players 3
expect_ok "Raise 1x" solve frenzy -q --strategy-card -

# --bind and --verbose, in every solver
for game in split frenzy buyout; do
    expect_error 2 "bad value 'socket' for \-\-bind (core or none)" solve $game --bind socket
    expect_error 2 "option '\-\-bind' needs a value" solve $game --bind
done
# -v: the machine and the run's layout on stderr, the report as usual
for args in "frenzy" "buyout --decks 1 --ranks 4"; do
    "$bin" solve $args -q --bind none -v >"$tmp/out" 2>"$tmp/err" && grep -q "^topology: " "$tmp/err" \
        && grep -q "^run: 1 process, .*, bind none, OpenMP wait .*, huge pages \(on\|off\) (auto.*)$" "$tmp/err" \
        && grep -q "house edge" "$tmp/out" && ok || bad "solve $args -v: no topology, layout or report"
done
# --huge-pages: where the tables live, never what they hold
for game in split frenzy buyout; do
    expect_error 2 "bad value 'yes' for \-\-huge-pages (auto, on or off)" solve $game --huge-pages yes
done
"$bin" solve frenzy -q --huge-pages on --strategy "$tmp/huge.csv" >/dev/null && "$bin" solve frenzy -q -v --huge-pages off \
    --strategy "$tmp/small.csv" >/dev/null 2>"$tmp/err" && cmp -s "$tmp/huge.csv" "$tmp/small.csv" \
    && grep -q ", huge pages off$" "$tmp/err" && ok || bad "solve frenzy --huge-pages off: another strategy or no layout"
"$bin" solve frenzy -q -v --huge-pages on >/dev/null 2>"$tmp/err" && grep -q ", huge pages on$" "$tmp/err" && ok \
    || bad "solve frenzy --huge-pages on -v: the layout does not say on"
# Buyout has no big tables: its JSON does not state a huge-page choice
"$bin" solve buyout --decks 1 --ranks 4 -q --json >"$tmp/out" && ! grep -q huge_pages "$tmp/out" && ok \
    || bad "solve buyout --json: states a huge-page choice it has no use for"
"$bin" solve frenzy -q --json >"$tmp/out" && grep -q '"huge_pages_choice"' "$tmp/out" && ok \
    || bad "solve frenzy --json: no huge-page choice"

# PAR sheets: errors before any solving, one line, exit 2
expect_error 2 "fourcard par: missing GAME (split, frenzy, buyout)" par
expect_error 2 "fourcard par: unknown game 'poker'" par poker
expect_error 2 "fourcard par: \-\-presets belongs to 'sweep'" par split --presets 2014-1a
expect_error 2 "fourcard par: \-\-strategy belongs to 'solve'" par split --strategy x.csv
expect_error 2 "fourcard par: unknown preset 'nope'" par split --preset nope
expect_error 2 "fourcard par: \-\-all-formats writes every format: it excludes \-\-json" par split --all-formats x --json
expect_error 2 "fourcard par: \-\-all-formats writes every format: it excludes \-o" par buyout --all-formats x -o y.md
expect_error 2 "fourcard par: \-\-json and \-\-csv exclude each other" par frenzy --json --csv
expect_error 2 "fourcard par: \-\-json and \-\-csv exclude each other" par buyout --csv --json
expect_error 2 "fourcard par: a PAR sheet is of one game" par frenzy --bad-beat BB-1,BB-2
expect_error 2 "fourcard par: --players: the sheet prices the jackpots for every table of 1 to 7 players" par frenzy --jackpot PJ-1 --meter 1000 --players 3
expect_error 2 "--meter is required" par frenzy --jackpot PJ-1
# par frenzy --jackpot: each table size's EV is the solve's at that size
"$bin" par frenzy --four-jackpot pays --meter 20000 -q --json -o "$tmp/pj.json" \
    && "$bin" solve frenzy --four-jackpot pays --meter 20000 --players 4 -q --json > "$tmp/sj.json" \
    && [ "$(jq -r '.jackpots[0].players[3].ev.exact' "$tmp/pj.json")" = "$(jq -r '[.. | objects | select(has("envy_table"))][0].ev.exact' "$tmp/sj.json")" ] \
    && [ "$(jq -r '.jackpots[0].players | length' "$tmp/pj.json")" = 7 ] && ok || bad "par frenzy --four-jackpot: not the solve's EV at 4 players"
expect_error 2 "fourcard par: \-\-strategy belongs to 'solve frenzy'" par frenzy --strategy x.csv
expect_error 2 "fourcard par: \-\-summary belongs to 'solve buyout'" par buyout --summary x.txt
expect_error 2 "fourcard par: bad value 'maybe' for \-\-copy" par frenzy --copy maybe
expect_error 2 "fourcard par: bad value '4' for \-\-bonus-table" par buyout --bonus-table 4
expect_error 2 "fourcard par: unknown option '\-\-bogus'" par buyout --bogus
expect_error 2 "fourcard solve: \-\-csv belongs to 'par'" solve frenzy --csv
expect_error 1 "cannot write" par frenzy -q -o "$tmp/no/such/dir/par.md"
expect_ok "usage: fourcard par" par --help
expect_ok "usage: fourcard par" par frenzy --help
expect_ok '"element_of_risk_percent"' par buyout -q --decks 1 --ranks 4 --json
expect_ok "^rounds,ev_percent,house_edge_percent," par buyout -q --decks 1 --ranks 4 --csv
expect_ok "## Net result of a round" par buyout -q --decks 1 --ranks 4

expect_ok "usage: fourcard <command>" --help
for cmd in freq eval bench solve sweep presets; do expect_ok "usage: fourcard $cmd" "$cmd" --help; done
expect_ok "Royal Flush" eval three-card "As Ks Qs"
expect_ok "Four of a Kind" eval frenzy-best "Ac Ad Ah As 2c"
expect_ok "44 points" eval buyout-points "Ac Ad Ah As"
expect_ok '"total": 22100' freq three-card --json
expect_ok "three-card,Royal Flush,4," freq three-card --csv

# -o writes the whole file, or nothing when the run fails
mkdir -p "$tmp/o"
"$bin" freq split-blind --json -o "$tmp/o/blind.json" && grep -q '"total": 270725' "$tmp/o/blind.json" && ok \
    || bad "freq -o did not write the file"
[ "$(ls "$tmp/o")" = "blind.json" ] && ok || bad "temporary file left behind"
expect_error 1 "cannot write" freq three-card -o "$tmp/no/such/dir/x.json"

# par --all-formats writes its three files together or none of them
mkdir -p "$tmp/pa/sheet.json"
expect_error 2 "sheet.json: it is a folder" par buyout --ranks 5 --decks 1 --all-formats "$tmp/pa/sheet"
[ "$(ls "$tmp/pa")" = "sheet.json" ] && ok || bad "par --all-formats left files behind: $(ls "$tmp/pa")"
rmdir "$tmp/pa/sheet.json"
"$bin" par buyout --ranks 5 --decks 1 -q --all-formats "$tmp/pa/sheet" && [ "$(ls "$tmp/pa" | tr '\n' ' ')" = "sheet.csv sheet.html sheet.json sheet.md " ] \
    && ok || bad "par --all-formats did not write the four files"
# par --html FILE: the page alone (nothing on stdout), or beside --json
"$bin" par buyout --ranks 5 --decks 1 -q --html "$tmp/pa/alone.html" > "$tmp/pa/out" && [ ! -s "$tmp/pa/out" ] \
    && cmp -s "$tmp/pa/alone.html" "$tmp/pa/sheet.html" && ok || bad "par --html: not the --all-formats page, or stdout not empty"
"$bin" par buyout --ranks 5 --decks 1 -q --json --html "$tmp/pa/both.html" > "$tmp/pa/both.json" \
    && cmp -s "$tmp/pa/both.json" "$tmp/pa/sheet.json" && cmp -s "$tmp/pa/both.html" "$tmp/pa/sheet.html" \
    && ok || bad "par --json --html"
expect_error 2 "fourcard par: \-\-all-formats writes every format: it excludes \-\-html" par buyout --all-formats x --html y.html

finish
