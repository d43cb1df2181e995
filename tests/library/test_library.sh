#!/usr/bin/env bash
# test_library.sh BUILD FOURCARD — the installed library (docs/library.md):
# `cmake --install BUILD` into a temporary prefix; frenzy_ev.c built there
# with `pkg-config --cflags --libs fourcard` (libfourcard.so), then with
# --static (libfourcard.a alone: the shared one removed from the prefix),
# must print the exact EV that `FOURCARD solve frenzy --json` reports.
# CMAKE and CC name the tools (default: cmake and cc from PATH).
set -u
build=$1
bin=$2
here=$(cd "$(dirname "$0")" && pwd)
cmake=${CMAKE:-cmake}
cc=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { fail=1; echo "FAIL: $*"; }
say() { echo "test_library: $*"; }

for tool in "$cmake" "$cc" pkg-config jq readelf; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool not found (scripts/setup installs it)"; exit 1; }
done

# The install.
prefix=$tmp/prefix
if ! "$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    echo "FAIL: cmake --install $build --prefix $prefix"
    exit 1
fi
pc=$(find "$prefix" -name fourcard.pc -path '*/pkgconfig/*')
[ -n "$pc" ] || { echo "FAIL: no pkgconfig/fourcard.pc under the prefix"; find "$prefix"; exit 1; }
pcdir=$(dirname "$pc")
libdir=$(dirname "$pcdir")
say "installed into $prefix (pkg-config file ${pc#"$prefix"/})"
[ -f "$libdir/libfourcard.a" ] || bad "no libfourcard.a in $libdir"
soname=$(readelf -d "$libdir"/libfourcard.so 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
[ -n "$soname" ] || bad "no libfourcard.so (with a SONAME) in $libdir"
[ -z "$soname" ] || [ -L "$libdir/$soname" ] || bad "no SONAME link $soname in $libdir"
[ -f "$prefix/include/fourcard/frenzy_solve.h" ] || bad "no include/fourcard/frenzy_solve.h"
[ ! -e "$prefix/include/fourcard/batch_impl.h" ] || bad "batch_impl.h installed (it does not compile alone)"
[ -z "$(find "$prefix" -name 'libfourcard_mpi*')" ] || bad "the CLI's MPI module was installed"
pkg() { PKG_CONFIG_PATH=$pcdir pkg-config "$@" fourcard; }
version=$(pkg --modversion) || bad "pkg-config does not read fourcard.pc"
[ "fourcard $version" = "$("$bin" --version)" ] || bad "fourcard.pc version '$version', fourcard --version '$("$bin" --version)'"

# What the command line prints.
want=$("$bin" solve frenzy --json -q | jq -r .ev.exact)
case $want in
    */*) say "fourcard solve frenzy --json: ev.exact = $want" ;;
    *) echo "FAIL: no exact EV from '$bin solve frenzy --json -q': '$want'"; exit 1 ;;
esac

# check LABEL PROGRAM [VAR=VALUE...]: PROGRAM, run with the environment
# given, prints want.
check() {
    local label=$1 prog=$2; shift 2
    local got
    got=$(env "$@" "$prog" 2>"$tmp/err") || { cat "$tmp/err"; bad "$label: $prog exited $?"; return; }
    if [ "$got" = "$want" ]; then say "$label: $got (the same)"
    else bad "$label: frenzy_ev printed '$got', fourcard '$want'"; fi
}

# Shared: libfourcard.so, found through LD_LIBRARY_PATH.
flags=$(pkg --cflags --libs) || bad "pkg-config --cflags --libs fourcard"
say "shared: $cc frenzy_ev.c $flags"
# shellcheck disable=SC2086 # the flags are words
if "$cc" "$here/frenzy_ev.c" -o "$tmp/frenzy_ev" $flags; then
    readelf -d "$tmp/frenzy_ev" | grep -q "NEEDED.*\[$soname\]" || bad "shared: frenzy_ev does not load $soname"
    check shared "$tmp/frenzy_ev" LD_LIBRARY_PATH="$libdir"
else
    bad "shared: frenzy_ev.c does not build"
fi

# Static: with libfourcard.so gone, -lfourcard is libfourcard.a, and
# --static must name everything it needs.
rm -f "$libdir"/libfourcard.so*
flags=$(pkg --static --cflags --libs) || bad "pkg-config --static --cflags --libs fourcard"
say "static: $cc frenzy_ev.c $flags"
# shellcheck disable=SC2086
if "$cc" "$here/frenzy_ev.c" -o "$tmp/frenzy_ev_static" $flags; then
    ! readelf -d "$tmp/frenzy_ev_static" | grep -q "NEEDED.*libfourcard" || bad "static: frenzy_ev loads libfourcard"
    check static "$tmp/frenzy_ev_static"
else
    bad "static: frenzy_ev.c does not build"
fi

[ "$fail" -eq 0 ] && say "passed"
exit "$fail"
