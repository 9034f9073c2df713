/** What the exec transport can do, known without loading it (execLoader.ts): approvals after the fact (Zero has
 *  refused the call already), usage and checkpoints. */
import type { TransportCapabilities } from '../../conversation/transport';

export const EXEC_CAPABILITIES: TransportCapabilities = { approvalsBlock: false, usage: true, checkpoints: true };
