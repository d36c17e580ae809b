// Runs the extension's own client-side code (server command, settings -> configuration) against
// the real server, in plain node with vscode-jsonrpc: no VS Code needed.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { spawn } = require('node:child_process');
const rpc = require('vscode-jsonrpc/node');
const fs = require('node:fs');
const os = require('node:os');
const { serverCommand, serverConfiguration, resolveServer, bundledServerPath, installUrl } = require('../out/settings');

const binary = process.env.PCTLINT_BIN || path.join(__dirname, '../../../build/server/pctlint');
const uri = 'file:///tmp/pctlint-vscode-test/app.py';
const text = "# Ärger 😀\nURL = 'https://x.example/caf%c3%a9/my file.pdf'\n";

function startServer(settings) {
  const { command, args } = serverCommand({ ...settings, path: binary });
  const child = spawn(command, args);
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(child.stdout),
    new rpc.StreamMessageWriter(child.stdin),
  );
  const diagnostics = [];
  let waiter = null;
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    diagnostics.push(p);
    if (waiter) waiter();
  });
  connection.onRequest('workspace/configuration', (params) =>
    params.items.map((item) => (item.section === 'pctlint' ? serverConfiguration(settings) : null)),
  );
  connection.listen();
  const nextDiagnostics = () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no diagnostics')), 10000);
      const check = () => {
        if (diagnostics.length) {
          clearTimeout(timer);
          waiter = null;
          resolve(diagnostics.shift());
        }
      };
      waiter = check;
      check();
    });
  return { child, connection, nextDiagnostics };
}

async function initialize(connection, settings) {
  const result = await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: true, workspaceEdit: { documentChanges: true } } },
    initializationOptions: serverConfiguration(settings),
  });
  await connection.sendNotification('initialized', {});
  return result;
}

