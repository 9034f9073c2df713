/**
 * What an ACP turn's permission cards say about Zero's stored rules: after "Always allow" (Zero's own
 * `always_allow` / `always_allow_prefix`, which Zero stores itself), the rule read back from Zero; and
 * on a question about something already always allowed, when that was and why Zero asks again
 * (src/approvals/askedAgain.ts). Zero stores the rule after it gets the answer and before the tool runs
 * (agent/loop.go executeToolCall), so it is read once the call's result arrives, or when the turn ends.
 */
import type * as acp from '@agentclientprotocol/sdk';
import * as path from 'node:path';
import { askedAgain, earlierAllows } from '../approvals/askedAgain';
import { commandParts, requestScope } from '../approvals/grantScope';
import { rulesBefore, storedRule, type ExpectedRule, type RulesRead } from '../approvals/storedRules';
import type { ChatAction } from '../conversation/actions';
import type { Turn } from '../conversation/model';
import { acpPermissionKey } from '../conversation/acpActions';
import { toolName } from './mapUpdate';

export interface RuleSource {
  read(): Promise<RulesRead>;
  invalidate(): void;
}

export interface AcpRuleNotesDeps {
  readonly rules: RuleSource;
  /** The chat's turns as they are now (its earlier "Always allow" cards). */
  readonly turns: () => readonly Turn[];
  readonly dispatch: (action: ChatAction) => void;
  readonly turnId: string;
  /** The session's folder: Zero resolves relative paths against it. */
  readonly root: string;
  /** How long the turn's end waits for the read-backs (default DRAIN_MS). */
  readonly drainMs?: number;
}

/** A turn waits at most this long for its read-backs before it ends. */
const DRAIN_MS = 6000;

export class AcpRuleNotes {
  private readonly pending = new Set<Promise<void>>();
  /** Answered "Always allow", by Zero's tool call id: read back once its result arrives. */
  private readonly awaiting = new Map<string, { expected: ExpectedRule; card: string; answeredAt: number }>();
  /** Cards answered with a persistent allow: their own read may already hold the new rule. */
  private readonly storing = new Set<string>();

  constructor(private readonly d: AcpRuleNotesDeps) {}

  /** A question was put on card `cardId`: if its tool was always allowed, say when and why Zero asks again. */
  asked(request: acp.RequestPermissionRequest, cardId: string): void {
    const tool = toolName(request.toolCall.title, request.toolCall.kind);
    const key = acpPermissionKey(cardId);
    const earlier = earlierAllows(this.d.turns(), tool, this.d.turnId, key);
    const askedAt = Date.now();
    this.track(
      this.d.rules.read().then((read) => {
        const note = askedAgain(
          {
            transport: 'acp',
            tool,
            args: request.toolCall.rawInput ?? null,
            root: this.d.root,
            reason: null,
            block: null,
          },
          this.storing.has(cardId) ? rulesBefore(read, askedAt) : read,
          earlier,
          path,
        );
        if (note) this.d.dispatch({ type: 'approval_asked_again', turnId: this.d.turnId, key, askedAgain: note });
      }),
    );
  }

  /** The user picked `optionId`: a persistent allow is read back from Zero once Zero has stored it. */
  answered(request: acp.RequestPermissionRequest, cardId: string, optionId: string | null): void {
    const option = request.options.find((o) => o.optionId === optionId);
    if (!option || option.kind !== 'allow_always' || /session/.test(option.optionId)) return;
    this.storing.add(cardId);
    this.d.rules.invalidate();
    const tool = toolName(request.toolCall.title, request.toolCall.kind);
    const input = request.toolCall.rawInput ?? null;
    const expected: ExpectedRule = /prefix/.test(option.optionId)
      ? { kind: 'prefix', tool, parts: commandParts(tool, input) }
      : { kind: 'grant', tool, scope: requestScope(tool, input, this.d.root, path) };
    this.awaiting.set(request.toolCall.toolCallId, { expected, card: cardId, answeredAt: Date.now() });
  }

  /** A session update: the result of an always-allowed call means Zero has stored the rule. */
  update(u: acp.SessionUpdate): void {
    if (u.sessionUpdate !== 'tool_call_update' || (u.status !== 'completed' && u.status !== 'failed')) return;
    this.readBack(u.toolCallId);
  }

  /** Before the turn ends: read back what is still waiting, and wait (bounded) for every note. */
  async drain(): Promise<void> {
    for (const id of [...this.awaiting.keys()]) this.readBack(id);
    if (this.pending.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.pending]),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, this.d.drainMs ?? DRAIN_MS))),
    ]);
    clearTimeout(timer);
  }

  private readBack(toolCallId: string): void {
    const wait = this.awaiting.get(toolCallId);
    if (!wait) return;
    this.awaiting.delete(toolCallId);
    this.d.rules.invalidate();
    this.track(
      this.d.rules.read().then((read) =>
        this.d.dispatch({
          type: 'approval_rule',
          turnId: this.d.turnId,
          key: acpPermissionKey(wait.card),
          rule: storedRule(wait.expected, read, wait.answeredAt, Date.now()),
        }),
      ),
    );
  }

  private track(p: Promise<void>): void {
    const done = p.catch(() => undefined);
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
  }
}
