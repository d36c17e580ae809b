// The packaged .vsix in a real VS Code: code-server (VS Code 1.139 for the browser) driven by
// headless Chromium through playwright-core, the way a person uses it: the Problems panel, a hover
// (Ctrl+K Ctrl+I), a quick-fix through Ctrl+., fix-all through editor.codeActionsOnSave on Ctrl+S,
// commands from the palette, an edit of .pctlint.json in the editor that changes a severity, and
// the error shown when no server is found.
//
//   node test.js --cache DIR --vsix FILE [--screenshot FILE]      (run by run.sh, with node 24)
//
// Every run gets a fresh user-data, extensions and workspace directory, and code-server listens on
// 127.0.0.1 only, with telemetry, update checks and the extension gallery off.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');
const { spawn, execFileSync } = require('node:child_process');

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const cache = args.cache;
const vsix = path.resolve(args.vsix);
const screenshot = args.screenshot ? path.resolve(args.screenshot) : undefined;
const { chromium } = require(path.join(cache, 'node_modules/playwright-core'));
const entry = path.join(cache, 'node_modules/code-server/out/node/entry.js');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const here = __dirname;

const results = [];
let currentPage; // for a screenshot of what a failed test left on the screen
let runDir;
const log = (...a) => console.log('vscode-web:', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what, fn, timeout = 20000, interval = 200) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    await sleep(interval);
  }
}

