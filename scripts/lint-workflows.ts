#!/usr/bin/env node
// `npm run lint:workflows [-- dir]`: validates .github/workflows/*.yml (or dir/*.yml) offline (lib/workflowLint.ts).
import * as path from 'node:path';
import { formatProblem, lintWorkflowDir } from './lib/workflowLint';

const ROOT = path.resolve(__dirname, '..');
const dir = path.resolve(process.argv[2] ?? path.join(ROOT, '.github', 'workflows'));
const { files, problems } = lintWorkflowDir(dir);
for (const p of problems) console.error(`lint:workflows: ${formatProblem(p, ROOT)}`);
if (files.length === 0) {
  console.error(`lint:workflows: no workflow files in ${dir}`);
  process.exit(1);
}
if (problems.length > 0) process.exit(1);
console.log(`lint:workflows: ${files.map((f) => path.relative(ROOT, f)).join(', ')} valid`);
