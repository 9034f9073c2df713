// Issue #27: the worktree commands run git, which a Restricted Mode window must never start. Each one is
// disabled in VS Code until the workspace is trusted (its `enablement`), on top of git.ts's own refusal.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

interface Command {
  command: string;
  enablement?: string;
}

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as {
  contributes: { commands: Command[] };
};

describe('package.json: the worktree commands need a trusted workspace', () => {
  const worktreeCommands = manifest.contributes.commands.filter((c) => /worktree/i.test(c.command));

  it('lists the worktree commands', () => {
    assert.ok(worktreeCommands.length >= 6, worktreeCommands.map((c) => c.command).join(', '));
  });

  it('each is enabled only when the workspace is trusted', () => {
    const untrusted = worktreeCommands.filter((c) => !/(^|&&\s*)isWorkspaceTrusted(\s*&&|$)/.test(c.enablement ?? ''));
    assert.deepEqual(
      untrusted.map((c) => c.command),
      [],
    );
  });
});