async function test(name, fn) {
  const t0 = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    results.push({ name, ok: false });
    log(`FAIL ${name}: ${e && e.stack ? e.stack : e}`);
    if (currentPage && runDir) {
      const shot = path.join(runDir, `failed-${results.length}.png`);
      await currentPage.screenshot({ path: shot }).catch(() => {});
      log(`  the screen then: ${shot}`);
    }
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// Processes whose executable is `file` (the bundled server, started by the extension host).
function processesRunning(file) {
  const found = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readlinkSync(`/proc/${pid}/exe`) === file) found.push(Number(pid));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pctlint-vscode-web-'));
  runDir = dir;
  const userData = path.join(dir, 'user-data');
  const extensions = path.join(dir, 'extensions');
  const ws = path.join(dir, 'workspace');
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.mkdirSync(ws);
  for (const f of fs.readdirSync(path.join(here, 'workspace'))) fs.copyFileSync(path.join(here, 'workspace', f), path.join(ws, f));
  fs.writeFileSync(
    path.join(userData, 'User/settings.json'),
    JSON.stringify(
      {
        'editor.codeActionsOnSave': { 'source.fixAll.pctlint': 'explicit' },
        // Typing JSON into the editor types exactly what is typed.
        'editor.autoClosingBrackets': 'never',
        'editor.autoClosingQuotes': 'never',
        'editor.autoIndent': 'none',
        'editor.formatOnType': false,
        'editor.quickSuggestions': { other: false, comments: false, strings: false },
        'editor.suggestOnTriggerCharacters': false,
        'editor.minimap.enabled': false,
        'editor.hover.delay': 100,
        'files.hotExit': 'off',
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'workbench.enableExperiments': false,
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
        'workbench.colorTheme': 'Default Dark Modern',
        'security.workspace.trust.enabled': false,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'extensions.autoUpdate': false,
        'extensions.autoCheckUpdates': false,
        'extensions.ignoreRecommendations': true,
        'chat.disableAIFeatures': true,
        'git.enabled': false,
      },
      null,
      2,
    ),
  );

  // The server must come from the .vsix: nothing named pctlint on the PATH code-server gets.
  const PATH = ['/usr/local/bin', '/usr/bin', '/bin'].filter((d) => !fs.existsSync(path.join(d, 'pctlint'))).join(':');
  const env = {
    HOME: dir,
    PATH,
    LANG: 'C.UTF-8',
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    XDG_DATA_HOME: path.join(dir, 'data'),
    XDG_CACHE_HOME: path.join(dir, 'cache'),
    // No extension gallery: nothing is fetched from outside this machine.
    EXTENSIONS_GALLERY: JSON.stringify({}),
  };
  const common = ['--config', path.join(dir, 'config.yaml'), '--user-data-dir', userData, '--extensions-dir', extensions];
  execFileSync(process.execPath, [entry, ...common, '--install-extension', vsix], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const installed = fs.readdirSync(extensions).find((d) => d.startsWith('pctlint.pctlint-'));
  if (!installed) throw new Error(`the .vsix did not install into ${extensions}`);
  const bundled = path.join(extensions, installed, 'server/linux-x64/pctlint');

  const port = await freePort();
  const serverLog = fs.openSync(path.join(dir, 'code-server.log'), 'w');
  const server = spawn(
    process.execPath,
    [entry, ...common, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check',
      '--disable-workspace-trust', '--disable-getting-started-override', ws],
    { env, detached: true, stdio: ['ignore', serverLog, serverLog] },
  );
  const stopServer = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stopServer);
  let browser;
  try {
    await waitFor('code-server to listen', () => fs.readFileSync(path.join(dir, 'code-server.log'), 'utf8').includes('HTTP server listening'), 30000);
    const t0 = Date.now();
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    currentPage = page;
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(ws)}`);
    await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
    await run(page, { ws, bundled, t0 });
  } finally {
    if (browser) await browser.close().catch(() => {});
    stopServer();
    if (!results.every((r) => r.ok)) log(`code-server's files are in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---- the workbench, read and driven through the DOM and the keyboard ----

async function openFile(page, name) {
  await page.keyboard.press('Control+P');
  await page.waitForSelector('.quick-input-widget .quick-input-box input', { state: 'visible' });
  await page.keyboard.type(name);
  await waitFor(`"${name}" in Quick Open`, async () => (await page.locator('.quick-input-list .monaco-list-row').first().innerText()).includes(name));
  await page.keyboard.press('Enter');
  await waitFor(`the editor of ${name}`, async () => (await page.title()).startsWith(name));
  await page.waitForSelector('.quick-input-widget', { state: 'hidden' });
}

async function goTo(page, line, column) {
  await page.keyboard.press('Control+G');
  await page.waitForSelector('.quick-input-widget .quick-input-box input', { state: 'visible' });
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.quick-input-widget', { state: 'hidden' });
  await waitFor(`the cursor on line ${line}`, async () => (await page.locator('.statusbar').innerText()).includes(`Ln ${line},`));
}

// The active editor's text, as rendered.
async function editorText(page) {
  const lines = await page.$$eval('.editor-group-container.active .monaco-editor .view-lines .view-line', (els) =>
    els.map((e) => ({ top: parseFloat(e.style.top), text: e.textContent.replace(/\u00a0/g, ' ') })),
  );
  return lines.sort((a, b) => a.top - b.top).map((l) => l.text);
}

// The Problems panel's rows: { file, severity, message, code, line, col }.
async function problems(page) {
  if (!(await page.locator('.markers-panel').isVisible().catch(() => false))) {
    await page.keyboard.press('Control+Shift+M');
    await page.waitForSelector('.markers-panel', { state: 'visible' });
  }
  return page.$$eval('.markers-panel .monaco-list-row', (rows) => {
    const out = [];
    let file = '';
    for (const row of rows) {
      const label = row.querySelector('.label-name');
      if (label) {
        file = label.textContent;
        continue;
      }
      const icon = row.querySelector('.marker-icon');
      const where = (row.querySelector('.marker-line') || {}).textContent || '';
      const m = /Ln (\d+), Col (\d+)/.exec(where);
      out.push({
        file,
        severity: icon ? ['error', 'warning', 'info'].find((s) => icon.classList.contains(s)) : undefined,
        message: (row.querySelector('.marker-message') || {}).textContent,
        source: (row.querySelector('.marker-source') || {}).textContent,
        code: (row.querySelector('.marker-code') || {}).textContent,
        line: m ? Number(m[1]) : 0,
        col: m ? Number(m[2]) : 0,
      });
    }
    return out;
  });
}

const show = (ps) => ps.map((p) => `${p.file} ${p.code} ${p.severity} ${p.line}:${p.col}`).join('; ');
const sameSet = (a, b) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

async function run(page, { ws, bundled, t0 }) {
  const appFile = path.join(ws, 'app.py');
  const original = fs.readFileSync(appFile, 'utf8');
  const lines = original.split('\n');
  // VS Code's columns: UTF-16 code units (JavaScript's string indices), 1-based.
  const col = (line, needle) => lines[line - 1].indexOf(needle) + 1;
  const expected = [
    `app.py PCT001 warning 2:${col(2, '%c3')}`,
    `app.py PCT003 error 2:${col(2, ' file')}`,
    `app.py PCT006 error 3:${col(3, '%u00E4')}`,
    `app.py PCT010 info 4:${col(4, '%2F')}`,
  ];
  const appProblems = async () => (await problems(page)).filter((p) => p.file === 'app.py' && p.source === 'pctlint');

  const palette = async (title) => {
    await page.keyboard.press('F1');
    await page.waitForSelector('.quick-input-widget .quick-input-box input', { state: 'visible' });
    await page.keyboard.type(title);
    await waitFor(`"${title}" in the palette`, async () => (await page.locator('.quick-input-list .monaco-list-row').first().innerText()).includes(title));
    await page.keyboard.press('Enter');
  };

  await test('the workbench opens app.py', () => openFile(page, 'app.py'));

  await test('the extension starts the server bundled in the .vsix (none on PATH)', async () => {
    await waitFor(`a process running ${bundled}`, () => processesRunning(bundled).length > 0, 30000);
  });

  await test('diagnostics in the Problems panel, at UTF-16 columns after an emoji', async () => {
    let got;
    await waitFor(`the problems ${expected.join('; ')}`, async () => {
      got = await appProblems();
      return sameSet(got.map((p) => `${p.file} ${p.code} ${p.severity} ${p.line}:${p.col}`), expected);
    }).catch((e) => {
      throw new Error(`${e.message}; got ${show(got || [])}`);
    });
    log(`  diagnostics ${Date.now() - t0} ms after the browser started`);
  });

  await test('hover over a URL shows its components decoded (Ctrl+K Ctrl+I)', async () => {
    await goTo(page, 2, col(2, '%c3') + 1);
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const hover = page.locator('.monaco-hover:visible').first();
    await waitFor('the hover', async () => {
      const text = await hover.innerText();
      return text.includes('Canonical form') && text.includes('/café/my file.pdf') && text.includes('https://x.example/caf%C3%A9/my%20file.pdf');
    });
    if (screenshot) {
      await page.screenshot({ path: screenshot });
      log(`  screenshot: ${screenshot}`);
    }
    await page.keyboard.press('Escape');
  });

  await test('a quick-fix applied through Ctrl+.', async () => {
    await goTo(page, 2, col(2, '%c3') + 2);
    const item = page.locator('.action-widget .monaco-list-row.action', { hasText: 'Use uppercase hex: %C3%A9' });
    // The keystroke can land while the workbench still moves focus (a hover just closed, CI
    // busy): asked again, up to three times, before the menu is judged missing.
    for (let attempt = 1; ; ++attempt) {
      await page.keyboard.press('Control+.');
      try {
        await item.first().waitFor({ state: 'visible', timeout: 6000 });
        break;
      } catch (e) {
        if (attempt === 3) throw e;
        await page.keyboard.press('Escape');
        await goTo(page, 2, col(2, '%c3') + 2);
      }
    }
    await item.first().click();
    await waitFor('the fixed line', async () => {
      const text = await editorText(page);
      return text[1] === lines[1].replace('%c3%a9', '%C3%A9');
    }, 10000).catch(async (e) => {
      throw new Error(`${e.message}; the editor shows: ${JSON.stringify(await editorText(page))}`);
    });
    // Only that fix: the file is not saved yet and the other findings remain.
    if (fs.readFileSync(appFile, 'utf8') !== original) throw new Error('the file was saved by the quick-fix');
    await waitFor('PCT001 to go', async () => {
      const got = (await appProblems()).map((p) => p.code);
      return sameSet(got, ['PCT003', 'PCT006', 'PCT010']);
    });
  });

  await test('fix-all through editor.codeActionsOnSave on Ctrl+S', async () => {
    await page.keyboard.press('Control+S');
    const want = fs.readFileSync(path.join(here, 'expected.py'), 'utf8');
    await waitFor('the fixed file on disk', () => fs.readFileSync(appFile, 'utf8') === want, 15000).catch((e) => {
      throw new Error(`${e.message}; on disk: ${JSON.stringify(fs.readFileSync(appFile, 'utf8'))}`);
    });
    await waitFor('only PCT010 left', async () => sameSet((await appProblems()).map((p) => p.code), ['PCT010']));
  });

  await test('the command "pctlint: Check workspace" from the palette', async () => {
    await palette('pctlint: Check workspace');
    await waitFor('the notification with the result', async () => /pctlint: \d+ problems in \d+ files/.test(await page.locator('.notifications-toasts').innerText()));
  });

  const config = path.join(ws, '.pctlint.json');
  const typeConfig = async (text) => {
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(text);
  };

  await test('.pctlint.json is validated against the schema (jsonValidation)', async () => {
    await openFile(page, '.pctlint.json');
    await typeConfig('{ "rules": { "PCT010": "eror" }, "colour": 1 }');
    await waitFor('schema problems in .pctlint.json', async () => {
      const ps = (await problems(page)).filter((p) => p.file === '.pctlint.json').map((p) => p.message).join('\n');
      return /Value is not accepted/.test(ps) && /colour/.test(ps);
    });
  });

  await test('an edit of .pctlint.json changes a severity in the open file without reopening it', async () => {
    await typeConfig('{ "rules": { "PCT010": "error" } }');
    await page.keyboard.press('Control+S');
    await waitFor('.pctlint.json saved', () => JSON.parse(fs.readFileSync(config, 'utf8')).rules.PCT010 === 'error');
    let got;
    await waitFor('PCT010 as an error in app.py', async () => {
      got = await appProblems();
      return got.length === 1 && got[0].code === 'PCT010' && got[0].severity === 'error';
    }, 15000).catch((e) => {
      throw new Error(`${e.message}; got ${show(got || [])}`);
    });
  });


  await test('the command "pctlint: Fix all problems in this file" (edits resolved through codeAction/resolve)', async () => {
    await openFile(page, 'app.py');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('EURO = "https://x.example/%e2%82%ac"');
    await waitFor('PCT001 on the new line', async () => (await appProblems()).some((p) => p.code === 'PCT001' && p.line === 5));
    await palette('pctlint: Fix all problems in this file');
    await waitFor('the line fixed', async () => (await editorText(page)).includes('EURO = "https://x.example/%E2%82%AC"'));
  });

  await test('with no server anywhere, an error that says so, with a link to the install instructions', async () => {
    // The bundled binary gone and none on PATH: "pctlint: Restart server" looks again.
    fs.renameSync(bundled, `${bundled}.away`);
    try {
      await palette('pctlint: Restart server');
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'no pctlint server found' });
      await toast.first().waitFor({ state: 'visible', timeout: 15000 });
      const text = await toast.first().innerText();
      if (!text.includes('How to install pctlint')) throw new Error(`the notification: ${text}`);
    } finally {
      fs.renameSync(`${bundled}.away`, bundled);
    }
  });
}

const deadline = setTimeout(() => {
  log('FAIL the whole run took over 5 minutes');
  console.log(`vscode-web: ${results.filter((r) => r.ok).length} passed, ${results.filter((r) => !r.ok).length + 1} failed`);
  process.exit(1);
}, 300000);

main()
  .catch((e) => {
    results.push({ name: 'setup', ok: false });
    log(`FAIL setup: ${e && e.stack ? e.stack : e}`);
  })
  .finally(() => {
    clearTimeout(deadline);
    const passed = results.filter((r) => r.ok).length;
    const failed = results.length - passed;
    console.log(`vscode-web: ${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
