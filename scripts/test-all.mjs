#!/usr/bin/env node
// `npm test`: every check. Steps run at once have their output printed whole as each ends.
//   1 at once: compile (typecheck + build), stop here if it fails; machine setup, then code-server
//     (scripts/setup-machine.sh, scripts/ensure-code-server.mjs)
//   2 the real Zero (scripts/install-zero.sh, pinned in .zero-version; without one: one "skipped" line)
//   3 the VSIX for the UI suite (npm run package), then the dev build again
//   4 every test suite as one pool of jobs on a few lanes (scripts/lib/testPool.mjs): lint; unit tests
//     (test/unit); the real-Zero suites (test/real-zero, against the scripted model server); the webview
//     tests in Chromium (test/webview); the extension-host suite in code-server (test/e2e/runExtHost.ts);
//     the UI suite, Playwright + Chromium against the packaged VSIX in code-server, a file a job
//   5 @vscode/test-electron suite               (skips clearly without a desktop VS Code)
// A failed test step does not stop the others. The last line is `N passed, N failed` (tests of all
// steps; a failed step without test counts, e.g. lint, counts as 1 failed). ZERO_TEST_LANES=n sets the
// lanes (default: cores + 1); ZERO_TEST_SERIAL=1 runs everything one by one. ZERO_SKIP_E2E=1 runs only
// compile, lint, unit and real-Zero.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { balancedGroups, expectedSeconds, laneCount, readTimes, runPool, testFiles } from './lib/testPool.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VSIX = path.join(ROOT, 'dist', 'zero-vscode.vsix');
const skipE2E = process.env.ZERO_SKIP_E2E === '1';
const started = Date.now();
/** @type {{ name: string, ok: boolean, passed: number, failed: number, seconds: number, note?: string, failures?: string[], flaky?: string[] }[]} */
const summary = [];

/**
 * Runs a command. Streamed: output goes out as it comes (and is kept for parsing). Buffered (a step
 * run beside others): kept, and printed whole when it ends, so parallel steps never interleave.
 */
function run(cmd, args, env = {}, { buffered = false } = {}) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    let out = '';
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => { out += d; if (!buffered) process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; if (!buffered) process.stderr.write(d); });
    child.on('error', (e) => { out += String(e); });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out, seconds: (Date.now() - t0) / 1000 }));
  });
}

const counts = {
  /** mocha's spec reporter epilogue: "  12 passing (3s)", "  1 failing". */
  mocha(out) {
    const last = (re) => { const m = [...out.matchAll(re)].pop(); return m ? Number(m[1]) : undefined; };
    return { passed: last(/^\s*(?:\[exthost\]\s*)?(\d+) passing\b/gm), failed: last(/^\s*(?:\[exthost\]\s*)?(\d+) failing\b/gm) ?? 0 };
  },
  /** runExtHost/runElectron: "exthost: 5 passed, 0 failed". */
  runner(prefix) {
    return (out) => {
      const m = [...out.matchAll(new RegExp(`^${prefix}: (?:.*?; )?(\\d+) passed, (\\d+) failed`, 'gm'))].pop();
      return m ? { passed: Number(m[1]), failed: Number(m[2]) } : { passed: undefined, failed: 0 };
    };
  },
};

/**
 * mocha's failure list after "N failing": each "  1) suite / test:" header and its first error line,
 * repeated in the summary so a CI log that keeps only its tail still names what failed.
 */
function failureHeads(out) {
  const at = out.search(/^\s*(?:\[exthost\]\s*)?\d+ failing\b/m);
  if (at < 0) return [];
  const lines = out.slice(at).split('\n').map((l) => l.replace(/^\[exthost\]\s?/, ''));
  const heads = [];
  for (let i = 0; i < lines.length && heads.length < 20; i++) {
    if (!/^\s+\d+\) /.test(lines[i])) continue;
    const block = [];
    let titleDone = false;
    for (let j = i; j < lines.length && block.length < 8; j++) {
      const l = lines[j].trim();
      if (!l) break;
      block.push(l.slice(0, titleDone ? 600 : 200)); // the error line may carry the UI harness's [screen: …]
      if (titleDone) break; // the first error line follows the title
      titleDone = l.endsWith(':'); // mocha ends the test title with a colon
    }
    heads.push(block.join(' / '));
  }
  return heads;
}

