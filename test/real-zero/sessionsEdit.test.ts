// Edit and resend on the real Zero: the product rewinds the exchange of the turn being edited (and only
// that) out of Zero's real session, so the edited message is answered as if the old one was never sent.
// What the model is sent next is what the user sees the answer built on.
import './lib/editorApis';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { textOf } from '../fixtures/model-server/scenarios';
import { rewindForEdit } from '../../src/host/composer/editResend';
import { readSessionEvents, sessionsRoot } from '../../src/zero/sessions/checkpoints';
import { answers, productHost, type ProductHost } from './lib/productHost';
import { execArgs, makeSandbox, runZero, type Sandbox } from './lib/realZero';

const ORIGINAL = 'original a\n';
const REWIND = 'Rewind and Resend';

describe("real Zero: Edit and resend rewinds the edited turn's exchange", () => {
  let sandbox: Sandbox;
  let host: ProductHost;
  const read = (rel: string): string | null =>
    fs.existsSync(path.join(sandbox.workspace, rel))
      ? fs.readFileSync(path.join(sandbox.workspace, rel), 'utf8')
      : null;
  /** The user messages in Zero's session, oldest first. */
  const stored = async (): Promise<string[]> =>
    (await readSessionEvents(sessionsRoot(sandbox.env), host.controller.focus.workingChat.sessionId!))
      .filter((e) => e.type === 'message' && (e.payload as { role?: string }).role === 'user')
      .map((e) => String((e.payload as { content?: unknown }).content));
  /** Everything the model was shown in its latest request. */
  const lastModelInput = (): string =>
    (sandbox.server.completions().at(-1)?.body?.messages ?? []).map((m) => textOf(m.content)).join('\n');
  const edit = (turnId: string): Promise<boolean> => {
    answers.warnings.push(REWIND);
    return rewindForEdit(host.controller, turnId, host.log, async () => true);
  };

  beforeEach(async () => {
    sandbox = await makeSandbox({ files: { 'src/a.txt': ORIGINAL } });
    host = productHost(sandbox, { mode: 'ask' });
  });
  afterEach(async () => {
    await host.dispose();
    await sandbox.dispose();
  });

  it("after a failed turn: only that turn leaves Zero's context; the earlier turn and its files stay", async () => {
    await host.send('change them scenario:write-two path=src/a.txt new=src/new.txt');
    const failed = await host.send('second try scenario:error-500');
    assert.equal(failed.status, 'error', 'the provider error failed the turn');
    assert.equal(await edit(failed.id), true);
    assert.deepEqual(await stored(), ['change them scenario:write-two path=src/a.txt new=src/new.txt']);
    assert.deepEqual(
      [read('src/a.txt'), read('src/new.txt')],
      ['changed by zero\n', 'created by zero\n'],
      "the first turn's files are kept",
    );

    await host.send('edited scenario:echo');
    assert.match(lastModelInput(), /change them/, 'the model still sees the first exchange');
    assert.doesNotMatch(lastModelInput(), /second try/, 'and not the edited-away message');
  });

  it('a turn that wrote files: its files are restored and the chat says how many', async () => {
    await host.send('hello scenario:plain');
    const writer = await host.send('change them scenario:write-two path=src/a.txt new=src/new.txt');
    assert.equal(await edit(writer.id), true);
    assert.deepEqual([read('src/a.txt'), read('src/new.txt')], [ORIGINAL, null]);
    assert.deepEqual(await stored(), ['hello scenario:plain']);
    const marked = host.controller.focus.workingChat.turns.find((t) => t.id === writer.id)!;
    assert.match(marked.undone?.summary ?? '', /1 file\(s\) restored, 1 deleted/);
  });

  it("the session was continued in a terminal since: the chat's turn is rewound, not the terminal's last message", async () => {
    await host.send('hello scenario:plain');
    const failed = await host.send('second try scenario:error-500');
    // Continue in Terminal: the same session gets a message outside the chat.
    await new Promise((r) => setTimeout(r, 1100)); // a later second, as a person typing would be
    const terminal = await runZero(
      sandbox,
      execArgs('from the terminal scenario:plain', [`--resume=${host.controller.focus.workingChat.sessionId}`]),
    );
    assert.equal(terminal.code, 0, terminal.stderr);
    assert.equal(await edit(failed.id), true);
    // Zero's rewind is linear: dropping the edited turn drops what came after it too.
    assert.deepEqual(await stored(), ['hello scenario:plain']);
    await host.send('edited scenario:echo');
    assert.doesNotMatch(lastModelInput(), /second try/);
  });
});
