// The real Zero for tests: where its binary is, and a sandbox per test (its own HOME and XDG folders,
// a workspace, Zero's config pointing at the scripted model server), so a user's real Zero config,
// sessions and grants are never read or touched.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startModelServer, type ListedModel, type ModelServer } from '../../fixtures/model-server/server';
import { scriptedConfig, writeZeroConfig } from '../../support/scriptedProvider';

const ROOT = path.resolve(__dirname, '../../..');

/** The real Zero's path, from ZERO_REAL_BIN or the install script; or why there is none. */
export function findRealZero(): { bin: string } | { skip: string } {
  const fromEnv = process.env.ZERO_REAL_BIN;
  if (fromEnv) return fs.existsSync(fromEnv) ? { bin: fromEnv } : { skip: `ZERO_REAL_BIN=${fromEnv} does not exist` };
  const r = spawnSync('bash', [path.join(ROOT, 'scripts', 'install-zero.sh')], { encoding: 'utf8' });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status === 0 && last.startsWith('/')) return { bin: last };
  return { skip: last.replace(/^skipped: no real Zero \((.*)\)$/, '$1') || `install-zero.sh exited ${r.status}` };
}

let cachedBin: string | undefined;

/** The binary; call from a suite whose runner already checked it exists (see test/real-zero/setup.ts). */
export function realZeroBin(): string {
  if (cachedBin) return cachedBin;
  const found = findRealZero();
  if ('skip' in found) throw new Error(`no real Zero: ${found.skip}`);
  return (cachedBin = found.bin);
}

export interface Sandbox {
  root: string;
  home: string;
  workspace: string;
  /** Zero's data folder (sessions live in <dataHome>/zero/sessions). */
  dataHome: string;
  configHome: string;
  grantsPath: string;
  server: ModelServer;
  /** The environment to run Zero with: nothing of the user's Zero setup, only this sandbox. */
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/** Variables through which Zero would read a real provider, key or config (resolver.go merges them). */
const LEAKY =
  /^(ZERO_|OPENAI_|ANTHROPIC_|GEMINI_|GOOGLE_|OPENROUTER_|XAI_|GROQ_|DEEPSEEK_|MISTRAL_|AZURE_|AWS_|XDG_|FAKE_ZERO_)/;

export interface SandboxOptions {
  /** Extra config.json fields (merged at the top level). */
  config?: Record<string, unknown>;
  /** Let Zero fetch the model list (zero acp asks for it on session/new). */
  modelsFetch?: boolean;
  /** Files to create in the workspace, relative path → content. */
  files?: Record<string, string>;
  /** More models for the provider's `/models` list (e.g. one that lists reasoning efforts). */
  models?: readonly ListedModel[];
}

export async function makeSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const server = await startModelServer(options.models ? { models: options.models } : {});
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zero-real-')));
  const home = path.join(root, 'home');
  const configHome = path.join(root, 'config');
  const dataHome = path.join(root, 'data');
  const workspace = path.join(root, 'workspace');
  for (const dir of [home, configHome, dataHome, path.join(root, 'state'), path.join(root, 'cache'), workspace])
    fs.mkdirSync(dir, { recursive: true });
  const files = {
    'README.md': '# Demo project\n\nA small workspace for the real-Zero tests.\n',
    'second.txt': 'the second file\n',
    ...options.files,
  };
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), content);
  }
  writeZeroConfig(configHome, scriptedConfig(server.baseURL, options.config));
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !LEAKY.test(key)) env[key] = value;
  Object.assign(env, {
    HOME: home,
    XDG_CONFIG_HOME: configHome,
    XDG_DATA_HOME: dataHome,
    XDG_STATE_HOME: path.join(root, 'state'),
    XDG_CACHE_HOME: path.join(root, 'cache'),
    ZERO_SANDBOX_GRANTS_PATH: path.join(configHome, 'zero', 'sandbox-grants.json'),
    NO_COLOR: '1',
  });
  if (!options.modelsFetch) env.ZERO_DISABLE_MODELS_FETCH = '1';
  return {
    root,
    home,
    workspace,
    dataHome,
    configHome,
    grantsPath: env.ZERO_SANDBOX_GRANTS_PATH,
    server,
    env,
    async dispose() {
      await server.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface ExecResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Each stdout line parsed (lines that are not JSON are kept as { type: '<not json>', line }). */
  events: Record<string, unknown>[];
}

/** Runs the real Zero with `args` in the sandbox's workspace; resolves when it exits. */
export function runZero(
  sandbox: Sandbox,
  args: string[],
  options: { stdin?: string; onSpawn?: (child: ChildProcess) => void; timeoutMs?: number } = {},
): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(realZeroBin(), args, {
      cwd: sandbox.workspace,
      env: sandbox.env,
      shell: false,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.stdin.on('error', () => undefined);
    child.on('error', reject);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString('utf8');
      const events = stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return { type: '<not json>', line };
          }
        });
      resolve({ code, signal, stdout, stderr: Buffer.concat(err).toString('utf8'), events });
    });
    options.onSpawn?.(child);
    child.stdin.end(options.stdin ?? '');
  });
}

/** `zero exec -o stream-json` with the extension's own base flags, prompt after `--`. */
export function execArgs(prompt: string, extra: string[] = []): string[] {
  return ['exec', '-o', 'stream-json', '--no-notify', '--no-completion-gate', ...extra, '--', prompt];
}
