// The model's questions against the real Zero 0.8.0, through the product's chat core (ChatController on the
// real exec and ACP transports): the ask_user card has the question, header, options and recommendation
// Zero parsed; headless Zero answered the call itself ("No interactive user is available…"), on both
// transports; and the answer the card sends is the next message, queued behind the running turn, which
// reaches the model on the same Zero session.
import * as assert from 'node:assert/strict';
import { answerMessage, askFromArgs, zeroAnsweredItself } from '../../src/conversation/askUser';
import type { ToolItem, Turn } from '../../src/conversation/model';
import { ASK_ASSUMED, ASK_GOT, ASK_QUESTION } from '../fixtures/model-server/cardScenarios';
import { textOf } from '../fixtures/model-server/scenarios';
import { productHost, type ProductHost } from './lib/productHost';
import { makeSandbox, type Sandbox } from './lib/realZero';
import { until } from '../support/until';

const askCard = (turn: Turn | undefined): ToolItem | undefined =>
  turn?.items.find((i): i is ToolItem => i.kind === 'tool' && i.name === 'ask_user');
const answerOf = (turn: Turn): string =>
  turn.items.flatMap((i) => (i.kind === 'text' && i.answer ? [i.text] : [])).join('');

for (const transport of ['exec', 'acp'] as const) {
  describe(`real Zero ${transport}: the model's questions (ask_user)`, () => {
    let sandbox: Sandbox;
    let host: ProductHost;
    beforeEach(async () => {
      sandbox = await makeSandbox({ modelsFetch: transport === 'acp' });
      host = productHost(sandbox, { transport });
    });
    afterEach(async () => {
      await host.dispose();
      await sandbox.dispose();
    });

    it("the card's question is Zero's; Zero answered it itself; the answer sent is the next message, queued, on the same session", async () => {
      const c = host.controller;
      const chatId = c.focus.workingChatId;
      const chat = () => c.chats.wholeChat(chatId)!;
      // The model's last words come 400 ms apart: the turn still runs when the user answers.
      c.send('Write the report scenario:ask delay=400');
      await until(
        () => zeroAnsweredItself(askCard(chat().turns[0]) ?? ({} as ToolItem)),
        'the ask_user result',
        60_000,
      );
      const card = askCard(chat().turns[0])!;
      assert.deepEqual(card.args, { questions: [ASK_QUESTION] }, 'the arguments Zero streamed');
      const ask = askFromArgs(card.args)!;
      assert.deepEqual(
        ask.questions.map((q) => [q.header, q.question, q.options.map((o) => o.label), q.recommended]),
        [[ASK_QUESTION.header, ASK_QUESTION.question, ASK_QUESTION.options, ASK_QUESTION.recommended]],
      );
      assert.match(
        card.output ?? '',
        /^No interactive user is available to answer questions\. Proceed with your best assumption/,
      );
      assert.equal(card.status, 'ok');

      // What the card posts for a click on "Plain text" (the webview test checks the click posts it).
      const message = answerMessage(ask.questions, ['Plain text'])!;
      assert.ok(c.runs.isBusy(chatId), 'the question turn is still running');
      c.send(message);
      assert.deepEqual(c.runs.queued(chatId), [message], 'queued behind the running turn');
      await until(() => chat().turns.length === 2 && !c.runs.isBusy(chatId), 'the answer turn to end', 90_000);

      const [first, second] = chat().turns;
      assert.equal(first!.status, 'success');
      assert.equal(answerOf(first!), ASK_ASSUMED, 'the model went on with its assumption');
      assert.equal(second!.prompt, '> Which format should the report use?\n\nPlain text');
      assert.equal(second!.status, 'success');
      assert.equal(answerOf(second!), `${ASK_GOT} > Which format should the report use? Plain text`);
      // The model got the answer as the request of the next turn: Zero folds the earlier turns into that
      // user message ("Current user request:" on exec, "Continue with this request:" over ACP).
      const sent = textOf(
        sandbox.server
          .completions()
          .at(-1)!
          .body!.messages.filter((m) => m.role === 'user')
          .at(-1)?.content,
      );
      assert.ok(sent.endsWith(`:\n${message}`), sent);
      assert.match(sent, /Write the report scenario:ask/, 'the earlier turn is in the same conversation');
      if (transport === 'exec') assert.equal(second!.run.sessionId, first!.run.sessionId);
    });
  });
}
