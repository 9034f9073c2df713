// A fresh code-server (VS Code 1.100.3 server + web workbench) per suite, isolated in its own dirs
// under .e2e/runs/<name>/, in its own process group so stop() takes the extension host, tsserver
// and every zero it spawned down with it. See docs/testing-in-vscode.md, "The server".
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { REPO_ROOT, RUNS_DIR } from './paths';
import { installVsixInto } from './vsixInstall';

/** Settings every run gets (docs/testing-in-vscode.md, "The server"); callers add theirs on top. */
export const BASE_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
  'editor.lightbulb.enabled': 'on',
  'window.confirmBeforeClose': 'never',
  'typescript.disableAutomaticTypeAcquisition': true,
  'json.schemaDownload.enable': false,
  // .e2e/ is inside this repo: without this, a "git repository found in the parent folders" toast.
  'git.openRepositoryInParentFolders': 'never',
};

/** How the extension gets into the server: from the repo (payload) or as an installed VSIX. */
export type ExtensionSource = 'dev' | 'none' | { vsix: string };

export interface CodeServerOptions {
  /** Names the run dir `.e2e/runs/<name>` (wiped at start, kept afterwards for debugging). */
  name: string;
  /** Added over BASE_SETTINGS, written to both User and Machine settings (docs/testing-in-vscode.md, "Machine-scoped settings"). */
  settings?: Record<string, unknown>;
  /** Extra env for the server, inherited by the extension host and every `zero` it spawns. `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Default: `{ vsix: $ZERO_E2E_VSIX }` when that is set, else 'dev' (built with `node esbuild.mjs` first). */
  extension?: ExtensionSource;
  /** Files for the workspace folder, path → content. Default: a single `hello.txt`. */
  workspaceFiles?: Record<string, string>;
  /** Extra code-server flags (it rejects any it does not know, docs/testing-in-vscode.md, "Its own config"). */
  extraArgs?: string[];
  /**
   * Workspace trust on, with no start-up prompt: the folder opens untrusted (Restricted Mode).
   * Default off (`--disable-workspace-trust`), so every other suite runs trusted.
   */
  untrusted?: boolean;
}

export interface RunDirs {
  root: string;
  userData: string;
  extensions: string;
  workspace: string;
  xdgData: string;
  xdgConfig: string;
  xdgCache: string;
  /** ZERO_SANDBOX_GRANTS_PATH */
  grants: string;
  /** FAKE_ZERO_RECORD: the fake zero appends one record per invocation. */
  record: string;
  /** FAKE_ZERO_ACP_RECORD: the fake `zero acp` appends one record per session request (prompt, set_mode…). */
  acpRecord: string;
  /** code-server's stdout and stderr. */
  log: string;
}

export interface CodeServer {
  /** `127.0.0.1:<port>`, also the remote authority of the window. */
  readonly host: string;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly dirs: RunDirs;
  readonly extension: ExtensionSource;
  /** The env the server runs with. */
  readonly env: Readonly<Record<string, string>>;
  /** Seconds spent starting: `build` (dev) or `install` / `install (copied)` (VSIX), then `healthz` (spawn → /healthz). */
  readonly timings: Readonly<Record<string, number>>;
  /** The workbench URL for the workspace, with the dev-extension payload when extension is 'dev'. */
  workbenchUrl(extraPayload?: Array<[string, string]>): string;
  /** `vscode-remote://<host>/<abs path>`: how the web workbench names a file on the server. */
  remoteUri(absPath: string): string;
  /** Merges into both settings files; the running window picks the change up (it watches them). */
  updateSettings(patch: Record<string, unknown>): void;
  /** The last lines of the server log. */
  logTail(lines?: number): string;
  /** SIGTERM to the process group, SIGKILL after a grace period. Idempotent. */
  stop(): Promise<void>;
}

const live = new Set<number>();
let exitHooksInstalled = false;

/** If the test process dies, do not leave 600 MB extension hosts behind (docs/testing-in-vscode.md, "Stop the whole group"). */
function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', () => {
    for (const pgid of live) killGroup(pgid, 'SIGKILL');
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      for (const pgid of live) killGroup(pgid, 'SIGKILL');
      process.exit(sig === 'SIGINT' ? 130 : 143);
    });
  }
}

function killGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A server left over from a crashed run of the same suite: stop it if the pid still is that server. */
function killStale(pidFile: string, root: string): void {
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  if (!pid) return;
  let cmdline = '';
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (cmdline.includes(root)) killGroup(pid, 'SIGKILL');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The code-server binary: $ZERO_CODE_SERVER, else installed/found by scripts/ensure-code-server.mjs. */
export function codeServerBinary(): string {
  if (process.env.ZERO_CODE_SERVER) return process.env.ZERO_CODE_SERVER;
  const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'ensure-code-server.mjs')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const bin = r.stdout.trim().split('\n').pop();
  if (r.status !== 0 || !bin) throw new Error('scripts/ensure-code-server.mjs failed; see its output above');
  process.env.ZERO_CODE_SERVER = bin; // once per process
  return bin;
}

function serverEnv(dirs: RunDirs, extra: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    XDG_DATA_HOME: dirs.xdgData,
    XDG_CONFIG_HOME: dirs.xdgConfig,
    XDG_CACHE_HOME: dirs.xdgCache,
    ZERO_SANDBOX_GRANTS_PATH: dirs.grants,
    FAKE_ZERO_RECORD: dirs.record,
    FAKE_ZERO_ACP_RECORD: dirs.acpRecord,
    EXTENSIONS_GALLERY: '{}', // no gallery: nothing tries the network
    VSCODE_IPC_HOOK_CLI: undefined, // else code-server hands the folder to another instance (docs/testing-in-vscode.md, "Its own config")
    ...extra,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

function makeDirs(name: string): RunDirs {
  const root = path.join(RUNS_DIR, name.replace(/[^\w.-]+/g, '-'));
  killStale(path.join(root, 'server.pid'), root);
  fs.rmSync(root, { recursive: true, force: true });
  const dirs: RunDirs = {
    root,
    userData: path.join(root, 'user-data'),
    extensions: path.join(root, 'extensions'),
    workspace: path.join(root, 'workspace'),
    xdgData: path.join(root, 'xdg-data'),
    xdgConfig: path.join(root, 'xdg-config'),
    xdgCache: path.join(root, 'xdg-cache'),
    grants: path.join(root, 'grants.json'),
    record: path.join(root, 'zero-record.jsonl'),
    acpRecord: path.join(root, 'zero-acp-record.jsonl'),
    log: path.join(root, 'code-server.log'),
  };
  for (const d of [dirs.userData, dirs.extensions, dirs.workspace, dirs.xdgData, dirs.xdgConfig, dirs.xdgCache]) {
    fs.mkdirSync(d, { recursive: true });
  }
  return dirs;
}

/** Settings go to User and Machine: a remote window reads machine-scoped ones (zero.path) from Machine. */
export function writeSettings(userData: string, settings: Record<string, unknown>): void {
  const json = `${JSON.stringify({ ...BASE_SETTINGS, ...settings }, null, 2)}\n`;
  for (const scope of ['User', 'Machine']) {
    fs.mkdirSync(path.join(userData, scope), { recursive: true });
    fs.writeFileSync(path.join(userData, scope, 'settings.json'), json);
  }
}

export function mergeSettings(userData: string, patch: Record<string, unknown>): void {
  for (const scope of ['User', 'Machine']) {
    const file = path.join(userData, scope, 'settings.json');
    const current = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify({ ...current, ...patch }, null, 2)}\n`);
  }
}

/** `node esbuild.mjs`, so the dev path runs the current sources (skip with ZERO_E2E_NO_BUILD=1). */
export function buildDevExtension(): void {
  if (process.env.ZERO_E2E_NO_BUILD === '1') return;
  const r = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node esbuild.mjs failed:\n${r.stdout}${r.stderr}`);
}

