// A user opens VS Code, clicks Zero in the activity bar and sees the chat view ready for a message.
import * as assert from 'node:assert/strict';
import { openZeroView, useVSCode, zeroActivityItem } from '../lib';

describe('Smoke: the Zero view in a real VS Code', function () {
  const vs = useVSCode({ name: 'smoke' });

  it('shows the Chat view with a "Message Zero" box and a Send button', async function () {
    await zeroActivityItem(vs.page).waitFor();
    const chat = await openZeroView(vs.page);
    // With a single view the side bar title reads "ZERO: CHAT" (the view's own header is hidden).
    const title = vs.page.locator('.part.sidebar .composite.title .title-label');
    await title.waitFor();
    assert.match((await title.textContent()) ?? '', /zero: chat/i);

    const box = chat.getByRole('textbox', { name: 'Message Zero' });
    const send = chat.getByRole('button', { name: 'Send' });
    await box.waitFor();
    await send.waitFor();
    assert.ok(await box.isEditable(), 'the message box accepts typing');
    await box.fill('Hello, Zero');
    assert.equal(await box.inputValue(), 'Hello, Zero');

    const shot = await vs.screenshot('chat-view');
    console.log(`      screenshot: ${shot}`);
    assert.deepEqual(vs.browser.externalRequests, [], 'the workbench made no requests to other hosts');
  });
});
