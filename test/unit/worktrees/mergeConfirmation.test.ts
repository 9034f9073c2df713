/** The words of Merge back's confirmation: every file it would write, escaped, the risky ones flagged first. */
import * as assert from 'node:assert/strict';
import type { ChatWorktree } from '../../../src/conversation/model';
import type { MergeItem } from '../../../src/worktrees/mergeBack';
import { mergeConfirmation, mergeFlags, shownPath } from '../../../src/worktrees/mergeConfirmation';

const wt: ChatWorktree = {
  name: 'chat-1',
  path: '/state/zero/worktrees/zero-worktree-k/chat-1',
  dir: '/state/zero/worktrees',
  branch: 'zero/chat-1',
  repoRoot: '/home/me/repo',
  baseBranch: 'main',
  baseCommit: '1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d',
  createdAt: 0,
};

type Change = MergeItem['change'];
function item(path: string, change: Change, more: Partial<MergeItem> & { oldMode?: string; newMode?: string } = {}) {
  const { oldMode, newMode, ...rest } = more;
  return {
    path,
    change,
    mainChanged: false,
    same: false,
    refused: null,
    renamedFrom: null,
    renamedTo: null,
    raw: {
      path,
      status: 'M',
      oldMode: oldMode ?? (change === 'added' ? '000000' : '100644'),
      newMode: newMode ?? (change === 'deleted' ? '000000' : '100644'),
      oldBlob: '1'.repeat(40),
      newBlob: '2'.repeat(40),
    },
    seen: { main: null, theirs: null },
    ...rest,
  } satisfies MergeItem;
}

describe('mergeConfirmation', () => {
  it('shows a path with newlines, control and bidi characters escaped, on one line', () => {
    assert.equal(shownPath('plain/dir/file.ts'), 'plain/dir/file.ts');
    assert.equal(shownPath('a\nb'), 'a\\nb');
    assert.equal(shownPath('tab\there\r'), 'tab\\there\\r');
    assert.equal(shownPath('esc\u001b[31mred'), 'esc\\x1b[31mred');
    assert.equal(shownPath('del\u007f c1\u0085'), 'del\\x7f c1\\x85');
    assert.equal(shownPath('txt.\u202egpj.exe'), 'txt.\\u{202e}gpj.exe');
    assert.equal(shownPath('zero\u200bwidth\ufeff'), 'zero\\u{200b}width\\u{feff}');
    assert.equal(shownPath('line\u2028sep'), 'line\\u{2028}sep');
    assert.equal(shownPath('back\\slash'), 'back\\\\slash', 'a backslash is doubled, so an escape is never ambiguous');
    assert.equal(shownPath('café/日本.txt'), 'café/日本.txt', 'printable Unicode stays');
  });

  it('flags hidden folders, workflows, tasks, .envrc, new executables and names that needed escaping', () => {
    const flags = (i: MergeItem) => mergeFlags(i).join('; ');
    assert.match(flags(item('.github/workflows/ci.yml', 'added')), /GitHub Actions workflow/);
    assert.match(flags(item('.GitHub/Workflows/ci.yml', 'modified')), /GitHub Actions workflow/, 'any case');
    assert.match(flags(item('.vscode/tasks.json', 'modified')), /VS Code tasks/);
    assert.match(flags(item('.envrc', 'added')), /direnv/);
    assert.match(flags(item('sub/dir/.envrc', 'modified')), /direnv/);
    assert.match(flags(item('.husky/pre-commit', 'added')), /hidden folder \.husky/);
    assert.match(flags(item('src/.config/x.json', 'modified')), /hidden folder src\/\.config/);
    assert.match(flags(item('tools/run.sh', 'added', { newMode: '100755' })), /a new executable/);
    assert.match(flags(item('tools/old.sh', 'modified', { newMode: '100755' })), /made executable/);
    assert.match(flags(item('bad\nname', 'added')), /control characters/);
    assert.deepEqual(mergeFlags(item('tools/kept.sh', 'modified', { oldMode: '100755', newMode: '100755' })), []);
    assert.deepEqual(mergeFlags(item('src/.eslintrc.json', 'modified')), [], 'a dotfile outside a hidden folder');
    assert.deepEqual(mergeFlags(item('src/a.ts', 'deleted')), []);
  });

  it('lists every file it would write, the flagged first, then those merged with yours, then the rest', () => {
    const c = mergeConfirmation(
      [
        item('src/a.ts', 'modified', { mainChanged: true }),
        item('.github/workflows/ci.yml', 'added'),
        item('notes/new.md', 'added'),
        item('old.txt', 'deleted'),
        item('README.md', 'added', { renamedFrom: 'readme.md' }),
        item('readme.md', 'deleted', { renamedTo: 'README.md' }),
        item('run.sh', 'added', { newMode: '100755', mainChanged: true }),
        item('same.txt', 'modified', { same: true }),
        item('link', 'added', { refused: 'it is a symbolic link' }),
        item('evil\n• fake.txt', 'added'),
      ],
      wt,
    );
    assert.equal(c.message, 'Merge back 7 files into /home/me/repo?');
    assert.equal(
      c.detail,
      [
        'Check these first:',
        '⚠ .github/workflows/ci.yml (added): a GitHub Actions workflow, which runs in CI',
        '⚠ run.sh (added, merged with yours): a new executable',
        '⚠ evil\\n• fake.txt (added): its name has control characters, shown escaped',
        '',
        'Changed in your tree too, merged three ways against main @ 1a2b3c4 (conflict markers where you and Zero changed the same lines):',
        '• src/a.ts',
        '',
        "Take the worktree's version:",
        '• notes/new.md (added)',
        '• old.txt (deleted)',
        '• README.md (renamed from readme.md)',
        '',
        'Not merged: link (it is a symbolic link).',
        '1 file already the same. Nothing is staged.',
      ].join('\n'),
    );
    assert.equal(c.detail.split('\n').length, 15, 'each file on one line');
  });

  it('a long list says how many more; flagged files are never left out', () => {
    const many = Array.from({ length: 40 }, (_, k) => item(`src/f${k}.ts`, 'modified'));
    const hidden = Array.from({ length: 30 }, (_, k) => item(`.ci/s${k}.sh`, 'added'));
    const c = mergeConfirmation([...many, ...hidden], wt);
    assert.equal(c.message, 'Merge back 70 files into /home/me/repo?');
    for (let k = 0; k < 30; k++) assert.ok(c.detail.includes(`⚠ .ci/s${k}.sh (added)`), `s${k}`);
    assert.match(c.detail, /• src\/f19\.ts \(modified\)\n… and 20 more/);
    assert.ok(!c.detail.includes('src/f20.ts'));
  });
});
