// Turns that recover, in a real VS Code with the real Zero 0.8 (and the scripted model), on both
// transports: the window reloaded while a command of Zero's runs, and Zero killed mid-turn. Either way
// nothing spins (tool cards, reasoning, the turn, the status bar), the turn says what happened, the
// open call says how it ended as far as Zero recorded it, and Resume, pressed from the keyboard, puts
// the message that continues the session in the box; sent, it goes on in the same Zero session.
// Without a real Zero the suite skips with one line saying why.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { FrameLocator, Locator } from 'playwright-core';
import { acpChoose, acpDialog, openZeroView, useVSCode } from '../lib';
import { useRealZero } from '../lib/realZero';
import { describeEachTransport } from '../lib/transports';
import { eventually, messageBox, turns, turnWithPrompt, typeAndSend, zeroStatusBarItem } from '../lib/userFlows';

describeEachTransport('Turns cut off by a reload or a killed Zero, and Resume', (transport) => {
  const real = useRealZero();
  const vs = useVSCode({
    name: `ui-turn-recovery-${transport}`,
    // exec: no native sandbox on these machines, and Zero refuses shell commands in auto without one.
    settings: {
      ...real.settings,
      'zero.transport': transport,
      ...(transport === 'exec' ? { 'zero.mode': 'unsafe' } : {}),
    },
    env: real.env,
    workspaceFiles: { 'README.md': '# Demo\n' },
  });

  /** The real Zero processes of this suite (its own config folder), by pid. */
  const zeroPids = (): number[] =>
    fs.readdirSync('/proc').flatMap((entry) => {
      if (!/^\d+$/.test(entry)) return [];
      try {
        const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
        const env = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return [];
        return argv[0] === real.bin &&
          argv[1] === transport &&
          env.includes(`XDG_CONFIG_HOME=${real.env.XDG_CONFIG_HOME}`)
          ? [Number(entry)]
          : [];
      } catch {
        return [];
      }
    });

  /** Sends the three calls and waits for the last, a two-minute command, to run (ACP: allowed for the session). */
  async function startLongCommand(chat: FrameLocator, prompt: string): Promise<Locator> {
    await typeAndSend(chat, `${prompt} scenario:cut-tools`);
    const turn = turnWithPrompt(chat, prompt);
    const running = turn.locator('.tool-card.status-running', { hasText: 'sleep 120' });
    // ACP asks once; a chat that allowed exec_command for its session already is answered without a dialog.
    const dialog = acpDialog(vs.page, 'exec_command');
    const end = Date.now() + 90_000;
    while (!(await running.isVisible())) {
      if (Date.now() > end) throw new Error('the long command did not start');
      if (transport === 'acp' && (await dialog.isVisible())) await acpChoose(dialog, 'Allow for this session');
      await new Promise((r) => setTimeout(r, 200));
    }
    return turn;
  }

  /** Nothing on screen says Zero still works. */
  async function assertNothingSpins(chat: FrameLocator, turn: Locator): Promise<void> {
    await turn.locator('.turn-footer .turn-status').waitFor({ timeout: 60_000 });
    assert.equal(await chat.locator('.tool-card.status-running').count(), 0, 'no tool card runs');
    assert.equal(await chat.locator('.reasoning.streaming').count(), 0, 'no reasoning streams');
    assert.equal(await chat.locator('article.turn.running').count(), 0, 'no turn runs');
    assert.equal(await chat.locator('.run-status.tone-running').count(), 0, 'the header does not say Working');
    const spinning = await turn
      .locator('*')
      .evaluateAll((els) =>
        els.filter((el) => getComputedStyle(el).animationName !== 'none').map((el) => el.className),
      );
    assert.deepEqual(spinning, [], 'nothing in the turn is animated');
    assert.equal(await zeroStatusBarItem(vs.page).locator('.codicon-modifier-spin, .codicon-sync').count(), 0);
  }

  /** Resume from the keyboard; the box gets the message; sent (with the scripted model's tag), the turn succeeds. */
  async function resumeAndSend(chat: FrameLocator, turn: Locator, cutPrompt: string): Promise<void> {
    const resume = turn.getByRole('button', { name: 'Resume: continue this Zero session' });
    await resume.focus();
    await vs.page.keyboard.press('Enter');
    const box = messageBox(chat);
    const text = await box.inputValue();
    if (transport === 'exec') assert.equal(text, 'Continue where you left off.');
    else assert.match(text, new RegExp(`here it is again:\\n\\n${cutPrompt} scenario:cut-tools$`));
    assert.equal(await box.evaluate((el) => el === document.activeElement), true, 'the box has the focus');
    const before = real.server().completions().length;
    const earlier = await turns(chat).count();
    await box.press('Control+End');
    await box.pressSequentially(' scenario:echo');
    await box.press('Enter');
    await eventually(async () => (await turns(chat).count()) > earlier, 'the resumed turn', 30_000);
    const resumed = turns(chat).last();
    await resumed.locator('.user-message .prompt', { hasText: 'Continue where you left off.' }).waitFor();
    await resumed.locator('.turn-footer .turn-status', { hasText: 'success' }).waitFor({ timeout: 90_000 });
    const request = real.server().completions().slice(before).at(-1);
    const users = JSON.stringify(request?.body?.messages.filter((m) => m.role === 'user') ?? []);
    assert.ok(
      users.includes(`${cutPrompt} scenario:cut-tools`),
      `the model sees the cut-off message: ${users.slice(0, 400)}`,
    );
    if (transport === 'exec') assert.match(users, /Continuing Zero session/, 'exec resumed the same session');
    // Resume is offered on the last turn only: now that one is the resumed turn.
    assert.equal(await turn.getByRole('button', { name: 'Resume: continue this Zero session' }).isVisible(), false);
  }

  it('the window reloads while a command runs: nothing spins, the turn says the window was reloaded, Resume continues', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await startLongCommand(chat, 'Run the reload check');
    await vs.reload({ command: true });

    const again = await openZeroView(vs.page);
    await messageBox(again).waitFor({ timeout: 90_000 });
    const turn = turnWithPrompt(again, 'Run the reload check');
    await turn
      .locator('.turn-explanation', { hasText: 'The window was reloaded or closed while Zero worked' })
      .waitFor({ timeout: 60_000 });
    await assertNothingSpins(again, turn);
    const open = turn.locator('.tool-card', { hasText: 'sleep 120' });
    await open.locator('.tool-status', { hasText: 'unknown' }).waitFor();
    await open.locator('summary').click();
    const why =
      transport === 'exec'
        ? "Zero's session records the call but no result" // read from Zero's store by the new window
        : 'Over ACP Zero saves a turn only once it ends';
    await open.locator('.tool-settled', { hasText: why }).waitFor({ timeout: 30_000 });
    console.log(`      screenshot: ${await vs.screenshot('after-reload')}`);
    await resumeAndSend(again, turn, 'Run the reload check');
  });

  it('Zero is killed mid-turn: nothing spins, the turn says Zero was killed, Resume continues', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await startLongCommand(chat, 'Run the kill check');
    const pids = zeroPids();
    assert.equal(pids.length, 1, `one ${transport} Zero of this suite runs (${pids.join(', ')})`);
    process.kill(pids[0]!, 'SIGKILL');
    const turn = turnWithPrompt(chat, 'Run the kill check');
    await turn.locator('.turn-explanation', { hasText: /killed by SIGKILL/ }).waitFor({ timeout: 60_000 });
    await assertNothingSpins(chat, turn);
    await turn
      .locator('.tool-card', { hasText: 'sleep 120' })
      .locator('.tool-status', { hasText: 'unknown' })
      .waitFor();
    console.log(`      screenshot: ${await vs.screenshot('after-kill')}`);
    await resumeAndSend(chat, turn, 'Run the kill check');
  });
});
