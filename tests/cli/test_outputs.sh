#!/usr/bin/env bash
# test_outputs.sh FOURCARD — where -o and the other output options write
# (solver/engine/output_files.h): a regular file or a new name replaced
# whole, a symlink's target replaced (the link stays), a FIFO or a device
# written directly, "-" and /dev/stdout's link for stdout; a folder and
# two outputs naming one file refused before any work (exit 2); no
# temporary file left after SIGINT or SIGTERM; names as long as the
# system allows.  Safe as root: devices are reached through symlinks in
# a temporary folder, and /dev/null is only looked at.  Prints
# "N passed, N failed".
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # the test changes folders
. "$(dirname "$0")/expect.sh" # ok, bad, expect_error, expect_ok, finish; $tmp

# entries DIR: its entries, hidden ones too, on one line
entries() { ls -A "$1" | tr '\n' ' '; }
report="three-card: 22100 hands" # the first line of `freq three-card`

# A regular file and a new name: replaced whole, nothing else left
d=$tmp/reg; mkdir "$d"; echo old >"$d/old.txt"
"$bin" freq three-card -o "$d/old.txt" && "$bin" freq three-card -o "$d/new.txt" \
    && grep -q "$report" "$d/old.txt" && grep -q "$report" "$d/new.txt" \
    && [ "$(entries "$d")" = "new.txt old.txt " ] && ok || bad "a regular file or a new name: $(entries "$d")"

# A symlink: its target replaced, or made when it dangles; the link stays
d=$tmp/link; mkdir "$d"; echo old >"$d/a.txt"; ln -s a.txt "$d/link"; ln -s b.txt "$d/dangling"
"$bin" freq three-card -o "$d/link" && [ -L "$d/link" ] && grep -q "$report" "$d/a.txt" && ok \
    || bad "-o LINK: the link replaced or its target not written"
"$bin" freq three-card -o "$d/dangling" && [ -L "$d/dangling" ] && grep -q "$report" "$d/b.txt" && ok \
    || bad "-o DANGLING-LINK: the link replaced or its target not made"
[ "$(entries "$d")" = "a.txt b.txt dangling link " ] && ok || bad "symlinks: left $(entries "$d")"

# A FIFO: written directly, still a FIFO (the reader gives up after 10 s)
d=$tmp/fifo; mkdir "$d"; mkfifo "$d/fifo"
timeout 10 cat "$d/fifo" >"$tmp/fifo.out" & reader=$!
"$bin" freq three-card -o "$d/fifo"; rc=$?
[ -p "$d/fifo" ] || kill "$reader" 2>/dev/null
wait "$reader"
[ "$rc" -eq 0 ] && [ -p "$d/fifo" ] && grep -q "$report" "$tmp/fifo.out" && [ "$(entries "$d")" = "fifo " ] && ok \
    || bad "-o FIFO: exit $rc, $(ls -l "$d/fifo"), read '$(head -1 "$tmp/fifo.out")'"

# A device, through a symlink: written directly; a full one fails the run
d=$tmp/dev; mkdir "$d"; ln -s /dev/null "$d/null"; ln -s /dev/full "$d/full"
"$bin" freq three-card -o "$d/null" >"$tmp/out" && [ ! -s "$tmp/out" ] && [ -L "$d/null" ] && [ -c /dev/null ] && ok \
    || bad "-o LINK-TO-/dev/null: $(ls -l "$d/null")"
expect_error 1 "fourcard freq: cannot write $d/full: No space left on device" freq three-card -o "$d/full"
[ -L "$d/full" ] && [ -c /dev/full ] && [ "$(entries "$d")" = "full null " ] && ok \
    || bad "-o LINK-TO-/dev/full: left $(entries "$d")"

# "-" is stdout; so is /dev/stdout (here its like, a link to /proc/self/fd/1),
# written in place: appended to what stdout's file has
d=$tmp/std; mkdir "$d"; ln -s /proc/self/fd/1 "$d/stdout"
(cd "$d" && "$bin" freq three-card -o - >"$tmp/out") && grep -q "$report" "$tmp/out" && [ "$(entries "$d")" = "stdout " ] \
    && ok || bad "-o -: not stdout, or left $(entries "$d")"
echo first >"$tmp/out"
"$bin" freq three-card -o "$d/stdout" >>"$tmp/out" && [ "$(head -1 "$tmp/out")" = first ] \
    && [ "$(sed -n 2p "$tmp/out")" = "$report" ] && [ -L "$d/stdout" ] && [ "$(entries "$d")" = "stdout " ] && ok \
    || bad "-o /dev/stdout: '$(head -2 "$tmp/out" | tr '\n' '|')', left $(entries "$d")"

