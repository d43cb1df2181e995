#!/usr/bin/env bash
# bench/split-design.sh — 4 Card Split's designer: paytables priced per
# second after the enumeration, against a plain solve (the enumeration
# alone) and a sweep of the seven 2014 presets (the old way: every class
# decided for every paytable), runs interleaved.
# RUNS=3 bench/split-design.sh [FOURCARD]  -> one line per run, then medians
set -u
bin=${1:-build/solver/fourcard} runs=${RUNS:-3}
grid_a=(--vary ante-draw.flush=1.5..2.5:0.01 --vary blind.two-pair=3..6:0.03)   # 10,201 paytables, 1 line moves decisions
grid_b=(--vary ante-draw.flush=1.5..2.5:0.1 --vary ante-draw.straight=2..4:0.2 --vary ante-instant.flush=1..3:0.2
        --vary ante-draw.three-of-a-kind=5..10)                                  # 7,986 paytables, 4 lines move decisions
secs() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null || exit 1; t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l; }
for ((i = 1; i <= runs; i++)); do
    s=$(secs "$bin" solve split -q)
    w=$(secs "$bin" sweep split --presets 2014-1a,2014-1b,2014-1c,2014-1d,2014-2a,2014-2b,2014-2c -q)
    a=$(secs "$bin" design split "${grid_a[@]}" --target 1%..1.1% -q)
    b=$(secs "$bin" design split "${grid_b[@]}" --target 1%..1.1% -q)
    printf 'run %d: solve %.2f s, sweep of 7 %.2f s, grid A (10201) %.2f s, grid B (7986) %.2f s\n' "$i" "$s" "$w" "$a" "$b"
    echo "$s $w $a $b" >>"${TMPDIR:-/tmp}/split-design.$$"
done
sort -n -k1 "${TMPDIR:-/tmp}/split-design.$$" | awk -v n="$runs" '{ s[NR] = $1 } END { print "median solve", s[int((n + 1) / 2)] }'
for k in 2 3 4; do
    sort -n -k$k "${TMPDIR:-/tmp}/split-design.$$" | awk -v n="$runs" -v k=$k '{ v[NR] = $k } END { print "median column", k, v[int((n + 1) / 2)] }'
done
rm -f "${TMPDIR:-/tmp}/split-design.$$"
