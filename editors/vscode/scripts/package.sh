#!/usr/bin/env bash
# Packages the platform-specific .vsix for linux-x64 with the portable server bundled:
#   bash scripts/package.sh [SERVER_BINARY] [OUT.vsix]
# SERVER_BINARY defaults to build-portable/server/pctlint (needs only glibc); OUT defaults to
# pctlint-linux-x64-<version>.vsix here. The binary is copied to server/linux-x64/pctlint for the
# package only (never committed). Runs `npm ci` first when node_modules is missing; the
# vscode:prepublish script compiles. Prints the .vsix's path.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
repo=$(cd "$here/../.." && pwd)
server=${1:-$repo/build-portable/server/pctlint}
version=$(node -p 'require(process.argv[1]).version' "$here/package.json")
out=${2:-$here/pctlint-linux-x64-$version.vsix}
[ -x "$server" ] || { echo "package.sh: no server binary at $server (build it: see README)" >&2; exit 1; }
# Refuse a binary that needs more than the C library: the .vsix must run on any glibc system.
extra=$(ldd "$server" 2>/dev/null | grep -v -E 'linux-vdso|libc\.so|ld-linux|libm\.so|libpthread|libdl\.so|librt\.so' || true)
if [ -n "$extra" ]; then
  echo "package.sh: $server needs shared libraries besides glibc; use the portable build:" >&2
  echo "$extra" >&2
  exit 1
fi
cd "$here"
[ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error
rm -rf server
trap 'rm -rf "$here/server"' EXIT # copied in for the package only
mkdir -p server/linux-x64
cp "$server" server/linux-x64/pctlint
chmod 755 server/linux-x64/pctlint
# The README's relative links, resolved against this folder of the repository (not its root).
base=https://github.com/pctlint/pctlint
npx --no-install vsce package --target linux-x64 -o "$out" \
  --baseContentUrl "$base/blob/HEAD/editors/vscode" --baseImagesUrl "$base/raw/HEAD/editors/vscode" 2>&1 | grep -E "DONE|ERROR|WARNING" >&2
echo "$out"
