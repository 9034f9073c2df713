/** What an ACP session offers and uses (from session/new or session/load and later updates). */
export interface AcpSessionInfo {
  readonly modes: readonly { readonly id: string; readonly name: string }[];
  readonly mode: string | null;
  readonly models: readonly { readonly id: string; readonly name: string }[];
  readonly model: string | null;
  /** Picked while a turn ran: Zero switches to it once that turn is over (the running turn keeps `mode`). */
  readonly nextMode?: string;
  /** `available_commands_update`: kept for the composer. */
  readonly commands: readonly { readonly name: string; readonly description: string }[];
}

/**
 * An "Allow for this session" answer the chat applies to Zero's repeated requests (src/acp/sessionApprovals.ts):
 * the option picked, the tool, and Zero's grant scope (`allow_for_session`) or the command's words (`allow_prefix_for_session`).
 */
export interface SessionGrant {
  readonly optionId: string;
  readonly tool: string;
  readonly scope?: string;
  readonly prefix?: readonly string[];
}

/** The session grants of one Zero session (the chat's), kept with the chat so a reload still applies them. */
export interface SessionGrants {
  readonly sessionId: string;
  readonly grants: readonly SessionGrant[];
}
