#!/usr/bin/env bash
# pctlint --check on real files against ripgrep, -j1 and -j2, interleaved, medians: ripgrep's
# any-scheme URL extraction, ripgrep's read floor (a literal it never finds: the cost of reading),
# and pctlint. The corpus is rebuilt from pinned packages (Debian's, npm's) into $REAL_CORPUS.
# usage: tests/bench/real_bench.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
corpus=${REAL_CORPUS:-/tmp/pctlint-real-corpus}
debs=(libboost1.81-dev libstdc++-12-dev libpython3.11-stdlib)
npms=(npm@9.9.3 typescript@5.4.5 lodash@4.17.21 moment@2.30.1)
if [ ! -d "$corpus" ]; then
  work=$(mktemp -d)
  mkdir -p "$corpus"
  (cd "$work" && apt-get download "${debs[@]}" >/dev/null)
  for deb in "$work"/*.deb; do
    name=$(basename "$deb" .deb)
    dpkg-deb -x "$deb" "$corpus/$name"
  done
  for pkg in "${npms[@]}"; do
    (cd "$work" && npm pack --silent "$pkg" >/dev/null)
  done
  for tgz in "$work"/*.tgz; do
    name=$(basename "$tgz" .tgz)
    mkdir -p "$corpus/$name" && tar -xzf "$tgz" -C "$corpus/$name"
  done
  rm -rf "$work"
fi
files=$(find "$corpus" -type f | wc -l)
bytes=$(du -sb "$corpus" | cut -f1)
mb=$(echo "$bytes / 1000000" | bc -l)
find "$corpus" -type f -exec cat {} + > /dev/null # warm the page cache for all
any_scheme='[A-Za-z][A-Za-z0-9+.-]*://[^\s"'"'"'<>)]+'
now() { date +%s.%N; }
runs=${RUNS:-5}
declare -A t
for _ in $(seq "$runs"); do
  for j in 1 2; do
    a=$(now); rg -o -j$j --no-ignore --no-filename "$any_scheme" "$corpus" > /dev/null || true
    b=$(now); rg -c -j$j --no-ignore 'zqzqzqzq-never' "$corpus" > /dev/null || true
    c=$(now); /usr/bin/time -f "%M" -o /tmp/pctlint-real-rss "$build/server/pctlint" --check -q \
      -j$j --no-ignore "$corpus" > /dev/null || true
    d=$(now)
    t[rg$j]+="$(echo "$b - $a" | bc -l) "; t[floor$j]+="$(echo "$c - $b" | bc -l) "
    t[pl$j]+="$(echo "$d - $c" | bc -l) "
  done
done
median() { printf '%s\n' $1 | sort -g | sed -n "$(( ($(echo $1 | wc -w) + 1) / 2 ))p"; }
printf 'real files: %d files, %.0f MB (%s; %s); median of %d runs, interleaved\n' "$files" "$mb" \
  "${debs[*]}" "${npms[*]}" "$runs"
for j in 1 2; do
  rg_s=$(median "${t[rg$j]}"); floor_s=$(median "${t[floor$j]}"); pl_s=$(median "${t[pl$j]}")
  printf -- '-j%d  ripgrep URLs %.3f s   read floor %.3f s   pctlint %.3f s (%4.0f MB/s)   pctlint/ripgrep time %.2fx   pctlint/floor %.2fx\n' \
    "$j" "$rg_s" "$floor_s" "$pl_s" "$(echo "$mb / $pl_s" | bc -l)" "$(echo "$pl_s / $rg_s" | bc -l)" \
    "$(echo "$pl_s / $floor_s" | bc -l)"
  eval "rg$j=$rg_s pl$j=$pl_s"
done
printf 'speedup -j2/-j1: ripgrep %.2fx, pctlint %.2fx; pctlint peak RSS %.1f MB\n' \
  "$(echo "$rg1 / $rg2" | bc -l)" "$(echo "$pl1 / $pl2" | bc -l)" \
  "$(echo "$(tail -1 /tmp/pctlint-real-rss) / 1024" | bc -l)"
