// A chat driven over ACP as the host drives it: AcpTurn's actions through the reducer, the dialog a
// function the test sets. Shared by the unit suite (fake zero acp) and the real-Zero suite.
import type * as acp from '@agentclientprotocol/sdk';
import { AcpTurn, type AcpTurnRequest } from '../../../src/acp/acpTurn';
import { selected } from '../../../src/acp/permissionOptions';
import type { RuleSource } from '../../../src/acp/acpRuleNotes';
import type { AskAgain } from '../../../src/approvals/acpPermissionText';
import type { ZeroAcp } from '../../../src/acp/zeroAcp';
import type { ChatAction } from '../../../src/conversation/actions';
import type { Chat, Turn } from '../../../src/conversation/model';
import { newChat, reduceChat } from '../../../src/conversation/reducer';

export type Ask = (
  req: acp.RequestPermissionRequest,
  signal: AbortSignal,
  again?: AskAgain,
) => Promise<acp.RequestPermissionResponse>;

export class AcpTurnChat {
  chat: Chat = newChat('chat-1', Date.now());
  readonly actions: ChatAction[] = [];
  readonly asked: acp.RequestPermissionRequest[] = [];
  /** For each dialog, what it was told about asking again (null: a new question). */
  readonly again: (AskAgain | null)[] = [];
  /** The dialog: by default the first option (Zero's "Allow"). */
  ask: Ask = async (req) => selected(req.options[0]!.optionId);
  /** Zero's stored rules for the cards (as AcpTransport passes them); absent: the cards say nothing of rules. */
  rules: RuleSource | undefined;
  private n = 0;

  constructor(
    public zero: ZeroAcp,
    readonly cwd: string,
  ) {}

  start(prompt: string, extra: Partial<AcpTurnRequest> = {}): AcpTurn {
    const turnId = `turn-${++this.n}`;
    this.dispatch({ type: 'turn_started', turnId, prompt, origin: 'prompt', at: Date.now(), transport: 'acp' });
    return new AcpTurn(
      {
        acp: this.zero,
        dispatch: (a) => this.dispatch(a),
        ask: (req, signal, again) => {
          this.asked.push(req);
          this.again.push(again ?? null);
          return this.ask(req, signal, again);
        },
        ...(this.rules ? { rules: this.rules, turns: () => this.chat.turns } : {}),
      },
      {
        runId: turnId,
        prompt,
        sessionId: this.chat.sessionId,
        cwd: this.cwd,
        additionalDirectories: [],
        trusted: true,
        mode: this.chat.acp?.mode ?? null,
        ...extra,
      },
    );
  }

  get last(): Turn {
    return this.chat.turns.at(-1)!;
  }

  dispatch(a: ChatAction): void {
    this.actions.push(a);
    this.chat = reduceChat(this.chat, a);
  }
}
