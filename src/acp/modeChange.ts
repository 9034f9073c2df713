/**
 * The user picks a mode while the session may be running a turn. Zero applies `set_mode` only once
 * the running turn is over (it waits for turnMu), and the running turn keeps the mode it started
 * with: so the chat keeps showing that one, with the pick "from your next message", until Zero
 * has switched.
 */
import type { ChatAction } from '../conversation/actions';
import type { ZeroAcp } from './zeroAcp';

export async function changeMode(
  zero: ZeroAcp,
  sessionId: string,
  mode: string,
  dispatch: (a: ChatAction) => void,
): Promise<void> {
  const queued = zero.isRunning(sessionId);
  if (queued) dispatch({ type: 'acp_mode_queued', mode });
  try {
    await zero.setMode(sessionId, mode);
  } catch (err) {
    if (queued) dispatch({ type: 'acp_mode_queued', mode: null });
    throw err;
  }
  dispatch({ type: 'acp_mode', mode });
}
