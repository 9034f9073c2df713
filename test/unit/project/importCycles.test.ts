// No import cycles in src/, type-only imports counted: each folder's files can be read bottom up, and a lazy bundle
// cannot reach back into what loads it. The graph is every relative import, export-from and require of every file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../../..');

/** Each .ts file under `dir` and the files it imports (relative imports only: packages cannot import us back). */
function importGraph(dir: string): Map<string, string[]> {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));
  const resolveImport = (from: string, spec: string): string | undefined => {
    const base = path.resolve(path.dirname(from), spec);
    return [`${base}.ts`, path.join(base, 'index.ts'), base].find((f) => f.endsWith('.ts') && fs.existsSync(f));
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.filter((i) => i.fileName.startsWith('.')).map((i) => resolveImport(file, i.fileName));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== undefined))]);
  }
  return graph;
}

/** The graph's cycles: its strongly connected groups of more than one file, or a file importing itself (Tarjan). */
function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)!.includes(v)) cycles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('import cycles', () => {
  it('src/ has none, counting type-only imports', () => {
    const cycles = importCycles(importGraph(path.join(root, 'src')));
    assert.deepEqual(
      cycles.map((c) => c.map((f) => path.relative(root, f)).join(' -> ')),
      [],
    );
  });

  it('finds a cycle through type-only imports and export-from, and not a chain', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-cycles-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "export type { C as B } from './c';\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import type { A } from './a';\nexport type C = A | 1;\n");
      fs.writeFileSync(path.join(dir, 'd.ts'), "import { x } from './e';\nexport const d = x;\n");
      fs.writeFileSync(path.join(dir, 'e.ts'), 'export const x = 1;\n');
      const cycles = importCycles(importGraph(dir));
      assert.deepEqual(
        cycles.map((c) => c.map((f) => path.basename(f))),
        [['a.ts', 'b.ts', 'c.ts']],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
