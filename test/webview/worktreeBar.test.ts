/** The header's worktree row: the Isolated toggle of a new chat (and why it is unavailable), an isolated chat's worktree. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import type { ChatWorktree } from '../../src/conversation/model';
import { reduceChat } from '../../src/conversation/reducer';
import { ACP_NO_WORKTREE, RESTRICTED_NO_WORKTREE } from '../../src/conversation/worktreeActions';
import { chatOf, emptyChat, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';

const WT: ChatWorktree = {
  name: 'chat-1',
  path: '/home/u/.local/state/zero/worktrees/zero-worktree-acme-0123456789/chat-1',
  dir: '/home/u/.local/state/zero/worktrees',
  branch: 'zero/chat-1',
  repoRoot: '/home/u/acme',
  baseBranch: 'main',
  baseCommit: 'abcdef0123456789abcdef0123456789abcdef01',
  createdAt: T_START,
};
const started: ChatAction = { type: 'turn_started', turnId: 't1', prompt: 'go', origin: 'prompt', at: T_START };
const ended: ChatAction = {
  type: 'process_exited',
  code: 0,
  signal: null,
  spawnFailed: true,
  explanation: null,
  stderrTail: null,
  at: T_START + 1,
};

describe('webview: the worktree row', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));
  const posts = async (type: string) => (await chat.posted()).filter((m) => m.type === type);

  it('a new exec chat offers Isolated (worktree): pressing it posts the toggle, which the chat then shows on', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    const toggle = chat.page.getByRole('button', { name: 'Isolated (worktree)', exact: true });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    await toggle.click();
    assert.deepEqual(await posts('setWorktree'), [{ type: 'setWorktree', on: true }]);
    const on = reduceChat(emptyChat(), { type: 'worktree_set', on: true });
    await chat.send({ type: 'snapshot', state: viewState(on) });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  });

  it('over ACP and in Restricted Mode it is unavailable, focusable, says why, and posts nothing', async () => {
    for (const [over, why] of [
      [{ defaultTransport: 'acp' as const }, ACP_NO_WORKTREE],
      [{ trusted: false }, RESTRICTED_NO_WORKTREE],
    ] as const) {
      await chat.clearPosted();
      await chat.send({ type: 'snapshot', state: viewState(emptyChat(), over) });
      const toggle = chat.page.getByRole('button', { name: 'Isolated (worktree): unavailable' });
      assert.equal(await toggle.getAttribute('title'), why);
      assert.equal(await toggle.getAttribute('aria-description'), why);
      assert.equal(await toggle.getAttribute('aria-disabled'), 'true');
      await toggle.focus();
      assert.equal(await toggle.evaluate((el) => el === document.activeElement), true, 'in the tab order');
      await toggle.press('Enter');
      assert.deepEqual(await posts('setWorktree'), []);
    }
  });

  it('an isolated chat names its branch and folder (the full path and base in the tooltip); its buttons post; not while running', async () => {
    const running = chatOf([started, { type: 'worktree_created', worktree: WT }]);
    await chat.send({ type: 'snapshot', state: viewState(running) });
    const where = chat.page.getByRole('button', {
      name: /^Worktree: branch zero\/chat-1, folder .*chat-1\. Show its changes$/,
    });
    assert.equal((await where.innerText()).trim(), '⎇ zero/chat-1 · …/zero-worktree-acme-0123456789/chat-1');
    const tip = (await where.getAttribute('title')) ?? '';
    assert.ok(tip.includes(`Runs in the worktree ${WT.path}`) && tip.includes('from main @ abcdef0'), tip);
    assert.equal(await chat.page.getByRole('button', { name: 'Isolated (worktree)' }).count(), 0);
    await chat.page.getByRole('button', { name: 'Merge Back…' }).click({ force: true });
    assert.deepEqual(await posts('worktree'), [], 'not while Zero works in it');
    assert.equal(await chat.page.getByRole('button', { name: 'Merge Back…' }).getAttribute('aria-disabled'), 'true');

    await chat.send({ type: 'snapshot', state: viewState(reduceChat(running, ended)) });
    await where.click();
    await chat.page.getByRole('button', { name: 'Merge Back…' }).click();
    await chat.page.getByRole('button', { name: 'Discard…' }).click();
    assert.deepEqual(
      (await posts('worktree')).map((m) => (m as { action: string }).action),
      ['changes', 'mergeBack', 'discard'],
    );

    const gone = reduceChat(reduceChat(running, ended), { type: 'worktree_discarded', at: T_START + 2 });
    await chat.send({ type: 'snapshot', state: viewState(gone) });
    await chat.page.locator('.worktree-discarded', { hasText: 'Worktree discarded: zero/chat-1' }).waitFor();
    assert.equal(await chat.page.getByRole('button', { name: 'Merge Back…' }).count(), 0);
  });
});
