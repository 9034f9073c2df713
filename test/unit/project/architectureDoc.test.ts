import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * docs/architecture.md describes the house as it is: its Rooms table names every folder of src/,
 * each once, and no folder that is gone; its Floors name every layer eslint.config.mjs enforces.
 */

const root = path.resolve(__dirname, '../../..');
const doc = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');

function folders(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [`${dir}/${e.name}`, ...folders(`${dir}/${e.name}`)]);
}

function section(title: string): string {
  const found = doc.split(/^## /m).find((s) => s.startsWith(title));
  assert.ok(found, `docs/architecture.md has a "## ${title}" section`);
  return found;
}

/** The folders the table under "## Rooms" names, a row each: | `src/x/` | what it holds |. */
function rooms(): string[] {
  return section('Rooms')
    .split('\n')
    .map((l) => /^\| `(src\/[^`]+?)\/?` \|/.exec(l)?.[1])
    .filter((f): f is string => f !== undefined);
}

describe('docs/architecture.md', () => {
  it('lists every folder of src/ in its Rooms table, and only those, each once', () => {
    const listed = rooms();
    assert.deepEqual([...listed].sort(), [...new Set(listed)].sort(), 'a folder listed twice');
    const actual = folders('src').sort();
    assert.deepEqual(
      { missing: actual.filter((f) => !listed.includes(f)), gone: listed.filter((f) => !actual.includes(f)) },
      { missing: [], gone: [] },
    );
  });

  it('names on its Floors every layer that eslint.config.mjs enforces, host/ on top', () => {
    const config = fs.readFileSync(path.join(root, 'eslint.config.mjs'), 'utf8');
    const layers = [...config.matchAll(/^\s*layer\(\s*'(\w+)'/gm)].map((m) => m[1]!);
    assert.ok(layers.length > 10, `layers found in eslint.config.mjs: ${layers.join(', ')}`);
    const floors = section('Floors');
    for (const layer of [...layers, 'host']) assert.ok(floors.includes(`\`${layer}/\``), `the Floors name ${layer}/`);
  });
});
