#!/usr/bin/env node
// Installs code-server (VS Code server + web workbench) into a cache dir, once, and prints the path of
// its binary on stdout (progress goes to stderr), so `CS=$(node scripts/ensure-code-server.mjs)` works.
//
//   dir: ${ZERO_E2E_CACHE:-~/.cache/zero-vscode-e2e}/code-server-4.100.3
//
// Offline-safe (docs/testing-in-vscode.md, "Setting it up"): @vscode/ripgrep's postinstall would download rg from GitHub,
// so its download cache is seeded with Debian's rg first; as root, npm needs unsafe-perm for
// code-server's postinstall. When already installed (marker file + `--version` answers) this takes
// well under a second.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3';
// The @vscode/ripgrep version inside code-server 4.100.3 and the asset name it looks for.
const RIPGREP_PKG_VERSION = '1.15.11';
const RIPGREP_ASSET = 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz';
const MARKER = '.zero-e2e-installed';

export function codeServerDir() {
  const base = process.env.ZERO_E2E_CACHE || path.join(os.homedir(), '.cache', 'zero-vscode-e2e');
  return path.join(base, `code-server-${CODE_SERVER_VERSION}`);
}

export function codeServerBin(dir = codeServerDir()) {
  return path.join(dir, 'node_modules', '.bin', 'code-server');
}

const log = (msg) => process.stderr.write(`ensure-code-server: ${msg}\n`);

function installedVersion(bin) {
  if (!fs.existsSync(bin)) return undefined;
  // Without --config, code-server writes ~/.config/code-server/config.yaml even for --version.
  const config = path.join(path.dirname(bin), '..', '..', 'empty-config.yaml');
  if (!fs.existsSync(config)) fs.writeFileSync(config, '');
  const r = spawnSync(bin, ['--config', config, '--version'], { encoding: 'utf8', timeout: 30_000, env: cleanEnv() });
  if (r.status !== 0) return undefined;
  return r.stdout.split('\n').find((l) => /^\d+\.\d+\.\d+ /.test(l));
}

/** The env code-server must never inherit: it would hand work to an existing instance (docs/testing-in-vscode.md, "Its own config"). */
function cleanEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  delete env.VSCODE_IPC_HOOK_CLI;
  return env;
}

function findRg() {
  for (const p of (process.env.PATH || '').split(path.delimiter)) {
    const c = path.join(p, 'rg');
    if (p && fs.existsSync(c)) return fs.realpathSync(c);
  }
  return undefined;
}

function seedRipgrepCache() {
  const cache = path.join(os.tmpdir(), `vscode-ripgrep-cache-${RIPGREP_PKG_VERSION}`);
  const asset = path.join(cache, RIPGREP_ASSET);
  if (fs.existsSync(asset)) return;
  const rg = findRg();
  if (!rg) throw new Error('ripgrep (rg) not found on PATH; run `bash scripts/setup-machine.sh` first');
  fs.mkdirSync(cache, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-rg-'));
  try {
    fs.copyFileSync(rg, path.join(tmp, 'rg'));
    fs.chmodSync(path.join(tmp, 'rg'), 0o755);
    const r = spawnSync('tar', ['-C', tmp, '-czf', `${asset}.partial`, 'rg'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('tar failed while seeding the ripgrep cache');
    fs.renameSync(`${asset}.partial`, asset);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  log(`seeded ${asset} with ${rg}`);
}

/** One installer at a time per cache dir (e.g. `npm start` and `npm test` started together). */
function withLock(dir, fn) {
  const lock = `${dir}.lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const age = Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (age > 15 * 60_000) { fs.rmSync(lock, { recursive: true, force: true }); continue; }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    }
  }
  try { return fn(); } finally { fs.rmSync(lock, { recursive: true, force: true }); }
}

/** Returns the code-server binary path, installing code-server first if needed. */
export function ensureCodeServer() {
  const dir = codeServerDir();
  const bin = codeServerBin(dir);
  const isInstalled = () => fs.existsSync(path.join(dir, MARKER)) && !!installedVersion(bin)?.startsWith(CODE_SERVER_VERSION);
  if (isInstalled()) return bin;

  return withLock(dir, () => {
    if (isInstalled()) return bin;
    const started = Date.now();
    log(`installing code-server@${CODE_SERVER_VERSION} into ${dir} (about 1.5 min on 2 cores)`);
    if (process.versions.node.split('.')[0] !== '20' && !process.env.FORCE_NODE_VERSION) {
      log(`warning: code-server ${CODE_SERVER_VERSION} wants Node 20 (this is ${process.version}); set FORCE_NODE_VERSION to override`);
    }
    seedRipgrepCache();
    fs.rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
    fs.rmSync(path.join(dir, MARKER), { force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', `code-server@${CODE_SERVER_VERSION}`], {
      cwd: dir,
      stdio: ['ignore', process.stderr, process.stderr],
      env: cleanEnv({ npm_config_yes: 'true', npm_config_unsafe_perm: 'true', npm_config_update_notifier: 'false' }),
    });
    if (r.status !== 0) throw new Error(`npm install code-server@${CODE_SERVER_VERSION} failed (exit ${r.status})`);
    const v = installedVersion(bin);
    if (!v?.startsWith(CODE_SERVER_VERSION)) throw new Error(`installed code-server does not run: ${bin} --version gave ${v}`);
    fs.writeFileSync(path.join(dir, MARKER), `${v}\n`);
    log(`installed ${v} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return bin;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  try {
    process.stdout.write(`${ensureCodeServer()}\n`);
  } catch (e) {
    log(`error: ${e.message}`);
    process.exit(1);
  }
}