# Two outputs naming one file: refused before any work, nothing written
d=$tmp/same; mkdir "$d"; echo old >"$d/a.txt"; ln -s a.txt "$d/link"; cd "$d" || exit 1
expect_error 2 "fourcard solve: two outputs name the same file 'X'" solve buyout --decks 1 --ranks 5 -q -o X --strategy X
expect_error 2 "fourcard solve: two outputs name the same file 'X'" solve split -q -o X --strategy X
expect_error 2 "fourcard solve: two outputs name the same file: './X' and '$d/X'" solve buyout --decks 1 --ranks 5 -q \
    -o ./X --strategy "$d/X"
expect_error 2 "fourcard solve: two outputs name the same file: 'link' and 'a.txt'" solve buyout --decks 1 --ranks 5 -q \
    -o link --strategy a.txt
expect_error 2 "fourcard solve: two outputs name the same file '-'" solve buyout --decks 1 --ranks 5 -q -o - --summary -
expect_error 2 "fourcard solve: two outputs name the same file: 'link' and 'a.txt'" solve frenzy -q -o link --strategy a.txt
expect_error 2 "fourcard solve: \-\-output and \-\-strategy name the same file 'X'" solve frenzy -q -o X --strategy X
cd - >/dev/null || exit 1
[ "$(entries "$d")" = "a.txt link " ] && [ "$(cat "$d/a.txt")" = old ] && ok || bad "same file: left $(entries "$d")"

# A folder: refused before any work (no solve, no other file), exit 2
d=$tmp/dir; mkdir -p "$d/DIR"; ln -s DIR "$d/to-dir"; cd "$d" || exit 1
start=$(date +%s%N)
expect_error 2 "fourcard solve: cannot write DIR: it is a folder" solve split --strategy s.csv -o DIR
[ $(( ($(date +%s%N) - start) / 1000000 )) -lt 1000 ] && ok || bad "solve split -o DIR: solved before refusing"
expect_error 2 "fourcard freq: cannot write to-dir: it is a folder" freq three-card -o to-dir
expect_error 2 "fourcard par: cannot write DIR: it is a folder" par buyout --decks 1 --ranks 5 -q -o DIR
cd - >/dev/null || exit 1
[ "$(entries "$d")" = "DIR to-dir " ] && [ -z "$(ls -A "$d/DIR")" ] && ok || bad "-o DIR: left $(entries "$d")"

# SIGINT, SIGTERM: no temporary file left, the old file as it was (perl
# gives the run the default actions a background job of a script lacks)
d=$tmp/sig; mkdir "$d"
for sig in INT TERM; do
    echo old >"$d/x"
    perl -e '$SIG{INT} = $SIG{TERM} = "DEFAULT"; exec @ARGV or exit 127' \
        "$bin" solve split -q -o "$d/x" --strategy "$d/y.csv" & run=$!
    sleep 0.5
    during=$(entries "$d")
    kill -"$sig" "$run"
    wait "$run"; rc=$?
    want=$((128 + $(kill -l "$sig")))
    [ "$rc" -eq "$want" ] && [ "$(entries "$d")" = "x " ] && [ "$(cat "$d/x")" = old ] && ok \
        || bad "SIG$sig: exit $rc (want $want), left $(entries "$d") (during the run: $during)"
done

# Names as long as NAME_MAX allows; a message naming a 4095-byte path
# ends with its reason
d=$tmp/long; mkdir "$d"
name=$(printf 'n%.0s' $(seq 250))
"$bin" freq three-card -o "$d/$name" 2>"$tmp/err" && grep -q "$report" "$d/$name" && [ "$(entries "$d")" = "$name " ] \
    && ok || bad "-o with a 250-character name: $(tail -c 60 "$tmp/err")"
path=$d/no-such-folder
while [ ${#path} -lt 3900 ]; do path=$path/$(printf 'd%.0s' $(seq 99)); done
path=$path/$(printf 'e%.0s' $(seq $((4095 - ${#path} - 1))))
[ ${#path} -eq 4095 ] || bad "the long path is ${#path} bytes"
"$bin" freq three-card -o "$path" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" -eq 1 ] && [ "$(cat "$tmp/err")" = "fourcard freq: cannot write $path: No such file or directory" ] && ok \
    || bad "-o A-4095-BYTE-PATH: exit $rc, $(wc -l <"$tmp/err") lines ending '$(tail -c 40 "$tmp/err")'"

# A path holding a newline: still one line, the newline written escaped
nl_path="$tmp/no"$'\n'"such/x"
expect_error 1 'cannot write .*/no\\nsuch/x: No such file or directory' freq three-card -o "$nl_path"

finish
