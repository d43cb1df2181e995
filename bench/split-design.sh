#!/usr/bin/env bash
# bench/split-design.sh — the designers: paytables priced per second
# after the enumeration, against a plain solve (the enumeration alone) and
# a sweep of the seven 2014 presets (the old way: every class decided for
# every paytable), runs interleaved; then Four Card Frenzy's (grid F).
# RUNS=3 bench/split-design.sh [FOURCARD]  -> one line per run, then medians
set -u
bin=${1:-build/solver/fourcard} runs=${RUNS:-3}
grid_a=(--vary ante-draw.flush=1.5..2.5:0.01 --vary blind.two-pair=3..6:0.03)   # 10,201 paytables, 1 line moves decisions
grid_b=(--vary ante-draw.flush=1.5..2.5:0.1 --vary ante-draw.straight=2..4:0.2 --vary ante-instant.flush=1..3:0.2
        --vary ante-draw.three-of-a-kind=5..10)                                  # 7,986 paytables, 4 lines move decisions
grid_f=(--vary odds-win.flush=1..2:0.01 --vary odds-bad-beat.flush=2..4:0.02 --vary odds-win.straight=0.5..1.5:0.1)
                                                                                 # 112,211 Frenzy paytables
secs() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null || exit 1; t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l; }
for ((i = 1; i <= runs; i++)); do
    s=$(secs "$bin" solve split -q)
    w=$(secs "$bin" sweep split --presets 2014-1a,2014-1b,2014-1c,2014-1d,2014-2a,2014-2b,2014-2c -q)
    a=$(secs "$bin" design split "${grid_a[@]}" --target 1%..1.1% -q)
    b=$(secs "$bin" design split "${grid_b[@]}" --target 1%..1.1% -q)
    fs=$(secs "$bin" solve frenzy -q)
    f=$(secs "$bin" design frenzy "${grid_f[@]}" --target 2%..2.1% -q)
    printf 'run %d: solve %.2f s, sweep of 7 %.2f s, grid A (10201) %.2f s, grid B (7986) %.2f s; frenzy: solve %.2f s, grid F (112211) %.2f s\n' \
        "$i" "$s" "$w" "$a" "$b" "$fs" "$f"
    echo "$s $w $a $b $fs $f" >>"${TMPDIR:-/tmp}/split-design.$$"
done
sort -n -k1 "${TMPDIR:-/tmp}/split-design.$$" | awk -v n="$runs" '{ s[NR] = $1 } END { print "median solve", s[int((n + 1) / 2)] }'
for k in 2 3 4 5 6; do
    sort -n -k$k "${TMPDIR:-/tmp}/split-design.$$" | awk -v n="$runs" -v k=$k '{ v[NR] = $k } END { print "median column", k, v[int((n + 1) / 2)] }'
done
rm -f "${TMPDIR:-/tmp}/split-design.$$"
