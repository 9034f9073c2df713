/**
 * A spec turn's card, in real Chromium: the spec Zero drafted (title, file, id) under a turn that is not
 * drawn as failed, Approve / Reject / Open Spec, the buttons waiting for the host's answer, and Start
 * Implementation once approved. The host side (zero spec approve|reject) is test/real-zero/spec.test.ts
 * and the UI test test/e2e/ui/spec.test.ts.
 */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { SPEC_MODE } from '../../src/conversation/specReview';
import { CHAT_ID, chatOf, emptyChat, ev, eventActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';
import { processExited } from '../support/builders';

const SPEC_ID = '2026-12-03-add-a-greeting-file';
/** `final.meta` of a spec-draft run, as Zero 0.8.0 writes it (cli/exec_spec.go). */
const META = {
  status: 'draft',
  stopReason: 'spec_review_required',
  specId: SPEC_ID,
  specTitle: 'Add a greeting file',
  specFilePath: `/home/dev/acme-app/.zero/specs/${SPEC_ID}.md`,
  relativePath: `.zero/specs/${SPEC_ID}.md`,
  draftSessionId: 'zero_1_2_1',
};

function specTurnActions(turnId = 'turn-1'): ChatAction[] {
  return [
    {
      type: 'turn_started',
      turnId,
      prompt: 'Add a greeting',
      origin: 'prompt',
      at: T_START,
      composed: { text: 'Add a greeting', chips: [], images: 0, mode: SPEC_MODE },
    },
    ...eventActions([
      ev({ type: 'run_start', sessionId: 'zero_1_2_1', cwd: '/home/dev/acme-app' }),
      ev({ type: 'text', delta: 'Drafting the spec.' }),
      ev({ type: 'final', text: 'Spec draft saved for review.', meta: META }),
      ev({ type: 'run_end', status: 'spec_review_required', exitCode: 0 }),
    ]),
    processExited(0, T_START + 3000),
  ];
}

describe('A spec turn: its spec card', () => {
  let chat: ChatPage;
  useChatPage((c) => (chat = c));

  const card = () => chat.page.getByRole('region', { name: 'Spec ready for review: Add a greeting file' });
  const specPosts = async () => (await chat.posted()).filter((m) => m.type === 'spec');
  const show = async (actions: ChatAction[], readOnly = false): Promise<void> => {
    await chat.send({ type: 'snapshot', state: viewState(chatOf(actions), { readOnly }) });
    await card().waitFor();
  };
  const reviewed = (extra: Record<string, unknown>): ChatAction =>
    ({ type: 'spec_reviewed', turnId: 'turn-1', ...extra }) as ChatAction;

  it('shows the spec (title, file, id) under a turn that is not an error, with Approve, Reject and Open Spec', async () => {
    await show(specTurnActions());
    assert.match(
      await card().locator('.spec-detail').innerText(),
      new RegExp(`\\.zero/specs/${SPEC_ID}\\.md \\(spec ${SPEC_ID}\\)`),
    );
    assert.match(await card().locator('.spec-status').innerText(), /Zero drafted this spec and stopped/);
    assert.deepEqual(await card().getByRole('button').allInnerTexts(), ['Approve', 'Reject', 'Open Spec']);
    const status = chat.page.locator('.turn-status');
    assert.equal(await status.innerText(), 'spec ready for review');
    assert.equal(await status.getAttribute('class'), 'turn-status tone-ok', 'not in an error tone');
    assert.equal(await chat.page.locator('.tone-error').count(), 0);
    assert.equal(await chat.page.locator('.run-status').innerText(), 'Spec ready for review', 'the header too');
    // Above the footer, below what Zero said.
    assert.ok(
      await chat.page.evaluate(() => {
        const c = document.querySelector('.spec-card')!;
        return (
          c.previousElementSibling?.classList.contains('turn-items') &&
          c.nextElementSibling?.classList.contains('turn-footer')
        );
      }),
    );
  });

  it('Approve posts the note and waits; the approved spec offers Start Implementation, once', async () => {
    await show(specTurnActions());
    await chat.clearPosted();
    await card()
      .getByRole('textbox', { name: /^Note for Zero/ })
      .fill('  keep it short ');
    await card().getByRole('button', { name: 'Approve' }).click();
    assert.deepEqual(await specPosts(), [{ type: 'spec', turnId: 'turn-1', action: 'approve', note: 'keep it short' }]);
    assert.ok(await card().getByRole('button', { name: 'Reject' }).isDisabled(), 'waits for the host');
    assert.match(await card().locator('.spec-status').innerText(), /Approving the spec with zero spec approve/);
    await card().getByRole('button', { name: 'Approve' }).click({ force: true });
    assert.equal((await specPosts()).length, 1, 'a second click sends nothing');

    const outcome = {
      status: 'approved',
      message: 'Spec approved.',
      implementationSessionId: 'zero_9',
      note: 'keep it short',
      at: T_START + 4000,
    };
    await chat.send({ type: 'actions', chatId: CHAT_ID, actions: [reviewed({ outcome })] });
    assert.deepEqual(await card().getByRole('button').allInnerTexts(), ['Start Implementation', 'Open Spec']);
    assert.match(
      await card().locator('.spec-status').innerText(),
      /^Spec approved\. \(comment: keep it short\) Start Implementation sends/,
    );
    assert.equal(
      await chat.page.evaluate(() => document.activeElement?.className),
      'spec-status muted',
      'the answer gets the focus',
    );
    await chat.clearPosted();
    await card().getByRole('button', { name: 'Start Implementation' }).click();
    assert.deepEqual(await specPosts(), [{ type: 'spec', turnId: 'turn-1', action: 'implement' }]);

    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [reviewed({ implementationSentAt: T_START + 5000 })],
    });
    assert.deepEqual(await card().getByRole('button').allInnerTexts(), ['Open Spec']);
    assert.match(
      await card().locator('.spec-status').innerText(),
      /implementation prompt is sent as your next message/,
    );
  });

  it("Reject, Zero's refusal in words, and Open Spec", async () => {
    await show(specTurnActions());
    await chat.clearPosted();
    await card().getByRole('button', { name: 'Open Spec' }).click();
    await card().getByRole('button', { name: 'Reject' }).click();
    assert.deepEqual(await specPosts(), [
      { type: 'spec', turnId: 'turn-1', action: 'open' },
      { type: 'spec', turnId: 'turn-1', action: 'reject' },
    ]);
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        reviewed({ problem: 'zero spec reject cannot reject an approved spec with an implementation session' }),
      ],
    });
    assert.equal(
      await card().getByRole('alert').innerText(),
      'zero spec reject cannot reject an approved spec with an implementation session',
    );
    assert.ok(!(await card().getByRole('button', { name: 'Reject' }).isDisabled()), 'the buttons work again');
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        reviewed({ outcome: { status: 'rejected', message: 'Spec rejected.', note: 'too broad', at: T_START + 4000 } }),
      ],
    });
    assert.deepEqual(await card().getByRole('button').allInnerTexts(), ['Open Spec']);
    assert.equal(
      await card().locator('.spec-status').innerText(),
      'Spec rejected. (reason: too broad) Send /spec with a revised task to draft again.',
    );
    assert.equal(await card().getByRole('alert').count(), 0, 'the outcome clears the problem');
  });

  it('a read-only transcript shows the spec and Open Spec only; a turn without a spec has no card', async () => {
    await show(specTurnActions(), true);
    assert.deepEqual(await card().locator('button:visible').allInnerTexts(), ['Open Spec']);
    assert.equal(await card().locator('.spec-note:visible').count(), 0);
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        { type: 'turn_started', turnId: 'turn-2', prompt: 'Hi', origin: 'prompt', at: T_START },
        ...eventActions([ev({ type: 'run_start', sessionId: 's2' }), ev({ type: 'final', text: 'Hello.' })]),
      ],
    });
    assert.equal(await chat.page.locator('.spec-card:visible').count(), 0);
  });
});
