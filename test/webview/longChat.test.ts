/**
 * A long chat is windowed: only turns near the viewport are drawn, the others are placeholders with
 * the turn's height and words; jumping to either end shows that end at once; streaming into the
 * last turn changes nothing else in the document.
 */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { CHAT_ID, chatOf, ev, eventActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';
import { processExited } from '../support/builders';

const TURNS = 300;

function longChat(running = false) {
  const para = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. '.repeat(12);
  const actions: ChatAction[] = [];
  for (let i = 0; i < TURNS; i++) {
    const last = i === TURNS - 1;
    actions.push(
      { type: 'turn_started', turnId: `turn-${i}`, prompt: `Question ${i}`, origin: 'prompt', at: T_START + i },
      ...eventActions([
        ev({ type: 'run_start', sessionId: 's' }),
        ev({ type: 'text', delta: `## Answer ${i}\n\n${para}\n\nMarker-${i}-end.\n\n${para}` }),
      ]),
    );
    if (last && running) break;
    actions.push(
      ...eventActions([ev({ type: 'run_end', status: 'success', exitCode: 0 })]),
      processExited(0, T_START + i + 1),
    );
  }
  return chatOf(actions);
}

/** Turn ids of the drawn turns whose box is at least partly inside the scroller's viewport. */
function visibleTurns(chat: ChatPage): Promise<string[]> {
  return chat.page.evaluate(() => {
    const view = document.querySelector('.scroller')!.getBoundingClientRect();
    return Array.from(document.querySelectorAll<HTMLElement>('article.turn'))
      .filter((t) => {
        const r = t.getBoundingClientRect();
        return r.bottom > view.top && r.top < view.bottom;
      })
      .map((t) => t.dataset.turnId!);
  });
}

/** Lets idle work run: `rounds` idle periods, then until no placeholder waits for its words. */
async function settleIdle(chat: ChatPage, rounds = 10): Promise<void> {
  for (let i = 0; i < rounds || (i < 200 && (await chat.page.locator('.turn-find:empty').count()) > 0); i++) {
    await chat.page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => r(), { timeout: 500 })));
    await chat.settle();
  }
}

