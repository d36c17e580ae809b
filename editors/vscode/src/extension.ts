import * as vscode from 'vscode';
import {
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
} from 'vscode-languageclient/node';
import { documentSelector, PctlintSettings, serverCommand, serverConfiguration } from './settings';

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

async function start(context: vscode.ExtensionContext): Promise<void> {
  const { command, args } = serverCommand(readSettings());
  const serverOptions: ServerOptions = { command, args };
  const clientOptions: LanguageClientOptions = {
    documentSelector,
    outputChannel: output,
    initializationOptions: serverConfiguration(readSettings()),
    middleware: {
      // Answer workspace/configuration for the `pctlint` section in the server's own shape.
      workspace: {
        configuration: (params, token, next) =>
          params.items.map((item) =>
            item.section === 'pctlint' ? serverConfiguration(readSettings()) : (next(params, token) as unknown),
          ),
      },
    },
  };
  client = new LanguageClient('pctlint', 'pctlint', serverOptions, clientOptions);
  await client.start();
  context.subscriptions.push({ dispose: () => void client?.stop() });
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
      );
      for (const action of actions ?? []) if (action.edit) await vscode.workspace.applyEdit(action.edit);
    }),
    vscode.commands.registerCommand('pctlint.checkWorkspace', async () => {
      const result = await client?.sendRequest(ExecuteCommandRequest.type, { command: 'pctlint.checkWorkspace', arguments: [] });
      if (result) vscode.window.showInformationMessage(`pctlint: ${result.problems} problems in ${result.files} files`);
    }),
    vscode.commands.registerCommand('pctlint.restart', async () => {
      await client?.stop();
      await start(context);
    }),
    vscode.commands.registerCommand('pctlint.showOutput', () => output.show()),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('pctlint.path') || e.affectsConfiguration('pctlint.args')) {
        await client?.stop();
        await start(context);
      } else if (e.affectsConfiguration('pctlint')) {
        await client?.sendNotification('workspace/didChangeConfiguration', { settings: { pctlint: serverConfiguration(readSettings()) } });
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
