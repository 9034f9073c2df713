import * as assert from 'node:assert/strict';
import { buildExecArgs, SettingsError } from '../../../src/zero/exec/execArgs';

const BASE = ['exec', '-o', 'stream-json', '-i', 'stream-json', '--no-notify', '--no-completion-gate', '--cwd', '/ws'];

function problemsOf(fn: () => unknown): readonly string[] {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof SettingsError, `expected SettingsError, got ${String(err)}`);
    return err.problems;
  }
  assert.fail('expected a SettingsError');
}

describe('buildExecArgs', () => {
  it('starts with the fixed protocol flags, -o first', () => {
    const { args, warnings } = buildExecArgs({ cwd: '/ws', platform: 'linux' });
    assert.deepEqual(args, BASE);
    assert.deepEqual(warnings, []);
  });

  it('puts every option in order, extra args last', () => {
    const { args } = buildExecArgs({
      cwd: '/ws',
      resumeSessionId: 'zero_20260701141533_1782915333020551766_1',
      model: 'sonnet-4.5',
      permissionMode: 'ask',
      plan: false,
      addDirs: ['/data', '/data', '/other'],
      extraArgs: ['--max-turns', '5'],
      platform: 'linux',
    });
    assert.deepEqual(args, [
      ...BASE,
      '--resume=zero_20260701141533_1782915333020551766_1',
      '--model',
      'sonnet-4.5',
      '--permission-mode',
      'ask',
      '--add-dir',
      '/data',
      '--add-dir',
      '/other',
      '--max-turns',
      '5',
    ]);
  });

  it('adds --auto, --plan and --skip-permissions-unsafe only when asked', () => {
    assert.deepEqual(buildExecArgs({ cwd: '/ws', autonomy: 'medium', plan: true, platform: 'linux' }).args, [
      ...BASE,
      '--auto',
      'medium',
      '--plan',
    ]);
    const unsafe = buildExecArgs({ cwd: '/ws', skipPermissionsUnsafe: true, platform: 'linux' });
    assert.deepEqual(unsafe.args, [...BASE, '--skip-permissions-unsafe']);
    assert.match(unsafe.warnings.join(), /unsafe/);
  });

  it('treats empty strings as unset', () => {
    assert.deepEqual(
      buildExecArgs({ cwd: '/ws', model: ' ', permissionMode: '', autonomy: '', platform: 'linux' }).args,
      BASE,
    );
  });

  it('never puts the prompt in argv: there is no prompt option and no "--"', () => {
    const { args } = buildExecArgs({ cwd: '/ws', platform: 'linux' });
    assert.ok(!args.includes('--') && !args.includes('-p') && !args.some((a) => a.startsWith('--prompt')));
  });

  it('warns about unsafe modes; --auto beside a mode is not ignored by Zero (subagents, MCP), so no warning', () => {
    assert.match(buildExecArgs({ cwd: '/ws', permissionMode: 'unsafe', platform: 'linux' }).warnings.join(), /unsafe/);
    assert.match(buildExecArgs({ cwd: '/ws', autonomy: 'high', platform: 'linux' }).warnings.join(), /unsafe/);
    assert.deepEqual(
      buildExecArgs({ cwd: '/ws', permissionMode: 'auto', autonomy: 'high', platform: 'linux' }).warnings,
      [],
    );
  });

  it('rejects invalid modes, autonomy, models and session ids', () => {
    const problems = problemsOf(() =>
      buildExecArgs({
        cwd: '/ws',
        permissionMode: 'yolo',
        autonomy: 'max',
        model: '--help',
        resumeSessionId: '',
        platform: 'linux',
      }),
    );
    assert.equal(problems.length, 4, problems.join('\n'));
    assert.match(problems.join('\n'), /permission mode "yolo"/);
    assert.match(problems.join('\n'), /autonomy level "max"/);
    assert.match(problems.join('\n'), /looks like a flag/);
    assert.match(problems.join('\n'), /session id/);
  });

  it('rejects a session id with a space or a leading dash', () => {
    assert.equal(problemsOf(() => buildExecArgs({ cwd: '/ws', resumeSessionId: 'a b', platform: 'linux' })).length, 1);
    assert.equal(problemsOf(() => buildExecArgs({ cwd: '/ws', resumeSessionId: '-x', platform: 'linux' })).length, 1);
  });

  it('rejects relative folders', () => {
    assert.match(problemsOf(() => buildExecArgs({ cwd: 'ws', platform: 'linux' })).join(), /absolute/);
    assert.match(
      problemsOf(() => buildExecArgs({ cwd: '/ws', addDirs: ['../data'], platform: 'linux' })).join(),
      /"\.\.\/data" must be an absolute path/,
    );
    assert.deepEqual(
      buildExecArgs({ cwd: '/ws', addDirs: ['~/shared'], platform: 'linux', homedir: '/home/me' }).args.slice(-2),
      ['--add-dir', '/home/me/shared'],
    );
    assert.deepEqual(buildExecArgs({ cwd: 'C:\\ws', addDirs: ['D:\\data'], platform: 'win32' }).args.slice(-2), [
      '--add-dir',
      'D:\\data',
    ]);
    assert.match(
      problemsOf(() => buildExecArgs({ cwd: 'C:\\ws', addDirs: ['data'], platform: 'win32' })).join(),
      /absolute/,
    );
  });

  it('rejects extra args that would break the protocol', () => {
    const bad = [
      '-o',
      'json',
      '--output-format=text',
      '-i',
      '--input-format',
      '--resume',
      '--resume=abc',
      '--cwd',
      '/x',
      '-p',
      '--prompt=hi',
      '--',
      'help',
      '-h',
      '--help',
      '--file',
      'f.jsonl',
    ];
    const problems = problemsOf(() => buildExecArgs({ cwd: '/ws', extraArgs: bad, platform: 'linux' }));
    for (const flag of [
      '-o',
      '--output-format=text',
      '-i',
      '--input-format',
      '--resume',
      '--resume=abc',
      '--cwd',
      '-p',
      '--prompt=hi',
      '--',
      'help',
      '-h',
      '--help',
      '--file',
    ]) {
      assert.ok(
        problems.some((p) => p.startsWith(`Extra argument "${flag}"`)),
        `flags ${flag}: ${problems.join('\n')}`,
      );
    }
    assert.ok(!problems.some((p) => p.includes('"json"') || p.includes('"/x"')), 'values are not flagged');
  });

  it('refuses the glued, single-dash-long and double-dash-short spellings too', () => {
    const bad = [
      '-otext',
      '-ojson',
      '-C/etc',
      '-ijson',
      '-phello',
      '-p=hi',
      '-fprompt.txt',
      '--o',
      '--o=text',
      '-o=text',
      '--C=/x',
      '-cwd=/x',
      '-output-format=text',
      '--h',
      '-help',
      '-hx',
    ];
    const problems = problemsOf(() => buildExecArgs({ cwd: '/ws', extraArgs: bad, platform: 'linux' }));
    for (const flag of bad)
      assert.ok(
        problems.some((p) => p.startsWith(`Extra argument "${flag}" is not allowed`)),
        `${flag}: ${problems.join('\n')}`,
      );
    assert.equal(problems.length, bad.length);
  });

  it('keeps harmless extra args, including ones that merely start with a forbidden letter', () => {
    const ok = [
      '--max-turns',
      '5',
      '--model=gpt-4.1',
      '-m',
      'x',
      '--permission-mode=ask',
      '--profile=fast',
      '--image=a.png',
      '-r',
      'high',
      '--tag',
      'vs',
    ];
    assert.deepEqual(buildExecArgs({ cwd: '/ws', extraArgs: ok, platform: 'linux' }).args.slice(-ok.length), ok);
  });

  it('rejects --fork/--init-session-id when resuming, and plan mode clashes', () => {
    assert.equal(
      problemsOf(() =>
        buildExecArgs({ cwd: '/ws', resumeSessionId: 's1', extraArgs: ['--fork=s0'], platform: 'linux' }),
      ).length,
      1,
    );
    const problems = problemsOf(() =>
      buildExecArgs({
        cwd: '/ws',
        plan: true,
        permissionMode: 'auto',
        skipPermissionsUnsafe: true,
        extraArgs: ['--worktree'],
        platform: 'linux',
      }),
    );
    assert.equal(problems.length, 3, problems.join('\n'));
  });

  it('lower-cases modes as Zero does, and knows the short flag spellings', () => {
    assert.deepEqual(
      buildExecArgs({ cwd: '/ws', permissionMode: 'Ask', autonomy: 'LOW', platform: 'linux' }).args.slice(-4),
      ['--permission-mode', 'ask', '--auto', 'low'],
    );
    assert.equal(
      problemsOf(() => buildExecArgs({ cwd: '/ws', extraArgs: ['-C', '/x', '-f', 'p.txt'], platform: 'linux' })).length,
      2,
    );
    assert.equal(
      problemsOf(() =>
        buildExecArgs({ cwd: '/ws', permissionMode: 'plan', skipPermissionsUnsafe: true, platform: 'linux' }),
      ).length,
      1,
    );
  });

  it('lists all problems in the error message', () => {
    try {
      buildExecArgs({ cwd: 'rel', model: '-m', platform: 'linux' });
      assert.fail('should throw');
    } catch (err) {
      assert.ok(err instanceof SettingsError);
      assert.equal(err.problems.length, 2);
      assert.match(err.message, /absolute path[\s\S]*looks like a flag/);
    }
  });

  it('rejects non-string settings that come from hand-edited JSON', () => {
    const opts = { cwd: '/ws', model: 42, extraArgs: ['--x', 3], platform: 'linux' } as unknown as Parameters<
      typeof buildExecArgs
    >[0];
    assert.equal(problemsOf(() => buildExecArgs(opts)).length, 2);
  });
});