/** Tests mocha retried (test/e2e/lib/timedSpec.cjs): flaky, a failure even when the retry passed. */
function retried(out) {
  return [...out.matchAll(/^\s*↻ retrying \(flaky[^)]*\): (.*)$/gm)].map((m) => m[1].slice(0, 600));
}

/**
 * One step: a banner, the command, a summary row. With `parse`, test counts come from the output and a
 * non-zero exit without failing tests counts as 1 failure; without it, a failed step counts as 1.
 * `buffered`: run beside other steps (see parallel()); its output is printed whole when it ends.
 */
async function step(name, cmd, args, { env, parse, note, buffered = false } = {}) {
  const banner = `\n━━━ ${name}: ${[cmd, ...args].join(' ')}\n`;
  if (!buffered) console.log(banner);
  const r = await run(cmd, args, env, { buffered });
  if (buffered) {
    console.log(banner);
    process.stdout.write(r.out);
  }
  const c = parse ? parse(r.out) : { passed: 0, failed: 0 };
  let passed = c.passed ?? 0;
  let failed = c.failed;
  // A test that passed only on a retry is a failure (test/e2e/lib/timedSpec.cjs already counts it so;
  // this covers a reporter that does not).
  const flaky = retried(r.out);
  if (flaky.length && !/counts as failing/.test(r.out)) {
    failed += flaky.length;
    passed = Math.max(0, passed - flaky.length);
  }
  if (r.code !== 0 && failed === 0) failed = 1;
  const ok = r.code === 0 && failed === 0;
  const row = { name, ok, passed, failed, seconds: r.seconds, note: note?.(r), failures: parse ? failureHeads(r.out) : undefined, flaky };
  console.log(`\n━━━ ${name}: ${ok ? 'ok' : `FAILED (exit ${r.code})`} in ${r.seconds.toFixed(1)} s`);
  return { ...r, ok, row };
}

/** Adds a finished step's row to the summary. */
async function serial(name, cmd, args, options) {
  const r = await step(name, cmd, args, options);
  summary.push(r.row);
  return r;
}

/**
 * Independent steps at once (ZERO_TEST_SERIAL=1: one after the other), each buffered; their rows go
 * into the summary in the order given, each with its own time, and a row for the group's wall time.
 */
async function parallel(label, steps) {
  const t0 = Date.now();
  const results = [];
  if (process.env.ZERO_TEST_SERIAL === '1') {
    for (const s of steps) results.push(await step(...s));
  } else {
    console.log(`\n━━━ at once: ${steps.map((s) => s[0]).join(', ')} (output of each when it ends)`);
    results.push(...(await Promise.all(steps.map(([n, c, a, o]) => step(n, c, a, { ...o, buffered: true })))));
  }
  for (const r of results) summary.push(r.row);
  const seconds = (Date.now() - t0) / 1000;
  summary.push({ name: `  (${label}: wall time)`, ok: true, passed: 0, failed: 0, seconds, group: true });
  return results;
}

/**
 * ZERO_TEST_WRITE_TIMES=1: this run's times into scripts/lib/testTimes.json, the pool's order next
 * time: a whole job's time, or each file's from the timed reporter (test/e2e/lib/timedSpec.cjs).
 */
function writeTimes(jobs, results) {
  const out = {};
  jobs.forEach((j, i) => {
    const r = results[i];
    const files = [...r.out.matchAll(/^\s+([\d.]+) s {2}(test\/\S+\.test\.ts) \(/gm)];
    out[j.suite] ??= {};
    if (j.suite === 'webview' || j.suite === 'ui') for (const [, s, f] of files) out[j.suite][f] = Number(s);
    else out[j.suite][j.suite] = Math.round(r.seconds);
  });
  fs.writeFileSync(path.join(ROOT, 'scripts', 'lib', 'testTimes.json'), `${JSON.stringify(out, null, 2)}\n`);
}

function skip(name, why) {
  summary.push({ name, ok: true, passed: 0, failed: 0, seconds: 0, note: `skipped: ${why}` });
  console.log(`\n━━━ ${name}: skipped (${why})`);
}

function finish() {
  const passed = summary.reduce((n, s) => n + s.passed, 0);
  const failed = summary.reduce((n, s) => n + s.failed, 0);
  console.log('\n━━━ summary');
  for (const s of summary) {
    const tests = s.passed || s.failed ? `${s.passed} passed, ${s.failed} failed` : '';
    console.log(`  ${s.group ? '    ' : s.ok ? 'ok  ' : 'FAIL'}  ${s.name.padEnd(44)} ${s.seconds.toFixed(1).padStart(6)} s  ${tests}${s.note ? `  (${s.note})` : ''}`);
  }
  for (const s of summary.filter((x) => x.failures?.length)) {
    console.log(`  failures in ${s.name}:`);
    for (const f of s.failures) console.log(`    ${f}`);
  }
  for (const s of summary.filter((x) => x.flaky?.length)) {
    console.log(`  retried in ${s.name} (flaky: each counted as failed):`);
    for (const f of s.flaky) console.log(`    ${f}`);
  }
  console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || summary.some((s) => !s.ok) ? 1 : 0);
}

