#!/usr/bin/env node
// `npm start`: set up and run Zero for VS Code in a real VS Code (code-server) you open in a browser.
//   machine setup → code-server → build + package the VSIX → install it into .e2e/demo/ → a demo
//   workspace → settings (zero.path) → code-server in the foreground on 127.0.0.1:${PORT:-8080}.
// Uses a real `zero` from PATH when there is one, else the demo agent in demo/ (the chat shows DEMO).
// Ctrl+C stops it. Everything it writes lives in .e2e/demo/ (delete it to start over).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCodeServer } from './ensure-code-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO = path.join(ROOT, '.e2e', 'demo');
const VSIX = path.join(ROOT, 'dist', 'zero-vscode.vsix');
const DEMO_ZERO = path.join(ROOT, 'demo', 'zero');
const DEMO_FILES = path.join(ROOT, 'demo', 'workspace');
const PORT = Number(process.env.PORT || 8080);
const HOST = '127.0.0.1'; // webviews need a secure context: plain http works only on localhost

const dirs = {
  userData: path.join(DEMO, 'user-data'),
  extensions: path.join(DEMO, 'extensions'),
  workspace: path.join(DEMO, 'workspace'),
  xdgData: path.join(DEMO, 'xdg-data'),
  xdgConfig: path.join(DEMO, 'xdg-config'),
};
const config = path.join(DEMO, 'code-server.yaml');

const say = (msg) => console.log(`start: ${msg}`);
function die(msg) {
  console.error(`start: ${msg}`);
  process.exit(1);
}
function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], ...opts });
  if (r.status !== 0) die(`${cmd} ${args.join(' ')} failed (exit ${r.status})`);
}

function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, HOST, () => srv.close(() => resolve(true)));
  });
}

function whichZero() {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    const p = dir && path.join(dir, 'zero');
    if (p && fs.existsSync(p) && fs.statSync(p).isFile()) {
      try {
        fs.accessSync(p, fs.constants.X_OK);
        return p;
      } catch {
        // not executable
      }
    }
  }
  return undefined;
}

/** Our keys over whatever is there (the demo user may have changed settings in the UI). */
function writeSettings(settings) {
  for (const scope of ['User', 'Machine']) {
    const file = path.join(dirs.userData, scope, 'settings.json');
    let current = {};
    try {
      current = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      // missing, or JSON with comments: start fresh
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify({ ...current, ...settings }, null, 2)}\n`);
  }
}

/** The demo workspace from demo/workspace; files the user already has (and may have edited) are kept. */
function demoWorkspace() {
  for (const name of fs.readdirSync(DEMO_FILES)) {
    const p = path.join(dirs.workspace, name);
    if (!fs.existsSync(p)) fs.copyFileSync(path.join(DEMO_FILES, name), p);
  }
}

// 1. machine + code-server
sh('bash', ['scripts/setup-machine.sh']);
let codeServer;
try {
  codeServer = ensureCodeServer();
} catch (e) {
  die(`code-server: ${e.message}`);
}
say(`code-server: ${codeServer}`);
if (!(await portFree(PORT))) die(`port ${PORT} on ${HOST} is in use; run with another one, e.g. PORT=8081 npm start`);

// 2. build + package + install
say('building and packaging the extension');
fs.rmSync(VSIX, { force: true });
sh('npm', ['run', 'package', '--', '--allow-missing-repository']);
for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
fs.writeFileSync(config, ''); // empty: ~/.config/code-server is never read or written
const serverEnv = { ...process.env };
delete serverEnv.VSCODE_IPC_HOOK_CLI; // else code-server hands the folder to another instance
sh(codeServer, ['--config', config, '--extensions-dir', dirs.extensions, '--user-data-dir', dirs.userData, '--install-extension', VSIX, '--force'], { env: serverEnv });

// 3. workspace, zero, settings
demoWorkspace();
let zeroPath = whichZero();
if (zeroPath) {
  say(`using the zero CLI on PATH: ${zeroPath}`);
} else {
  zeroPath = DEMO_ZERO;
  console.log('DEMO: no zero CLI found, using the demo agent (demo/zero): try "Fix the TODO in greet.js"');
  // The demo agent keeps its sessions and grants in the demo dir, never in your real ones.
  Object.assign(serverEnv, {
    XDG_DATA_HOME: dirs.xdgData,
    XDG_CONFIG_HOME: dirs.xdgConfig,
    ZERO_SANDBOX_GRANTS_PATH: path.join(DEMO, 'grants.json'),
  });
}
writeSettings({
  'zero.path': zeroPath,
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'typescript.disableAutomaticTypeAcquisition': true,
  'json.schemaDownload.enable': false,
  'git.openRepositoryInParentFolders': 'never',
});

// 4. code-server in the foreground
const url = `http://${HOST}:${PORT}/?folder=${encodeURIComponent(dirs.workspace)}`;
const child = spawn(
  codeServer,
  [
    '--config', config,
    '--bind-addr', `${HOST}:${PORT}`,
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust', // the demo workspace is ours; no "Restricted Mode" with Zero hidden
    '--disable-getting-started-override',
    '--extensions-dir', dirs.extensions,
    '--user-data-dir', dirs.userData,
    dirs.workspace,
  ],
  { cwd: DEMO, env: { ...serverEnv, EXTENSIONS_GALLERY: '{}' }, stdio: ['ignore', 'pipe', 'inherit'] },
);
let announced = false;
child.stdout.on('data', (d) => {
  process.stdout.write(d);
  if (!announced && /HTTP server listening/i.test(String(d))) {
    announced = true;
    console.log(`\n  Zero for VS Code is running. Open:\n\n    ${url}\n\n  then click "Zero" in the activity bar. Ctrl+C stops it.\n`);
  }
});
// Ctrl+C reaches code-server too (same process group); give it a moment, then make sure.
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    say('stopping code-server');
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}
child.on('exit', (code, signal) => {
  say(`code-server exited (${signal ?? code})`);
  process.exit(stopping ? 0 : (code ?? 1));
});
