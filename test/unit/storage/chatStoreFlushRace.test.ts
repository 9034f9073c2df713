// The synchronous flush (deactivate) while an asynchronous snapshot is being written: the flush's file
// must be the one that stays. Both writers once shared one temporary file name, so the async writer's
// open handle pointed at the file the flush renamed into place, and its late write put the older
// snapshot back (seen as a chat reloaded without its last actions).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { newChat, reduceChat, type Chat } from '../../../src/conversation';
import { ChatStore } from '../../../src/storage/chatStore';

describe('chat store: flush while a snapshot is being written', () => {
  let dir: string;
  const realOpen = fs.promises.open;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-race-'))));
  afterEach(() => {
    fs.promises.open = realOpen;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the flushed state is what a fresh store reads, whatever the late async write does', async () => {
    // Hold the async writer between opening its file and writing to it, as a slow disk would.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let opened!: () => void;
    const isOpen = new Promise<void>((r) => (opened = r));
    fs.promises.open = (async (...args: Parameters<typeof realOpen>) => {
      const fh = await realOpen(...args);
      const write = fh.write.bind(fh) as (...a: unknown[]) => Promise<unknown>;
      (fh as unknown as { write: (...a: unknown[]) => Promise<unknown> }).write = async (...a: unknown[]) => {
        await held;
        return write(...a);
      };
      opened();
      return fh;
    }) as typeof realOpen;

    const store = new ChatStore(dir, () => undefined);
    const first: Chat = reduceChat(newChat('c1', 1), {
      type: 'turn_started',
      turnId: 't1',
      prompt: 'first',
      origin: 'prompt',
      at: 1,
    });
    store.save(first, true);
    await isOpen;
    const later = reduceChat(first, { type: 'renamed', title: 'Renamed before the window closed' });
    store.save(later);
    store.flush();
    release();
    await ChatStore.settled();
    fs.promises.open = realOpen;

    assert.equal(new ChatStore(dir, () => undefined).load('c1')?.title, 'Renamed before the window closed');
  });
});