// Ctrl+C: the children get it too (same process group); just report and stop.
process.on('SIGINT', () => { console.log('\ninterrupted'); finish(); });

const npm = 'npm';
const npx = 'npx';

// 1. compile, and meanwhile the machine's packages and code-server (a download on a new machine).
const [compile, setup] = await parallel('compile, machine setup', [
  ['compile (typecheck + build)', npm, ['run', 'compile']],
  ...(skipE2E ? [] : [['setup machine', 'bash', ['scripts/setup-machine.sh']]]),
]);
if (!compile.ok) {
  console.log('\ncompile failed: stopping (nothing later can be trusted)');
  finish();
}
const ensure = setup?.ok ? await serial('ensure code-server', process.execPath, ['scripts/ensure-code-server.mjs']) : undefined;
// Its stdout is the binary's path (stderr, mixed into `out`, is progress): take the line that is a file.
const codeServer = ensure?.ok ? ensure.out.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('/') && fs.existsSync(l)).pop() : undefined;
const e2eEnv = codeServer ? { ZERO_CODE_SERVER: codeServer } : {};

// 2. The real Zero, installed (or found) by its own script. Without one, the skip below is the row:
// its failure is the reason, not a failed test.
const install = await step('install the real Zero', 'bash', ['scripts/install-zero.sh']);
const realZeroBin = install.out.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('/') && fs.existsSync(l)).pop();
if (realZeroBin) summary.push(install.row);
else {
  const why = install.out.match(/^skipped: no real Zero \((.*)\)$/m)?.[1] ?? `scripts/install-zero.sh exited ${install.code}`;
  skip('real-Zero suites (mocha)', `no real Zero (${why})`);
}

// 3. The VSIX for the UI suite, before the tests start: its production build rewrites dist/, which the
// unit tests and the extension-host suite read; the dev build is put back right after.
let vsixEnv = {};
if (codeServer) {
  fs.rmSync(VSIX, { force: true });
  const pkg = await serial('package VSIX', npm, ['run', 'package', '--', '--allow-missing-repository']);
  vsixEnv = pkg.ok && fs.existsSync(VSIX) ? { ZERO_E2E_VSIX: VSIX } : {};
  await serial('dev build again (dist/)', npm, ['run', 'build']);
}

// 4. Every test suite as one pool of jobs (scripts/lib/testPool.mjs): lint, unit tests, the real-Zero
// suites, the webview tests in Chromium, the extension-host suite and the UI suite, a file a job. They
// share no files, ports or processes: each code-server, browser profile, Zero home and model server
// is its own. --forbid-only: a stray `.only` left in a test would quietly skip every other test.
// The configs name no spec: a file given on the command line then runs alone (a config's spec would be added).
const FORBID_ONLY = '--forbid-only';
const times = readTimes(path.join(ROOT, 'scripts', 'lib', 'testTimes.json'));
const lanes = laneCount();
/** @type {{ suite: string, name: string, seconds: number, args: any[] }[]} */
const jobs = [];
const job = (suite, name, key, cmd, args, options = {}) =>
  jobs.push({ suite, seconds: expectedSeconds(times, suite, key), start: () => step(name, cmd, args, { ...options, buffered: true }) });
