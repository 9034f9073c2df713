/** What the ACP transport can do, known without loading it (acpLoader.ts): Zero waits for approvals inside the
 *  turn; no usage and no checkpoints (Zero's internal/acp records only the messages). */
import type { TransportCapabilities } from '../conversation/transport';

export const ACP_CAPABILITIES: TransportCapabilities = { approvalsBlock: true, usage: false, checkpoints: false };
