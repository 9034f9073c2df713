// Zero's own user commands and skills in the `/` menu, in a real VS Code against the real Zero 0.8 (exec):
// a project command (<workspace>/.zero/commands), a user command (<config>/zero/commands) and a skill
// (`zero skills list --json`, here from ZERO_SKILLS_DIR) are listed with their descriptions; one picked
// with the keyboard is sent expanded, as Zero's terminal UI sends it (Enter on a command or skill there
// submits it at once: internal/tui/model.go chooseSuggestion), and the scripted model's `echo` scenario says
// back what it received. `zero exec` itself expands nothing, which is why the extension does
// (test/real-zero/zeroCommands.test.ts compares the two). Without a real Zero the suite skips.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator } from 'playwright-core';
import type { RecordedRequest } from '../../fixtures/model-server/server';
import { textOf } from '../../fixtures/model-server/scenarios';
import { BARE_SKILL_NOTE } from '../../../src/conversation/prompts/zeroCommands';
import { openZeroView, useVSCode } from '../lib';
import { useRealZero } from '../lib/realZero';
import { eventually, messageBox, turnStatus, turns, typeAndSend } from '../lib/userFlows';

const REVIEW = '---\ndescription: Review a file\n---\nReview $1 for $2 issues. scenario:echo\n';
const REFACTOR = '---\ndescription: Refactor a file\n---\nRefactor $ARGUMENTS. scenario:echo\n';
const SHORT = '---\ndescription: Answer briefly\n---\nAnswer in one sentence. scenario:echo\n';
const SKILL_BODY = 'Read the diff of the pull request.\nList risks first. scenario:echo';
const SKILL = `---\nname: PR-Review\ndescription: Review a pull request\n---\n\n${SKILL_BODY}\n`;

/** The last user message of each of the model's agent turns (a request that offers tools) since `from`. */
function modelGot(requests: readonly RecordedRequest[], from: number): string[] {
  return requests
    .slice(from)
    .filter((r) => (r.body?.tools?.length ?? 0) > 0)
    .map((r) => textOf((r.body?.messages ?? []).filter((m) => m.role === 'user').pop()?.content));
}