job('lint', 'lint', 'lint', npm, ['run', 'lint']);
job('unit', 'unit tests (mocha)', 'unit', npx, ['mocha', FORBID_ONLY, 'test/unit/**/*.test.ts'], { parse: counts.mocha });
if (realZeroBin) {
  job('real-Zero', 'real-Zero suites (mocha)', 'real-Zero', npx, ['mocha', FORBID_ONLY, '--config', 'test/real-zero/mocharc.json', 'test/real-zero/**/*.test.ts'], { env: { ZERO_REAL_BIN: realZeroBin }, parse: counts.mocha });
}
const WEBVIEW = 'webview tests in Chromium (mocha)';
const UI = 'UI suite (Playwright, code-server)';
if (!skipE2E) {
  // Webview files share a process a few at a time: each process builds the webview bundle and starts a Chromium.
  const webview = testFiles(ROOT, 'test/webview');
  if (setup?.ok) {
    for (const g of balancedGroups(webview, lanes, (f) => expectedSeconds(times, 'webview', f))) {
      job('webview', `webview: ${g.files.map((f) => path.basename(f, '.test.ts')).join(', ')}`, '', npx, ['mocha', FORBID_ONLY, '--no-config', '--require', 'tsx/cjs', '--extension', 'ts', '--reporter', 'test/e2e/lib/timedSpec.cjs', '--timeout', '60000', ...g.files], { parse: counts.mocha });
      jobs.at(-1).seconds = g.seconds;
    }
  } else if (webview.length) skip(WEBVIEW, 'machine setup failed');
  if (codeServer) {
    // ZERO_E2E_NO_BUILD: dist/ is built; a rebuild now would rewrite it under the unit tests.
    job('exthost', 'extension-host suite in code-server', 'exthost', npx, ['tsx', 'test/e2e/runExtHost.ts'], {
      env: { ...e2eEnv, ZERO_E2E_NO_BUILD: '1', ZERO_E2E_RESULTS: path.join(ROOT, '.e2e', 'exthost-results.json') },
      parse: counts.runner('exthost'),
    });
    for (const f of testFiles(ROOT, 'test/e2e/ui')) {
      job('ui', `UI: ${path.basename(f, '.test.ts')}`, f, npx, ['mocha', FORBID_ONLY, '--config', 'test/e2e/mocharc.ui.json', f], { env: { ...e2eEnv, ...vsixEnv, ZERO_E2E_NO_BUILD: '1' }, parse: counts.mocha });
    }
  } else {
    skip('extension-host suite in code-server', 'no code-server');
    skip(UI, 'no code-server');
  }
}
console.log(`\n━━━ ${jobs.length} test jobs on ${lanes} lanes, the longest expected first (output of each when it ends)`);
const t0 = Date.now();
const results = await runPool(jobs, lanes);
// One summary row a suite, its files' times added up; the pool's wall time below them.
const note = { webview: (n) => `${n} processes`, ui: (n) => `${n} files; extension: ${vsixEnv.ZERO_E2E_VSIX ? 'dist/zero-vscode.vsix' : 'dev path (packaging failed)'}` };
const names = { webview: WEBVIEW, ui: UI };
for (const suite of [...new Set(jobs.map((j) => j.suite))]) {
  const rows = results.filter((_, i) => jobs[i].suite === suite).map((r) => r.row);
  if (rows.length === 1 && !names[suite]) summary.push(rows[0]);
  else
    summary.push({
      name: names[suite] ?? suite,
      ok: rows.every((r) => r.ok),
      passed: rows.reduce((n, r) => n + r.passed, 0),
      failed: rows.reduce((n, r) => n + r.failed, 0),
      seconds: rows.reduce((n, r) => n + r.seconds, 0),
      note: note[suite]?.(rows.length),
      failures: rows.flatMap((r) => (r.ok ? [] : r.failures?.length ? r.failures : [`${r.name}: failed without a test failure (see its output)`])),
      flaky: rows.flatMap((r) => r.flaky ?? []),
    });
}
summary.push({ name: `  (tests, ${lanes} at once: wall time)`, ok: true, passed: 0, failed: 0, seconds: (Date.now() - t0) / 1000, group: true });
if (process.env.ZERO_TEST_WRITE_TIMES === '1') writeTimes(jobs, results);
if (skipE2E) finish();

// 5. @vscode/test-electron
await serial('@vscode/test-electron suite', npx, ['tsx', 'test/e2e/runElectron.ts'], {
  parse: counts.runner('electron'),
  note: (r) => (/^skipped:/m.test(r.out) ? 'skipped: no desktop VS Code' : undefined),
});

finish();
