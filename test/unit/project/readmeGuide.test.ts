import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The README is a user's guide whose details are in docs/ pages: every relative link in the README,
 * the CHANGELOG and docs/ must lead to a file of this repository (and to a heading there, for a
 * `#part`), and the README's Settings table must list every setting package.json contributes, with
 * its default.
 */

const root = path.resolve(__dirname, '../../..');

/** Pages the README already links, written separately; each leaves this list once it exists. */
const PENDING: string[] = [];

const pages = [
  'README.md',
  'CHANGELOG.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks. */
function prose(file: string): string {
  return fs.readFileSync(path.join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

function anchors(file: string): Set<string> {
  return new Set([...prose(file).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

describe('README and docs/ links resolve in this repository', () => {
  it('the pages still to be written are still missing (remove one from PENDING once it exists)', () => {
    assert.deepEqual(
      PENDING.filter((p) => fs.existsSync(path.join(root, p))),
      [],
    );
  });

  for (const page of pages) {
    it(page, () => {
      const problems: string[] = [];
      for (const m of prose(page).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
        const [file, part] = target.split('#') as [string, string | undefined];
        const resolved = file ? path.posix.normalize(path.posix.join(path.posix.dirname(page), file)) : page;
        if (PENDING.includes(resolved)) continue;
        if (!fs.existsSync(path.join(root, resolved))) problems.push(`${target}: no ${resolved}`);
        else if (part && resolved.endsWith('.md') && !anchors(resolved).has(part))
          problems.push(`${target}: ${resolved} has no heading "#${part}"`);
      }
      assert.deepEqual(problems, []);
    });
  }
});

describe("README's Settings table", () => {
  it("lists every setting in package.json's contributes.configuration, with its default", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default: unknown }> } };
    };
    const readme = prose('README.md');
    const section = readme.slice(readme.indexOf('\n## Settings\n'), readme.indexOf('\n### exec or ACP'));
    assert.ok(section.length > 0, 'the README has a Settings section before "exec or ACP"');
    const rows = new Map(
      [...section.matchAll(/^\| `([\w.]+)` \| `([^`]*)` \|/gm)].map((m) => [m[1]!, JSON.parse(m[2]!) as unknown]),
    );
    const expected = new Map(Object.entries(pkg.contributes.configuration.properties).map(([k, v]) => [k, v.default]));
    assert.deepEqual(rows, expected);
  });
});
