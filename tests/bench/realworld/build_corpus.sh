#!/bin/bash
# Builds the real-world precision corpus into DEST from the pinned lists next to this script:
#   repos.tsv   owner/name<TAB>commit     -> DEST/repos/owner+name   (checked out from a local bare mirror)
#   npm.tsv     name<TAB>version          -> DEST/npm/name           (npm pack)
#   debian.tsv  package<TAB>version       -> DEST/debian/package     (apt-get download + dpkg-deb -x)
#   holdout.tsv owner/name<TAB>commit     -> DEST/holdout/owner+name (held-out repositories, scored apart)
#   fresh.tsv   owner/name<TAB>commit     -> DEST/fresh/owner+name   (a second, fresh held-out group)
#   fresh2.tsv  owner/name<TAB>commit     -> DEST/fresh2/owner+name  (a third held-out group)
#   fresh3.tsv  owner/name<TAB>commit     -> DEST/fresh3/owner+name  (a fourth held-out group)
#   fresh4.tsv  owner/name<TAB>commit     -> DEST/fresh4/owner+name  (a fifth held-out group)
#   fresh5.tsv  owner/name<TAB>commit     -> DEST/fresh5/owner+name  (a sixth held-out group)
#   fresh6.tsv  owner/name<TAB>commit     -> DEST/fresh6/owner+name  (a seventh held-out group)
#   fresh7.tsv  owner/name<TAB>commit     -> DEST/fresh7/owner+name  (an eighth held-out group)
#   fresh8.tsv  owner/name<TAB>commit     -> DEST/fresh8/owner+name  (a ninth held-out group)
#   fresh9.tsv  owner/name<TAB>commit     -> DEST/fresh9/owner+name  (a tenth held-out group)
#   fresh10.tsv owner/name<TAB>commit     -> DEST/fresh10/owner+name (an eleventh held-out group)
#
# Usage: build_corpus.sh [--ci] [--no-holdout] [--no-fresh] [--no-fresh2] [--no-fresh3] [--no-fresh4]
#                       [--no-fresh5] [--no-fresh6] [--no-fresh7] [--no-fresh8] [--no-fresh9]
#                       [--no-fresh10] DEST
#   --ci          only the npm and Debian parts (what a CI machine without the GitHub mirrors can
#                 get); implies --no-holdout and every --no-freshN
#   --no-holdout  leave out the holdout repositories (holdout.tsv)
#   --no-fresh    leave out the fresh repositories (fresh.tsv)
#   --no-fresh2   leave out the fresh2 repositories (fresh2.tsv)
#   --no-fresh3   leave out the fresh3 repositories (fresh3.tsv)
#   --no-fresh4   leave out the fresh4 repositories (fresh4.tsv)
#   --no-fresh5   leave out the fresh5 repositories (fresh5.tsv)
#   --no-fresh6   leave out the fresh6 repositories (fresh6.tsv)
#   --no-fresh7   leave out the fresh7 repositories (fresh7.tsv)
#   --no-fresh8   leave out the fresh8 repositories (fresh8.tsv)
#   --no-fresh9   leave out the fresh9 repositories (fresh9.tsv)
#   --no-fresh10  leave out the fresh10 repositories (fresh10.tsv)
# Environment: MIRROR (default /work/.mirror) holds bare git dirs as MIRROR/owner+name/repo.
#
# Idempotent: each part records what it was built from in DEST/.stamps/ and is rebuilt only when
# its pin changes (or the stamp is missing). A part that cannot be had (repo not mirrored, package
# version no longer on the Debian mirror, no network) is reported and skipped; the exit status is
# then 3, so a caller can tell a partial corpus from a whole one.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ci=0
holdout=1
freshgroup=1
fresh2group=1
fresh3group=1
fresh4group=1
fresh5group=1
fresh6group=1
fresh7group=1
fresh8group=1
fresh9group=1
fresh10group=1
usage="usage: $0 [--ci] [--no-holdout] [--no-fresh] [--no-fresh2] [--no-fresh3] [--no-fresh4] [--no-fresh5] [--no-fresh6] [--no-fresh7] [--no-fresh8] [--no-fresh9] [--no-fresh10] DEST"
while [[ $# -gt 0 && "$1" == --* ]]; do
  case $1 in
    --ci) ci=1; holdout=0; freshgroup=0; fresh2group=0; fresh3group=0; fresh4group=0; fresh5group=0; fresh6group=0; fresh7group=0; fresh8group=0; fresh9group=0; fresh10group=0 ;;
    --no-holdout) holdout=0 ;;
    --no-fresh) freshgroup=0 ;;
    --no-fresh2) fresh2group=0 ;;
    --no-fresh3) fresh3group=0 ;;
    --no-fresh4) fresh4group=0 ;;
    --no-fresh5) fresh5group=0 ;;
    --no-fresh6) fresh6group=0 ;;
    --no-fresh7) fresh7group=0 ;;
    --no-fresh8) fresh8group=0 ;;
    --no-fresh9) fresh9group=0 ;;
    --no-fresh10) fresh10group=0 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
  shift
