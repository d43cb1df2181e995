#!/usr/bin/env bash
# test_mpi.sh FOURCARD MPIEXEC — 2 MPI ranks give the same bits as one
# process: the strategy file and every exact figure of the report.
set -u
bin=$1 mpiexec=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $*"; fi; }

# as root mpirun needs --allow-run-as-root; 2 ranks on 2 cores: --oversubscribe;
# --bind none: ctest runs other tests beside this one, on the same cores
"$mpiexec" --allow-run-as-root --oversubscribe -np 2 "$bin" solve split --preset v2-P5 --threads 1 --bind none -q \
    --json -o "$tmp/two.json" --strategy "$tmp/two.csv" || { echo "mpirun failed"; exit 1; }
"$bin" solve split --preset v2-P5 --threads 2 --bind none -q --json -o "$tmp/one.json" --strategy "$tmp/one.csv" \
    || { echo "solve failed"; exit 1; }

check cmp -s "$tmp/one.csv" "$tmp/two.csv"
# the reports differ only in the run's layout and its time
strip() { grep -v -e '"seconds"' -e '"threads_per_rank"' -e '"mpi_ranks"' "$1"; }
check cmp -s <(strip "$tmp/one.json") <(strip "$tmp/two.json")
check grep -q '"mpi_ranks": 2' "$tmp/two.json"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
