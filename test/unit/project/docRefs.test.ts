import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Every section reference (the section sign, then a number such as 9.3) in src/ and test/ must
 * resolve, with only this repository, to a heading of the docs page it names: a file that uses such
 * references names `docs/zero-exec.md` or `docs/zero-acp.md`, and a bare reference means the page
 * named last before it (or the first one the file names).
 */

const root = path.resolve(__dirname, '../../..');
const SECTION = '\u00a7'; // written as an escape so this file does not match its own scan
const REF = new RegExp(`${SECTION}(\\d+(?:\\.\\d+)?)`, 'g');
const DOC = /docs\/(zero-[a-z]+\.md)/g;

function headings(doc: string): Set<string> {
  const text = fs.readFileSync(path.join(root, 'docs', doc), 'utf8');
  return new Set([...text.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1]));
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|js|mjs|md)$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe('section references in comments resolve in docs/', () => {
  const docs = new Map(
    fs
      .readdirSync(path.join(root, 'docs'))
      .filter((f) => /^zero-.*\.md$/.test(f))
      .map((f) => [f, headings(f)]),
  );

  it('the docs pages have numbered sections', () => {
    assert.ok((docs.get('zero-exec.md')?.size ?? 0) >= 18, 'docs/zero-exec.md has its numbered sections');
    assert.ok(docs.get('zero-exec.md')?.has('9.3'));
    assert.ok((docs.get('zero-acp.md')?.size ?? 0) >= 5, 'docs/zero-acp.md has its numbered sections');
  });

  for (const file of [...sourceFiles('src'), ...sourceFiles('test'), ...sourceFiles('docs'), 'README.md']) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    if (!text.includes(SECTION)) continue;
    it(file, () => {
      const named = [...text.matchAll(DOC)];
      const own = file.startsWith('docs/') ? path.basename(file) : undefined;
      assert.ok(named.length > 0 || own, `${file} uses ${SECTION} references but names no docs/zero-*.md page`);
      const problems: string[] = [];
      for (const ref of text.matchAll(REF)) {
        const before = named.filter((m) => (m.index ?? 0) < (ref.index ?? 0)).pop() ?? named[0];
        // Inside docs/, a bare reference means the page itself; "zero-exec.md §N" names the other one.
        const near = own ? /(zero-[a-z]+\.md) $/.exec(text.slice(Math.max(0, (ref.index ?? 0) - 20), ref.index)) : null;
        const doc = own ? (near?.[1] ?? own) : before[1];
        const line = text.slice(0, ref.index).split('\n').length;
        const outside = /([A-Z][A-Z_]+(?:\.md)?) $/.exec(text.slice(Math.max(0, (ref.index ?? 0) - 40), ref.index));
        if (outside)
          problems.push(`${file}:${line}: cites ${outside[1]}, a page outside this repository: use docs/zero-exec.md`);
        if (!docs.has(doc)) problems.push(`${file}:${line}: docs/${doc} does not exist`);
        else if (!docs.get(doc)?.has(ref[1])) problems.push(`${file}:${line}: docs/${doc} has no section ${ref[1]}`);
      }
      assert.deepEqual(problems, []);
    });
  }
});

/**
 * Comments may point at a docs page by path, and at one of its parts by a quoted name:
 * `docs/testing-in-vscode.md, "Menus"`. The page must be in this repository (not a machine's shared
 * notes), and the quoted part must be one of its headings or bold terms.
 */
describe('docs pages cited by path exist, with the part they quote', () => {
  const CITE = /docs\/([a-z-]+\.md)(?:, "([^"]+)")?/g;
  const parts = (doc: string): Set<string> => {
    const text = fs.readFileSync(path.join(root, 'docs', doc), 'utf8');
    const heads = [...text.matchAll(/^#{1,4} (.+)$/gm)].map((m) => m[1]!.trim());
    const bold = [...text.matchAll(/\*\*([^*]+?)\.?\*\*/g)].map((m) => m[1]!.trim());
    return new Set([...heads, ...bold]);
  };
  for (const file of [...sourceFiles('src'), ...sourceFiles('test'), ...sourceFiles('scripts')]) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    if (!/docs\/[a-z-]+\.md|REAL_VSCODE/.test(text) || file === 'test/unit/project/docRefs.test.ts') continue;
    it(file, () => {
      const problems: string[] = [];
      if (/REAL_VSCODE/.test(text))
        problems.push(`${file} cites REAL_VSCODE.md, which is not in this repository: cite docs/testing-in-vscode.md`);
      for (const m of text.matchAll(CITE)) {
        const line = text.slice(0, m.index).split('\n').length;
        // Only comments cite; a test's data may name a made-up docs/ path.
        if (!/^\s*(\/\/|\/?\*|#)/.test(text.split('\n')[line - 1]!)) continue;
        if (!fs.existsSync(path.join(root, 'docs', m[1]!)))
          problems.push(`${file}:${line}: docs/${m[1]} does not exist`);
        else if (m[2] && !parts(m[1]!).has(m[2])) problems.push(`${file}:${line}: docs/${m[1]} has no part "${m[2]}"`);
      }
      assert.deepEqual(problems, []);
    });
  }
});
