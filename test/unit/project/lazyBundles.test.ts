// The lazy bundles' table in esbuild.mjs (LAZY_BUNDLES) against what the build really makes: each bundle exists, is
// built from its *.bundle.ts, and its members are exactly the files that go into it and not into dist/extension.js.
// Built in memory, as `node esbuild.mjs` builds dist/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(__dirname, '../../..');

interface LazyBundle {
  readonly name: string;
  readonly entry: string;
  readonly members: readonly string[];
  readonly exceptions?: readonly string[];
  readonly externals?: readonly string[];
}

const isPackage = (m: string): boolean => !m.startsWith('src/');

/** Every .ts file under src/`dir`, relative to the repository, `/` separators. */
function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** A bundle's member files: its files, and each folder's .ts files but the exceptions. */
function memberFiles(b: LazyBundle): string[] {
  const files = b.members.filter((m) => !isPackage(m)).flatMap((m) => (m.endsWith('/') ? tsFiles(m) : [m]));
  return files.filter((f) => !(b.exceptions ?? []).includes(f)).sort();
}

describe('lazy bundles (esbuild.mjs LAZY_BUNDLES)', function () {
  this.timeout(120_000);
  let table: readonly LazyBundle[];
  let extensionBuild: esbuild.BuildOptions;
  /** By output file name (extension.js, hunks.js…): the inputs the build put in it. */
  const held = new Map<string, string[]>();

  before(async () => {
    const mod = (await import(pathToFileURL(path.join(root, 'esbuild.mjs')).href)) as {
      LAZY_BUNDLES: LazyBundle[];
      builds: esbuild.BuildOptions[];
    };
    table = mod.LAZY_BUNDLES;
    const wanted = new Set(['extension.js', ...table.map((b) => `${b.name}.js`)]);
    extensionBuild = mod.builds.find((b) => path.basename(b.outfile ?? '') === 'extension.js')!;
    const builds = mod.builds.filter((b) => wanted.has(path.basename(b.outfile ?? '')));
    const results = await Promise.all(
      builds.map((b) =>
        esbuild.build({
          ...b,
          absWorkingDir: root,
          write: false,
          metafile: true,
          logLevel: 'silent',
          sourcemap: false,
        }),
      ),
    );
    for (const r of results)
      for (const [file, out] of Object.entries(r.metafile.outputs))
        if (file.endsWith('.js')) held.set(path.basename(file), Object.keys(out.inputs));
  });

  it('names each bundle once, each built from its own <name>.bundle.ts (or an npm package alone)', () => {
    assert.equal(new Set(table.map((b) => b.name)).size, table.length);
    for (const b of table) {
      if (isPackage(b.entry))
        assert.ok(fs.existsSync(path.join(root, 'node_modules', b.entry, 'package.json')), b.entry);
      else {
        assert.equal(path.basename(b.entry), `${b.name}.bundle.ts`, b.name);
        assert.ok(fs.existsSync(path.join(root, b.entry)), b.entry);
      }
      const members = isPackage(b.entry) ? b.members : memberFiles(b);
      assert.ok(members.includes(b.entry), `${b.name}: its entry is one of its members`);
    }
  });

  it('lists every *.bundle.ts in src/ as a bundle', () => {
    const entries = tsFiles('src').filter((f) => f.endsWith('.bundle.ts'));
    assert.deepEqual(
      entries.sort(),
      table
        .map((b) => b.entry)
        .filter((e) => !isPackage(e))
        .sort(),
    );
  });

  it('builds every bundle', () => {
    for (const b of table) assert.ok((held.get(`${b.name}.js`) ?? []).length > 0, `dist/${b.name}.js`);
  });

  // A file is a bundle's own when only it holds it, or when it is the bundle's member and several hold it: a bundle may
  // keep its own copy of another's stateless helpers (diagnose.js: acp/'s handshake). A helper that several bundles
  // hold and none declares (zero/process/killTree.ts: exec and ACP) is shared, and nobody's member.
  it('gives each bundle exactly its members: what it holds and dist/extension.js does not', () => {
    const extension = new Set(held.get('extension.js'));
    const holders = new Map<string, number>();
    for (const b of table) for (const f of held.get(`${b.name}.js`) ?? []) holders.set(f, (holders.get(f) ?? 0) + 1);
    for (const b of table) {
      const members = memberFiles(b);
      const own = (held.get(`${b.name}.js`) ?? []).filter(
        (f) => f.startsWith('src/') && !extension.has(f) && (holders.get(f) === 1 || members.includes(f)),
      );
      assert.deepEqual(own.sort(), members, `dist/${b.name}.js`);
    }
  });

  it('keeps every member out of the extension, packages too', () => {
    const extension = held.get('extension.js') ?? [];
    for (const b of table) {
      for (const f of memberFiles(b)) assert.ok(!extension.includes(f), `${f} (${b.name}) is in dist/extension.js`);
      for (const p of b.members.filter(isPackage))
        assert.ok(
          !extension.some((f) => f.startsWith(`node_modules/${p}/`)),
          `${p} (${b.name}) is in dist/extension.js`,
        );
    }
  });

  /** dist/extension.js's build of one line of source instead of src/extension.ts. */
  const probe = (contents: string): Promise<esbuild.BuildResult> =>
    esbuild.build({
      ...extensionBuild,
      entryPoints: undefined,
      stdin: { contents, resolveDir: root, sourcefile: 'probe.ts', loader: 'ts' },
      absWorkingDir: root,
      write: false,
      logLevel: 'silent',
      sourcemap: false,
      minify: false,
    });

  it("turns the extension's require of a bundle's entry into a require of dist/<name>.js", async () => {
    const built = await probe("console.log(require('./src/host/review/hunks.bundle'));");
    assert.match(built.outputFiles![0]!.text, /require\("\.\/hunks\.js"\)/);
  });

  it('refuses any other import of a member from the extension, with one message naming the loader', async () => {
    await assert.rejects(
      probe("import { planHunkRevert } from './src/conversation/review/hunkRevert'; console.log(planHunkRevert);"),
      /hunkRevert \(imported by probe\.ts\) is in the lazy bundle dist\/hunks\.js .*get values from loadHunks\(\)/,
    );
    await assert.rejects(
      probe("console.log(require('./src/acp/zeroAcp'));"),
      /dist\/acpClient\.js .*loadAcpClient\(\)/,
    );
    await assert.rejects(
      probe("import spawn from 'cross-spawn'; console.log(spawn);"),
      /dist\/spawn\.js .*loadSpawn\(\)/,
    );
  });
});
