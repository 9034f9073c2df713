/**
 * Runs the fake `zero` test double (test/fixtures/fake-zero) for real (shell:false, process.execPath +
 * script) in a sandbox of its own per test, and checks its stdout against the contract in
 * docs/zero-exec.md. Used by test/unit/fixtures/fakeZero*.test.ts.
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const FAKE = path.resolve(__dirname, '../../fixtures/fake-zero/zero');
export const BASE = ['exec', '-o', 'stream-json', '--no-notify'];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type ZeroEvent = { [key: string]: Json } & { type: string };

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  lines: string[];
  events: ZeroEvent[];
}

export interface RunOptions {
  env?: Record<string, string>;
  /** string: written then closed; 'open': left open (the test ends it); default: closed at once */
  stdin?: string | 'open';
  cwd?: string;
  onSpawn?: (child: ChildProcess) => void;
}

export let sandbox: string;
export let workspace: string;

/** A fresh sandbox (data, config, grants) with an empty workspace `ws` in it for each test, removed after it. */
export function useFakeZeroSandbox(): void {
  beforeEach(() => {
    sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-zero-test-'));
    workspace = path.join(sandbox, 'ws');
    fs.mkdirSync(workspace);
  });

  afterEach(() => {
    fs.rmSync(sandbox, { recursive: true, force: true });
  });
}

function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(ZERO_|FAKE_ZERO_|XDG_)/.test(key)) env[key] = value;
  }
  env.XDG_DATA_HOME = path.join(sandbox, 'data');
  env.XDG_CONFIG_HOME = path.join(sandbox, 'config');
  env.ZERO_SANDBOX_GRANTS_PATH = path.join(sandbox, 'grants.json');
  return env;
}

export function runFake(args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FAKE, ...args], {
      cwd: options.cwd ?? workspace,
      env: { ...baseEnv(), ...options.env },
      shell: false,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.stdin.on('error', () => undefined); // the fake may exit before reading stdin
    if (options.stdin === undefined) child.stdin.end();
    else if (options.stdin !== 'open') child.stdin.end(options.stdin);
    options.onSpawn?.(child);
    child.on('close', (code, signal) => {
      const stdout = Buffer.concat(out).toString('utf8');
      const lines = stdout.split('\n').filter((line) => line !== '');
      let events: ZeroEvent[] = [];
      try {
        events = lines.map((line) => JSON.parse(line) as ZeroEvent);
      } catch {
        events = [];
      }
      resolve({ code, signal, stdout, stderr: Buffer.concat(err).toString('utf8'), lines, events });
    });
  });
}

export const exec = (prompt: string, extra: string[] = [], options: RunOptions = {}) =>
  runFake([...BASE, '--cwd', workspace, ...extra, '--', prompt], options);

export const ofType = (result: RunResult, type: string) => result.events.filter((e) => e.type === type);
export const one = (result: RunResult, type: string): ZeroEvent => {
  const found = ofType(result, type);
  assert.equal(found.length, 1, `expected exactly one ${type} event in:\n${result.stdout.slice(0, 3000)}`);
  return found[0];
};

export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function assertSortedKeys(value: Json, where: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertSortedKeys(item, `${where}[${i}]`));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const keys = Object.keys(value);
  assert.deepEqual(keys, [...keys].sort(), `keys not alphabetical at ${where}`);
  for (const key of keys) assertSortedKeys(value[key], `${where}.${key}`);
}

/** The envelope rules of §2-§5 that hold for every stream. */
export function assertEnvelope(result: RunResult, label: string): void {
  assert.ok(result.events.length > 0, `${label}: no events`);
  assert.ok(result.stdout.endsWith('\n'), `${label}: stdout must end with a newline`);
  const runId = result.events[0].runId;
  assert.match(String(runId), /^run_\d{14}_[0-9a-f]{6}$/, `${label}: runId format`);
  result.events.forEach((event, i) => {
    assert.equal(event.schemaVersion, 2, `${label}: schemaVersion`);
    assert.equal(event.runId, runId, `${label}: runId constant`);
    assertSortedKeys(event, `${label} line ${i + 1}`);
    assert.ok(!/[<>&\u2028\u2029]/.test(result.lines[i]), `${label}: unescaped HTML/line-separator character`);
  });
  const last = result.events[result.events.length - 1];
  if (ofType(result, 'run_end').length > 0) {
    assert.equal(ofType(result, 'run_end').length, 1, `${label}: one run_end`);
    assert.equal(last.type, 'run_end', `${label}: run_end is last`);
    assert.equal(last.exitCode, result.code, `${label}: run_end.exitCode = exit code`);
  }
  if (ofType(result, 'run_start').length > 0) {
    assert.equal(result.events[0].type, 'run_start', `${label}: run_start first`);
    assert.equal(ofType(result, 'run_start').length, 1, `${label}: one run_start`);
  } else {
    assert.equal(result.events[0].type, 'error', `${label}: without run_start the first line is error`);
  }
}