done
[[ $# -eq 1 ]] || { echo "$usage" >&2; exit 2; }
mkdir -p "$1" || exit 2
DEST=$(cd "$1" && pwd)
MIRROR=${MIRROR:-/work/.mirror}
stamps=$DEST/.stamps
mkdir -p "$stamps" "$DEST/repos" "$DEST/npm" "$DEST/debian"
missing=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fresh() { # fresh STAMPNAME PIN: true when the part was already built from PIN
  [[ -f "$stamps/$1" && "$(cat "$stamps/$1")" == "$2" ]]
}

# Every *.gz under DIR that holds text (man pages, changelogs, NEWS) is decompressed in place.
gunzip_text() {
  find "$1" -type f -name '*.gz' -print0 | while IFS= read -r -d '' f; do
    out=${f%.gz}
    if gzip -dc -- "$f" > "$out.tmp" 2>/dev/null && grep -Iq . "$out.tmp" 2>/dev/null; then
      mv -f -- "$out.tmp" "$out" && rm -f -- "$f"
    else
      rm -f -- "$out.tmp"
    fi
  done
}

# --- GitHub repositories -----------------------------------------------------------------------
# build_repos LIST SUBDIR STAMPPREFIX: checks out each owner/name<TAB>commit of LIST into
# DEST/SUBDIR/owner+name, recording the commit in DEST/.stamps/STAMPPREFIX-owner+name.
build_repos() {
  local list=$1 sub=$2 prefix=$3 repo commit key out gitdir ok path
  mkdir -p "$DEST/$sub"
  while IFS=$'\t' read -r repo commit; do
    [[ -z "$repo" || "$repo" == \#* ]] && continue
    key=${repo/\//+}
    out=$DEST/$sub/$key
    fresh "$prefix-$key" "$commit" && [[ -d "$out" ]] && continue
    gitdir=$MIRROR/$key/repo
    if [[ ! -d "$gitdir" ]]; then
      echo "SKIPPED $sub $repo: not mirrored at $gitdir." >&2
      echo "  Get it with the session's fetch tool (fetch github:$repo), then rerun." >&2
      missing=1; continue
    fi
    if ! git --git-dir="$gitdir" cat-file -e "$commit^{commit}" 2>/dev/null; then
      echo "SKIPPED $sub $repo: commit $commit is not in $gitdir (fetch a newer snapshot)." >&2
      missing=1; continue
    fi
    # The tree is read into a temporary index and checked out from there, not with git archive:
    # archive honours export-ignore in .gitattributes (laravel/framework leaves out tests/, src/
    # stubs, .github/ that way) and stops at the first blob a mirror lacks (mirrors may list their
    # largest files without content). Absent blobs are left out and reported. Nothing is written
    # into the mirror.
    rm -rf "$out" "$tmp/index" && mkdir -p "$out"
    : > "$tmp/checkout.err"
    ok=1
    GIT_INDEX_FILE=$tmp/index git --git-dir="$gitdir" read-tree "$commit" || ok=0
    while IFS= read -r path; do
      [[ -z "$path" ]] && continue
      echo "  note: $repo: $path is absent from the mirror, left out" >&2
      GIT_INDEX_FILE=$tmp/index git --git-dir="$gitdir" update-index --force-remove -- "$path" || ok=0
    done < <(git --git-dir="$gitdir" ls-tree -r -l "$commit" | awk -F'\t' '{ split($1, a, " "); if (a[4] == "BAD") print $2 }')
    [[ $ok -eq 1 ]] &&
      GIT_INDEX_FILE=$tmp/index git --git-dir="$gitdir" --work-tree="$out" \
        -c core.autocrlf=false -c core.symlinks=true checkout-index -a -f 2>"$tmp/checkout.err" || ok=0
    # A working-tree-encoding attribute git cannot convert (sphinx-doc/sphinx names "iso-8859",
    # which iconv does not know, for two test files) leaves that file unwritten: it is written
    # with the blob's bytes as committed, reported, and the checkout counts as whole.
    if grep -q "^error: failed to encode '" "$tmp/checkout.err"; then
      while IFS= read -r path; do
        echo "  note: $repo: $path has a working-tree-encoding git cannot apply; written as committed" >&2
        mkdir -p "$out/$(dirname "$path")" &&
          git --git-dir="$gitdir" cat-file blob "$commit:$path" > "$out/$path" || { ok=2; break; }
      done < <(sed -n "s/^error: failed to encode '\(.*\)' from .*/\1/p" "$tmp/checkout.err")
      grep -v "^error: failed to encode '" "$tmp/checkout.err" > "$tmp/checkout.rest"
      mv -f "$tmp/checkout.rest" "$tmp/checkout.err"
      [[ $ok -eq 0 && ! -s "$tmp/checkout.err" ]] && ok=1
    fi
    if [[ $ok -eq 1 && ! -s "$tmp/checkout.err" ]]; then
      echo "$commit" > "$stamps/$prefix-$key"
      echo "$sub $repo @ ${commit:0:12}"
    else
      echo "FAILED $sub $repo: $(head -c 300 "$tmp/checkout.err")" >&2; rm -rf "$out"; missing=1
    fi
  done < "$list"
}

[[ $ci -eq 0 ]] && build_repos "$here/repos.tsv" repos repo
# The holdout repositories are never used to tune the finder; precision.py scores them apart.
[[ $holdout -eq 1 ]] && build_repos "$here/holdout.tsv" holdout holdout
# The fresh group: repositories added after the holdout had been used for tuning, scored apart too.
[[ $freshgroup -eq 1 && -f "$here/fresh.tsv" ]] && build_repos "$here/fresh.tsv" fresh fresh
# The fresh2 group: repositories added after the fresh group had been used for tuning, scored apart.
[[ $fresh2group -eq 1 && -f "$here/fresh2.tsv" ]] && build_repos "$here/fresh2.tsv" fresh2 fresh2
# The fresh3 group: repositories added after the fresh2 group had been used for tuning, scored apart.
[[ $fresh3group -eq 1 && -f "$here/fresh3.tsv" ]] && build_repos "$here/fresh3.tsv" fresh3 fresh3
# The fresh4 and fresh5 groups: two groups added together after the fresh3 group, scored apart.
[[ $fresh4group -eq 1 && -f "$here/fresh4.tsv" ]] && build_repos "$here/fresh4.tsv" fresh4 fresh4
[[ $fresh5group -eq 1 && -f "$here/fresh5.tsv" ]] && build_repos "$here/fresh5.tsv" fresh5 fresh5
# The fresh6 group: added after the certainty model (extent given / guessed), scored apart.
[[ $fresh6group -eq 1 && -f "$here/fresh6.tsv" ]] && build_repos "$here/fresh6.tsv" fresh6 fresh6
# The fresh7 group: the first contact of main at 6eeb7df (tuned on fresh4-6 by family), scored apart.
[[ $fresh7group -eq 1 && -f "$here/fresh7.tsv" ]] && build_repos "$here/fresh7.tsv" fresh7 fresh7
# The fresh8 group: the first contact of main at 4516661 (tuned on fresh7 by family), scored apart.
[[ $fresh8group -eq 1 && -f "$here/fresh8.tsv" ]] && build_repos "$here/fresh8.tsv" fresh8 fresh8
# The fresh9 group: the first contact of main at 264f470 (tuned on fresh8 by family), scored apart.
[[ $fresh9group -eq 1 && -f "$here/fresh9.tsv" ]] && build_repos "$here/fresh9.tsv" fresh9 fresh9
# The fresh10 group: the first contact of main at 4185fb3 (fresh9 tuned on, PCT013 new), scored apart.
[[ $fresh10group -eq 1 && -f "$here/fresh10.tsv" ]] && build_repos "$here/fresh10.tsv" fresh10 fresh10

# --- npm packages ------------------------------------------------------------------------------
while IFS=$'\t' read -r name version; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  key=${name//\//+}
  out=$DEST/npm/$key
  fresh "npm-$key" "$version" && [[ -d "$out" ]] && continue
  rm -rf "$tmp/npm" && mkdir -p "$tmp/npm"
  if tgz=$(cd "$tmp/npm" && npm pack --silent "$name@$version" 2>/dev/null | tail -n 1) &&
     [[ -f "$tmp/npm/$tgz" ]]; then
    rm -rf "$out" && mkdir -p "$out"
    # npm tarballs hold one top directory (normally package/)
    tar -xzf "$tmp/npm/$tgz" -C "$out" --strip-components=1 --no-same-owner
    echo "$version" > "$stamps/npm-$key"
    echo "npm $name@$version"
  else
    echo "SKIPPED npm $name@$version: npm pack failed (network or unpublished version)." >&2
    missing=1
  fi
done < "$here/npm.tsv"

# --- Debian packages ---------------------------------------------------------------------------
while IFS=$'\t' read -r pkg version; do
  [[ -z "$pkg" || "$pkg" == \#* ]] && continue
  out=$DEST/debian/$pkg
  fresh "deb-$pkg" "$version" && [[ -d "$out" ]] && continue
  rm -rf "$tmp/deb" && mkdir -p "$tmp/deb"
  if (cd "$tmp/deb" && apt-get download -q "$pkg=$version" >/dev/null 2>&1) &&
     deb=$(ls "$tmp/deb"/*.deb 2>/dev/null | head -n 1) && [[ -n "$deb" ]]; then
    rm -rf "$out" "$tmp/x" && mkdir -p "$out" "$tmp/x"
    dpkg-deb -x "$deb" "$tmp/x"
    # keep documentation and man pages whole; elsewhere keep only text files (scripts, Python,
    # Perl modules), dropping ELF binaries and other binary data
    for keep in usr/share/doc usr/share/man; do
      if [[ -d "$tmp/x/$keep" ]]; then
        mkdir -p "$out/$keep" && cp -a "$tmp/x/$keep/." "$out/$keep/"
      fi
    done
    (cd "$tmp/x" && find . -type f ! -path './usr/share/doc/*' ! -path './usr/share/man/*' -print0) |
      while IFS= read -r -d '' f; do
        if grep -Iq . "$tmp/x/$f" 2>/dev/null; then
          mkdir -p "$out/$(dirname "$f")" && cp -a "$tmp/x/$f" "$out/$f"
        fi
      done
    gunzip_text "$out"
    echo "$version" > "$stamps/deb-$pkg"
    echo "debian $pkg=$version"
  else
    echo "SKIPPED debian $pkg=$version: apt-get download failed. Run apt-get update; if the version" >&2
    echo "  was superseded, get it from https://snapshot.debian.org/ or update debian.tsv." >&2
    missing=1
  fi
done < "$here/debian.tsv"

size=$(du -sm --exclude=.stamps "$DEST" | cut -f1)
files=$(find "$DEST" -path "$DEST/.stamps" -prune -o -type f -print | wc -l)
echo "corpus: $DEST, $files files, ${size} MB"
[[ $missing -eq 0 ]] || { echo "corpus is partial (see SKIPPED above)" >&2; exit 3; }
