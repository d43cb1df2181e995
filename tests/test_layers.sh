#!/usr/bin/env bash
# test_layers.sh TOP — the layers of solver/CMakeLists.txt, checked on the
# sources: every #include "x.h" of a file in layer L names a header of L or
# of a layer L may use, and the modules (x.c with x.h) include each other
# in no circle.  The compiler enforces the first across folders (a layer
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
files=$(ls kernels/*.[ch] bench/*.[ch] solver/*/*.[ch])
declare -A layer_of=()
for f in $files; do
  layer=$(basename "$(dirname "$f")")
  h=$(basename "$f")
  layer_of[$h]=$layer
done

fail=0
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
for f in $files; do
  layer=$(basename "$(dirname "$f")")
  from=$(basename "$f"); from=${from%.*}
  for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
    to_layer=${layer_of[$inc]:-}
    if [ -z "$to_layer" ]; then
      # batch_impl.h and the like are parts of their own file's module
      continue
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
