#!/usr/bin/env bash
# test_json_schema.sh FOURCARD — every command's --json output follows its
# schema (docs/json.md, docs/schema/*.schema.json): each command is run once
# on a small case and validated with python3's jsonschema (Debian
# python3-jsonschema), and so are the committed documents the slow commands
# wrote (the PAR sheets, the strategy cards, the protection reports).  A
# document must also be one object whose first key is "schema_version".
# The validator is shown to reject broken documents first, so a pass means
# something.  bench kernels runs with short repetitions (--seconds): its
# output is checked, not its speed.
set -u
bin=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
schemas=$top/docs/schema
validate=$(dirname "$0")/validate_json.py
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"
python3 -c 'import jsonschema' 2>/dev/null || { echo "FAIL: python3's jsonschema is missing (scripts/setup installs python3-jsonschema)"; exit 1; }

# --- the validator can fail ---------------------------------------------------
"$bin" solve frenzy -q --json -o "$tmp/good.json" || bad "solve frenzy failed"
jq 'del(.schema_version)' "$tmp/good.json" >"$tmp/no-version.json"
jq '[.]' "$tmp/good.json" >"$tmp/array.json"
jq '.ev.value = "0.5"' "$tmp/good.json" >"$tmp/string-value.json"
jq 'del(.house_edge_percent)' "$tmp/good.json" >"$tmp/no-edge.json"
jq '.command = "sweep"' "$tmp/good.json" >"$tmp/other-command.json"
jq '.rules = .game_rules' "$tmp/good.json" >"$tmp/rules-object.json" # the game's rules under the card's name
for broken in no-version array string-value no-edge other-command rules-object; do
    echo "solve-frenzy.schema.json $tmp/$broken.json" >"$tmp/one"
    if python3 "$validate" "$schemas" "$tmp/one" >/dev/null; then bad "a broken document ($broken) passed"; else ok; fi
done
echo "solve-frenzy.schema.json $tmp/good.json" >"$tmp/one"
python3 "$validate" "$schemas" "$tmp/one" >/dev/null && ok || bad "solve frenzy's own output did not pass"

# --- every command ------------------------------------------------------------
: >"$tmp/manifest"
n=0
# run SCHEMA ARGS...: fourcard ARGS > a new file, listed for SCHEMA
run() {
    local schema=$1; shift
    n=$((n + 1))
    if "$bin" "$@" >"$tmp/doc$n.json" 2>"$tmp/err"; then
        echo "$schema.schema.json $tmp/doc$n.json" >>"$tmp/manifest"
        ok
    else
        bad "fourcard $* failed: $(head -c 300 "$tmp/err")"
    fi
}
cards=$top/strategies
small=(--decks 1 --ranks 4) # 4 Card Buyout's small shoe: instant
run solve-split solve split --preset v2-P1 -q --json
run solve-frenzy solve frenzy -q --json
run solve-frenzy solve frenzy --bad-beat BB-1,BB-2 -q --json # several tables
run solve-buyout solve buyout "${small[@]}" -q --json
run sweep sweep split --presets 2014-1a,2014-1b -q --json
run sweep sweep frenzy --bad-beat BB-1,BB-2 -q --json
run sweep sweep buyout "${small[@]}" -q --json
for game in split frenzy buyout; do run presets presets "$game" --json; done
run par par frenzy --bonus FC-1 -q --json
run par par buyout "${small[@]}" -q --json
run simulate simulate split --preset v2-P1 --rounds 2000 -q --json
run simulate simulate frenzy --rounds 2000 -q --json
run simulate simulate buyout "${small[@]}" --rounds 2000 -q --json
run card card frenzy -q --json
run card card buyout "${small[@]}" -q --json
run card price frenzy --card "$cards/frenzy-WE-1-BB-2-card.md" -q --json
run advise advise split "Ah Kd 7c 2s" --upcard 9h --preset v2-P1 --card "$cards/split-v2-P1-card.md" -q --json
run advise advise frenzy "Ah Ad 7c 7s 2h" -q --json
run advise advise buyout "Ah Kd 9h" --upcard 7c --card "$cards/buyout-standard-card.md" -q --json
run design-sensitivity design frenzy --sensitivity -q --json
run design-search design frenzy --vary odds-win.flush=1..2:0.5 --target 1%..3% -q --json
run design-sensitivity design buyout --sensitivity "${small[@]}" -q --json
run design-search design buyout --vary bonus.44=100..300:100 "${small[@]}" --target=-50%..50% -q --json
run protect-seen-buyout protect buyout --seen 1 "${small[@]}" -q --json
run protect-seen-buyout protect buyout --seen 1 "${small[@]}" --bonus-table 2 -q --json
run protect-seats protect buyout --seats 2-3 --decks 1 --ranks 5 --rounds 8 -q --json
run freq freq split-blind --json
run freq freq all --json
run topology topology --json
run bench bench kernels --seconds 0.002 --json
# what the slow commands wrote (each file is checked current by its own test)
for f in "$top"/results/par/*.json; do echo "par.schema.json $f" >>"$tmp/manifest"; done
for f in "$cards"/*-card.json; do echo "card.schema.json $f" >>"$tmp/manifest"; done
echo "protect-removal.schema.json $top/results/protection/buyout-removal.json" >>"$tmp/manifest"
echo "protect-count.schema.json $top/results/protection/buyout-count.json" >>"$tmp/manifest"
for f in "$top"/results/protection/*-seen-*.json; do echo "protect-seen.schema.json $f" >>"$tmp/manifest"; done
for f in "$top"/results/protection/*-seats.json; do echo "protect-seats.schema.json $f" >>"$tmp/manifest"; done
echo "protect-seen-buyout.schema.json $top/results/protection/buyout-seen.json" >>"$tmp/manifest"
echo "protect-seen.schema.json $top/results/protection/buyout-seen.json" >>"$tmp/manifest"
echo "protect-seen-split.schema.json $top/results/protection/split-seen-2014-1a.json" >>"$tmp/manifest"
echo "protect-seen-split.schema.json $top/results/protection/split-seen-2-2014-1a.json" >>"$tmp/manifest"

# separate fields, not packed strings: Split's final-hand rows give the parts of their name apart
jq -e '[.tables[] | select(.title | startswith("Final hands")) | .rows[]] as $r | ($r | length) > 0 and all($r[];
        .name == "\(.hand), \(.result), dealer \(if .dealer == "qualified" then "" else "not " end)qualified")' \
    "$top/results/par/split-2014-1a.json" >/dev/null && ok || bad "Split's final-hand rows: hand, result, dealer are not their name's parts"

if python3 "$validate" "$schemas" "$tmp/manifest" >"$tmp/report"; then ok; else bad "documents against their schemas:"; fi
cat "$tmp/report"
# every schema file is used here
for s in "$schemas"/*.schema.json; do
    grep -q "^$(basename "$s") " "$tmp/manifest" && ok || bad "$(basename "$s") is not exercised"
done
finish
