/**
 * One chat turn over `zero acp`, as chat actions: opens (or reloads) the chat's session, applies
 * the chat's mode, sends `session/prompt`, turns every update into the actions exec produces, asks
 * the user about permissions while Zero waits, and ends the turn with the exec footer's statuses.
 * Plain Node: the host injects `dispatch` and the dialog (`ask`).
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { AskAgain } from '../approvals/acpPermissionText';
import type { ChatAction } from '../conversation/actions';
import type { SessionGrants, Turn } from '../conversation/model';
import { AcpRuleNotes, type RuleSource } from './acpRuleNotes';
import { approvalOf, CANCELLED, selected } from './permissionOptions';
import { latencyMark } from '../protocol/latencyMarks';
import { mapUpdate, toolName } from './mapUpdate';
import { endFromCrash, endFromError, endFromStopReason, type TurnEnd } from './stopReason';
import { storedAnswer } from './storedAnswer';
import { settleMode, type ConfirmUnsafe } from './turnMode';
import { AcpProcessGone, errorText, MAX_PENDING_PERMISSIONS, type ZeroAcp } from './zeroAcp';

export interface AcpTurnDeps {
  readonly acp: ZeroAcp;
  readonly dispatch: (action: ChatAction) => void;
  /**
   * The permission dialog. Resolves with Zero's answer; must answer `cancelled` when `signal` aborts.
   * `again`: the chat remembers a choice it would not answer with here (why, and which option to offer first).
   */
  readonly ask: (
    request: acp.RequestPermissionRequest,
    signal: AbortSignal,
    again?: AskAgain,
  ) => Promise<acp.RequestPermissionResponse>;
  readonly log?: (level: 'info' | 'warn' | 'error', message: string) => void;
  /** Before a message goes in a mode that skips permission prompts; absent: such a mode is refused. */
  readonly confirmUnsafe?: ConfirmUnsafe;
  /** Zero's stored rules, for what the cards say about "Always allow" (acpRuleNotes.ts); absent: nothing is said. */
  readonly rules?: RuleSource;
  /** The chat's turns now, for its earlier "Always allow" cards. */
  readonly turns?: () => readonly Turn[];
}

export interface AcpTurnRequest {
  readonly runId: string;
  readonly prompt: string;
  /** Base64 images; sent only when Zero advertises image prompts. */
  readonly images?: readonly { readonly mimeType: string; readonly data: string }[];
  /** The chat's session to continue, or null for its first turn. */
  readonly sessionId: string | null;
  readonly cwd: string;
  readonly additionalDirectories: readonly string[];
  /** Restricted Mode: the session is put in plan mode before the prompt. */
  readonly trusted: boolean;
  /** The mode the chat last chose (a reloaded session starts in Zero's default). */
  readonly mode: string | null;
  /** The model the chat (or `zero.model`) wants, applied when the session uses another. */
  readonly model?: string | null;
  /** The chat's saved "for this session" answers: restored for their session, in a trusted workspace only. */
  readonly grants?: SessionGrants;
}

export interface AcpTurnResult {
  readonly sessionId: string | null;
  readonly end: TurnEnd;
  /** The process died during the turn. */
  readonly crashed: boolean;
}

export class AcpTurn {
  private stopRequested = false;
  private sessionId: string | null = null;
  /** Answer text streamed since the last tool call: empty at the end means Zero's answer was not streamed. */
  private answerTail = '';
  /** The text block streamed before the last tool call (Zero's max-turns answer repeats it). */
  private lastBlock = '';
  private floodRefused = 0;
  /** The cards of the questions open now: a second open question for one tool call gets its own (`id#2`). */
  private readonly openCards = new Set<string>();
  private readonly notes: AcpRuleNotes | null;
  readonly done: Promise<AcpTurnResult>;

  constructor(
    private readonly deps: AcpTurnDeps,
    private readonly req: AcpTurnRequest,
  ) {
    this.notes = deps.rules
      ? new AcpRuleNotes({
          rules: deps.rules,
          turns: deps.turns ?? (() => []),
          dispatch: deps.dispatch,
          turnId: req.runId,
          root: req.cwd,
        })
      : null;
    this.done = this.run();
  }

  /** Stop: session/cancel; an open dialog answers `cancelled` and closes. */
  async stop(): Promise<void> {
    this.stopRequested = true;
    if (this.sessionId) await this.deps.acp.cancel(this.sessionId);
  }

