/**
 * The mode a prompt runs in, settled before session/prompt:
 * - Restricted Mode: `set_mode plan` before every prompt, whatever the cache says (a mode can change
 *   by a door this client does not watch), and no prompt at all when the session offers no plan mode.
 * - Otherwise the chat's pick, when the session offers it and does not use it yet.
 * - A mode that means unsafe (unsafeMode.ts), picked or already current, is used only once the user
 *   confirmed it for this message, as exec asks before every unsafe message.
 */
import type { ChatAction } from '../conversation/actions';
import type { AcpSessionInfo } from '../conversation/model';
import { meansUnsafeMode } from './unsafeMode';
import type { ZeroAcp } from './zeroAcp';

export interface ModeRequest {
  readonly trusted: boolean;
  /** The chat's pick; null: the session's own. */
  readonly mode: string | null;
}

/** Asks the user whether to send this message in `mode` (which skips Zero's permission prompts). */
export type ConfirmUnsafe = (mode: { readonly id: string; readonly name: string }) => Promise<boolean>;

export interface ModeRefusal {
  readonly status: 'error' | 'interrupted';
  readonly explanation: string;
}

/** null when the prompt may go; else why it was not sent. */
export async function settleMode(
  zero: ZeroAcp,
  sessionId: string,
  opened: AcpSessionInfo,
  req: ModeRequest,
  dispatch: (a: ChatAction) => void,
  confirmUnsafe: ConfirmUnsafe | undefined,
): Promise<ModeRefusal | null> {
  const info = (): AcpSessionInfo => zero.sessionState(sessionId) ?? opened;
  if (!req.trusted) {
    if (!info().modes.some((m) => m.id === 'plan')) {
      return {
        status: 'error',
        explanation:
          'Restricted Mode: this workspace is not trusted, so Zero may only run in plan (read-only) mode, but this Zero session offers no plan mode. The message was not sent. Trust the workspace to run it.',
      };
    }
    await zero.setMode(sessionId, 'plan');
    dispatch({ type: 'acp_mode', mode: 'plan' });
    return null;
  }
  const wanted = req.mode;
  let confirmed: string | null = null;
  if (wanted && wanted !== info().mode) {
    const offered = info().modes.find((m) => m.id === wanted);
    if (offered) {
      if (meansUnsafeMode(offered)) {
        if (!(await confirmUnsafe?.(offered))) return declined(offered.name || offered.id);
        confirmed = offered.id;
      }
      await zero.setMode(sessionId, wanted);
      dispatch({ type: 'acp_mode', mode: wanted });
    }
  }
  // The session may already be in such a mode (Zero's default, an earlier message, the agent itself).
  const current = info().mode;
  if (current && current !== confirmed) {
    const mode = info().modes.find((m) => m.id === current) ?? { id: current, name: current };
    if (meansUnsafeMode(mode) && !(await confirmUnsafe?.(mode))) return declined(mode.name || mode.id);
  }
  return null;
}

function declined(name: string): ModeRefusal {
  return {
    status: 'interrupted',
    explanation: `Not sent: the session's mode "${name}" lets Zero run tools without asking, and it was not confirmed for this message. Confirm it, or pick another mode.`,
  };
}
