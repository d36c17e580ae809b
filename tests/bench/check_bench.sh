#!/usr/bin/env bash
# pctlint --check against ripgrep's URL extraction, with the same number of threads, in one run:
# over a ~200 MB generated corpus (a URL every 15 lines), then over a corpus of real files (Boost,
# libstdc++ and CPython's library from Debian's packages, npm and TypeScript from the npm registry:
# what CI can get too) at -j1 and -j2 with ripgrep's read floor (a literal it never finds). Prints
# MB/s, the ratios, the -j2/-j1 speedups and pctlint's peak RSS.
# usage: tests/bench/check_bench.sh [BUILD_DIR] [SIZE_MB]   (REAL_ONLY=1: only the real files)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
size_mb=${2:-200}
corpus=${CORPUS:-/tmp/pctlint-corpus-$size_mb}
command -v rg >/dev/null || apt-get install -y -qq ripgrep
[ -x /usr/bin/time ] || apt-get install -y -qq time
if [ ! -d "$corpus" ]; then
  python3 - "$corpus" "$size_mb" <<'PY'
import os, random, sys
root, size_mb = sys.argv[1], int(sys.argv[2])
random.seed(7)
good = ["https://api.example.com/v2/users/{id}/orders?page=3", "https://cdn.example.net/assets/logo-2x.png",
        "https://www.example.org/search?q=percent%20encoding&lang=en", "http://localhost:8080/health",
        "https://docs.example.com/guide/install.html#linux", "https://de.example.org/wiki/%C3%84rzteblatt"]
bad = ["https://example.com/caf%c3%a9", "http://www.ncbi.nlm.nih.gov/pubmed?term=%C4rzteblatt",
       "https://example.com/my file.pdf", "https://example.com/?q=%u00E4", "https://example.com/a%2520b"]
code = ["    int total = compute(items, count) * factor;", "    if (!ok) { return error(\"failed\"); }",
        "    for (auto& x : values) sum += x;", "    // TODO: handle the empty case", "    result.push_back(make_pair(k, v));"]
kinds = [(".cpp", 'const char* u = "%s";'), (".py", 'URL = "%s"'), (".js", "fetch('%s');"),
         (".json", '  "url": "%s",'), (".yaml", "  url: %s"), (".md", "See [the docs](%s) for details.")]
total, n = 0, 0
while total < size_mb * 1024 * 1024:
    ext, tmpl = kinds[n % len(kinds)]
    lines = []
    for i in range(1500):
        if i % 15 == 0:
            url = random.choice(bad) if random.random() < 0.1 else random.choice(good)
            lines.append(tmpl % url)
        else:
            lines.append(random.choice(code))
    d = os.path.join(root, "d%03d" % (n % 100))
    os.makedirs(d, exist_ok=True)
    data = "\n".join(lines) + "\n"
    with open(os.path.join(d, "f%05d%s" % (n, ext)), "w") as f:
        f.write(data)
    total += len(data)
    n += 1
print("corpus: %d files, %.0f MB in %s" % (n, total / 1e6, root))
PY
fi
if [ "${REAL_ONLY:-0}" = 1 ]; then exec bash "$(dirname "$0")/real_bench.sh" "$build"; fi
bytes=$(du -sb "$corpus" | cut -f1)
mb=$(echo "$bytes / 1000000" | bc -l)
cat "$corpus"/*/* > /dev/null # warm the page cache for both
# ripgrep's URL extraction, four ways. The first two find what pctlint's finder finds (any scheme
# token before "://", and "mailto:"): as one regex, and as two runs whose times add up (ripgrep
# searches each for a literal, "://" or "mailto:", where the alternation of both has none). The
# last two find less: any scheme without mailto, and http(s) only.
any_scheme='[A-Za-z][A-Za-z0-9+.-]*://[^\s"'"'"'<>)]+'
mailto='mailto:[^\s"'"'"'<>)]+'
http_only='https?://[^\s"'"'"'<>)]+'
now() { date +%s.%N; }
elapsed() { echo "$2 - $1" | bc -l; }
rg_run() { rg -o -j2 --no-ignore --no-filename "$1" "$corpus" > /tmp/pctlint-bench-rg.txt || true; }
# Each command three times, taking turns, so a slow moment of a shared machine hits all of them;
# the median run of each counts.
runs=${RUNS:-3}
one=() two=() any=() http=() pl=()
for _ in $(seq "$runs"); do
  t0=$(now); rg_run "$any_scheme|$mailto"; t1=$(now)
  urls=$(wc -l < /tmp/pctlint-bench-rg.txt)
  rg_run "$any_scheme"; t2=$(now); rg_run "$mailto"; t3=$(now)
  rg_run "$http_only"; t4=$(now)
  /usr/bin/time -f "%M" -o /tmp/pctlint-bench-rss "$build/server/pctlint" --check -q -j2 --no-ignore "$corpus" > /tmp/pctlint-bench-out.txt || true
  t5=$(now)
  one+=("$(elapsed "$t0" "$t1")"); two+=("$(elapsed "$t1" "$t3")"); any+=("$(elapsed "$t1" "$t2")")
  http+=("$(elapsed "$t3" "$t4")"); pl+=("$(elapsed "$t4" "$t5")")
done
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
pl_s=$(median "${pl[@]}")
mbps() { echo "$mb / $1" | bc -l; }
row() { # label, seconds
  printf '%-44s %6.3f s %6.0f MB/s   pctlint %.2fx\n' "$1" "$2" "$(mbps "$2")" "$(echo "$2 / $pl_s" | bc -l)"
}
printf 'corpus %.0f MB, %d URLs; -j2 everywhere; median of %d runs each\n' "$mb" "$urls" "$runs"
row "ripgrep, pctlint's scope, one regex" "$(median "${one[@]}")"
row "ripgrep, pctlint's scope, two runs" "$(median "${two[@]}")"
row "ripgrep, any scheme, no mailto (less)" "$(median "${any[@]}")"
row "ripgrep, http(s) only (less)" "$(median "${http[@]}")"
printf '%-44s %6.3f s %6.0f MB/s   (%d lines of findings)\n' "pctlint --check" "$pl_s" "$(mbps "$pl_s")" "$(wc -l < /tmp/pctlint-bench-out.txt)"
printf 'pctlint peak RSS %.1f MB\n' "$(echo "$(tail -1 /tmp/pctlint-bench-rss) / 1024" | bc -l)"

echo
bash "$(dirname "$0")/real_bench.sh" "$build"
