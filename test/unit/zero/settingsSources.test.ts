import * as assert from 'node:assert/strict';
import {
  describeIgnored,
  meansUnsafe,
  resolveSettings,
  userOnlyKeysInFile,
  type Inspected,
} from '../../../src/zero/config/settingsSources';

const DEFAULTS: Record<string, unknown> = {
  path: '',
  model: '',
  mode: '',
  autonomy: '',
  addDirs: [],
  addWorkspaceFolders: false,
  extraArgs: [],
  env: {},
  maxLineMB: 64,
  maxRunOutputMB: 16,
  transport: 'exec',
};

/** An inspect() over per-level values, as VS Code reports them. */
function settings(levels: {
  user?: Record<string, unknown>;
  workspace?: Record<string, unknown>;
  folder?: Record<string, unknown>;
}) {
  return resolveSettings((key): Inspected => ({
    defaultValue: DEFAULTS[key],
    ...(levels.user && key in levels.user ? { globalValue: levels.user[key] } : {}),
    ...(levels.workspace && key in levels.workspace ? { workspaceValue: levels.workspace[key] } : {}),
    ...(levels.folder && key in levels.folder ? { workspaceFolderValue: levels.folder[key] } : {}),
  }));
}

const UNSAFE_SPELLINGS = ['unsafe', 'Unsafe', ' unsafe', 'UNSAFE ', '\tunsafe\n', 'high', 'High', ' HIGH '];

