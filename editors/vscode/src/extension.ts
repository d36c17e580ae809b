import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import {
  configurationFileGlob,
  documentSelector,
  installUrl,
  PctlintSettings,
  resolveServer,
  serverCommand,
  serverConfiguration,
} from './settings';

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;

function readSettings(): PctlintSettings {
  const c = vscode.workspace.getConfiguration('pctlint');
  return {
    path: c.get<string>('path'),
    args: c.get<string[]>('args'),
    rules: c.get<Record<string, string>>('rules'),
    allowNonAscii: c.get<boolean>('allowNonAscii'),
  };
}

let installErrorShown = false;

// Said in the output channel each time, in a notification once per window: a restart (a settings
// change) on a platform without a server should not nag.
async function showInstallError(message: string): Promise<void> {
  output.appendLine(`pctlint: ${message}`);
  if (installErrorShown) return;
  installErrorShown = true;
  const install = 'How to install pctlint';
  const settings = 'Open settings';
  const choice = await vscode.window.showErrorMessage(`pctlint: ${message}`, install, settings);
  if (choice === install) await vscode.env.openExternal(vscode.Uri.parse(installUrl));
  else if (choice === settings) await vscode.commands.executeCommand('workbench.action.openSettings', 'pctlint.path');
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const settings = readSettings();
  const server = resolveServer(settings, context.extensionPath);
  if ('error' in server) {
    void showInstallError(server.error);
    return;
  }
  const { command, args } = serverCommand(settings, server.command);
  output.appendLine(`pctlint: starting ${command} ${args.join(' ')} (${server.source === 'bundled' ? 'bundled with the extension' : server.source === 'setting' ? 'from pctlint.path' : 'found on PATH'})`);
  const serverOptions: ServerOptions = { command, args };
  const watcher = vscode.workspace.createFileSystemWatcher(configurationFileGlob);
  context.subscriptions.push(watcher);
  const clientOptions: LanguageClientOptions = {
    documentSelector,
    outputChannel: output,
    initializationOptions: {
      ...serverConfiguration(settings),
      workspaceDiagnostics: vscode.workspace.getConfiguration('pctlint').get<boolean>('workspaceDiagnostics', false),
    },
    // .pctlint.json edits reach the server as workspace/didChangeWatchedFiles (the server also
    // registers this watcher itself, dynamically).
    synchronize: { fileEvents: watcher },
    middleware: {
      // Answer workspace/configuration for the `pctlint` section in the server's own shape.
      workspace: {
        configuration: (params, token, next) =>
          params.items.map((item) =>
            item.section === 'pctlint' ? serverConfiguration(readSettings()) : (next(params, token) as unknown),
          ),
      },
      // The language client registers the server's commands (pctlint.checkWorkspace) itself;
      // this shows what the command found.
      executeCommand: async (command, args, next) => {
        const result = await next(command, args);
        if (command === 'pctlint.checkWorkspace' && result && typeof result === 'object') {
          const r = result as { problems?: number; files?: number };
          void vscode.window.showInformationMessage(`pctlint: ${r.problems ?? 0} problems in ${r.files ?? 0} files`);
        }
        return result;
      },
    },
  };
  client = new LanguageClient('pctlint', 'pctlint', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (e) {
    output.appendLine(`pctlint: the server did not start: ${e instanceof Error ? e.message : String(e)}`);
    client = undefined;
    const show = 'Show output';
    if ((await vscode.window.showErrorMessage(`pctlint: the server ${command} did not start.`, show)) === show) output.show();
  }
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c?.isRunning()) await c.stop();
  else await c?.dispose();
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('pctlint');
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('pctlint.fixAll', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) return;
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        editor.document.uri,
        new vscode.Range(0, 0, editor.document.lineCount, 0),
        'source.fixAll.pctlint',
        10, // resolve the edits (the server computes them on codeAction/resolve)
      );
      for (const action of actions ?? []) {
        if (action.edit) await vscode.workspace.applyEdit(action.edit);
        if (action.command) await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
      }
    }),
    vscode.commands.registerCommand('pctlint.restart', async () => {
      await stop();
      await start(context);
    }),
    vscode.commands.registerCommand('pctlint.showOutput', () => output.show()),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (['pctlint.path', 'pctlint.args', 'pctlint.workspaceDiagnostics'].some((k) => e.affectsConfiguration(k))) {
        await stop();
        await start(context);
      } else if (e.affectsConfiguration('pctlint')) {
        await client?.sendNotification('workspace/didChangeConfiguration', { settings: { pctlint: serverConfiguration(readSettings()) } });
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}
