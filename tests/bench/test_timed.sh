#!/usr/bin/env bash
# test_timed.sh TIMED — bench/timed: the command's exit status, its output
# left alone, and a line "seconds kB" whose seconds cover the command's run
# (a 0.2 s sleep: at least 0.2 s, well under 2 s) and whose memory is the
# command's (dd's 40 MB buffer shows at least 40,000 kB).
set -u
timed=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { fail=1; echo "FAIL: $*"; }

"$timed" "$tmp/t" sh -c 'echo out; exit 3' > "$tmp/out"
rc=$?
[ "$rc" -eq 3 ] || bad "exit status $rc, want 3"
[ "$(cat "$tmp/out")" = out ] || bad "the command's output was not passed through"
"$timed" "$tmp/t" sleep 0.2 || bad "sleep failed"
read -r secs kb < "$tmp/t"
awk -v s="$secs" 'BEGIN { exit !(s >= 0.2 && s < 2) }' || bad "sleep 0.2 timed at $secs s"
[ "$kb" -gt 0 ] 2>/dev/null || bad "no peak memory: '$kb'"
"$timed" "$tmp/t" dd if=/dev/zero of=/dev/null bs=40M count=1 2>/dev/null || bad "dd failed"
read -r secs kb < "$tmp/t"
[ "$kb" -ge 40000 ] || bad "dd's 40 MB buffer, peak $kb kB"
"$timed" "$tmp/t" /nonexistent/command 2>/dev/null
rc=$?
[ "$rc" -eq 127 ] || bad "a missing command exits $rc, want 127"
[ "$fail" -eq 0 ] && echo "test_timed: passed"
exit "$fail"
