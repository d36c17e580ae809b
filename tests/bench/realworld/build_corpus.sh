#!/bin/bash
# Builds the real-world precision corpus into DEST from the pinned lists next to this script:
#   repos.tsv   owner/name<TAB>commit     -> DEST/repos/owner+name   (checked out from a local bare mirror)
#   npm.tsv     name<TAB>version          -> DEST/npm/name           (npm pack)
#   debian.tsv  package<TAB>version       -> DEST/debian/package     (apt-get download + dpkg-deb -x)
#   holdout.tsv owner/name<TAB>commit     -> DEST/holdout/owner+name (held-out repositories, scored apart)
#   freshN.tsv  owner/name<TAB>commit     -> DEST/freshN/owner+name  (each later held-out group,
#                                                                   fresh, fresh2 ... fresh12...)
#
# Usage: build_corpus.sh [--ci] [--only GROUP[,GROUP...]] [--no-GROUP...] DEST
#   --ci          only the npm and Debian parts (what a CI machine without the GitHub mirrors can
#                 get): the same as --only npm,debian
#   --only G,...  only these parts: repos, npm, debian, holdout, fresh, fresh2, ... (a group is the
#                 name of its list without .tsv)
#   --no-G        leave part G out (--no-holdout, --no-fresh10, ...)
# Environment: MIRROR (default /work/.mirror) holds bare git dirs as MIRROR/owner+name/repo.
#
# Idempotent: each part records what it was built from in DEST/.stamps/ and is rebuilt only when
# its pin changes (or the stamp is missing). A part that cannot be had (repo not mirrored, package
# version no longer on the Debian mirror, no network) is reported and skipped; the exit status is
# then 3, so a caller can tell a partial corpus from a whole one.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# Every part: the main repositories, the packages, then the held-out groups in the order they were
# added (holdout, fresh, fresh2, fresh3, ...): one list each beside this script.
groups=(holdout $(cd "$here" && ls fresh*.tsv 2>/dev/null | sed 's/\.tsv$//' | sort -V))
parts=(repos npm debian "${groups[@]}")
declare -A wanted=()
for p in "${parts[@]}"; do wanted[$p]=1; done
usage="usage: $0 [--ci] [--only PART[,PART...]] [--no-PART...] DEST (parts: ${parts[*]})"
while [[ $# -gt 0 && "$1" == --* ]]; do
  case $1 in
    --ci) set -- --only npm,debian "${@:2}"; continue ;;
    --only)
      [[ $# -ge 2 ]] || { echo "$usage" >&2; exit 2; }
      for p in "${parts[@]}"; do wanted[$p]=0; done
      IFS=, read -r -a only <<< "$2"
      for p in "${only[@]}"; do
        [[ -n "${wanted[$p]+x}" ]] || { echo "build_corpus.sh: no part named '$p'" >&2; exit 2; }
        wanted[$p]=1
      done
      shift ;;
    --no-*)
      p=${1#--no-}
      [[ -n "${wanted[$p]+x}" ]] || { echo "build_corpus.sh: no part named '$p'" >&2; exit 2; }
      wanted[$p]=0 ;;
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
    # (core.quotePath=false: a name with non-ASCII characters comes back as it is, not quoted.)
    while IFS= read -r path; do
      [[ -z "$path" ]] && continue
      echo "  note: $repo: $path is absent from the mirror, left out" >&2
      GIT_INDEX_FILE=$tmp/index git --git-dir="$gitdir" update-index --force-remove -- "$path" || ok=0
    done < <(git -c core.quotePath=false --git-dir="$gitdir" ls-tree -r -l "$commit" | awk -F'\t' '{ split($1, a, " "); if (a[4] == "BAD") print $2 }')
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

[[ ${wanted[repos]} -eq 1 ]] && build_repos "$here/repos.tsv" repos repo
# The held-out groups, each never used to tune the finder before it was measured; precision.py
# scores each apart.
for g in "${groups[@]}"; do
  [[ ${wanted[$g]} -eq 1 ]] && build_repos "$here/$g.tsv" "$g" "$g"
done

# --- npm packages ------------------------------------------------------------------------------
[[ ${wanted[npm]} -eq 1 ]] && while IFS=$'\t' read -r name version; do
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
[[ ${wanted[debian]} -eq 1 ]] && while IFS=$'\t' read -r pkg version; do
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