describe('webview: a long chat', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));

  it('draws only the turns near the viewport; the others are placeholders with a height, in order', async () => {
    await chat.send({ type: 'snapshot', state: viewState(longChat()) });
    await settleIdle(chat, 3);
    const p = chat.page;
    const drawn = await p.locator('article.turn').count();
    assert.ok(drawn > 0 && drawn < 40, `drawn turns: ${drawn} of ${TURNS}`);
    assert.equal(await p.locator('article.turn').last().getAttribute('data-turn-id'), `turn-${TURNS - 1}`);
    assert.equal(
      await p.locator('.turn-placeholder[data-turn-id="turn-0"]').count(),
      1,
      'the first turn is a placeholder',
    );
    const heights = await p
      .locator('.turn-placeholder')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    assert.equal(heights.length, TURNS - drawn);
    assert.ok(
      heights.every((h) => h > 50),
      'each placeholder keeps room for its turn',
    );
    const ids = await p
      .locator('.transcript > [data-turn-id]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.turnId));
    assert.deepEqual(
      ids,
      Array.from({ length: TURNS }, (_, i) => `turn-${i}`),
    );
    assert.deepEqual(
      await visibleTurns(chat).then((v) => v.includes(`turn-${TURNS - 1}`)),
      true,
      'the view opens on the latest turn',
    );
  });

  it('jumps to the top and back to the latest turn, with the buttons and with Ctrl+Home / Ctrl+End', async () => {
    await chat.send({ type: 'snapshot', state: viewState(longChat()) });
    const p = chat.page;
    await p.getByRole('button', { name: 'Jump to top' }).click();
    assert.deepEqual((await visibleTurns(chat))[0], 'turn-0', 'the first turn is drawn and in view at once');
    assert.ok(await p.locator('.scroller').evaluate((el) => el.scrollTop === 0));
    await p.getByRole('button', { name: 'Jump to latest' }).click();
    assert.ok((await visibleTurns(chat)).includes(`turn-${TURNS - 1}`), 'the latest turn is in view');
    assert.ok(
      await p.locator('.scroller').evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight <= 2),
      'at the bottom',
    );

    // From the keyboard, with the focus in the transcript (a code-free answer: its Edit button).
    await p.locator('article.turn').last().locator('h2.who').click();
    await p.keyboard.press('Control+Home');
    assert.deepEqual((await visibleTurns(chat))[0], 'turn-0');
    await p.keyboard.press('Control+End');
    assert.ok((await visibleTurns(chat)).includes(`turn-${TURNS - 1}`));
    // In the message box, Ctrl+Home moves the caret as usual.
    await p.getByRole('textbox', { name: /message/i }).fill('one\ntwo');
    await p.getByRole('textbox', { name: /message/i }).press('Control+Home');
    assert.ok((await visibleTurns(chat)).includes(`turn-${TURNS - 1}`), 'the view did not move');
  });

  it('drops turns that leave the window and keeps their measured height', async () => {
    await chat.send({ type: 'snapshot', state: viewState(longChat()) });
    await settleIdle(chat, 2);
    const p = chat.page;
    const drawn = await p
      .locator('article.turn')
      .evaluateAll((els) =>
        els.map((e) => [(e as HTMLElement).dataset.turnId!, e.getBoundingClientRect().height] as const),
      );
    await p.getByRole('button', { name: 'Jump to top' }).click();
    await settleIdle(chat, 2);
    let dropped = 0;
    for (const [id, height] of drawn.slice(0, -1)) {
      const stub = p.locator(`.turn-placeholder[data-turn-id="${id}"]`);
      if ((await stub.count()) === 0) continue;
      dropped++;
      const stubHeight = await stub.evaluate((e) => e.getBoundingClientRect().height);
      assert.ok(Math.abs(stubHeight - height) <= 1, `${id}: placeholder ${stubHeight}px, drawn ${height}px`);
    }
    assert.ok(dropped > 0, `of ${drawn.length} turns drawn at the bottom, some are no longer drawn at the top`);
    assert.ok((await p.locator('article.turn').count()) < 40, 'the chat stays windowed');
    assert.equal(
      await p.locator(`article.turn[data-turn-id="turn-${TURNS - 1}"]`).count(),
      1,
      'the latest turn stays drawn',
    );
  });

  it("keeps a placeholder's words for find in page and shows them when find reveals them", async () => {
    await chat.send({ type: 'snapshot', state: viewState(longChat()) });
    await settleIdle(chat);
    const stub = chat.page.locator('.turn-placeholder[data-turn-id="turn-5"]');
    const words = stub.locator('.turn-find');
    assert.equal(await words.getAttribute('hidden'), 'until-found');
    assert.match((await words.textContent()) ?? '', /Question 5[\s\S]*Marker-5-end\./);
    assert.equal(await chat.page.getByText('Marker-5-end.').isVisible(), false);
    // What Chromium does when find in page matches inside it: beforematch, then the attribute goes.
    await words.evaluate((el) => {
      el.dispatchEvent(new Event('beforematch', { bubbles: true }));
      el.removeAttribute('hidden');
    });
    assert.equal(await chat.page.getByText('Marker-5-end.').isVisible(), true);
    assert.ok(
      (await stub.evaluate((e) => e.getBoundingClientRect().height)) > 100,
      'the revealed words take their room',
    );
  });

  it('find as browser VS Code does it (window.find) reaches a placeholder, and the turn is drawn where it scrolled', async () => {
    await chat.send({ type: 'snapshot', state: viewState(longChat()) });
    await settleIdle(chat);
    const p = chat.page;
    assert.equal(await p.locator('article.turn[data-turn-id="turn-5"]').count(), 0, 'turn 5 is a placeholder');
    // code-server's webview find widget calls window.find in the view's frame: it scrolls the
    // match into view but neither fires beforematch nor reveals it.
    assert.equal(
      await p.evaluate(() => (window as unknown as { find(s: string): boolean }).find('Marker-5-end.')),
      true,
    );
    await settleIdle(chat, 3);
    assert.equal(
      await p.locator('article.turn[data-turn-id="turn-5"]').getByText('Marker-5-end.').isVisible(),
      true,
      'drawn, on screen',
    );
  });

  it('a streamed batch into the last turn changes nothing outside it', async () => {
    await chat.send({ type: 'snapshot', state: viewState(longChat(true)) });
    await settleIdle(chat);
    const last = `turn-${TURNS - 1}`;
    await chat.page.evaluate(() => {
      const w = window as unknown as { __mutations: MutationRecord[] };
      w.__mutations = [];
      new MutationObserver((records) => w.__mutations.push(...records)).observe(
        document.querySelector('.transcript')!,
        {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        },
      );
    });
    const batch = eventActions(
      Array.from({ length: 20 }, (_, i) =>
        ev({ type: 'text', delta: `\n\nStreamed paragraph ${i} with **bold** words.` }),
      ),
      50,
    );
    for (let k = 0; k < 3; k++) await chat.send({ type: 'actions', chatId: CHAT_ID, actions: batch });
    assert.equal((await chat.page.getByText('Streamed paragraph 19').count()) > 0, true);
    // Turns that scroll out of the window may be dropped; none may be drawn again or changed.
    assert.equal((await chat.page.locator('article.turn').count()) < 40, true, 'a windowed chat');
    const seen = await chat.page.evaluate((id) => {
      const records = (window as unknown as { __mutations: MutationRecord[] }).__mutations;
      const turn = document.querySelector(`article.turn[data-turn-id="${id}"]`)!;
      const inLast = records.filter((r) => turn.contains(r.target)).length;
      const redrawn = records
        .flatMap((r) => Array.from(r.addedNodes))
        .filter((n) => n instanceof HTMLElement && n.matches('article.turn'))
        .map((n) => (n as HTMLElement).dataset.turnId);
      // (a turn dropped meanwhile gets its words for find in page written in idle time: not a redraw)
      const changedEarlier = records
        .filter(
          (r) =>
            !turn.contains(r.target) &&
            r.target !== turn.parentElement &&
            !(r.target as Element).matches?.('.turn-find'),
        )
        .map((r) => `${r.type} on ${(r.target as Element).className}`);
      return { inLast, redrawn, changedEarlier };
    }, last);
    assert.ok(seen.inLast > 0, 'the batch was drawn');
    assert.deepEqual(seen.redrawn, [], 'no turn was drawn again');
    assert.deepEqual(seen.changedEarlier, [], 'nothing inside an earlier turn changed');
  });

  it('a chat opened with its latest turns only says how many came before and asks for them when scrolled to', async () => {
    const chat0 = longChat();
    const latest = { ...chat0, turns: chat0.turns.slice(-3) };
    await chat.send({ type: 'snapshot', state: viewState(latest, { olderTurns: TURNS - 3 }) });
    const note = chat.page.locator('.older-turns');
    assert.match((await note.textContent()) ?? '', new RegExp(`${TURNS - 3} earlier turns not loaded yet`));
    await chat.clearPosted();
    await chat.page.getByRole('button', { name: 'Jump to top' }).click();
    await chat.waitForPosted('loadOlder');
    assert.equal((await chat.posted()).filter((m) => m.type === 'loadOlder').length, 1, 'asked once');
    // The host answers with the whole chat: the note goes, every turn has its place.
    await chat.send({ type: 'snapshot', state: viewState(chat0) });
    assert.equal(await note.count(), 0);
    assert.equal(await chat.page.locator('.transcript > [data-turn-id]').count(), TURNS);
  });
});
