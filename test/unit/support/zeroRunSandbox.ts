/** startZeroRun against the fake zero: a sandbox per test, the fake found as the real one is, and a run collected. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Decoded } from '../../../src/protocol/decoded';
import { findZero } from '../../../src/zero/binary/findZero';
import { startZeroRun, type RunExit, type ZeroRunOptions } from '../../../src/zero/process/zeroProcess';

export const FIXTURES = path.resolve(__dirname, '../../fixtures');
const FAKE_DIR = path.join(FIXTURES, 'fake-zero');
export const WIN = process.platform === 'win32';

export interface Sandbox {
  root: string;
  ws: string;
  data: string;
  record: string;
}

export function makeSandbox(): Sandbox {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-proc-'));
  const ws = path.join(root, 'ws');
  const data = path.join(root, 'data');
  fs.mkdirSync(ws);
  fs.mkdirSync(data);
  return { root, ws: fs.realpathSync(ws), data, record: path.join(root, 'record.jsonl') };
}

/** The fake zero, found the way the extension finds the real one. */
export function fakeBinary(): string {
  const found = findZero({ configuredPath: path.join(FAKE_DIR, WIN ? 'zero.cmd' : 'zero') });
  assert.ok(found.ok, found.ok ? '' : found.reason);
  return found.path;
}

export interface Collected {
  items: Decoded[];
  batches: number;
  stderr: string;
  exit: RunExit;
}

export async function collect(opts: ZeroRunOptions): Promise<Collected> {
  const items: Decoded[] = [];
  let batches = 0;
  let stderr = '';
  const run = startZeroRun({
    ...opts,
    onDecoded: (batch) => {
      batches++;
      items.push(...batch);
    },
    onStderr: (text) => (stderr += text),
  });
  const exit = await run.exited;
  return { items, batches, stderr, exit };
}

/** Each test gets a fresh sandbox and fake binary (`set`), removed after it. */
export function freshSandboxEach(set: (sb: Sandbox, binary: string) => void): void {
  let root: string | undefined;
  beforeEach(() => {
    const sb = makeSandbox();
    root = sb.root;
    set(sb, fakeBinary());
  });
  afterEach(() => root && fs.rmSync(root, { recursive: true, force: true }));
}

export const events = (items: readonly Decoded[]) => items.flatMap((d) => (d.kind === 'event' ? [d.event] : []));

/** What the fake records of one invocation (FAKE_ZERO_RECORD). */
export interface FakeRecord {
  argv: string[];
  stdin: string | null;
  cwd: string;
  env: Record<string, string>;
}

/** The fake's env for `scenario` (recording every invocation in the sandbox), and those records. */
export function fakeRunEnv(sandbox: () => Sandbox) {
  const envFor = (scenario: string, extra: Record<string, string> = {}) => ({
    FAKE_ZERO_SCENARIO: scenario,
    FAKE_ZERO_RECORD: sandbox().record,
    XDG_DATA_HOME: sandbox().data,
    ...extra,
  });
  const records = (): FakeRecord[] =>
    fs
      .readFileSync(sandbox().record, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as FakeRecord);
  return { envFor, records };
}
