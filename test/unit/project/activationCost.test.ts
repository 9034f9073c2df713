// What requiring the production bundle and activate() do in a fresh Node (the cold-activation
// bench's child, bench/activation-cold.ts), counted rather than timed: the Node modules
// loaded, the files looked at, the copies of the modules every file imports.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildProduction, CHILD, runChild, type Sample } from '../../../bench/activation-cold';
import { SAVE_AFTER_MS } from '../../../src/boot';

describe('activation cost (production bundle, fresh Node)', function () {
  this.timeout(60_000);
  let tmp: string;
  let bundle: string;
  let sample: Sample;

  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-activation-cost-'));
    buildProduction(path.join(tmp, 'dist'));
    bundle = path.join(tmp, 'dist', 'boot.js'); // the package's main
    fs.writeFileSync(path.join(tmp, 'child.cjs'), CHILD);
    fs.mkdirSync(path.join(tmp, 'workspace'));
    sample = runChild(path.join(tmp, 'child.cjs'), bundle, path.join(tmp, 'storage'), path.join(tmp, 'workspace'));
  });

  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('loads neither crypto nor child_process nor streams: nothing is hashed or spawned yet', () => {
    const heavy = sample.loaded.filter((m) => ['crypto', 'child_process', 'net', 'stream'].includes(m));
    assert.deepEqual(heavy, [], `loaded: ${sample.loaded.join(', ')}`);
  });

  it('loads none of the bundles kept for first use: zod, the transports, cross-spawn, review by hunk…', () => {
    assert.deepEqual(sample.bundles, ['boot.js', 'extension.js']);
  });

  it('reads no chat and no history index: the view asks for them after activate() has returned', () => {
    const storage = path.join(tmp, 'storage-chat');
    fs.mkdirSync(path.join(storage, 'chats-v1', 'chats'), { recursive: true });
    fs.writeFileSync(path.join(storage, 'chats-v1', 'index.json'), '{"version":1,"currentId":"c","chats":[]}');
    const withChat = runChild(path.join(tmp, 'child.cjs'), bundle, storage, path.join(tmp, 'workspace'));
    // The one file of its storage activation reads is the code cache (src/boot.ts).
    assert.deepEqual(
      [...withChat.statted, ...withChat.opened].filter(
        (p) => p.startsWith(storage) && !p.startsWith(path.join(storage, 'code-cache') + path.sep),
      ),
      [],
    );
    assert.deepEqual(withChat.bundles, ['boot.js', 'extension.js']);
  });

  it('looks for the zero binary only after activate() has returned', () => {
    const looked = sample.statted.filter((p) => /^zero(\.exe|\.cmd)?$/i.test(path.basename(p)));
    assert.deepEqual(looked, []);
  });

  it('writes a code cache with the first activation, which the next one uses, and survives a broken one', () => {
    const storage = path.join(tmp, 'storage-cache');
    // Each window stays up past SAVE_AFTER_MS, when a cache that has to be written is.
    const run = (): Sample =>
      runChild(path.join(tmp, 'child.cjs'), bundle, storage, path.join(tmp, 'workspace'), SAVE_AFTER_MS + 1000);
    const cacheDir = path.join(storage, 'code-cache');
    runChild(path.join(tmp, 'child.cjs'), bundle, storage, path.join(tmp, 'workspace')); // a window closed at once
    assert.ok(!fs.existsSync(cacheDir), 'no cache is written during activation');
    run();
    const [file, ...others] = fs.readdirSync(cacheDir);
    assert.ok(file?.endsWith('.bin') && others.length === 0, `code-cache holds ${[file, ...others].join(', ')}`);
    const cache = path.join(cacheDir, file);
    const written = fs.statSync(cache).mtimeMs;
    const second = run();
    assert.ok(second.opened.includes(cache), 'the second activation read the cache');
    // V8 took it: a refused cache is written again.
    assert.equal(fs.statSync(cache).mtimeMs, written, 'the cache was not written again');
    fs.writeFileSync(cache, 'not a code cache');
    fs.writeFileSync(path.join(cacheDir, 'extension-1-2-old.bin'), 'an older bundle');
    run(); // activates (the child fails otherwise), then replaces the broken cache and removes the old one
    assert.deepEqual(fs.readdirSync(cacheDir), [file]);
    assert.ok(fs.statSync(cache).size > 10_000, 'a real cache again');
  });

  it('activates the plain way where no cache can be written (the storage cannot be made)', () => {
    const blocker = path.join(tmp, 'not-a-folder');
    fs.writeFileSync(blocker, '');
    const storage = path.join(blocker, 'storage'); // mkdir fails: ENOTDIR
    // The child exits non-zero if activate() or the late save throws.
    const cold = runChild(
      path.join(tmp, 'child.cjs'),
      bundle,
      storage,
      path.join(tmp, 'workspace'),
      SAVE_AFTER_MS + 1000,
    );
    assert.deepEqual(cold.bundles, ['boot.js', 'extension.js']);
    assert.ok(!fs.existsSync(path.join(storage, 'code-cache')));
  });

  it('copies the vscode API and node:fs, node:path, node:os once, not once per importing file', () => {
    const text = fs.readFileSync(path.join(tmp, 'dist', 'extension.js'), 'utf8');
    for (const m of ['vscode', 'node:fs', 'node:path', 'node:os']) {
      assert.equal(text.split(`require("${m}")`).length - 1, 1, `require("${m}") in the bundle`);
    }
  });
});
