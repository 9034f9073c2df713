// Zero's user commands and skills, typed into the extension and into Zero's own terminal UI: the model
// must receive the same text. The extension's side is its own path end to end: the / menu's list
// (execChoices: .zero/commands, the user's commands, `zero skills list --json` and the SKILL.md files),
// the composer's expansion (parseSlash), then the exec run. Zero's side is `zero` in a pseudo-terminal.
// `zero exec` itself sends "/name args" to the model as typed, which is why the extension expands.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execChoices } from '../../src/chats/composerChoices';
import { BARE_SKILL_NOTE } from '../../src/conversation/prompts/zeroCommands';
import { parseSlash, setZeroCommands } from '../../src/webview/composer/slashCommands';
import { chatTurn } from './lib/execChat';
import { execArgs, makeSandbox, realZeroBin, runZero, type Sandbox } from './lib/realZero';
import { isAgentTurn, lastUserText, typeIntoZeroTui } from './lib/zeroTui';

const REVIEW =
  '---\ndescription: Review a file\nmodel: ignored-by-zero\n---\nReview $1 for $2 issues.\nAll: $ARGUMENTS. Costs $$5.\n';
const SKILL =
  '---\nname: PR-Review\ndescription: Review a pull request\n---\n\nRead the diff of the pull request.\nList risks first.\n';

describe("real Zero: its commands and skills from / reach the model as Zero's TUI sends them", function () {
  this.timeout(240_000);
  let sandbox: Sandbox;

  before(async () => {
    sandbox = await makeSandbox({ files: { '.zero/commands/review.md': REVIEW } });
    const skillDir = path.join(sandbox.dataHome, 'zero', 'skills', 'pr-review');
    fs.mkdirSync(skillDir, { recursive: true });
    fs.writeFileSync(path.join(skillDir, 'SKILL.md'), SKILL);
    fs.mkdirSync(path.join(sandbox.configHome, 'zero', 'commands'), { recursive: true });
    fs.writeFileSync(path.join(sandbox.configHome, 'zero', 'commands', 'short.md'), 'Answer in one sentence.\n');
  });
  after(async () => {
    setZeroCommands([]);
    await sandbox?.dispose();
  });

  /** What the extension sends for `line`: the / menu's commands as the product loads them, then the composer. */
  async function extensionSends(line: string, trusted = true): Promise<string> {
    const choices = execChoices(
      () => realZeroBin(),
      () => sandbox.env,
      () => '',
      { folder: () => sandbox.workspace, trusted: () => trusted },
    );
    setZeroCommands((await choices.commands?.()) ?? []);
    const parsed = parseSlash(line);
    assert.ok(parsed, `${line} is not in the / menu`);
    let sent = '';
    parsed.command.run(
      {
        transport: 'exec',
        chat: null,
        mode: '',
        post: () => assert.fail('posted instead of sent'),
        send: (text) => (sent = text),
        pickMode: () => undefined,
        focusModel: () => undefined,
        reset: () => undefined,
        clearTranscript: () => undefined,
        showError: (t) => assert.fail(t),
        showHelp: () => undefined,
      },
      parsed.rest,
    );
    return sent;
  }

  /** The model's view of one extension turn: the last user message of the agent's first request. */
  async function modelReceivesFromExtension(line: string): Promise<string> {
    const before = sandbox.server.completions().length;
    const text = await extensionSends(line);
    const r = await chatTurn(sandbox, text);
    assert.equal(r.turn.status, 'success', JSON.stringify(r.turn.items));
    const turn = sandbox.server.completions().slice(before).find(isAgentTurn);
    assert.ok(turn, 'the extension started no model turn');
    return lastUserText(turn);
  }

  for (const line of [
    '/review src/app.ts security now',
    '/short What is Zero?',
    '/pr-review the auth change',
    '/pr-review',
  ]) {
    it(`${line}: the same text as typed into Zero's TUI`, async () => {
      const fromExtension = await modelReceivesFromExtension(line);
      const fromTui = lastUserText(await typeIntoZeroTui(sandbox, line));
      assert.equal(fromExtension, fromTui);
    });
  }

  it('the expansions are the ones Zero documents (so the comparison above compares something)', async () => {
    assert.equal(
      await extensionSends('/review src/app.ts security now'),
      'Review src/app.ts for security issues.\nAll: src/app.ts security now. Costs $5.',
    );
    assert.equal(await extensionSends('/short What is Zero?'), 'Answer in one sentence.\n\nWhat is Zero?');
    assert.equal(
      await extensionSends('/pr-review'),
      `Read the diff of the pull request.\nList risks first.\n\n${BARE_SKILL_NOTE}`,
    );
  });

  it('zero exec sends "/review …" to the model as typed: it expands no command', async () => {
    const before = sandbox.server.completions().length;
    const r = await runZero(sandbox, execArgs('/review src/app.ts security now'));
    assert.equal(r.code, 0, r.stderr);
    const turn = sandbox.server.completions().slice(before).find(isAgentTurn);
    assert.equal(turn && lastUserText(turn), '/review src/app.ts security now');
  });

  it('in Restricted Mode the menu has none of them: nothing of the repository is read, Zero is not run', async () => {
    const choices = execChoices(
      () => realZeroBin(),
      () => sandbox.env,
      () => '',
      { folder: () => sandbox.workspace, trusted: () => false },
    );
    assert.deepEqual(await choices.commands?.(), []);
  });
});
