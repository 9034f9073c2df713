// The rooms' handlers as composition.ts merges them (src/host/room.ts), and the ports that break its two cycles
// (src/host/ports.ts). The `@ts-expect-error` lines are the type tests: `npm run typecheck` (test/tsconfig.json)
// fails if one of them stops being an error.
import * as assert from 'node:assert/strict';
import type { Chat } from '../../../src/conversation/model';
import { ChatLookupPort, ChatViewsPort } from '../../../src/host/ports';
import { disjoint, type RoomHandlers } from '../../../src/host/room';
import type { EditorHandlers } from '../../../src/host/views/chatWebviewBinding';

const room = <H extends RoomHandlers>(handlers: H) => ({ handlers, commands: [], disposables: [] });

describe('the rooms of host/ (composition.ts)', () => {
  it('merges the rooms’ handlers into one map, each one as its room gave it', () => {
    const copy: EditorHandlers['copy'] = () => 'copied';
    const diagnose: EditorHandlers['diagnose'] = () => 'diagnosed';
    const handlers = disjoint(room({ copy }), room({}), room({ diagnose }));
    assert.deepEqual(Object.keys(handlers).sort(), ['copy', 'diagnose']);
    assert.equal(handlers.copy, copy);
    assert.equal(handlers.diagnose, diagnose);
  });

  it('does not compile when two rooms answer one message type', () => {
    const a = room({ copy: () => 1, diagnose: () => 2 });
    const b = room({ openFile: () => 3 });
    const c = room({ diagnose: () => 4 });
    // @ts-expect-error `diagnose` is handled by a and by c (handledTwice: "diagnose")
    const twice = disjoint(a, b, c);
    // At run time the last one would win, silently: what the type check is for.
    assert.equal(twice.diagnose(), 4);
    assert.equal(disjoint(a, b).openFile(), 3);
  });

  it('does not compile when no room answers a message type', () => {
    const some = disjoint(room({ copy: () => 1 }));
    // @ts-expect-error every other message type is missing
    const all = some satisfies EditorHandlers;
    assert.equal(Object.keys(all).length, 1);
  });

  it('does not compile a handler for a message the view never sends', () => {
    // @ts-expect-error `runShell` is no message of the chat view
    const handlers = { runShell: () => 1 } satisfies RoomHandlers;
    assert.equal(handlers.runShell(), 1);
  });
});

describe('the ports of composition.ts', () => {
  const chat = { id: 'c1' } as Chat;

  it('forwards to what it was bound to', async () => {
    const chats = new ChatLookupPort();
    chats.bind({ wholeChat: (id) => (id === 'c1' ? chat : undefined) });
    assert.equal(chats.wholeChat('c1'), chat);
    assert.equal(chats.wholeChat('c2'), undefined);

    const calls: string[] = [];
    const views = new ChatViewsPort();
    views.bind({
      reveal: async () => void calls.push('reveal'),
      openInTab: (id) => calls.push(`tab ${id}`),
      openChat: (id) => void calls.push(`open ${id}`),
      showInSidebar: async (id) => void calls.push(`sidebar ${id}`),
    });
    await views.reveal();
    views.openInTab('a');
    views.openChat('b');
    await views.showInSidebar('c');
    assert.deepEqual(calls, ['reveal', 'tab a', 'open b', 'sidebar c']);
  });

  it('throws when used before it is bound, and when bound twice: wiring bugs', () => {
    const chats = new ChatLookupPort();
    assert.throws(() => chats.wholeChat('c1'), /The chat lookup port was used before composition.ts bound it/);
    const views = new ChatViewsPort();
    assert.throws(() => views.openChat('c1'), /The chat views port was used before/);
    chats.bind({ wholeChat: () => chat });
    assert.throws(() => chats.bind({ wholeChat: () => undefined }), /bound already/);
    assert.equal(chats.wholeChat('x'), chat);
  });
});