describe('The real Zero: its commands and skills from the / menu (exec)', function () {
  const real = useRealZero();
  before(function () {
    if (real.skipReason) this.skip();
    const config = real.env.XDG_CONFIG_HOME!;
    fs.mkdirSync(path.join(config, 'zero', 'commands'), { recursive: true });
    fs.writeFileSync(path.join(config, 'zero', 'commands', 'short.md'), SHORT);
    const skills = path.join(config, 'skills');
    fs.mkdirSync(path.join(skills, 'pr-review'), { recursive: true });
    fs.writeFileSync(path.join(skills, 'pr-review', 'SKILL.md'), SKILL);
    real.env.ZERO_SKILLS_DIR = skills;
  });
  const vs = useVSCode({
    name: 'ui-zero-commands',
    settings: { ...real.settings, 'zero.transport': 'exec' },
    env: real.env,
    workspaceFiles: {
      'README.md': '# Demo\n',
      '.zero/commands/review.md': REVIEW,
      '.zero/commands/refactor.md': REFACTOR,
    },
  });

  const menu = (chat: FrameLocator) => chat.getByRole('listbox', { name: 'Commands' });
  const options = async (chat: FrameLocator) =>
    (await menu(chat).getByRole('option').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

  /** The chat's one turn, once it ended. */
  async function turnEnded(chat: FrameLocator) {
    await eventually(async () => (await turns(chat).count()) === 1, 'the turn is shown', 30_000);
    const turn = turns(chat).first();
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
    return turn;
  }

  /**
   * Each command in a chat of its own: a later message of a chat is `zero exec --resume`, and Zero sends the
   * model "Continuing Zero session …", a summary of the session, then "Current user request:" and the
   * message (internal/sessions/exec_session.go FormatExecPrompt).
   */
  async function newChat(chat: FrameLocator) {
    await chat.getByRole('button', { name: 'New Chat', exact: true }).click();
    await eventually(async () => (await turns(chat).count()) === 0, 'the new chat is empty', 30_000);
  }

  it("/ lists Zero's project and user commands and its skill, each with its description", async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    const box = messageBox(chat);
    await box.click();
    // The menu fills in once the host has read the commands and asked Zero for its skills.
    await box.pressSequentially('/', { delay: 20 });
    await menu(chat)
      .getByRole('option', { name: /\/pr-review/ })
      .waitFor({ timeout: 30_000 });
    const all = await options(chat);
    for (const row of [
      '/refactor Project command: Refactor a file',
      '/review Project command: Review a file',
      '/short Command: Answer briefly',
      '/pr-review Skill: Review a pull request',
    ])
      assert.ok(all.includes(row), `${row} in ${JSON.stringify(all)}`);
    await box.pressSequentially('r', { delay: 20 });
    await eventually(
      async () =>
        (await options(chat)).join('|') ===
        '/refactor Project command: Refactor a file|/review Project command: Review a file',
      'the menu shows the two project commands',
    );
    console.log(`      screenshot: ${await vs.screenshot('slash-menu')}`);
    await box.press('Escape');
    await box.fill('');
  });

  it('a user command picked with the keyboard is sent expanded as Zero expands it; the model receives that text', async function () {
    const chat = vs.chat();
    const box = messageBox(chat);
    await box.click();
    await box.pressSequentially('/s', { delay: 20 });
    await eventually(
      async () => (await options(chat)).map((o) => o.split(' ')[0]).join(' ') === '/spec /skills /short',
      'the menu shows /spec, /skills and /short',
    );
    const from = real.server().requests.length;
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await menu(chat)
      .getByRole('option', { name: /^\/short/, selected: true })
      .waitFor();
    await box.press('Enter');
    const turn = await turnEnded(chat);
    assert.equal(await box.inputValue(), '');
    assert.equal(await turn.locator('.user-message .prompt').innerText(), 'Answer in one sentence. scenario:echo');
    assert.equal(await turn.locator('.text-block.answer').innerText(), 'You said: Answer in one sentence.');
    assert.deepEqual(modelGot(real.server().requests, from), ['Answer in one sentence. scenario:echo']);
  });

  it("a project command typed with its arguments fills Zero's $1 and $2", async function () {
    const chat = vs.chat();
    await newChat(chat);
    const from = real.server().requests.length;
    await typeAndSend(chat, '/review src/app.ts security', { type: true });
    const turn = await turnEnded(chat);
    const sent = 'Review src/app.ts for security issues. scenario:echo';
    assert.equal(await turn.locator('.user-message .prompt').innerText(), sent);
    assert.equal(
      await turn.locator('.text-block.answer').innerText(),
      'You said: Review src/app.ts for security issues.',
    );
    assert.deepEqual(modelGot(real.server().requests, from), [sent]);
  });

  it("a skill picked with the keyboard: its instructions, then Zero's note for a skill run with no request", async function () {
    const chat = vs.chat();
    await newChat(chat);
    const box = messageBox(chat);
    await box.click();
    await box.pressSequentially('/pr', { delay: 20 });
    await menu(chat)
      .getByRole('option', { name: /^\/pr-review/, selected: true })
      .waitFor({ timeout: 15_000 });
    assert.deepEqual(await options(chat), ['/pr-review Skill: Review a pull request']);
    const from = real.server().requests.length;
    await box.press('Enter');
    const turn = await turnEnded(chat);
    const sent = `${SKILL_BODY}\n\n${BARE_SKILL_NOTE}`;
    assert.deepEqual(modelGot(real.server().requests, from), [sent]);
    assert.equal(
      (await turn.locator('.user-message .prompt').innerText()).replace(/\s+/g, ' '),
      sent.replace(/\s+/g, ' '),
    );
    assert.match(
      await turn.locator('.text-block.answer').innerText(),
      /^You said: Read the diff of the pull request\./,
    );
    console.log(`      screenshot: ${await vs.screenshot('skill-sent')}`);
  });
});
