/** The stored rule and the "asked again" note on a permission card: reduced, saved, read back, put in words. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../../src/conversation/actions';
import { readChat } from '../../../src/conversation/chatSchema';
import type { AskedAgain, Chat, PermissionItem, StoredRule } from '../../../src/conversation/model';
import { ruleLines, utcTime } from '../../../src/conversation/permissionRules';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import { zeroEvent, permissionRequest } from '../../support/builders';

const AT = Date.parse('2026-12-02T01:58:02Z');
const asked: ChatAction[] = [
  { type: 'turn_started', turnId: 't1', prompt: 'fetch', origin: 'prompt', at: 1000 },
  zeroEvent({ type: 'run_start', sessionId: 's1' }),
  zeroEvent(permissionRequest({ risk: { level: 'high' } })),
];
const run = (...actions: ChatAction[]): Chat => actions.reduce(reduceChat, newChat('c', 0));
const card = (chat: Chat): PermissionItem =>
  chat.turns[0]!.items.find((i): i is PermissionItem => i.kind === 'permission')!;
const KEY = 'permission_request:c1';
const grant: StoredRule = {
  kind: 'grant',
  tool: 'web_fetch',
  scope: 'example.com',
  scopeKind: 'host',
  approvedAt: AT,
  file: '/cfg/zero/sandbox-grants.json',
  at: 5,
};
const note: AskedAgain = {
  allowedAt: AT,
  from: 'zero',
  rule: 'web_fetch, host example.com',
  reason: 'This call is for host example.org, which no rule covers (Zero has: host example.com).',
  said: true,
};

describe('permission card rules: reducer and chat file', () => {
  it('approval_rule and approval_asked_again land on that card of that turn, and survive the chat file', () => {
    const chat = run(
      ...asked,
      { type: 'approval_decided', turnId: 't1', key: KEY, approval: 'always-allowed' },
      { type: 'approval_rule', turnId: 't1', key: KEY, rule: grant },
      { type: 'approval_asked_again', turnId: 't1', key: KEY, askedAgain: note },
    );
    assert.deepEqual(card(chat).rule, grant);
    assert.deepEqual(card(chat).askedAgain, note);
    const back = readChat(JSON.parse(JSON.stringify(chat)));
    assert.ok(back.ok);
    assert.deepEqual(card(back.chat), card(chat));
  });

  it('another turn or key, or a malformed rule (a chat file’s line may be anything), changes nothing', () => {
    const before = run(...asked);
    for (const a of [
      { type: 'approval_rule', turnId: 't2', key: KEY, rule: grant },
      { type: 'approval_rule', turnId: 't1', key: 'permission_request:zz', rule: grant },
      { type: 'approval_rule', turnId: 't1', key: KEY, rule: { kind: 'grant', tool: 7, at: 1 } },
      { type: 'approval_rule', turnId: 't1', key: KEY, rule: { kind: 'prefix', tool: 'x', prefix: [], at: 1 } },
      { type: 'approval_rule', turnId: 't1', key: KEY, rule: { kind: 'evil', tool: 'x', at: 1 } },
      { type: 'approval_rule', turnId: 't1', key: KEY, rule: null },
      { type: 'approval_asked_again', turnId: 't1', key: KEY, askedAgain: { ...note, from: 'model' } },
      { type: 'approval_asked_again', turnId: 't1', key: KEY, askedAgain: { ...note, reason: 3 } },
    ] as unknown as ChatAction[])
      assert.equal(reduceChat(before, a), before, JSON.stringify(a));
  });

  it('clamps what came from the model: long scopes cut, control and bidi characters made visible', () => {
    const chat = run(...asked, {
      type: 'approval_rule',
      turnId: 't1',
      key: KEY,
      rule: { ...grant, scope: `evil\u202e.com${'x'.repeat(5000)}`, file: 'a\nb' },
    });
    const rule = card(chat).rule;
    assert.equal(rule?.kind, 'grant');
    if (rule?.kind !== 'grant') return;
    assert.ok(rule.scope!.length <= 500);
    assert.ok(rule.scope!.startsWith('evil\\u{202e}.com'));
    assert.ok(rule.scope!.endsWith('…'));
    assert.equal(rule.file, 'a\\u{a}b');
    assert.ok(readChat(JSON.parse(JSON.stringify(chat))).ok);
  });
});

describe('permission card rules: what the card says', () => {
  const item = (p: Partial<PermissionItem>): PermissionItem => ({ ...card(run(...asked)), ...p });

  it('a stored host rule (ACP): the rule, Zero’s time in UTC and its file', () => {
    assert.equal(
      ruleLines(item({ rule: grant, acp: { title: 'web_fetch', toolKind: 'fetch', options: [], chosen: null } }))
        .stored,
      'Zero stored the rule: web_fetch, host example.com, approved 2026-12-02 01:58:02 UTC, in /cfg/zero/sandbox-grants.json.',
    );
  });

  it('exec: tool-wide, and says exec cannot store a narrower rule', () => {
    const line = ruleLines(item({ rule: { ...grant, scope: null, scopeKind: null } })).stored!;
    assert.match(line, /^Zero stored the rule: web_fetch, every call \(tool-wide\), approved /);
    assert.match(line, /Over exec, Always allow can store only a rule for the whole tool\./);
  });

  it('a command prefix, a folder (no Zero rule), and no rule to show', () => {
    const prefix: StoredRule = {
      kind: 'prefix',
      tool: 'exec_command',
      prefix: ['git', 'status'],
      approvedAt: null,
      file: null,
      at: 1,
    };
    assert.equal(
      ruleLines(item({ rule: prefix })).stored,
      'Zero stored the rule: exec_command, commands starting with "git status".',
    );
    assert.match(
      ruleLines(item({ rule: { kind: 'folder', tool: 'write_file', folder: '/data/out', at: 1 } })).stored!,
      /^Zero keeps no rule for this: the folder \/data\/out was saved in your zero.addDirs user setting/,
    );
    assert.equal(
      ruleLines(item({ rule: { kind: 'none', tool: 'web_fetch', why: 'Could not read.', at: 1 } })).stored,
      'No stored rule to show: Could not read.',
    );
  });

  it('asked again: "Always allowed at <time>", whose rule, and Zero’s reason', () => {
    assert.equal(
      ruleLines(item({ askedAgain: note })).askedAgain,
      "Always allowed at 2026-12-02 01:58:02 UTC (Zero's rule: web_fetch, host example.com). Why Zero asks again: This call is for host example.org, which no rule covers (Zero has: host example.com).",
    );
    assert.match(
      ruleLines(item({ askedAgain: { ...note, from: 'card', allowedAt: null } })).askedAgain!,
      /^Always allowed earlier \(your answer earlier in this chat: web_fetch, host example.com\)/,
    );
    assert.deepEqual(ruleLines(item({})), { stored: null, askedAgain: null });
    assert.equal(utcTime(NaN), 'an unknown time');
  });
});
