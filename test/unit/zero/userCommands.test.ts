import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAX_DESCRIPTION, type ZeroCommand } from '../../../src/conversation/prompts/zeroCommands';
import {
  loadUserCommands,
  MAX_COMMAND_BYTES,
  MAX_TOTAL_BYTES,
  mergeZeroCommands,
  parseSkillList,
  readSkills,
  userConfigDir,
} from '../../../src/zero/config/userCommands';

describe("Zero's user commands and skills: loading", () => {
  let root: string;
  let config: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'zc-ws-'));
    config = await fs.mkdtemp(path.join(os.tmpdir(), 'zc-cfg-'));
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
    await fs.rm(config, { recursive: true, force: true });
  });

  async function write(dir: string, name: string, text: string): Promise<void> {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, name), text);
  }

  it('project overrides user; non-.md, bad names, Zero builtin names and oversized files are left out', async () => {
    const user = path.join(config, 'zero', 'commands');
    const project = path.join(root, '.zero', 'commands');
    await write(user, 'review.md', 'USER version');
    await write(user, 'mine.md', '---\ndescription: Mine\n---\nDo mine');
    await write(project, 'review.md', 'PROJECT version');
    await write(project, 'notes.txt', 'ignored');
    await write(project, 'Bad Name.md', 'ignored');
    await write(project, 'compact.md', 'shadowed by Zero /compact');
    await write(project, 'huge.md', 'x'.repeat(MAX_COMMAND_BYTES + 1));
    await write(project, 'Upper.md', 'lowercased');
    const all = await loadUserCommands({ workspaceRoot: root, configDir: config, includeProject: true });
    assert.deepEqual(
      all.map((c) => [c.name, c.template, c.project]),
      [
        ['mine', 'Do mine', false],
        ['review', 'PROJECT version', true],
        ['upper', 'lowercased', true],
      ],
    );
    const userOnly = await loadUserCommands({ workspaceRoot: root, configDir: config, includeProject: false });
    assert.deepEqual(
      userOnly.map((c) => [c.name, c.template]),
      [
        ['mine', 'Do mine'],
        ['review', 'USER version'],
      ],
    );
  });

  it('the user folder is Zero config dir: XDG_CONFIG_HOME, else ~/.config; APPDATA on Windows', () => {
    assert.equal(userConfigDir({ XDG_CONFIG_HOME: '/x' }, 'linux'), '/x');
    assert.equal(userConfigDir({ HOME: '/h' }, 'darwin'), path.join('/h', '.config'));
    assert.equal(userConfigDir({ APPDATA: 'C:\\A' }, 'win32'), 'C:\\A');
  });

  it('project symlinks are not followed (their target would go to the model); the user folder may use them', async () => {
    const user = path.join(config, 'zero', 'commands');
    const project = path.join(root, '.zero', 'commands');
    await write(root, 'secret.txt', 'SECRET');
    await fs.mkdir(project, { recursive: true });
    await fs.mkdir(user, { recursive: true });
    await fs.symlink(path.join(root, 'secret.txt'), path.join(project, 'leak.md'));
    await fs.symlink(path.join(root, 'secret.txt'), path.join(user, 'mine.md'));
    const all = await loadUserCommands({ workspaceRoot: root, configDir: config, includeProject: true });
    assert.deepEqual(
      all.map((c) => [c.name, c.template]),
      [['mine', 'SECRET']],
    );
  });

  it('a description is one line of at most MAX_DESCRIPTION characters', async () => {
    const project = path.join(root, '.zero', 'commands');
    await write(project, 'long.md', `---\ndescription: <b>${'y'.repeat(400)}</b>\n---\nbody`);
    const [c] = await loadUserCommands({ workspaceRoot: root, configDir: '', includeProject: true });
    assert.equal(c!.description.length, MAX_DESCRIPTION);
    assert.ok(c!.description.startsWith('<b>yyy') && c!.description.endsWith('…'));
  });

  it('skills: `zero skills list --json` names them (no content); the body is read from SKILL.md', async () => {
    // What Zero 0.8.0 prints: content is always "" (skills.ListFromRoots strips it).
    const dir = path.join(config, 'skills');
    await write(
      path.join(dir, 'pr'),
      'SKILL.md',
      '---\r\nname: PR-Review\r\ndescription: Review a PR\r\n---\r\n\r\n  Body\r\n',
    );
    await write(path.join(dir, 'plain'), 'SKILL.md', 'No frontmatter body\n');
    await write(path.join(dir, 'empty'), 'SKILL.md', '---\nname: empty\n---\n   \n');
    await write(path.join(dir, 'big'), 'SKILL.md', 'x'.repeat(MAX_COMMAND_BYTES + 1));
    const at = (d: string): string => path.join(dir, d, 'SKILL.md');
    const listed = parseSkillList(
      JSON.stringify({
        skills: [
          { content: '', description: 'Review a PR', name: 'PR-Review', path: at('pr') },
          { content: '', name: 'plain', path: at('plain') },
          { content: '', name: 'has space', path: at('plain') },
          { content: '', name: 'empty', path: at('empty') },
          { content: '', name: 'big', path: at('big') },
          { content: '', name: 'elsewhere', path: path.join(root, 'notes.md') },
          { content: '', name: 'relative', path: 'x/SKILL.md' },
        ],
      }),
    );
    assert.deepEqual(
      listed.map((s) => s.name),
      ['PR-Review', 'plain', 'empty', 'big'],
    );
    const skills = await readSkills(listed);
    assert.deepEqual(
      skills.map((s) => [s.name, s.template, s.description, s.kind]),
      [
        ['pr-review', 'Body', 'Review a PR', 'skill'],
        ['plain', 'No frontmatter body', 'Skill: plain', 'skill'],
      ],
    );
    const merged = mergeZeroCommands(
      [{ name: 'plain', description: 'd', kind: 'command', template: 't' }],
      [...skills, { name: 'init', description: 'x', kind: 'skill', template: 'x' }],
    );
    assert.deepEqual(
      merged.map((c) => [c.name, c.kind]),
      [
        ['plain', 'command'],
        ['pr-review', 'skill'],
      ],
    );
    assert.throws(() => parseSkillList('nope'), /printed no JSON/);
  });

  it('all templates together stay within MAX_TOTAL_BYTES', () => {
    const big = (name: string): ZeroCommand => ({
      name,
      description: '',
      kind: 'command',
      template: 'x'.repeat(MAX_COMMAND_BYTES),
    });
    const many = Array.from({ length: 40 }, (_, i) => big(`c${i}`));
    const kept = mergeZeroCommands(many, []);
    assert.equal(kept.length, Math.floor(MAX_TOTAL_BYTES / MAX_COMMAND_BYTES));
  });
});
