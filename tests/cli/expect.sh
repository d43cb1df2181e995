# expect.sh — what the command line's shell tests share; sourced after
# `bin` is set.  Counts checks in pass and fail, works in a temporary
# folder $tmp (removed at exit), and ends with `finish`, which prints the
# closing "N passed, N failed" line and gives the exit status.
#   ok, bad MESSAGE            count a check
#   expect_error CODE PATTERN ARGS...
#                              exit code CODE, exactly one stderr line
#                              matching PATTERN (a fixed string where
#                              expect_fixed=1), nothing on stdout
#   expect_ok PATTERN ARGS...  exit 0 and PATTERN on stdout
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok()  { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

expect_error() {
    local code=$1 pattern=$2 how=-q; shift 2
    [ "${expect_fixed:-0}" = 1 ] && how=-qF
    "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    local lines; lines=$(wc -l <"$tmp/err")
    if [ "$rc" -ne "$code" ]; then bad "$* -> exit $rc, want $code: $(head -c 300 "$tmp/err")"; return; fi
    if [ "$lines" -ne 1 ]; then bad "$* -> $lines stderr lines, want 1: $(head -c 300 "$tmp/err")"; return; fi
    if ! grep "$how" -- "$pattern" "$tmp/err"; then bad "$* -> '$(cat "$tmp/err")' lacks '$pattern'"; return; fi
    if [ -s "$tmp/out" ]; then bad "$* -> wrote to stdout"; return; fi
    ok
}

expect_ok() {
    local pattern=$1; shift
    if "$bin" "$@" >"$tmp/out" 2>"$tmp/err" && grep -q -- "$pattern" "$tmp/out"; then ok
    else bad "$* -> exit $?, stdout lacks '$pattern'"; fi
}

finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
