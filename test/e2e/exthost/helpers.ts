// Shared by the extension-host suites: the extension's test API, settings, and waiting.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ZeroExtensionApi } from '../../../src/extension';
import type { Chat, Turn } from '../../../src/conversation/model';
import { until } from '../../support/until';

export const EXTENSION_ID = 'zero-vscode.zero-vscode';

export async function api(): Promise<ZeroExtensionApi> {
  const ext = vscode.extensions.getExtension<ZeroExtensionApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
  return ext.activate();
}

/** The fake zero; on Windows its `.cmd` shim (a script without extension cannot be spawned there). */
export function fakeZeroPath(): string {
  const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
  return path.join(
    ext.extensionUri.fsPath,
    'test',
    'fixtures',
    'fake-zero',
    process.platform === 'win32' ? 'zero.cmd' : 'zero',
  );
}

/** A private sandbox for the fake zero: sessions, grants and the invocation record. */
export interface Sandbox {
  readonly dir: string;
  readonly record: string;
  readonly grants: string;
  env(extra?: Record<string, string>): Record<string, string>;
  invocations(): { argv: string[]; stdin: string | null; env: Record<string, string> }[];
  /** Only the `zero exec` runs (not `zero sandbox grants …` or `--version`). */
  execs(): { argv: string[]; stdin: string | null; env: Record<string, string> }[];
}

export function sandbox(): Sandbox {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-exthost-'));
  const record = path.join(dir, 'record.jsonl');
  const grants = path.join(dir, 'grants.json');
  const invocations = (): { argv: string[]; stdin: string | null; env: Record<string, string> }[] =>
    fs.existsSync(record)
      ? fs
          .readFileSync(record, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { argv: string[]; stdin: string | null; env: Record<string, string> })
      : [];
  return {
    dir,
    record,
    grants,
    execs: () => invocations().filter((i) => i.argv[0] === 'exec'),
    env: (extra = {}) => ({
      XDG_DATA_HOME: path.join(dir, 'data'),
      ZERO_SANDBOX_GRANTS_PATH: grants,
      FAKE_ZERO_RECORD: record,
      ...extra,
    }),
    invocations,
  };
}

/** User-level settings (zero.path and zero.env are machine-scoped: a workspace cannot set them). */
export async function configure(values: Record<string, unknown>): Promise<void> {
  const cfg = vscode.workspace.getConfiguration('zero');
  for (const [k, v] of Object.entries(values)) await cfg.update(k, v, vscode.ConfigurationTarget.Global);
}

/** A new sandbox, the fake zero configured with it (default settings otherwise), and an empty chat. */
export async function freshChat(extraEnv: Record<string, string> = {}): Promise<Sandbox> {
  const box = sandbox();
  await configure({ path: fakeZeroPath(), env: box.env(extraEnv), mode: '', model: '', extraArgs: [] });
  const a = await api();
  await a.recheckBinary();
  a.controller.focus.newChat();
  return box;
}

export function lastTurn(chat: Chat): Turn {
  const t = chat.turns[chat.turns.length - 1];
  if (!t) throw new Error('the chat has no turn');
  return t;
}

export const finished = (t: Turn): boolean => t.status !== 'starting' && t.status !== 'running';

/** Waits for the current chat's turn count to reach `n` and that turn to finish. */
export async function turnDone(a: ZeroExtensionApi, n: number, timeoutMs = 30_000): Promise<Turn> {
  return until(
    () => {
      const chat = a.controller.focus.workingChat;
      const t = chat.turns[n - 1];
      return chat.turns.length >= n && t && finished(t) && !a.controller.runs.isBusy(a.controller.focus.workingChatId)
        ? t
        : undefined;
    },
    `turn ${n} finished`,
    timeoutMs,
  );
}

/** Replaces window.showWarningMessage for the duration of `fn` (the modal would block the test). */
export async function withModalAnswers<T>(
  answers: (message: string, detail: string) => string | undefined,
  fn: (calls: { message: string; detail: string }[]) => Promise<T>,
): Promise<T> {
  const calls: { message: string; detail: string }[] = [];
  const original = vscode.window.showWarningMessage;
  (vscode.window as { showWarningMessage: unknown }).showWarningMessage = async (
    message: string,
    ...rest: unknown[]
  ) => {
    const opts = rest[0] as vscode.MessageOptions | undefined;
    const detail = typeof opts === 'object' && opts && 'detail' in opts ? String(opts.detail ?? '') : '';
    calls.push({ message, detail });
    return answers(message, detail);
  };
  try {
    return await fn(calls);
  } finally {
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = original;
  }
}

/** "Zero: Export Chat as Markdown" with the save dialog answered `target`; returns what was written. */
export async function exportChatTo(target: vscode.Uri): Promise<string> {
  const original = vscode.window.showSaveDialog;
  (vscode.window as { showSaveDialog: unknown }).showSaveDialog = async () => target;
  try {
    await vscode.commands.executeCommand('zero.exportMarkdown');
  } finally {
    (vscode.window as { showSaveDialog: unknown }).showSaveDialog = original;
  }
  return fs.readFileSync(target.fsPath, 'utf8');
}
