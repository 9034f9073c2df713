/** The `initialize` this client sends (docs/zero-acp.md §2, §9): the window's process and Zero: Diagnose send the same. */
import type * as acp from '@agentclientprotocol/sdk';

/** The ACP protocol version this client speaks (Zero 0.8 serves 1). */
export const ACP_PROTOCOL_VERSION = 1;

export function initializeRequest(clientVersion: string): acp.InitializeRequest {
  return {
    protocolVersion: ACP_PROTOCOL_VERSION,
    // Honest: this client neither serves files nor runs terminals for the agent.
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
    clientInfo: { name: 'zero-vscode', version: clientVersion },
  };
}
