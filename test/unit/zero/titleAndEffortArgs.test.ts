// The chat's title names the Zero session its first exec turn creates, and the composer's effort goes
// to `zero exec` as --reasoning-effort: each one argv element, in the `=` form (docs/zero-exec.md §10.1, §20).
import * as assert from 'node:assert/strict';
import { buildExecArgs, SettingsError } from '../../../src/zero/exec/execArgs';
import {
  argsForLog,
  cleanSessionTitle,
  SESSION_TITLE_MAX,
  sessionTitleArg,
} from '../../../src/zero/sessions/sessionTitle';

const BASE = ['exec', '-o', 'stream-json', '-i', 'stream-json', '--no-notify', '--no-completion-gate', '--cwd', '/ws'];
const SESSION = 'zero_20260701141533_1782915333020551766_1';

describe('the session title and reasoning effort in the exec argv', () => {
  it('a first turn names its session with one --session-title=<title> element', () => {
    const { args } = buildExecArgs({ cwd: '/ws', sessionTitle: 'Fix the login bug', platform: 'linux' });
    assert.deepEqual(args, [...BASE, '--session-title=Fix the login bug']);
  });

  it('a resumed turn sends no title (Zero ignores it on --resume and keeps the first one)', () => {
    const { args } = buildExecArgs({
      cwd: '/ws',
      resumeSessionId: SESSION,
      sessionTitle: 'New name',
      platform: 'linux',
    });
    assert.deepEqual(args, [...BASE, `--resume=${SESSION}`]);
  });

  it('a title that starts with "-" stays the value of the flag, never a flag of its own', () => {
    const { args } = buildExecArgs({ cwd: '/ws', sessionTitle: '--skip-permissions-unsafe', platform: 'linux' });
    assert.deepEqual(args, [...BASE, '--session-title=--skip-permissions-unsafe']);
    assert.ok(!args.includes('--skip-permissions-unsafe'));
  });

  it('control characters, line breaks and bidi overrides become spaces; runs of space collapse', () => {
    assert.equal(cleanSessionTitle('Fix\tthe\r\nlogin\u0000bug\u001b[31m'), 'Fix the login bug [31m');
    assert.equal(cleanSessionTitle('\u202eevil\u202c name\u2028next\u200b'), 'evil name next');
    assert.equal(cleanSessionTitle('  spaced   out  '), 'spaced out');
    // Letters of every script, and emoji joined with ZWJ, are kept.
    assert.equal(cleanSessionTitle('Prüfe 日本語 👩‍💻'), 'Prüfe 日本語 👩‍💻');
  });

  it(`is cut at ${SESSION_TITLE_MAX} characters, never inside a surrogate pair`, () => {
    const long = `${'a'.repeat(SESSION_TITLE_MAX - 1)}😀😀 tail`;
    const cut = cleanSessionTitle(long);
    assert.equal(Array.from(cut).length, SESSION_TITLE_MAX);
    assert.ok(cut.endsWith('😀'), cut.slice(-4));
    assert.equal(cleanSessionTitle('x'.repeat(500)).length, SESSION_TITLE_MAX);
  });

  it('a title with nothing printable sends no flag (Zero refuses an empty --session-title=)', () => {
    assert.equal(sessionTitleArg(' \t\u0007\u202e '), null);
    assert.deepEqual(buildExecArgs({ cwd: '/ws', sessionTitle: '\n\n', platform: 'linux' }).args, BASE);
  });

  it('a key in the title never reaches the argv (every process can read it): redacted before it is cut', () => {
    const key = 'sk-proj-AbC123dEf456GhI789jKl';
    const { args } = buildExecArgs({ cwd: '/ws', sessionTitle: `Why does ${key} fail?`, platform: 'linux' });
    assert.deepEqual(args, [...BASE, '--session-title=Why does [REDACTED] fail?']);
    for (const [title, secret] of [
      ['deploy with GITHUB_TOKEN=ghs_plainvalue please', 'ghs_plainvalue'],
      ['curl -H "Authorization: Bearer abcdef123456"', 'abcdef123456'],
      ['set DB_PASSWORD=-hunter2 and retry', 'hunter2'],
      ['groq gsk_AbCdEf0123456789AbCdEf broke', 'gsk_AbCdEf'],
      // The chat title is the first message cut at 57 characters and "…": a key cut there is still a key.
      ['Explain why the request signed with my key sk-ab…', 'sk-ab'],
      ['token ghp_0123456789…', 'ghp_0123'],
    ] as const) {
      const arg = sessionTitleArg(title) ?? '';
      assert.ok(!arg.includes(secret), `${secret} in ${arg}`);
      assert.match(arg, /\[REDACTED\]/, arg);
    }
    // Cut at 80 after redacting: a key across the cut is hidden whole, not left half.
    const long = `${'a'.repeat(60)} ${key}`;
    assert.equal(cleanSessionTitle(long), `${'a'.repeat(60)} [REDACTED]`);
    assert.equal(cleanSessionTitle('Fix the login bug (task-list)'), 'Fix the login bug (task-list)');
  });

  it('the log shows that a title was passed, not the title (it is the first message, never logged)', () => {
    const { args } = buildExecArgs({ cwd: '/ws', sessionTitle: 'my secret plan', platform: 'linux' });
    const logged = argsForLog(args).join(' ');
    assert.doesNotMatch(logged, /secret/);
    assert.match(logged, /--session-title=<the chat title>$/);
  });

  it('the effort goes as --reasoning-effort=<effort>, after --model, lower-cased', () => {
    const { args } = buildExecArgs({ cwd: '/ws', model: 'gpt-5', reasoningEffort: ' High ', platform: 'linux' });
    assert.deepEqual(args, [...BASE, '--model', 'gpt-5', '--reasoning-effort=high']);
    // xhigh is refused by Zero's separate-value form (low, medium, high only): the `=` form carries it.
    assert.deepEqual(buildExecArgs({ cwd: '/ws', reasoningEffort: 'xhigh', platform: 'linux' }).args, [
      ...BASE,
      '--reasoning-effort=xhigh',
    ]);
    assert.deepEqual(buildExecArgs({ cwd: '/ws', reasoningEffort: '', platform: 'linux' }).args, BASE);
  });

  it('an effort that is not a word is refused before Zero runs', () => {
    for (const bad of ['-high', 'high low', 'hi=gh', 'h\u0000', 'x'.repeat(40)]) {
      assert.throws(
        () => buildExecArgs({ cwd: '/ws', reasoningEffort: bad, platform: 'linux' }),
        (err: unknown) => err instanceof SettingsError && /Reasoning effort/.test(err.problems.join()),
        bad,
      );
    }
  });
});
