#!/usr/bin/env bash
# bench/buyout-shoe.sh — 4 Card Buyout at depleted shoes: solve --shoe and
# protect --removal, runs interleaved, a baseline build against this one.
# BASE=path/to/old/fourcard NEW=path/to/fourcard bench/buyout-shoe.sh
base=${BASE:?BASE=the baseline fourcard} new=${NEW:-build/solver/fourcard}
less=$(printf '6,%.0s' $(seq 51))5
uneven=$(printf '6,6,5,4,%.0s' $(seq 12))3,4,5,6
declare -A args=(
  [full]=""
  [even]="--shoe 6,6,6,6,6,6,6,6,6,6,6,6,5"
  [less]="--shoe $less"
  [uneven]="--shoe $uneven"
)
for i in 1 2 3 4 5; do
  for k in full even less uneven; do
    for b in base new; do
      bin=${!b}
      t=$( { /usr/bin/time -f "%e" $bin solve buyout ${args[$k]} -q > /dev/null; } 2>&1 )
      echo "$k $b $t"
    done
  done
  for b in base new; do
    bin=${!b}
    t=$( { /usr/bin/time -f "%e" $bin protect buyout --removal -q > /dev/null; } 2>&1 )
    echo "removal $b $t"
  done
done
