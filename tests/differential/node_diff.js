#!/usr/bin/env node
// Differential fuzzing of the URL Standard's parser (core/whatwg_url.h) against Node.js's URL
// (ada, the standard's parser in Node), with the standard's reference implementation (whatwg-url)
// as the judge where they disagree: random URLs, mutated from the URL Standard's own test inputs,
// must get the same components as Node's or the reference's, or be refused alike.
//
//   node node_diff.js DUMP_BINARY [--count N] [--seed S] [--keep DIR]
//
// DUMP_BINARY is pctlint_whatwg_dump (built with the tests). Every input already in DIR (default:
// found/ here) is replayed first; a new mismatch is written there as a file, to be replayed by every
// later run, and the run fails. Out of scope, not compared: hosts that need IDNA (non-ASCII or
// "xn--" labels, percent-encoded or not), which Node maps with ICU's UTS #46 and pctlint with
// libidn2's IDNA2008 (the README and tests/unit/whatwg_url_test.cpp say where they differ).
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const args = process.argv.slice(2);
const binary = args[0];
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const count = Number(option('--count', 20000));
let seed = Number(option('--seed', Date.now() % 2147483647));
const keep = option('--keep', path.join(__dirname, 'found'));
const wpt = path.join(__dirname, '..', '..', '..', 'shared', 'wpt', 'urltestdata.json');

function random() { // Park-Miller, so a seed reproduces a run
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
}
const pick = (list) => list[Math.floor(random() * list.length)];

const seeds = fs.existsSync(wpt)
  ? JSON.parse(fs.readFileSync(wpt, 'utf8')).filter((c) => typeof c === 'object' && !c.base?.startsWith?.('about'))
      .map((c) => c.input).filter((s) => /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(s))
  : ['http://example.com/a/b?c#d'];
const pieces = ['/', '\\', ':', '@', '?', '#', '%', '%2e', '%2E', '%41', '%zz', '.', '..', '[', ']',
  '::', '0x', '0', '1', '255', '256', '4294967295', '09', 'a', 'Z', ' ', '\t', '\n', '|', '^', '`',
  '{', '}', '<', '>', '"', "'", ';', '=', '&', '+', '$', '~', '-', '_', 'localhost', '127.0.0.1',
  '[::1]', 'C:', 'c|', '//', '/./', '/../', '%00', '%20', '\u0000', '\u007f', 'file:', 'http:'];

function mutate(s) {
  const n = 1 + Math.floor(random() * 3);
  for (let k = 0; k < n; ++k) {
    const at = Math.floor(random() * (s.length + 1));
    const r = random();
    if (r < 0.45) s = s.slice(0, at) + pick(pieces) + s.slice(at);
    else if (r < 0.8) s = s.slice(0, at) + pick(pieces) + s.slice(at + 1);
    else s = s.slice(0, at) + s.slice(at + 1 + Math.floor(random() * 3));
  }
  return s;
}

// Whether the host may need IDNA: anything non-ASCII or percent-encoded beyond ASCII, or xn--
// (looked for as the parser reads the input: without the tabs and newlines it removes, which can
// join "x\tn--" into an A-label).
function needsIdna(input) {
  const read = input.replace(/[\t\n\r]/g, '');
  return /[^\x00-\x7f]/.test(read) || /%[89a-fA-F][0-9a-fA-F]/.test(read) || /xn--/i.test(read);
}

// The URL Standard's reference implementation (whatwg-url, installed here by npm ci): where
// Node's URL and pctlint disagree, it says which follows the standard. Node 20's ada predates two
// changes of the standard ('^' in the path percent-encode set; a space ending an opaque path
// before '?' or '#' encoded) and mishandles some dot segments ("http://h///.@/.."): those are
// Node's differences, counted apart, not failures.
const reference = require('whatwg-url');

function components(u) {
  return { href: u.href, protocol: u.protocol, username: u.username, password: u.password,
    host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search,
    hash: u.hash };
}

function parsed(Parser, input) {
  try {
    return components(new Parser(input));
  } catch {
    return { failure: true };
  }
}

function same(ours, theirs) {
  if (ours.failure || theirs.failure) return ours.failure === true && theirs.failure === true;
  return Object.keys(theirs).every((k) => ours[k] === theirs[k]);
}

const kept = fs.existsSync(keep) ? fs.readdirSync(keep).filter((f) => !f.endsWith(".md")).sort().map((f) => fs.readFileSync(path.join(keep, f), 'utf8')) : [];
const generated = [];
for (let i = 0; i < count; ++i) generated.push(mutate(pick(seeds)));
const all = [...kept, ...generated];
const inputs = all.filter((s) => !needsIdna(s));

const run = spawnSync(binary, [], { input: inputs.map((s) => JSON.stringify(s)).join('\n') + '\n',
  maxBuffer: 1 << 30 });
if (run.status !== 0) { console.error(`${binary} failed: ${run.stderr}`); process.exit(2); }
const ours = run.stdout.toString().trim().split('\n').map((l) => JSON.parse(l));

let compared = 0, unknown = 0, nodeDiffers = 0;
const mismatches = [];
inputs.forEach((input, i) => {
  const a = ours[i];
  if (a.unknown) { ++unknown; return; }
  ++compared;
  const b = parsed(URL, input);
  if (same(a, b)) return;
  const r = parsed(reference.URL, input);
  if (same(a, r)) { ++nodeDiffers; return; } // Node's difference from the standard
  mismatches.push({ input, ours: a, node: b, reference: r });
});
const fresh = mismatches.filter((m) => !kept.includes(m.input));
for (const m of fresh) {
  fs.mkdirSync(keep, { recursive: true });
  const name = require('crypto').createHash('sha1').update(m.input).digest('hex').slice(0, 12);
  fs.writeFileSync(path.join(keep, name), m.input);
}
console.log(`whatwg vs node ${process.version}: ${compared} compared (${kept.length} kept inputs replayed), ` +
  `${unknown} unknown (IDNA refused by libidn2), ${all.filter(needsIdna).length} out of scope (IDNA), ` +
  `${nodeDiffers} where Node differs from the reference implementation and pctlint does not, ` +
  `${mismatches.length} mismatched${fresh.length ? `, ${fresh.length} new kept in ${keep}` : ''}; seed ${option('--seed', 'clock')}`);
for (const m of mismatches.slice(0, 20))
  console.log(`  ${JSON.stringify(m.input)}\n    ours:      ${JSON.stringify(m.ours)}\n    node:      ${JSON.stringify(m.node)}\n    reference: ${JSON.stringify(m.reference)}`);
process.exit(mismatches.length ? 1 : 0);
