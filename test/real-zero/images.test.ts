// Images Zero or the model cannot take are kept, with a message, never dropped silently. On the real
// Zero 0.8.0: `zero exec` checks the model's vision in its catalogue (the scripted model is unknown to
// it, so: no vision), drops the images and says so only on stderr; `zero acp` advertises image prompts
// and hands the images to the model without that check.
import './lib/editorApis';
import * as assert from 'node:assert/strict';
import type { ControllerChange } from '../../src/chats/chatRegistry';
import type { InputImage } from '../../src/protocol/input';
import { AcpChat, realAcp } from './lib/acpChat';
import { productHost, type ProductHost } from './lib/productHost';
import { makeSandbox, type Sandbox } from './lib/realZero';

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const IMAGE: InputImage = { mediaType: 'image/png', data: PNG };

const imageParts = (content: unknown): unknown[] =>
  Array.isArray(content)
    ? content.filter((p) => p && typeof p === 'object' && (p as { type?: string }).type === 'image_url')
    : [];

describe('real Zero: images the model cannot take', () => {
  let sandbox: Sandbox;
  beforeEach(async () => (sandbox = await makeSandbox()));
  afterEach(async () => sandbox.dispose());

  describe('exec', () => {
    let host: ProductHost;
    beforeEach(() => (host = productHost(sandbox)));
    afterEach(async () => host.dispose());

    it('Zero ignores them (stderr): the turn says so and the images go back to the message box', async () => {
      const drafts: Extract<ControllerChange, { kind: 'insertDraft' }>[] = [];
      const sub = host.controller.chats.onDidChange((c) => c.kind === 'insertDraft' && drafts.push(c));
      const chatId = host.controller.focus.workingChatId;
      host.controller.send('what is in the picture? scenario:plain', { images: [IMAGE, IMAGE] }, chatId);
      await new Promise((r) => setTimeout(r, 50));
      await host.idle(chatId);
      sub.dispose();
      const turn = host.controller.chats.wholeChat(chatId)!.turns[0]!;
      assert.match(
        host.log.lines.join('\n'),
        /does not support image input; ignoring 2 image\(s\)/,
        'the real Zero says it on stderr',
      );
      const requests = sandbox.server.completions();
      assert.ok(
        requests.length > 0 && requests.every((r) => r.body!.messages.every((m) => imageParts(m.content).length === 0)),
        'Zero sent no image to the model',
      );
      const notice = turn.items.find((i) => i.kind === 'warning' && i.code === 'images-ignored');
      assert.ok(notice && notice.kind === 'warning', JSON.stringify(turn.items));
      assert.match(notice.message, /cannot see images: Zero ignored 2 images/);
      assert.match(notice.message, /back in the message box/);
      assert.equal(drafts.length, 1, 'the images are put back once');
      assert.equal(drafts[0]!.chatId, chatId);
      assert.deepEqual(
        drafts[0]!.images?.map((i) => [i.mediaType, i.data]),
        [
          ['image/png', PNG],
          ['image/png', PNG],
        ],
      );
    });
  });

  describe('acp', () => {
    it('Zero advertises image prompts and passes the image to the model (no vision check): nothing is dropped', async () => {
      const zero = realAcp(sandbox);
      try {
        const chat = new AcpChat(zero, sandbox.workspace);
        const turn = await chat.turn('what is in the picture? scenario:plain', {
          images: [{ mimeType: IMAGE.mediaType, data: IMAGE.data }],
        });
        assert.equal(zero.supportsImages, true, 'initialize: promptCapabilities.image');
        assert.equal(turn.status, 'success');
        const user = sandbox.server
          .completions()[0]!
          .body!.messages.filter((m) => m.role === 'user')
          .at(-1)!;
        const parts = imageParts(user.content) as { image_url: { url: string } }[];
        assert.equal(parts.length, 1, JSON.stringify(user.content).slice(0, 300));
        assert.equal(parts[0]!.image_url.url, `data:image/png;base64,${PNG}`);
      } finally {
        await zero.dispose();
      }
    });
  });
});