  private async run(): Promise<AcpTurnResult> {
    const { acp: zero, dispatch } = this.deps;
    try {
      const opened = await zero.open({
        sessionId: this.req.sessionId,
        cwd: this.req.cwd,
        additionalDirectories: this.req.additionalDirectories,
        sink: {
          update: (u) => {
            latencyMark('first-output');
            const text = u.sessionUpdate === 'agent_message_chunk' && u.content.type === 'text';
            if (text) latencyMark('text-read');
            this.track(u);
            const actions = mapUpdate(u, this.req.runId);
            if (text) latencyMark('text-decoded');
            for (const a of actions) dispatch(a);
            this.notes?.update(u);
          },
          permission: (request, signal) => this.permission(request, signal),
          refusedFlood: () => void this.floodRefused++,
        },
      });
      this.sessionId = opened.sessionId;
      dispatch({ type: 'acp_session', sessionId: opened.sessionId, info: opened.info });
      // After a reload the process has forgotten them; Restricted Mode answers nothing from the file.
      if (this.req.trusted && this.req.grants?.sessionId === opened.sessionId)
        zero.approvals(opened.sessionId).restore(this.req.grants.grants);
      if (opened.how === 'replaced') {
        dispatch(
          warning(
            this.req.runId,
            `Zero could not load this chat's session (${opened.loadError ?? 'unknown error'}). This turn runs in a new session without the earlier context.`,
          ),
        );
      }
      const refused = await settleMode(
        zero,
        opened.sessionId,
        opened.info,
        this.req,
        dispatch,
        this.deps.confirmUnsafe,
      );
      if (refused) return this.finish(refused, false);
      let model = opened.info.model;
      if (this.req.model && this.req.model !== model) {
        try {
          model = await zero.setModel(opened.sessionId, this.req.model);
          dispatch({ type: 'acp_model', model });
        } catch (err) {
          if (err instanceof AcpProcessGone) throw err;
          dispatch(warning(this.req.runId, `Zero did not switch to the model "${this.req.model}": ${errorText(err)}`));
        }
      }
      dispatch({
        type: 'event',
        line: 0,
        event: {
          schemaVersion: 2,
          runId: this.req.runId,
          type: 'run_start',
          sessionId: opened.sessionId,
          cwd: this.req.cwd,
          ...(model ? { model } : {}),
        },
      });
      if (this.stopRequested) return this.finish(endFromStopReason('cancelled', true), false);
      latencyMark('zero-asked');
      const stopReason = await zero.prompt(opened.sessionId, this.blocks());
      this.reportFlood();
      const end = endFromStopReason(stopReason, this.stopRequested);
      return this.finish(stopReason === 'end_turn' ? await this.unstreamedAnswer(opened.sessionId, end) : end, false);
    } catch (err) {
      if (err instanceof AcpProcessGone) {
        if (err.exit.spawnError)
          return this.finish({ status: 'failed', explanation: err.message }, false, err.exit.stderrTail);
        return this.finish(endFromCrash(err.exit.code, err.exit.signal), true, err.exit.stderrTail);
      }
      this.deps.log?.('error', `ACP turn failed: ${errorText(err)}`);
      return this.finish(endFromError(errorText(err)), false);
    }
  }

  private track(u: acp.SessionUpdate): void {
    if (u.sessionUpdate === 'agent_message_chunk' && u.content.type === 'text') this.answerTail += u.content.text;
    else if (u.sessionUpdate === 'tool_call') {
      if (this.answerTail.trim()) this.lastBlock = this.answerTail;
      this.answerTail = '';
    }
  }

  /**
   * end_turn with no answer streamed after the last tool call: Zero may have set its final answer
   * without chunks (its no-output and tool-failure guards), or stopped at its turn limit (Zero 0.8's
   * ACP never says max_turn_requests). Show what its store recorded, or say there was no answer.
   */
  private async unstreamedAnswer(sessionId: string, end: TurnEnd): Promise<TurnEnd> {
    if (this.answerTail.trim()) return end;
    const root = this.deps.acp.sessionsRoot();
    const stored = root ? await storedAnswer(root, sessionId, this.req.prompt) : null;
    if (stored && stored.trim() && stored.trim() !== this.lastBlock.trim()) {
      this.deps.dispatch({
        type: 'event',
        line: 0,
        event: { schemaVersion: 2, runId: this.req.runId, type: 'final', text: stored },
      });
      return end;
    }
    return {
      status: 'incomplete',
      explanation:
        'Zero ended this turn without an answer. It may have reached its turn limit (maxTurns in its config) or given up; ask it to continue.',
    };
  }

  private reportFlood(): void {
    if (this.floodRefused === 0) return;
    this.deps.dispatch(
      warning(
        this.req.runId,
        `Zero asked ${this.floodRefused} more permission question${this.floodRefused === 1 ? '' : 's'} while ${MAX_PENDING_PERMISSIONS} were already waiting: they were refused without asking you.`,
      ),
    );
  }

