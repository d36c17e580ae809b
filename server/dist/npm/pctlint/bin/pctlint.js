#!/usr/bin/env node
// The `pctlint` command of the npm package: runs the native binary from the optional dependency
// for this platform (@pctlint/linux-x64, @pctlint/linux-arm64, @pctlint/win32-x64), as Biome and
// esbuild do. Arguments, standard streams (the language server's --stdio too), the exit code and
// a fatal signal pass through unchanged.
'use strict';

const { spawnSync } = require('child_process');

const PACKAGES = {
  'linux-x64': '@pctlint/linux-x64',
  'linux-arm64': '@pctlint/linux-arm64',
  'win32-x64': '@pctlint/win32-x64',
};

function fail(message) {
  process.stderr.write(`pctlint: ${message}\n`);
  process.exit(2);
}

function binaryPath() {
  if (process.env.PCTLINT_BINARY) return process.env.PCTLINT_BINARY;
  const platform = `${process.platform}-${process.arch}`;
  const name = PACKAGES[platform];
  if (!name) {
    fail(
      `no prebuilt binary for ${platform} (there are: ${Object.keys(PACKAGES).join(', ')}). ` +
        'Build pctlint from source (https://github.com/pctlint/pctlint#install) and set ' +
        'PCTLINT_BINARY to it, or put it on PATH and use it directly.',
    );
  }
  const file = process.platform === 'win32' ? 'pctlint.exe' : 'pctlint';
  try {
    return require.resolve(`${name}/bin/${file}`);
  } catch {
    fail(
      `the package ${name}, which holds the binary for ${platform}, is not installed. ` +
        'It is an optional dependency of pctlint: install without --no-optional / ' +
        '--omit=optional, or add it yourself (npm install ' + name + ').',
    );
  }
}

const result = spawnSync(binaryPath(), process.argv.slice(2), { stdio: 'inherit', windowsHide: true });
if (result.error) fail(`cannot run ${result.error.path || 'the binary'}: ${result.error.message}`);
if (result.signal) process.kill(process.pid, result.signal);
process.exit(result.status === null ? 2 : result.status);
