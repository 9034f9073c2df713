// Runs `zero exec` (real or fake) with the extension's own argv and stdin, and turns the stdout events
// into a comparable sequence: what neither side can know the same way (run and call ids, session ids,
// sandbox paths, run_start's provider and model, the tool's `meta`) is replaced or dropped; everything
// else (types, order, tool names, args, statuses, outputs, permission fields, texts, exit codes) is kept.
import { spawn } from 'node:child_process';
import { buildExecArgs } from '../../../src/zero/exec/execArgs';
import { promptInput } from '../../../src/protocol/input';
import type { Sandbox } from './realZero';

export type RawEvent = Record<string, unknown>;

export interface RawRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  events: RawEvent[];
  stderr: string;
}

export interface RawRunOptions {
  mode?: string;
  addDirs?: string[];
  extraArgs?: string[];
  env?: Record<string, string>;
  /** SIGINT the process group (as the product's Stop does) once this many text deltas arrived. */
  interruptAfterTexts?: number;
}

/** `binary` is the real Zero, or `[node, fake]`. */
export function runRaw(
  command: string[],
  sandbox: Sandbox,
  prompt: string,
  options: RawRunOptions = {},
): Promise<RawRun> {
  const { args } = buildExecArgs({
    cwd: sandbox.workspace,
    ...(options.mode ? { permissionMode: options.mode } : {}),
    addDirs: options.addDirs ?? [],
    extraArgs: options.extraArgs ?? [],
  });
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, [...command.slice(1), ...args], {
      cwd: sandbox.workspace,
      env: { ...sandbox.env, ...options.env },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const events: RawEvent[] = [];
    let pending = '';
    let stderr = '';
    let texts = 0;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines.filter(Boolean)) {
        const event = JSON.parse(line) as RawEvent;
        events.push(event);
        if (event.type === 'text' && ++texts === options.interruptAfterTexts) process.kill(-child.pid!, 'SIGINT');
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, events, stderr });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(promptInput(prompt));
  });
}

export interface NormaliseOptions {
  /** Literal text to replace in every string, e.g. [sandbox.root, '<root>']. */
  replace: [string, string][];
  /** Keep only the first of each run of text deltas, as `<streamed>` (a Stop cuts at a different delta). */
  collapseText?: boolean;
}

export function normalise(events: readonly RawEvent[], options: NormaliseOptions): RawEvent[] {
  const ids = new Map<string, string>();
  const idOf = (id: unknown) => {
    if (typeof id !== 'string') return id;
    if (!ids.has(id)) ids.set(id, `id-${ids.size + 1}`);
    return ids.get(id);
  };
  const text = (value: unknown): unknown => {
    if (typeof value === 'string') return options.replace.reduce((s, [from, to]) => s.split(from).join(to), value);
    if (Array.isArray(value)) return value.map(text);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, text(v)]));
    return value;
  };
  const out: RawEvent[] = [];
  for (const raw of events) {
    const e: RawEvent = { ...raw };
    delete e.runId;
    if (e.sessionId !== undefined) e.sessionId = '<session>';
    if (e.type === 'run_start') {
      // The fake cannot read the sandbox's provider config: which provider and model is Zero's business.
      delete e.provider;
      delete e.model;
      delete e.apiModel;
    }
    // `meta` is "not a contract" (docs/zero-exec.md §3.8): the extension never reads it.
    if (e.type === 'tool_result') delete e.meta;
    if ('id' in e) e.id = idOf(e.id);
    if (options.collapseText && e.type === 'text') {
      if (out.at(-1)?.type === 'text') continue;
      e.delta = '<streamed>';
    }
    out.push(text(e) as RawEvent);
  }
  return out;
}

/** One line per event, for a readable diff when the sequences drift. */
export const lines = (events: readonly RawEvent[]): string[] => events.map((e) => JSON.stringify(e));
