#!/usr/bin/env bash
# test_layers.sh TOP — the layers of solver/CMakeLists.txt, checked on the
# sources: every #include "x.h" of a file in layer L names, by name alone,
# a header of L or of a layer L may use, and the modules (x.c with x.h)
# include each other in no circle.  The compiler enforces the first across folders (a layer
# sees only its own and lower include folders); circles it cannot see.
set -euo pipefail
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top"

# what each layer may include, itself included
declare -A may=(
  [kernels]="kernels"
  [exact]="exact kernels"
  [engine]="engine exact kernels"
  [report]="report engine exact kernels"
  [split]="split report engine exact kernels"
  [frenzy]="frenzy report engine exact kernels"
  [buyout]="buyout report engine exact kernels"
  [cli]="cli split frenzy buyout report engine exact kernels bench"
  [bench]="bench report engine exact kernels"
)
files=$(find kernels bench solver -name '*.[ch]' | sort)
stray=$(find solver -maxdepth 1 -name '*.[ch]')
if [ -n "$stray" ]; then
  echo "test_layers: files outside every layer's folder: $stray"; exit 1
fi
declare -A layer_of=()
# layer_of_file FILE: sets layer to its folder's name, or its parent's for a
# layer's internal/ (by parameter expansion: a subshell per file made the
# test take 20 s)
layer_of_file() {
  local d=${1%/*}
  [ "${d##*/}" = internal ] && d=${d%/*}
  layer=${d##*/}
}
declare -A internal=()
for f in $files; do
  layer_of_file "$f"
  h=${f##*/}
  d=${f%/*}
  [ "${d##*/}" = internal ] && internal[$h]=1
  if [ -n "${layer_of[$h]:-}" ] && [ "${layer_of[$h]}" != "$layer" ]; then
    echo "test_layers: two files named $h (${layer_of[$h]}/ and $layer/): names must say which"; exit 1
  fi
  layer_of[$h]=$layer
done

fail=0
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
for f in $files; do
  layer_of_file "$f"
  from=${f##*/}; from=${from%.*}
  for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
    if [[ $inc == */* ]]; then # a path would reach past the include folders the build allows
      echo "test_layers: $f includes \"$inc\": include by name only"; fail=1; continue
    fi
    to_layer=${layer_of[$inc]:-}
    if [ -z "$to_layer" ]; then
      echo "test_layers: $f includes \"$inc\", which is no header of the project (use <> for others)"; fail=1
      continue
    fi
    if [ -n "${internal[$inc]:-}" ] && [ "$to_layer" != "$layer" ]; then
      echo "test_layers: $f ($layer) includes $inc, internal to $to_layer"; fail=1
    fi
    case " ${may[$layer]} " in
      *" $to_layer "*) ;;
      *) echo "test_layers: $f ($layer) includes $inc ($to_layer), which $layer may not use"; fail=1 ;;
    esac
    to=${inc%.h}
    [ "$to" != "$from" ] && echo "$from $to" >> "$edges"
  done
done

# Circles: a depth-first search over the module graph, from every module.
cycles=$(sort -u "$edges" | awk '
  { out[$1] = out[$1] " " $2; node[$1]; node[$2] }
  function visit(v,    n, i, w, k, line) {
    state[v] = 1; stack[++depth] = v
    n = split(out[v], w, " ")
    for (i = 1; i <= n; i++) {
      if (state[w[i]] == 1) {
        for (k = depth; stack[k] != w[i]; k--) ;
        line = stack[k]
        for (k++; k <= depth; k++) line = line " -> " stack[k]
        print line " -> " w[i]
      } else if (!state[w[i]])
        visit(w[i])
    }
    depth--; state[v] = 2
  }
  END { for (v in node) if (!state[v]) visit(v) }')
if [ -n "$cycles" ]; then
  echo "$cycles" | sed 's/^/test_layers: include circle: /'
  fail=1
fi
[ "$fail" = 0 ] && echo "test_layers: $(echo $files | wc -w) files, $(sort -u "$edges" | wc -l) module edges, no circle, every include allowed"
exit "$fail"