describe('settings sources: what a workspace may set', () => {
  it('a workspace cannot choose unsafe mode in any spelling; the user default stays and the user is told', () => {
    for (const mode of UNSAFE_SPELLINGS) {
      for (const level of ['workspace', 'folder'] as const) {
        const s = settings({ [level]: { mode } });
        assert.equal(s.mode, '', `${level} ${JSON.stringify(mode)}`);
        assert.equal(s.ignored.length, 1);
        assert.equal(s.ignored[0]!.key, 'zero.mode');
        assert.match(s.ignored[0]!.why, /means unsafe/);
      }
    }
  });

  it('falls back to the user value, which may itself be unsafe (the user chose it)', () => {
    assert.equal(settings({ user: { mode: 'ask' }, workspace: { mode: 'Unsafe' } }).mode, 'ask');
    assert.equal(settings({ user: { mode: 'unsafe' } }).mode, 'unsafe');
    assert.deepEqual(settings({ user: { mode: 'unsafe' } }).ignored, []);
  });

  it('a workspace cannot choose autonomy high in any spelling', () => {
    for (const autonomy of ['high', 'HIGH', ' High ']) {
      const s = settings({ user: { autonomy: 'low' }, workspace: { autonomy } });
      assert.equal(s.autonomy, 'low');
      assert.deepEqual(
        s.ignored.map((i) => i.key),
        ['zero.autonomy'],
      );
    }
  });

  it('a workspace may narrow: plan, ask, auto, low, medium, normalised as Zero reads them', () => {
    const s = settings({
      user: { mode: 'unsafe', autonomy: 'high' },
      workspace: { mode: ' PLAN ', autonomy: 'Medium' },
    });
    assert.equal(s.mode, 'plan');
    assert.equal(s.autonomy, 'medium');
    assert.deepEqual(s.ignored, []);
    assert.equal(settings({ workspace: { mode: 'ask' } }).mode, 'ask');
    assert.equal(settings({ workspace: { mode: 'auto' } }).mode, 'auto');
  });

  it('anything else from a workspace is ignored too: member modes, look-alikes, non-strings', () => {
    // "HİGH" (capital I with dot): Go lower-cases it to "high", JavaScript does not.
    for (const mode of ['member', 'member-auto', 'spec-draft', 'HİGH', 'unſafe', 'yolo', true, 42, ['unsafe']]) {
      const s = settings({ workspace: { mode } });
      assert.equal(s.mode, '', JSON.stringify(mode));
      assert.equal(s.ignored.length, 1, JSON.stringify(mode));
    }
  });

  it('a folder value that is refused does not hide an allowed workspace value', () => {
    const s = settings({ workspace: { mode: 'plan' }, folder: { mode: 'unsafe' } });
    assert.equal(s.mode, 'plan');
    assert.equal(s.ignored.length, 1);
  });

  it('path, env, extraArgs, addDirs and addWorkspaceFolders come from user settings only', () => {
    const workspace = {
      path: '/tmp/evil',
      env: { LD_PRELOAD: '/tmp/x.so' },
      extraArgs: ['--skip-permissions-unsafe'],
      addDirs: ['/'],
      addWorkspaceFolders: true,
    };
    const s = settings({ user: { path: '/usr/bin/zero', env: { OPENAI_API_KEY: 'k' } }, workspace });
    assert.equal(s.path, '/usr/bin/zero');
    assert.deepEqual(s.env, { OPENAI_API_KEY: 'k' });
    assert.deepEqual(s.extraArgs, []);
    assert.deepEqual(s.addDirs, []);
    assert.equal(s.addWorkspaceFolders, false);
    assert.deepEqual(s.ignored.map((i) => i.key).sort(), [
      'zero.addDirs',
      'zero.addWorkspaceFolders',
      'zero.env',
      'zero.extraArgs',
      'zero.path',
    ]);
    assert.deepEqual(settings({ folder: workspace }).ignored.length, 5);
  });

  it('zero.transport comes from user settings only: a workspace cannot switch which Zero command runs', () => {
    assert.equal(settings({ user: { transport: 'acp' } }).transport, 'acp');
    const s = settings({ workspace: { transport: 'acp' } });
    assert.equal(s.transport, 'exec');
    assert.deepEqual(
      s.ignored.map((i) => i.key),
      ['zero.transport'],
    );
    assert.equal(settings({ user: { transport: 'bogus' } }).transport, 'exec');
  });

  it('a workspace value equal to the one in use is not reported', () => {
    assert.deepEqual(
      settings({ user: { addDirs: ['/data'] }, workspace: { addDirs: ['/data'], addWorkspaceFolders: false } }).ignored,
      [],
    );
  });

  it('the user values are used as given; model and maxLineMB may come from the workspace', () => {
    const s = settings({
      user: {
        addDirs: ['/data', '', 3],
        extraArgs: ['--max-turns', '5'],
        env: { A: '1', B: 2 },
        addWorkspaceFolders: true,
        maxLineMB: 5000,
      },
      workspace: { model: ' sonnet-4.5 ' },
    });
    assert.deepEqual(s.addDirs, ['/data']);
    assert.deepEqual(s.extraArgs, ['--max-turns', '5']);
    assert.deepEqual(s.env, { A: '1' });
    assert.equal(s.addWorkspaceFolders, true);
    assert.equal(s.maxLineMB, 1024);
    assert.equal(s.model, 'sonnet-4.5');
  });

  it('describes what was ignored without printing env values', () => {
    const s = settings({ workspace: { env: { SECRET: 'hunter2' }, mode: 'unsafe' } });
    const text = describeIgnored(s.ignored);
    assert.match(text, /zero\.env/);
    assert.match(text, /zero\.mode/);
    assert.ok(!text.includes('hunter2'));
  });

  it('meansUnsafe knows both unsafe spellings', () => {
    assert.ok(UNSAFE_SPELLINGS.every(meansUnsafe));
    assert.ok(!['auto', 'ask', 'plan', '', null, 1].some(meansUnsafe));
  });

  it('finds user-only keys in a workspace settings file (JSON with comments), which VS Code drops silently', () => {
    const text = `{
      // a comment with "zero.path": "x" in it
      "zero.path": "/tmp/evil", /* block */
      "zero.model": "a // not a comment",
      "zero.env": { "A": "b" },
      "zero.addWorkspaceFolders": true,
    }`;
    assert.deepEqual(
      userOnlyKeysInFile(text).map((i) => i.key),
      ['zero.path', 'zero.env', 'zero.addWorkspaceFolders'],
    );
    assert.deepEqual(
      userOnlyKeysInFile('{"folders": [], "settings": {"zero.extraArgs": ["-otext"]}}', 'settings').map((i) => i.key),
      ['zero.extraArgs'],
    );
    assert.deepEqual(userOnlyKeysInFile('not json'), []);
    assert.deepEqual(userOnlyKeysInFile('{"zero.model": "x"}'), []);
  });
});
