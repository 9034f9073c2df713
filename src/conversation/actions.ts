/** Everything that can change a chat: Zero's events plus what happens locally. */
import type { Decoded, ProtocolProblem, UnknownEvent } from '../protocol/decoded';
import type { ZeroEvent } from '../protocol/events';
import type { ApprovalState } from './model';

export type ChatAction =
  /** The user sent a message (or the host started an approval follow-up); starts a new turn. */
  | { readonly type: 'turn_started'; readonly turnId: string; readonly prompt: string; readonly origin: 'prompt' | 'retry'; readonly at: number }
  | { readonly type: 'event'; readonly event: ZeroEvent; readonly line: number }
  | { readonly type: 'unknown_event'; readonly unknown: UnknownEvent }
  | { readonly type: 'problem'; readonly problem: ProtocolProblem }
  /** The process is gone. `explanation` is the host's words for a non-success exit. */
  | {
      readonly type: 'process_exited';
      readonly code: number | null;
      readonly signal: string | null;
      readonly spawnFailed: boolean;
      readonly explanation: string | null;
      readonly stderrTail: string | null;
      readonly at: number;
    }
  /** The user answered (or dismissed) a permission card's dialog. */
  | { readonly type: 'approval_decided'; readonly turnId: string; readonly key: string; readonly approval: ApprovalState }
  /** Loaded from storage with a turn still running: the window went away under it. */
  | { readonly type: 'run_cut_off'; readonly at: number }
  | { readonly type: 'renamed'; readonly title: string }
  /** The user undid a turn's file changes (Zero's rewind succeeded). */
  | { readonly type: 'turn_undone'; readonly turnId: string; readonly summary: string; readonly at: number };

/** Turn a decoded stdout line into the action the reducer understands. */
export function actionFromDecoded(d: Decoded): ChatAction {
  switch (d.kind) {
    case 'event':
      return { type: 'event', event: d.event, line: d.line };
    case 'unknown':
      return { type: 'unknown_event', unknown: d.unknown };
    case 'problem':
      return { type: 'problem', problem: d.problem };
    default:
      return assertNever(d);
  }
}

export function assertNever(x: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(x)}`);
}
