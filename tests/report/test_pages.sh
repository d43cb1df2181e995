#!/usr/bin/env bash
# test_pages.sh FOURCARD — the printable pages as a person sees them: every
# committed strategy card (strategies/*-card.html), the first committed PAR
# sheet of each game (results/par/*.html; the others are read as text) and
# one page made now are rendered by headless Chromium to PNG and to PDF.  A page
# fails when it loads anything (a script, a style sheet, an image, a font)
# from outside itself, when Chromium logs a console message for it, when
# the PNG or the PDF is not made, and, for a strategy card, when its PDF is
# more than one page on Letter or on A4.  The checker is first shown a bad
# page of each kind and must refuse it (a check that cannot fail is no
# check).  Prints "N passed, N failed".
set -u
bin=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

chrome=$(command -v chromium-headless-shell || command -v chromium || true)
if [ -z "$chrome" ] || ! command -v pdfinfo >/dev/null; then
    echo "FAIL: headless Chromium and pdfinfo are needed (scripts/setup installs chromium-headless-shell and poppler-utils)"
    exit 1
fi

# chromium ARGS... : one run, its log in $tmp/log (the sandbox needs a
# user namespace the CI container may not have: --no-sandbox).
chromium() {
    timeout 60 "$chrome" --no-sandbox --disable-gpu --headless --user-data-dir="$tmp/profile" \
        --enable-logging=stderr --v=0 --hide-scrollbars "$@" >"$tmp/log" 2>&1
}

# loads_outside PAGE: true when it fetches a script, a link, a source or an
# url() from outside itself.
loads_outside() {
    grep -qiE '<script|<link|<iframe|@import|(src|href) *= *"(https?:)?//|url\( *["'\'']?(https?:)?//' "$1"
}

# problems PAGE [PAGES]: prints what is wrong with the page (nothing when
# it is right); PAGES = 1 also asks for one printed page on Letter and A4.
problems() {
    local page=$1 pages=${2:-}
    local name; name=$(basename "$page" .html)
    if loads_outside "$page"; then
        echo "loads something from outside the page"
    fi
    rm -f "$tmp/$name.png" "$tmp/$name.pdf"
    # one load makes both the PNG and the PDF
    chromium --window-size=900,1200 --screenshot="$tmp/$name.png" --no-pdf-header-footer \
        --print-to-pdf="$tmp/$name.pdf" "file://$page"
    grep -E 'CONSOLE|Uncaught' "$tmp/log" | head -3
    [ "$(head -c 4 "$tmp/$name.png" 2>/dev/null | od -An -c | tr -d ' ')" = "211PNG" ] || echo "no PNG"
    local n; n=$(pdfinfo "$tmp/$name.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
    [ -n "$n" ] && [ "$n" -ge 1 ] || { echo "no PDF"; return; }
    [ "$pages" = 1 ] || return
    [ "$n" = 1 ] || echo "$n pages on Letter"
    sed 's#</head>#<style>@page { size: A4; }</style></head>#' "$page" > "$tmp/$name-a4.html"
    chromium --no-pdf-header-footer --print-to-pdf="$tmp/$name-a4.pdf" "file://$tmp/$name-a4.html"
    n=$(pdfinfo "$tmp/$name-a4.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
    [ "$n" = 1 ] || echo "${n:-no} pages on A4"
}

check() {
    local page=$1 pages=${2:-} out
    out=$(problems "$page" "$pages")
    if [ -z "$out" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: ${page#"$top"/}: $(echo "$out" | head -3 | tr '\n' ' ')"
    fi
}

# The checker refuses a page that logs to the console, one that loads a
# script from the network, and a card too long for one sheet.
printf '<!DOCTYPE html><html><head><title>t</title></head><body><p>x</p><img src="data:," onerror="console.error(1)"></body></html>\n' > "$tmp/console.html"
printf '<!DOCTYPE html><html><head><script src="https://example.org/x.js"></script></head><body>x</body></html>\n' > "$tmp/remote.html"
{ printf '<!DOCTYPE html><html><head><title>t</title></head><body>'; for i in $(seq 200); do printf '<p>line %d</p>' "$i"; done; printf '</body></html>\n'; } > "$tmp/long.html"
for bad in console remote; do
    if [ -n "$(problems "$tmp/$bad.html")" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: the checker took $bad.html"; fi
done
if [ -n "$(problems "$tmp/long.html" 1)" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: the checker took a 5-page card"; fi

# A page made now (the committed ones may lag behind the program until
# scripts/make-par runs; test_par_current catches that).
if "$bin" par frenzy -q --html "$tmp/now-frenzy.html"; then
    check "$tmp/now-frenzy.html"
else
    fail=$((fail + 1)); echo "FAIL: par frenzy --html"
fi

shopt -s nullglob
sheets=("$top"/results/par/*.html) cards=("$top"/strategies/*-card.html)
[ ${#sheets[@]} -gt 0 ] || { fail=$((fail + 1)); echo "FAIL: no HTML PAR sheet in results/par (run scripts/make-par)"; }
[ ${#cards[@]} -gt 0 ] || { fail=$((fail + 1)); echo "FAIL: no HTML card in strategies (run scripts/make-strategies)"; }
# Every PAR sheet is made by the same writer (test_par_current checks each
# is current) from a game's tables; rendering 39 of them took a minute of
# the suite to say the same thing: the first sheet of each game is
# rendered, the others get the checks that depend on their text.
declare -A rendered=()
for page in "${sheets[@]}"; do
    game=$(basename "$page"); game=${game%%-*}
    if [ -z "${rendered[$game]:-}" ]; then
        rendered[$game]=1
        check "$page"
    elif loads_outside "$page"; then
        fail=$((fail + 1)); echo "FAIL: ${page#"$top"/}: loads something from outside the page"
    else
        pass=$((pass + 1))
    fi
done
[ ${#rendered[@]} -eq 3 ] || { fail=$((fail + 1)); echo "FAIL: PAR sheets of ${#rendered[@]} games in results/par, not 3"; }
for page in "${cards[@]}"; do check "$page" 1; done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
