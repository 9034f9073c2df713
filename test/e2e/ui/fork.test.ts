// Fork in a real VS Code against the real Zero 0.8. exec: Fork from here on the first of two turns, reached
// with the keyboard, opens the fork in the sidebar (its header links to the original); a message sent there
// continues the fork: the model sees turn 1 and not turn 2, and `zero sessions list --json` shows both
// sessions, the fork under the fork's title. ACP: the button is unavailable and says why; pressing it
// makes no chat.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { textOf } from '../../fixtures/model-server/scenarios';
import { FORK_ACP_WHY } from '../../../src/conversation/forkTurns';
import { listSessions } from '../../../src/zero/sessions/sessionsList';
import { openZeroView, useVSCode } from '../lib';
import { useRealZero } from '../lib/realZero';
import { describeEachTransport } from '../lib/transports';
import { messageBox, turns, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';

const FORK = 'Fork from here: a new chat up to this turn';

describeEachTransport('The real Zero: Fork from here', (transport) => {
  const real = useRealZero();
  // Zero's sessions in a folder of this suite's, so the test can list them as a terminal would.
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-ui-fork-'));
  real.env.XDG_DATA_HOME = data;
  const vs = useVSCode({
    name: `ui-fork-${transport}`,
    settings: { ...real.settings, 'zero.transport': transport },
    env: real.env,
    workspaceFiles: { 'README.md': '# Demo\n' },
  });
  after(() => fs.rmSync(data, { recursive: true, force: true }));
  const lastModelInput = (): string =>
    (real.server().completions().at(-1)?.body?.messages ?? []).map((m) => textOf(m.content)).join('\n');

  if (transport === 'exec') {
    it('forks from the first of two turns; the next message in the fork continues it without turn 2', async function () {
      const chat = await openZeroView(vs.page);
      await messageBox(chat).waitFor({ timeout: 90_000 });
      await typeAndSend(chat, 'alpha question scenario:plain');
      await turnStatus(turnWithPrompt(chat, 'alpha question'))
        .filter({ hasText: 'success' })
        .waitFor({ timeout: 60_000 });
      await typeAndSend(chat, 'beta question scenario:plain');
      await turnStatus(turnWithPrompt(chat, 'beta question'))
        .filter({ hasText: 'success' })
        .waitFor({ timeout: 60_000 });
      const title = (await chat.locator('.chat-title').innerText()).trim();

      const fork = turnWithPrompt(chat, 'alpha question').getByRole('button', { name: FORK });
      await fork.focus();
      await vs.page.keyboard.press('Enter');
      await chat.locator('.chat-title', { hasText: `${title} (fork)` }).waitFor({ timeout: 30_000 });
      assert.equal(await turns(chat).count(), 1, 'the fork holds the turn it was forked from, and none after');
      await chat.getByRole('button', { name: `Forked from “${title}”. Open the original chat` }).waitFor();
      console.log(`      screenshot: ${await vs.screenshot('fork-opened')}`);

      await typeAndSend(chat, 'gamma follow-up scenario:echo');
      await turnStatus(turnWithPrompt(chat, 'gamma follow-up'))
        .filter({ hasText: 'success' })
        .waitFor({ timeout: 60_000 });
      assert.match(lastModelInput(), /alpha question/, 'the model sees the turn forked from');
      assert.doesNotMatch(lastModelInput(), /beta question/, 'and not the turn after it');

      const listed = await listSessions(real.bin, { XDG_DATA_HOME: data, XDG_CONFIG_HOME: real.env.XDG_CONFIG_HOME });
      assert.ok(listed.ok, listed.ok ? '' : listed.problem);
      assert.deepEqual(listed.sessions.map((s) => [s.kind, s.title]).sort(), [
        ['', title],
        ['fork', `${title} (fork)`],
      ]);
    });
  } else {
    it('an ACP turn offers Fork from here as unavailable, saying why; pressing it makes no chat', async function () {
      const chat = await openZeroView(vs.page);
      await messageBox(chat).waitFor({ timeout: 90_000 });
      await typeAndSend(chat, 'alpha question scenario:plain');
      const turn = turnWithPrompt(chat, 'alpha question');
      await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      const fork = turn.getByRole('button', { name: FORK });
      assert.equal(await fork.getAttribute('aria-disabled'), 'true');
      assert.equal(await fork.getAttribute('title'), FORK_ACP_WHY);
      const title = (await chat.locator('.chat-title').innerText()).trim();
      await fork.focus();
      await vs.page.keyboard.press('Enter');
      // A barrier instead of a pause: the next message goes through the host after the press, and
      // lands in this chat as its second turn (a fork would have opened a chat of its own).
      await typeAndSend(chat, 'beta question scenario:plain');
      await turnStatus(turnWithPrompt(chat, 'beta question'))
        .filter({ hasText: 'success' })
        .waitFor({ timeout: 60_000 });
      assert.equal((await chat.locator('.chat-title').innerText()).trim(), title, 'still the same chat');
      assert.equal(await turns(chat).count(), 2, 'the press added no turn and opened no chat');
      console.log(`      screenshot: ${await vs.screenshot('fork-acp-unavailable')}`);
    });
  }
});
