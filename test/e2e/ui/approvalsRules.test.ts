// "Always allow" you can check, with the real Zero 0.8 in a real VS Code, on both transports: after
// Always allow in the real modal the permission card names the rule Zero stored (as `zero sandbox grants
// list --json` shows it), and its Manage Approvals link opens Zero: Manage Approvals with that rule in
// it. A later request Zero asks despite the rule says when it was allowed and why Zero asks again.
// Without a real Zero (scripts/install-zero.sh) the suite skips with one line saying why.
import * as assert from 'node:assert/strict';
import { acpChoose, acpDialog, answerDialog, escapeDialog, modalDialog, openZeroView, useVSCode } from '../lib';
import { useRealZero } from '../lib/realZero';
import { describeEachTransport } from '../lib/transports';
import { messageBox, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';

const UTC = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/;

describeEachTransport('Approvals you can trust: the rule Zero stored, and why it asks again', (transport) => {
  const real = useRealZero();
  const vs = useVSCode({
    name: `ui-approval-rules-${transport}`,
    settings: { ...real.settings, 'zero.transport': transport },
    env: real.env,
  });

  it('Always allow in the real modal: the card names the rule Zero stored; Manage Approvals lists it', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await typeAndSend(chat, 'Fetch the page scenario:fetch url=https://example.com/page');
    const turn = turnWithPrompt(chat, 'Fetch the page');
    if (transport === 'exec') {
      const dialog = modalDialog(vs.page);
      await dialog.waitFor({ timeout: 60_000 });
      await answerDialog(dialog, 'Always allow');
    } else {
      const dialog = acpDialog(vs.page, 'web_fetch');
      await dialog.locator('.dialog-message-detail').waitFor({ state: 'visible', timeout: 60_000 });
      await acpChoose(dialog, 'Always allow');
    }
    const card = turn.locator('.permission-card', { has: chat.locator('.permission-tool', { hasText: 'web_fetch' }) });
    const rule = card.locator('.permission-rule');
    await rule.waitFor({ timeout: 60_000 });
    const text = await rule.innerText();
    const what = transport === 'exec' ? 'web_fetch, every call (tool-wide)' : 'web_fetch, host example.com';
    assert.ok(text.startsWith(`Zero stored the rule: ${what}, approved `), text);
    assert.match(text, UTC);
    // Where Zero keeps it: the grants file the harness gives Zero (ZERO_SANDBOX_GRANTS_PATH).
    assert.ok(text.includes(`, in ${vs.server.dirs.grants}.`), `where Zero keeps it: ${text}`);
    console.log(`      screenshot: ${await vs.screenshot('rule-card')}`);

    // The link is a real control: reached with the keyboard and followed with Enter.
    const link = card.getByRole('button', { name: 'Manage Approvals' });
    await link.focus();
    await link.press('Enter');
    const picker = vs.page.locator('.quick-input-widget', {
      has: vs.page.locator('.quick-input-title', { hasText: 'Zero approvals' }),
    });
    await picker.waitFor({ timeout: 30_000 });
    const row = picker.locator('.quick-input-list .monaco-list-row', { hasText: 'web_fetch' });
    await row.waitFor({ timeout: 15_000 });
    const listed = (await row.innerText()).replace(/\s+/g, ' ');
    assert.match(listed, transport === 'exec' ? /every call/ : /host: example\.com/, listed);
    console.log(`      screenshot: ${await vs.screenshot('rule-manage')}`);
    await vs.page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden', timeout: 15_000 });
    if (transport === 'acp') await turnStatus(turn).waitFor({ timeout: 60_000 });
  });

  it('Zero asks again despite the rule: the new card says when it was allowed and why', async function () {
    const chat = vs.chat();
    // exec's rule covers every web_fetch; a shell command it covers still asks when it needs the network.
    const [allow, again] =
      transport === 'exec'
        ? ['Run it scenario:shell cmd=echo+zero-rule-ok', 'Curl it scenario:shell cmd=curl+https://example.com/']
        : [null, 'Fetch the other page scenario:fetch url=https://example.org/b'];
    if (allow) {
      await typeAndSend(chat, allow);
      const dialog = modalDialog(vs.page);
      await dialog.waitFor({ timeout: 60_000 });
      await answerDialog(dialog, 'Always allow');
      await turnWithPrompt(chat, 'Run it')
        .locator('.permission-rule', { hasText: 'Zero stored the rule: exec_command' })
        .waitFor({ timeout: 60_000 });
    }
    await typeAndSend(chat, again);
    const turn = turnWithPrompt(chat, again.replace(/ scenario:.*/, ''));
    const dialog = transport === 'exec' ? modalDialog(vs.page) : acpDialog(vs.page, 'web_fetch');
    await dialog.waitFor({ timeout: 60_000 });
    // The card says it while the question is open, before the answer.
    const line = turn.locator('.permission-asked-again');
    await line.waitFor({ timeout: 30_000 });
    const text = await line.innerText();
    assert.ok(text.startsWith('Always allowed at '), text);
    assert.match(text, UTC);
    assert.match(
      text,
      transport === 'exec'
        ? /Zero's rule: exec_command, every call \(tool-wide\)\)\. Why Zero asks again: The command uses the network/
        : /Zero's rule: web_fetch, host example\.com\)\. Why Zero asks again: This call is for host example\.org, which no rule covers/,
      text,
    );
    console.log(`      screenshot: ${await vs.screenshot('asked-again')}`);
    // exec cannot approve shell network (the modal says so); on ACP, Esc is Zero's Reject.
    await escapeDialog(vs.page, dialog);
    await turnStatus(turn).waitFor({ timeout: 90_000 });
  });
});