  private blocks(): acp.ContentBlock[] {
    const blocks: acp.ContentBlock[] = [{ type: 'text', text: this.req.prompt }];
    const images = this.req.images ?? [];
    if (this.deps.acp.supportsImages)
      for (const i of images) blocks.push({ type: 'image', mimeType: i.mimeType, data: i.data });
    // Never dropped silently: the host puts them back in the message box on this notice.
    else if (images.length > 0)
      this.deps.dispatch({
        type: 'notice',
        code: 'images-ignored',
        message: `This Zero does not take images over ACP: the ${images.length === 1 ? 'image was' : `${images.length} images were`} not sent, and ${images.length === 1 ? 'is' : 'are'} back in the message box.`,
      });
    return blocks;
  }

  private async permission(
    request: acp.RequestPermissionRequest,
    signal: AbortSignal,
  ): Promise<acp.RequestPermissionResponse> {
    const toolCallId = this.openCard(request.toolCall.toolCallId);
    try {
      return await this.answer(request, signal, toolCallId);
    } finally {
      this.openCards.delete(toolCallId);
    }
  }

  /** Each open question its own card, so its answer lands on it and on no other (the reducer takes the first match). */
  private openCard(toolCallId: string): string {
    let id = toolCallId;
    for (let n = 2; this.openCards.has(id); n++) id = `${toolCallId}#${n}`;
    this.openCards.add(id);
    return id;
  }

  private async answer(
    request: acp.RequestPermissionRequest,
    signal: AbortSignal,
    toolCallId: string,
  ): Promise<acp.RequestPermissionResponse> {
    const { dispatch } = this.deps;
    dispatch({
      type: 'acp_permission',
      toolCallId,
      name: toolName(request.toolCall.title, request.toolCall.kind),
      title: request.toolCall.title ?? '',
      toolKind: request.toolCall.kind ?? null,
      rawInput: request.toolCall.rawInput ?? null,
      options: request.options.map((o) => ({ optionId: o.optionId, name: o.name, kind: o.kind })),
    });
    this.notes?.asked(request, toolCallId);
    const approvals = this.deps.acp.approvals(request.sessionId);
    // Allowed for this session earlier in the chat: Zero asks again (its grants last one prompt), the chat
    // answers where Zero's own grant would have; where Zero asks again on purpose, the dialog says why.
    const session = signal.aborted || this.stopRequested ? null : approvals.answerFor(request);
    if (session?.kind === 'answer') {
      dispatch({
        type: 'acp_permission_answered',
        toolCallId,
        approval: 'allowed-session',
        optionId: session.optionId,
        remembered: true,
      });
      return selected(session.optionId);
    }
    let response: acp.RequestPermissionResponse = CANCELLED;
    if (!signal.aborted && !this.stopRequested) {
      try {
        response = await (session ? this.deps.ask(request, signal, session.again) : this.deps.ask(request, signal));
      } catch (err) {
        this.deps.log?.('error', `Permission dialog failed: ${errorText(err)}`);
        response = CANCELLED;
      }
    }
    // Stop while the dialog was open: whatever it returned, the answer is `cancelled`.
    if (signal.aborted || this.stopRequested) response = CANCELLED;
    const optionId = response.outcome.outcome === 'selected' ? response.outcome.optionId : null;
    const grant =
      optionId && request.options.some((o) => o.optionId === optionId) ? approvals.remember(request, optionId) : null;
    dispatch({
      type: 'acp_permission_answered',
      toolCallId,
      approval: approvalOf(response, request.options),
      optionId,
    });
    if (grant) dispatch({ type: 'acp_session_grant', sessionId: request.sessionId, grant });
    this.notes?.answered(request, toolCallId, optionId);
    return response;
  }

  /** The cards' read-backs first: once the turn has ended, its actions are no longer taken. */
  private async finish(end: TurnEnd, crashed: boolean, stderrTail: string | null = null): Promise<AcpTurnResult> {
    await this.notes?.drain();
    this.deps.dispatch({
      type: 'acp_turn_ended',
      status: end.status,
      explanation: end.explanation,
      stderrTail: stderrTail?.trim() || null,
      at: Date.now(),
      ...(crashed ? { crashed: true } : {}),
    });
    return { sessionId: this.sessionId, end, crashed };
  }
}

function warning(runId: string, message: string): ChatAction {
  return { type: 'event', line: 0, event: { schemaVersion: 2, runId, type: 'warning', message } };
}
