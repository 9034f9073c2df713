// A user opens VS Code, clicks Zero in the activity bar, sees the chat view ready for a message, and
// a message reaches the (fake) zero CLI configured in the settings, over either transport.
import * as assert from 'node:assert/strict';
import { FAKE_ZERO, openZeroView, runCommand, useVSCode, zeroActivityItem } from '../lib';
import { describeEachTransport, messagesToZero } from '../lib/transports';
import { turnStatus, turnWithPrompt } from '../lib/userFlows';
import { until } from '../../support/until';

interface ZeroInvocation {
  argv: string[];
  stdin: string | null;
  cwd: string;
  env: Record<string, string>;
}

describeEachTransport('Smoke: the Zero view in a real VS Code', (transport) => {
  const vs = useVSCode({
    name: `smoke-${transport}`,
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': transport },
  });

  it('shows the Chat view with a "Message Zero" box and a Send button', async function () {
    await zeroActivityItem(vs.page).waitFor();
    const chat = await openZeroView(vs.page);
    // The Zero side bar holds the Chat view and, collapsed below it, the Changes view.
    const title = vs.page.locator('.part.sidebar .composite.title .title-label');
    await title.waitFor();
    assert.match((await title.textContent()) ?? '', /^\s*zero\s*$/i);
    const headers = vs.page.locator('.part.sidebar .pane-header');
    await headers.filter({ hasText: /chat/i }).first().waitFor();
    assert.equal(
      await headers
        .filter({ hasText: /changes/i })
        .first()
        .getAttribute('aria-expanded'),
      'false',
      'Changes starts collapsed',
    );

    const box = chat.getByRole('textbox', { name: 'Message Zero' });
    await box.waitFor();
    await chat.getByRole('button', { name: 'Send' }).waitFor();
    assert.ok(await box.isEditable(), 'the message box accepts typing');

    const shot = await vs.screenshot('chat-view');
    console.log(`      screenshot: ${shot}`);
  });

  it('sends a message to the zero named by zero.path (a machine-scoped setting)', async function () {
    const chat = vs.chat();
    await chat.getByRole('textbox', { name: 'Message Zero' }).fill('Say hello');
    await chat.getByRole('button', { name: 'Send' }).click();

    // exec: one `zero exec` with the message on its stdin; acp: a `zero acp` that got it as a prompt.
    await until(
      () => messagesToZero(vs, transport).find((m) => m.text.includes('Say hello')),
      'the fake zero got the message',
      60_000,
    );
    const run = vs.zeroRecords<ZeroInvocation>().find((r) => r.argv[0] === transport);
    assert.ok(run, `the fake zero ran \`${transport}\``);
    assert.equal(run.cwd, vs.server.dirs.workspace, 'zero runs in the workspace folder');
    assert.equal(run.env.XDG_DATA_HOME, vs.server.dirs.xdgData, 'the server env reaches zero');
    await chat.getByText('Say hello', { exact: true }).first().waitFor();
    // The picture shows the whole answer: its turn has ended.
    await turnStatus(turnWithPrompt(chat, 'Say hello')).waitFor({ timeout: 60_000 });
    console.log(`      screenshot: ${await vs.screenshot('after-send')}`);
    assert.deepEqual(vs.browser.externalRequests, [], 'the workbench made no requests to other hosts');
  });

  it('"Zero: New Chat" from the command palette starts an empty chat', async function () {
    const chat = vs.chat();
    await runCommand(vs.page, 'Zero: New Chat');
    await chat.getByText('Say hello', { exact: true }).first().waitFor({ state: 'detached' });
    await chat.getByRole('textbox', { name: 'Message Zero' }).waitFor();
  });
});
