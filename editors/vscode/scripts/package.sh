#!/usr/bin/env bash
# Packages a .vsix:
#   bash scripts/package.sh TARGET [SERVER_BINARY] [OUT.vsix]
# TARGET is linux-x64, linux-arm64 or win32-x64 (a platform-specific package with that server
# bundled in server/<target>/) or universal (no server: the extension uses pctlint from PATH or
# the pctlint.path setting). SERVER_BINARY defaults to the static build of the target
# (build-portable/, build-aarch64/, build-win64/ at the repository's root); OUT defaults to
# pctlint-<target>-<version>.vsix here. The version is CMakeLists.txt's, written into the
# packaged package.json (the one place it is set). The package is built from a copy of this
# folder, so nothing here changes. Runs `npm ci` first when node_modules is missing. Prints the
# .vsix's path.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
repo=$(cd "$here/../.." && pwd)
target=${1:?usage: package.sh linux-x64|linux-arm64|win32-x64|universal [SERVER_BINARY] [OUT.vsix]}
case $target in
  linux-x64) default_server=$repo/build-portable/server/pctlint; file_re='ELF 64-bit.*x86-64.*statically linked' ;;
  linux-arm64) default_server=$repo/build-aarch64/server/pctlint; file_re='ELF 64-bit.*ARM aarch64.*statically linked' ;;
  win32-x64) default_server=$repo/build-win64/server/pctlint.exe; file_re='PE32\+ executable.*x86-64' ;;
  universal) default_server= ;;
  *) echo "package.sh: unknown target $target" >&2; exit 2 ;;
esac
server=${2:-$default_server}
version=$(sed -n 's/^project(pctlint VERSION \([0-9.]*\).*/\1/p' "$repo/CMakeLists.txt")
out=$(realpath -m "${3:-$here/pctlint-$target-$version.vsix}")
if [ "$target" != universal ]; then
  [ -f "$server" ] || { echo "package.sh: no server binary at $server (bash .ci/cross builds it)" >&2; exit 1; }
  # Only a binary for the target's OS and CPU, needing no shared library, runs on every machine
  # of that platform.
  file -b "$server" | grep -Eq "$file_re" ||
    { echo "package.sh: $server is not a static $target binary: $(file -b "$server")" >&2; exit 1; }
fi
[ -d "$here/node_modules" ] || (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# The extension's own files (node_modules linked, not copied: vsce follows the link).
tar -C "$here" --exclude=./node_modules --exclude=./server --exclude='./*.vsix' -cf - . | tar -C "$stage" -xf -
ln -s "$here/node_modules" "$stage/node_modules"
(cd "$stage" && npm pkg set version="$version")
if [ "$target" != universal ]; then
  exe=pctlint
  [ "$target" = win32-x64 ] && exe=pctlint.exe
  mkdir -p "$stage/server/$target"
  cp "$server" "$stage/server/$target/$exe"
  chmod 755 "$stage/server/$target/$exe"
fi
# The README's relative links, resolved against this folder of the repository (not its root).
base=https://github.com/pctlint/pctlint
target_args=(--target "$target")
[ "$target" = universal ] && target_args=()
(cd "$stage" && npx --no-install vsce package "${target_args[@]}" -o "$out" \
  --baseContentUrl "$base/blob/HEAD/editors/vscode" --baseImagesUrl "$base/raw/HEAD/editors/vscode" 2>&1 |
  grep -E "DONE|ERROR|WARNING" >&2)
echo "$out"
