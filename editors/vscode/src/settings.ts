// What the extension tells the server, kept free of the `vscode` module so that plain node can
// test it against the real server (test/client.test.js).

export interface PctlintSettings {
  path?: string;
  args?: string[];
  rules?: Record<string, string>;
  allowNonAscii?: boolean;
}

/** How to start the server: `pctlint --stdio [args...]`. */
export function serverCommand(settings: PctlintSettings): { command: string; args: string[] } {
  const command = settings.path && settings.path.trim() !== '' ? settings.path : 'pctlint';
  return { command, args: ['--stdio', ...(settings.args ?? [])] };
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
