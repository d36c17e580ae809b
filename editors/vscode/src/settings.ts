// What the extension tells the server, and which server it starts, kept free of the `vscode`
// module so that plain node can test it against the real server (test/client.test.js).
import * as fs from 'fs';
import * as path from 'path';

export interface PctlintSettings {
  path?: string;
  args?: string[];
  rules?: Record<string, string>;
  allowNonAscii?: boolean;
}

/** Where the install instructions are, for the "no server found" message. */
export const installUrl = 'https://github.com/pctlint/pctlint/blob/main/editors/vscode/README.md#install';

/** The folder of the server bundled in a platform-specific .vsix: server/<platform>-<arch>/. */
export function bundledServerPath(extensionPath: string, platform = process.platform, arch = process.arch): string {
  return path.join(extensionPath, 'server', `${platform}-${arch}`, platform === 'win32' ? 'pctlint.exe' : 'pctlint');
}

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `name` looked up in `PATH` as a shell would, or undefined. */
export function findOnPath(name: string, envPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of envPath.split(path.delimiter)) {
    if (dir === '') continue;
    const file = path.join(dir, name);
    if (isExecutableFile(file)) return file;
  }
  return undefined;
}

export type ServerResolution =
  | { command: string; source: 'setting' | 'bundled' | 'path' }
  | { error: string };

/**
 * Which executable to start, in order: the `pctlint.path` setting if set, the server bundled in
 * the .vsix, then `pctlint` on PATH. A bundled binary that lost its executable bit on the way
 * (an unzip that drops modes) gets it back.
 */
export function resolveServer(settings: PctlintSettings, extensionPath: string, envPath = process.env.PATH ?? ''): ServerResolution {
  const configured = settings.path?.trim();
  if (configured) {
    const file = configured.includes('/') || configured.includes('\\') ? configured : findOnPath(configured, envPath);
    if (file && isExecutableFile(file)) return { command: file, source: 'setting' };
    return { error: `the setting pctlint.path is "${configured}", which is not an executable file.` };
  }
  const bundled = bundledServerPath(extensionPath);
  if (fs.existsSync(bundled)) {
    if (!isExecutableFile(bundled)) {
      try {
        fs.chmodSync(bundled, 0o755);
      } catch {
        // reported below
      }
    }
    if (isExecutableFile(bundled)) return { command: bundled, source: 'bundled' };
  }
  const onPath = findOnPath(process.platform === 'win32' ? 'pctlint.exe' : 'pctlint', envPath);
  if (onPath) return { command: onPath, source: 'path' };
  return {
    error: `no pctlint server found: this package bundles none for ${process.platform}-${process.arch} (there are packages with one for win32-x64, linux-x64 and linux-arm64), pctlint is not on PATH, and the setting pctlint.path is empty. Install pctlint (npm install -g pctlint, or build it) and put it on PATH or set pctlint.path.`,
  };
}

/** How to start the server: `<command> --stdio [args...]`. */
export function serverCommand(settings: PctlintSettings, command?: string): { command: string; args: string[] } {
  const chosen = command ?? (settings.path && settings.path.trim() !== '' ? settings.path.trim() : 'pctlint');
  return { command: chosen, args: ['--stdio', ...(settings.args ?? [])] };
}

/**
 * The `pctlint` section as the server reads it: the shape of `.pctlint.json`
 * ({ "rules": {...}, "allowNonAscii": bool }). Only what the user set is sent, so a
 * `.pctlint.json` in the project keeps its say over everything else.
 */
export function serverConfiguration(settings: PctlintSettings): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  if (settings.rules && Object.keys(settings.rules).length > 0) config.rules = { ...settings.rules };
  if (settings.allowNonAscii) config.allowNonAscii = true;
  return config;
}

/** The document selector: files on disk and untitled documents, of every language. */
export const documentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }];

/** The configuration files the client watches and reports with workspace/didChangeWatchedFiles. */
export const configurationFileGlob = '**/.pctlint.json';
