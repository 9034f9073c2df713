// Zero's own terminal UI, typed into through a pseudo-terminal (tuiType.py): the reference for what
// Zero sends the model when a user types a slash command there.
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { textOf } from '../../fixtures/model-server/scenarios';
import type { RecordedRequest } from '../../fixtures/model-server/server';
import { realZeroBin, type Sandbox } from './realZero';

const DRIVER = path.join(__dirname, 'tuiType.py');

/** Types `line` into `zero` (the TUI) in the sandbox's workspace; resolves with the first model turn it starts. */
export async function typeIntoZeroTui(sandbox: Sandbox, line: string, timeoutMs = 90_000): Promise<RecordedRequest> {
  const before = sandbox.server.completions().length;
  const child = spawn('python3', [DRIVER, line, '--', realZeroBin()], {
    cwd: sandbox.workspace,
    env: { ...sandbox.env, TERM: 'xterm-256color' },
    shell: false,
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  try {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      const turn = sandbox.server.completions().slice(before).find(isAgentTurn);
      if (turn) return turn;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`Zero's TUI sent no model turn for ${JSON.stringify(line)}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** A model turn of the agent (it offers tools); Zero's session-title request offers none. */
export function isAgentTurn(r: RecordedRequest): boolean {
  return (r.body?.tools?.length ?? 0) > 0;
}

/** The text of the last user message of a request: what the model was asked. */
export function lastUserText(r: RecordedRequest): string {
  const user = (r.body?.messages ?? []).filter((m) => m.role === 'user').pop();
  return textOf(user?.content);
}