function applyEdits(source, edits) {
  // UTF-16 positions, as VS Code uses.
  const lines = source.split('\n');
  const offset = (p) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = source;
  for (const e of sorted) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

async function stop(server) {
  await server.connection.sendRequest('shutdown');
  await server.connection.sendNotification('exit');
  await new Promise((resolve) => server.child.on('exit', resolve));
  server.connection.dispose();
}

test('the settings mapping', () => {
  assert.deepStrictEqual(serverCommand({}), { command: 'pctlint', args: ['--stdio'] });
  assert.deepStrictEqual(serverCommand({ path: '/opt/pctlint', args: ['--log-file', '/tmp/l'] }), {
    command: '/opt/pctlint',
    args: ['--stdio', '--log-file', '/tmp/l'],
  });
  assert.deepStrictEqual(serverConfiguration({ rules: { PCT004: 'off' }, allowNonAscii: true }), {
    rules: { PCT004: 'off' },
    allowNonAscii: true,
  });
  assert.deepStrictEqual(serverConfiguration({ rules: {}, allowNonAscii: false }), {});
});

test('which server: pctlint.path, then the bundled one, then PATH, else an error', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pctlint-resolve-'));
  const ext = path.join(dir, 'ext');
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  const onPath = path.join(bin, 'pctlint');
  fs.writeFileSync(onPath, '#!/bin/sh\n', { mode: 0o755 });
  // Nothing anywhere: a message that says what was looked for.
  const none = resolveServer({}, ext, path.join(dir, 'empty'));
  assert.match(none.error, /no pctlint server found/);
  assert.match(installUrl, /README\.md#install$/);
  // On PATH only.
  assert.deepStrictEqual(resolveServer({}, ext, bin), { command: onPath, source: 'path' });
  // Bundled wins over PATH, and gets its executable bit back if an unzip dropped it.
  const bundled = bundledServerPath(ext);
  assert.strictEqual(bundled, path.join(ext, 'server', `${process.platform}-${process.arch}`, 'pctlint'));
  fs.mkdirSync(path.dirname(bundled), { recursive: true });
  fs.writeFileSync(bundled, '#!/bin/sh\n', { mode: 0o644 });
  assert.deepStrictEqual(resolveServer({ path: '' }, ext, bin), { command: bundled, source: 'bundled' });
  assert.strictEqual(fs.statSync(bundled).mode & 0o111, 0o111);
  // The setting wins over both; a setting that names nothing is an error, not a fallback.
  assert.deepStrictEqual(resolveServer({ path: binary }, ext, bin), { command: binary, source: 'setting' });
  assert.deepStrictEqual(resolveServer({ path: 'pctlint' }, ext, bin), { command: onPath, source: 'setting' });
  assert.match(resolveServer({ path: path.join(dir, 'nope') }, ext, bin).error, /pctlint\.path/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('package.json: pctlint.path is machine-scoped, the schema is contributed, prepublish compiles', () => {
  const pkg = require('../package.json');
  const props = pkg.contributes.configuration.properties;
  assert.strictEqual(props['pctlint.path'].scope, 'machine');
  assert.strictEqual(pkg.scripts['vscode:prepublish'], 'npm run compile');
  const [validation] = pkg.contributes.jsonValidation;
  assert.strictEqual(validation.fileMatch, '.pctlint.json');
  const schemaText = fs.readFileSync(path.join(__dirname, '..', validation.url), 'utf8');
  // A copy of the server's schema (rules/pctlint.schema.json), kept the same.
  assert.strictEqual(schemaText, fs.readFileSync(path.join(__dirname, '../../../rules/pctlint.schema.json'), 'utf8'));
  const schema = JSON.parse(schemaText);
  assert.strictEqual(schema.$schema, 'http://json-schema.org/draft-07/schema#');
  assert.strictEqual(schema.additionalProperties, false);
  assert.deepStrictEqual(Object.keys(schema.properties).sort(), [
    '$schema', 'allowNonAscii', 'exclude', 'extent', 'failOn', 'include', 'mailto', 'maxFileSize',
    'nonAsciiInProse', 'overrides', 'placeholders', 'rules', 'schemes', 'testFiles',
  ]);
  // Every rule id and name the server knows, and no other.
  const { execFileSync } = require('node:child_process');
  const listed = execFileSync(binary, ['rules'], { encoding: 'utf8' }).trim().split('\n').slice(1).flatMap((l) => l.split(/\s+/).slice(0, 2));
  assert.deepStrictEqual(Object.keys(schema.definitions.rules.properties).sort(), listed.sort());
  // Commands the language client registers for the server must not be registered again.
  const source = fs.readFileSync(path.join(__dirname, '../src/extension.ts'), 'utf8');
  assert.doesNotMatch(source, /registerCommand\('pctlint\.checkWorkspace'/);
});

test('diagnostics arrive at the right UTF-16 columns and a quick-fix applies', async () => {
  const server = startServer({});
  const init = await initialize(server.connection, {});
  assert.strictEqual(init.capabilities.positionEncoding, 'utf-16');
  await server.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'python', version: 1, text },
  });
  const p = await server.nextDiagnostics();
  assert.deepStrictEqual(p.diagnostics.map((d) => [d.code, d.range.start.character, d.range.end.character]), [
    ['PCT001', 28, 34],
    ['PCT003', 37, 38],
  ]);
  const actions = await server.connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri },
    range: p.diagnostics[0].range,
    context: { diagnostics: [p.diagnostics[0]] },
  });
  const quickFix = actions.find((a) => a.kind === 'quickfix' && a.isPreferred);
  const edited = applyEdits(text, quickFix.edit.documentChanges[0].edits);
  assert.strictEqual(edited, "# Ärger 😀\nURL = 'https://x.example/caf%C3%A9/my file.pdf'\n");
  await stop(server);
});

test('settings change a rule severity through workspace/configuration', async () => {
  const settings = { rules: { 'lowercase-hex': 'error' } };
  const server = startServer(settings);
  await initialize(server.connection, settings);
  await server.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'python', version: 1, text },
  });
  let p = await server.nextDiagnostics();
  while (p.diagnostics.find((d) => d.code === 'PCT001').severity !== 1) p = await server.nextDiagnostics();
  assert.strictEqual(p.diagnostics.find((d) => d.code === 'PCT001').severity, 1);
  settings.rules = { PCT001: 'off' };
  await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  p = await server.nextDiagnostics();
  while (p.diagnostics.some((d) => d.code === 'PCT001')) p = await server.nextDiagnostics();
  assert.deepStrictEqual(p.diagnostics.map((d) => d.code), ['PCT003']);
  await stop(server);
});
