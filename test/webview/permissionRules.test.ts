/** A permission card with the rule Zero stored for "Always allow" and why Zero asks again: text only, a keyboard link, said aloud. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import type { AskedAgain, StoredRule } from '../../src/conversation/model';
import { CHAT_ID, chatOf, ev, eventActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';
import { permissionRequest } from '../support/builders';

const AT = Date.parse('2026-12-02T01:58:02Z');
const KEY = 'permission_request:c1';
const asked: ChatAction[] = [
  { type: 'turn_started', turnId: 'turn-1', prompt: 'Fetch', origin: 'prompt', at: T_START },
  ...eventActions([
    ev({ type: 'run_start', sessionId: 's1' }),
    ev(permissionRequest({ risk: { level: 'high', categories: ['network'] } })),
  ]),
];
const rule: StoredRule = {
  kind: 'grant',
  tool: 'web_fetch',
  scope: null,
  scopeKind: null,
  approvedAt: AT,
  file: '/home/dev/.config/zero/sandbox-grants.json',
  at: AT,
};

describe('webview: what a permission card says about Zero’s stored rules', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));

  it('after Always allow: the rule Zero stored, then Manage Approvals, by mouse and by keyboard', async () => {
    await chat.send({ type: 'snapshot', state: viewState(chatOf(asked)) });
    const card = chat.page.locator('.permission-card');
    assert.equal(await card.getByRole('button', { name: 'Manage Approvals' }).count(), 0, 'nothing stored yet');
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        { type: 'approval_decided', turnId: 'turn-1', key: KEY, approval: 'always-allowed' },
        { type: 'approval_rule', turnId: 'turn-1', key: KEY, rule },
      ],
    });
    assert.equal(
      await card.locator('.permission-rule').textContent(),
      'Zero stored the rule: web_fetch, every call (tool-wide), approved 2026-12-02 01:58:02 UTC, in /home/dev/.config/zero/sandbox-grants.json. Over exec, Always allow can store only a rule for the whole tool.',
    );
    assert.match((await card.textContent())!, /You chose Always allow/);
    const link = card.getByRole('button', { name: 'Manage Approvals' });
    const described = await link.getAttribute('aria-describedby');
    assert.equal(
      await chat.page.locator(`[id="${described}"]`).textContent(),
      await card.locator('.permission-rule').textContent(),
      'the link is described by the rule it manages',
    );
    await link.click();
    assert.deepEqual((await chat.posted()).at(-1), { type: 'manageApprovals' });
    await chat.clearPosted();
    await link.focus();
    await chat.page.keyboard.press('Enter');
    assert.deepEqual(await chat.posted(), [{ type: 'manageApprovals' }]);
    assert.match(
      (await chat.page.getByRole('status').textContent()) ?? '',
      /Zero stored the rule: web_fetch/,
      'said when it arrives',
    );
  });

  it('asked again: "Always allowed at …" with Zero’s reason; what the model wrote stays text', async () => {
    const note: AskedAgain = {
      allowedAt: AT,
      from: 'zero',
      rule: 'web_fetch, host <img src=x onerror="window.__pwned=1">',
      reason: 'This call is for host evil\u202e.org, which no rule covers.',
      said: true,
    };
    await chat.send({ type: 'snapshot', state: viewState(chatOf(asked)) });
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [{ type: 'approval_asked_again', turnId: 'turn-1', key: KEY, askedAgain: note }],
    });
    const line = chat.page.locator('.permission-asked-again');
    assert.equal(
      await line.textContent(),
      'Always allowed at 2026-12-02 01:58:02 UTC (Zero\'s rule: web_fetch, host <img src=x onerror="window.__pwned=1">). Why Zero asks again: This call is for host evil\\u{202e}.org, which no rule covers.',
    );
    assert.equal(await chat.page.locator('.permission-card img').count(), 0);
    assert.equal(await chat.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.equal(
      await chat.page.locator('.permission-card').getByRole('button', { name: 'Manage Approvals' }).count(),
      1,
    );
    assert.match(
      (await chat.page.getByRole('status').textContent()) ?? '',
      /Always allowed at 2026-12-02 01:58:02 UTC/,
    );
  });

  it('no rule found: says so plainly, never a rule', async () => {
    await chat.send({
      type: 'snapshot',
      state: viewState(
        chatOf([
          ...asked,
          { type: 'approval_decided', turnId: 'turn-1', key: KEY, approval: 'always-allowed' },
          {
            type: 'approval_rule',
            turnId: 'turn-1',
            key: KEY,
            rule: {
              kind: 'none',
              tool: 'web_fetch',
              why: 'Zero did not store the rule: grants file is locked',
              at: AT,
            },
          },
        ]),
      ),
    });
    const text = await chat.page.locator('.permission-rule').textContent();
    assert.equal(text, 'No stored rule to show: Zero did not store the rule: grants file is locked');
    assert.doesNotMatch((await chat.page.locator('.permission-card').textContent())!, /Zero stored the rule/);
  });
});
