/**
 * What exec's permission cards say about Zero's stored rules: after "Always allow" (written through
 * `zero sandbox grants allow`, approvalService.ts), the rule read back from Zero; and on a request for
 * something already always allowed, when that was and why Zero asks again (src/approvals/askedAgain.ts).
 * ACP's cards get the same from src/acp/acpRuleNotes.ts.
 */
import * as path from 'node:path';
import { askedAgain, earlierAllows } from '../approvals/askedAgain';
import { rulesBefore, storedRule } from '../approvals/storedRules';
import type { ChatController, PermissionRequest } from './chatController';
import type { PermissionItem, StoredRule, ToolItem } from '../conversation/model';
import { Disposable } from '../lifecycle/disposable';
import type { RulesReader } from '../zero/grants/grantRules';

/** An "Always allow" exec applied: a tool-wide grant, or (outside the workspace) a folder in zero.addDirs. */
export interface AppliedAlways {
  readonly item: PermissionItem;
  readonly folder?: string;
}

export interface ApprovalRulesDeps {
  readonly controller: ChatController;
  readonly rules: RulesReader;
  readonly log: { error(message: string): void };
}

export class ApprovalRules extends Disposable {
  constructor(private readonly d: ApprovalRulesDeps) {
    super();
    this.register(d.controller.runs.onPermissionRequest((r) => void this.asked(r)));
  }

  /** After exec's "Always allow" was applied (or failed with `failure`): what Zero now lists, on each card. */
  async applied(
    chatId: string,
    turnId: string,
    always: readonly AppliedAlways[],
    failure: string | null,
  ): Promise<void> {
    if (always.length === 0) return;
    this.d.rules.invalidate();
    const answeredAt = Date.now();
    const read = await this.d.rules.read();
    const at = Date.now();
    const rules = always.map(({ item, folder }): StoredRule => {
      if (folder !== undefined)
        return failure
          ? { kind: 'none', tool: item.name, why: `The folder was not saved: ${failure}`, at }
          : { kind: 'folder', tool: item.name, folder, at };
      const rule = storedRule({ kind: 'grant', tool: item.name, scope: { scope: '', kind: '' } }, read, answeredAt, at);
      return rule.kind === 'none' && failure ? { ...rule, why: `Zero did not store the rule: ${failure}` } : rule;
    });
    this.d.controller.chats.commit(
      chatId,
      always.map(({ item }, n) => ({ type: 'approval_rule' as const, turnId, key: item.key, rule: rules[n]! })),
    );
  }

  private async asked(r: PermissionRequest): Promise<void> {
    if (r.blocking) return; // ACP: acpRuleNotes.ts
    try {
      const chat = this.d.controller.chats.wholeChat(r.chatId);
      const turn = chat?.turns.find((t) => t.id === r.turnId);
      if (!chat || !turn) return;
      const earlier = earlierAllows(chat.turns, r.item.name, r.turnId, r.key);
      const askedAt = Date.now();
      const read = await this.d.rules.read();
      // The tool call may have come after the request (docs/zero-exec.md §4): look it up now.
      const now = this.d.controller.chats.wholeChat(r.chatId)?.turns.find((t) => t.id === r.turnId) ?? turn;
      const card = now.items.find((i): i is PermissionItem => i.kind === 'permission' && i.key === r.key);
      // Answered "Always allow" meanwhile: the read may hold that new rule, which is not one Zero asked despite.
      const rules = card?.approval === 'always-allowed' ? rulesBefore(read, askedAt) : read;
      const call = now.items.find(
        (i): i is ToolItem => i.kind === 'tool' && r.item.toolId !== null && i.id === r.item.toolId,
      );
      const note = askedAgain(
        {
          transport: 'exec',
          tool: r.item.name,
          args: call?.args ?? null,
          root: turn.run.cwd,
          reason: r.item.reason,
          block: r.item.block,
        },
        rules,
        earlier,
        path,
      );
      if (note)
        this.d.controller.chats.commit(r.chatId, [
          { type: 'approval_asked_again', turnId: r.turnId, key: r.key, askedAgain: note },
        ]);
    } catch (err) {
      this.d.log.error(`Could not compare a permission request with Zero's rules: ${String(err)}`);
    }
  }
}
