#!/usr/bin/env bash
# bench/buyout-design.sh — 4 Card Buyout's designer: Bonus tables priced
# per second after the pass over the classes, against a plain solve with
# Bonus table 1 (the baseline: one pass, one table) and a sweep of the
# three preset tables (the old way: a whole solve per table), runs
# interleaved.
# RUNS=3 bench/buyout-design.sh [FOURCARD]  -> one line per run, then medians
set -u
bin=${1:-build/solver/fourcard} runs=${RUNS:-3}
grid_1=(--vary bonus.30-31=0..200)                                            # 201 tables, 1 line
grid_3=(--vary bonus.30-31=0..30 --vary bonus.21-26=1..3 --vary bonus.44=100..300:100)   # 279 tables, 3 lines
secs() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null || exit 1; t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l; }
out=${TMPDIR:-/tmp}/buyout-design.$$
for ((i = 1; i <= runs; i++)); do
    s=$(secs "$bin" solve buyout --bonus-table 1 -q)
    w=$(secs "$bin" sweep buyout --bonus-table 1 --bonus-paytable strategies/example-buyout-paytable.ini -q)
    a=$(secs "$bin" design buyout "${grid_1[@]}" --target 0%..1% -q)
    b=$(secs "$bin" design buyout "${grid_3[@]}" --target 0%..1% -q)
    printf 'run %d: solve %.2f s, sweep of 2 tables %.2f s, grid 1 (201) %.2f s, grid 3 (279) %.2f s\n' "$i" "$s" "$w" "$a" "$b"
    echo "$s $w $a $b" >>"$out"
done
for k in 1 2 3 4; do
    sort -n -k$k "$out" | awk -v n="$runs" -v k=$k '{ v[NR] = $k } END { print "median column", k, v[int((n + 1) / 2)] }'
done
rm -f "$out"
