// The workflow linter (scripts/lib/workflowLint.ts, @action-validator/core offline): the repo's
// workflows pass, and broken ones fail with a message that says where.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatProblem, lintWorkflow, lintWorkflowDir } from '../../../scripts/lib/workflowLint';

const ROOT = path.resolve(__dirname, '../..', '..');
const GOOD = `name: t
on: push
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npm test
`;

describe('workflow lint', () => {
  it('the repo has CI and release workflows, and both are valid', () => {
    const { files, problems } = lintWorkflowDir(path.join(ROOT, '.github', 'workflows'));
    const names = files.map((f) => path.basename(f));
    assert.ok(names.includes('ci.yml') && names.includes('release.yml'), names.join(', '));
    assert.deepEqual(
      problems.map((p) => formatProblem(p, ROOT)),
      [],
    );
  });

  it('a valid workflow has no problems', () => {
    assert.deepEqual(lintWorkflow('good.yml', GOOD), []);
  });

  it('a misspelt key fails, pointing at the job', () => {
    const problems = lintWorkflow('bad.yml', GOOD.replace('runs-on', 'runs_on'));
    assert.ok(problems.length > 0);
    const text = problems.map((p) => formatProblem(p)).join('\n');
    assert.match(text, /\/jobs\/build/);
    assert.match(text, /runs_on/);
  });

  it('a step with neither run nor uses, a job needing a missing job, and bad YAML all fail', () => {
    assert.match(
      lintWorkflow('a.yml', GOOD.replace('      - run: npm test\n', '      - name: nothing\n'))
        .map((p) => p.where)
        .join(' '),
      /\/jobs\/build\/steps\/1/,
    );
    assert.match(
      lintWorkflow('b.yml', GOOD.replace('    runs-on', '    needs: setup\n    runs-on'))
        .map((p) => p.message)
        .join(' '),
      /unresolved job setup/i,
    );
    const yaml = lintWorkflow('c.yml', 'on: push\njobs:\n  a: [\n');
    assert.equal(yaml.length, 1);
    assert.match(yaml[0]!.where, /^\d+:\d+$/, 'a parse error says line:column');
    assert.deepEqual(
      lintWorkflow('d.yml', '  \n').map((p) => p.message),
      ['empty workflow file'],
    );
  });

  it('the lint:workflows command exits 1 on a broken workflow, naming the file, and 0 on the repo', () => {
    const lint = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/lint-workflows.ts', ...args], {
        cwd: ROOT,
        encoding: 'utf8',
      });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-'));
    try {
      fs.copyFileSync(path.join(ROOT, '.github', 'workflows', 'ci.yml'), path.join(dir, 'ci.yml'));
      const release = fs.readFileSync(path.join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8');
      fs.writeFileSync(path.join(dir, 'release.yml'), release.replace(/runs-on:/, 'runs-onn:'));
      const bad = lint(dir);
      assert.equal(bad.status, 1, bad.stdout + bad.stderr);
      assert.match(bad.stderr, /release\.yml \/jobs\/\w+: .*runs-onn/);
      assert.doesNotMatch(bad.stderr, /ci\.yml/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const good = lint();
    assert.equal(good.status, 0, good.stdout + good.stderr);
    assert.match(good.stdout, /ci\.yml, .*release\.yml valid/);
  });
});
