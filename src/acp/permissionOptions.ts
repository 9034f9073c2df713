/**
 * What the permission dialog shows and how its answer goes back to Zero. Pure.
 *
 * Zero's option ids are its own decision actions (`allow`, `allow_for_session`, `always_allow`,
 * `deny`…) and its labels are what the user reads: both are passed through unchanged. Esc or
 * closing the dialog picks Zero's reject option; only when Zero offers none (apply_patch) is
 * `cancelled` the refusal, which ends the turn — Zero's own design (permission.go). What the
 * dialog says is src/approvals/acpPermissionText.ts.
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { ApprovalState } from '../conversation/model';

export function selected(optionId: string): acp.RequestPermissionResponse {
  return { outcome: { outcome: 'selected', optionId } };
}

export const CANCELLED: acp.RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };

/** Esc / closed: Zero's reject option (reject_once first), else cancelled. */
export function dismissed(options: readonly acp.PermissionOption[]): acp.RequestPermissionResponse {
  const reject = options.find((o) => o.kind === 'reject_once') ?? options.find((o) => o.kind === 'reject_always');
  return reject ? selected(reject.optionId) : CANCELLED;
}

/** How the chat records the answer on the permission card. */
export function approvalOf(
  response: acp.RequestPermissionResponse,
  options: readonly acp.PermissionOption[],
): ApprovalState {
  if (response.outcome.outcome === 'cancelled') return 'cancelled';
  const optionId = response.outcome.optionId;
  const option = options.find((o) => o.optionId === optionId);
  if (!option || option.kind === 'reject_once' || option.kind === 'reject_always') return 'denied';
  if (option.kind === 'allow_once') return 'allowed-once';
  // allow_always covers Zero's session-scoped grants and the persistent ones: the id tells them apart.
  return /session/.test(optionId) ? 'allowed-session' : 'always-allowed';
}
