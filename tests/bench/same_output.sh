#!/usr/bin/env bash
# Whether two pctlint binaries report the same on the same trees, byte for byte: the check that a
# change meant to keep behaviour (a refactoring, a speed-up) kept it. Usage:
#   same_output.sh OLD_BIN NEW_BIN DIR...
# Runs `--check --no-ignore --format json -j2` and `--fix --diff --unsafe-fixes` with each binary
# on each DIR and compares the outputs; prints the first differing lines and exits 1 on any
# difference. (The JSON report holds every finding with its extent, fix and edits.)
set -uo pipefail
[[ $# -ge 3 ]] || { echo "usage: $0 OLD_BIN NEW_BIN DIR..." >&2; exit 2; }
old=$1 new=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for dir in "$@"; do
  for mode in json diff; do
    case $mode in
      json) args=(--check --no-ignore --format json -j2) ;;
      diff) args=(--fix --diff --unsafe-fixes --no-ignore -j2) ;;
    esac
    "$old" "${args[@]}" "$dir" > "$tmp/old" 2> "$tmp/old.err"
    "$new" "${args[@]}" "$dir" > "$tmp/new" 2> "$tmp/new.err"
    if cmp -s "$tmp/old" "$tmp/new" && cmp -s "$tmp/old.err" "$tmp/new.err"; then
      echo "same: $mode $dir ($(wc -c < "$tmp/new") bytes)"
    else
      echo "DIFFERENT: $mode $dir"
      diff "$tmp/old" "$tmp/new" | head -20
      diff "$tmp/old.err" "$tmp/new.err" | head -5
      status=1
    fi
  done
done
exit $status
