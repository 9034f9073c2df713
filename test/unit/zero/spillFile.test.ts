// Zero's saved copy of a cut output is opened only from Zero's own folder for this user: hostile paths
// (outside it, `..`, a sub-folder, a link, a linked folder, a folder of another user, a swap) are refused.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readSpillFile, spillRoot } from '../../../src/zero/process/spillFile';

const UID = process.getuid?.() ?? -1;
const posix = process.platform !== 'win32';

describe("Zero's saved full output (spill files)", () => {
  let temp: string;
  let root: string;
  let good: string;
  const FULL = Array.from({ length: 12000 }, (_, i) => `${i + 1}`).join('\n');
  beforeEach(() => {
    temp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zero-spill-test-')));
    root = spillRoot({ TMPDIR: temp })!;
    fs.mkdirSync(root, { mode: 0o700 });
    good = path.join(root, 'exec_command-1300091352.txt');
    fs.writeFileSync(good, FULL, { mode: 0o600 });
    fs.writeFileSync(path.join(temp, 'secret.txt'), 'the secret');
  });
  afterEach(() => fs.rmSync(temp, { recursive: true, force: true }));

  it("spillRoot is Go's os.TempDir() joined with zero-tool-output-<uid>", () => {
    assert.equal(spillRoot({ TMPDIR: '/var/tmp/x/' }, 'linux', 1000), '/var/tmp/x/zero-tool-output-1000');
    assert.equal(spillRoot({}, 'linux', 0), '/tmp/zero-tool-output-0');
    assert.equal(spillRoot({ TMPDIR: '  ' }, 'darwin', 501), '/tmp/zero-tool-output-501');
    assert.equal(spillRoot({ TMPDIR: 'relative/tmp' }, 'linux', 0), null, 'never a relative folder');
    assert.equal(spillRoot({}, 'win32', -1), path.join(os.tmpdir(), 'zero-tool-output'));
  });

  it('reads a file Zero saved, whole, or its first maxBytes when it is bigger', async () => {
    assert.deepEqual(await readSpillFile(good, root), { kind: 'ok', text: FULL, size: FULL.length, cut: false });
    const head = await readSpillFile(good, root, { maxBytes: 10 });
    assert.deepEqual(head, { kind: 'ok', text: FULL.slice(0, 10), size: FULL.length, cut: true });
  });

  it('a file that is gone, or a folder Zero never made, is missing (then the session store is read)', async () => {
    assert.deepEqual(await readSpillFile(path.join(root, 'exec_command-2.txt'), root), { kind: 'missing' });
    fs.rmSync(root, { recursive: true });
    assert.deepEqual(await readSpillFile(good, root), { kind: 'missing' });
  });

  const refusedFor = async (candidate: string, rootFolder: string | null = root, uid?: number): Promise<string> => {
    const r = await readSpillFile(candidate, rootFolder, uid === undefined ? {} : { uid });
    assert.equal(r.kind, 'refused', `${candidate}: ${JSON.stringify(r)}`);
    return r.kind === 'refused' ? r.why : '';
  };

  it('refuses every path outside the folder, however it is written', async () => {
    for (const hostile of [
      path.join(temp, 'secret.txt'),
      '/etc/passwd',
      `${root}/../secret.txt`,
      `${root}/./../zero-tool-output-${UID}-x/exec_command-1.txt`,
      `${root}-evil/exec_command-1.txt`,
      root,
      `${root}/`,
      path.join(root, 'sub', 'exec_command-1.txt'),
      path.join(root, 'passwd'),
      path.join(root, '.bashrc'),
      path.join(root, 'exec_command-1.txt.sh'),
    ])
      assert.match(await refusedFor(hostile), /not a file Zero saves in its output folder/, hostile);
    assert.match(await refusedFor('exec_command-1.txt'), /not an absolute path/);
    assert.match(await refusedFor(`${good}\0.png`), /not an absolute path/);
    assert.match(await refusedFor(good, null), /not known/);
  });

  it('refuses a link planted in the folder, and a folder that is a link', async function () {
    if (!posix) this.skip();
    const planted = path.join(root, 'exec_command-77.txt');
    fs.symlinkSync(path.join(temp, 'secret.txt'), planted);
    assert.match(await refusedFor(planted), /It is a link/);
    // The whole folder a link to another one that holds a file of the right name.
    const elsewhere = path.join(temp, 'elsewhere');
    fs.mkdirSync(elsewhere);
    fs.writeFileSync(path.join(elsewhere, 'exec_command-5.txt'), 'not Zero');
    fs.rmSync(root, { recursive: true });
    fs.symlinkSync(elsewhere, root);
    assert.match(await refusedFor(path.join(root, 'exec_command-5.txt')), /is not a folder/);
  });

  it('refuses what is not a regular file, a folder of another user, a hard link', async function () {
    if (!posix) this.skip();
    fs.mkdirSync(path.join(root, 'exec_command-8.txt'));
    assert.match(await refusedFor(path.join(root, 'exec_command-8.txt')), /not a regular file/);
    assert.match(await refusedFor(good, root, UID + 4242), /belongs to another user/);
    const hard = path.join(root, 'exec_command-9.txt');
    fs.linkSync(path.join(temp, 'secret.txt'), hard);
    assert.match(await refusedFor(hard), /hard link/);
  });

  it('follows links above the folder (a temp folder that is a link, as /tmp on macOS), never out of it', async function () {
    if (!posix) this.skip();
    const linkedTemp = path.join(temp, 'linked-tmp');
    fs.symlinkSync(temp, linkedTemp);
    const viaLink = spillRoot({ TMPDIR: linkedTemp })!;
    const r = await readSpillFile(path.join(viaLink, path.basename(good)), viaLink);
    assert.equal(r.kind, 'ok');
  });
});