function tail(file: string, lines: number): string {
  try {
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .slice(-lines - 1)
      .join('\n');
  } catch {
    return `(no log at ${file})`;
  }
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  installExitHooks();
  const bin = codeServerBinary();
  const extension: ExtensionSource =
    options.extension ?? (process.env.ZERO_E2E_VSIX ? { vsix: path.resolve(process.env.ZERO_E2E_VSIX) } : 'dev');
  const dirs = makeDirs(options.name);
  const config = path.join(dirs.root, 'code-server.yaml');
  fs.writeFileSync(config, ''); // empty: ~/.config/code-server is never read or written
  const trust = options.untrusted
    ? {
        'security.workspace.trust.enabled': true,
        'security.workspace.trust.startupPrompt': 'never',
        'security.workspace.trust.emptyWindow': false,
      }
    : {};
  writeSettings(dirs.userData, { ...trust, ...(options.settings ?? {}) });
  for (const [rel, content] of Object.entries(
    options.workspaceFiles ?? { 'hello.txt': 'Hello from the Zero e2e workspace.\n' },
  )) {
    fs.mkdirSync(path.dirname(path.join(dirs.workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(dirs.workspace, rel), content);
  }
  const env = serverEnv(dirs, options.env ?? {});
  const timings: Record<string, number> = {};
  let t = Date.now();
  if (extension === 'dev') {
    buildDevExtension();
    timings.build = (Date.now() - t) / 1000;
  } else if (extension !== 'none') {
    const installedNow = installVsixInto(bin, extension.vsix, dirs.extensions, env);
    timings[installedNow ? 'install' : 'install (copied)'] = (Date.now() - t) / 1000;
  }
  t = Date.now();

  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const args = [
    '--config',
    config,
    '--bind-addr',
    host,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    ...(options.untrusted ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--extensions-dir',
    dirs.extensions,
    '--user-data-dir',
    dirs.userData,
    ...(options.extraArgs ?? []),
    dirs.workspace,
  ];
  const logFd = fs.openSync(dirs.log, 'a');
  // detached => setsid(): the server leads a new process group whose id is its pid.
  const child: ChildProcess = spawn(bin, args, {
    cwd: dirs.root,
    env,
    detached: true,
    stdio: ['ignore', logFd, logFd],
  });
  fs.closeSync(logFd);
  const pgid = child.pid;
  if (!pgid) throw new Error(`could not start ${bin}`);
  live.add(pgid);
  fs.writeFileSync(path.join(dirs.root, 'server.pid'), `${pgid}\n`);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      resolve();
    }),
  );

  let stopping: Promise<void> | undefined;
  const server: CodeServer = {
    host,
    origin: `http://${host}`,
    dirs,
    extension,
    env,
    timings,
    remoteUri: (absPath) => `vscode-remote://${host}${absPath}`,
    workbenchUrl(extraPayload = []) {
      const payload: Array<[string, string]> = [...extraPayload];
      if (extension === 'dev') payload.unshift(['extensionDevelopmentPath', server.remoteUri(REPO_ROOT)]);
      let url = `${server.origin}/?folder=${encodeURIComponent(dirs.workspace)}`;
      if (payload.length) url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
      return url;
    },
    updateSettings: (patch) => mergeSettings(dirs.userData, patch),
    logTail: (lines = 60) => tail(dirs.log, lines),
    stop() {
      stopping ??= (async () => {
        killGroup(pgid, 'SIGTERM');
        const deadline = Date.now() + 10_000;
        while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
        if (groupAlive(pgid)) killGroup(pgid, 'SIGKILL');
        await Promise.race([exited, sleep(2_000)]);
        live.delete(pgid);
      })();
      return stopping;
    },
  };

  // /healthz answers once the HTTP server listens; VS Code itself loads on the first page request.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exitCode !== undefined) {
      live.delete(pgid);
      throw new Error(`code-server exited (${exitCode}) before answering /healthz. Log tail:\n${server.logTail()}`);
    }
    try {
      const res = await fetch(`${server.origin}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`code-server did not answer /healthz within 60 s. Log tail:\n${server.logTail()}`);
    }
    await sleep(150);
  }
  timings.healthz = (Date.now() - t) / 1000;
  return server;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
