/** Which rule an "Always allow" stored, matched in what `zero sandbox grants list --json` shows after the answer. */
import { strict as assert } from 'node:assert';
import { rulesBefore, storedRule, type RulesRead } from '../../../src/approvals/storedRules';

const FILE = '/home/me/.config/zero/sandbox-grants.json';
const ANSWERED = Date.parse('2026-12-02T01:58:02.400Z');
type Listed = Extract<RulesRead, { ok: true }>;
const list = (grants: Listed['grants'] = [], prefixes: Listed['prefixes'] = []): Listed => ({
  ok: true,
  grants,
  prefixes,
  file: FILE,
});

describe('storedRule: the rule Zero stored for an answer', () => {
  it('exec: the tool-wide grant `zero sandbox grants allow` wrote, with Zero’s time and file', () => {
    const read = list([
      { toolName: 'bash', decision: 'allow', approvedAt: '2026-01-01T00:00:00Z' },
      {
        toolName: 'web_fetch',
        scope: 'example.com',
        scopeKind: 'host',
        decision: 'allow',
        approvedAt: '2026-12-02T01:58:02Z',
      },
      { toolName: 'web_fetch', decision: 'allow', approvedAt: '2026-12-02T01:58:02Z' },
    ]);
    assert.deepEqual(
      storedRule({ kind: 'grant', tool: 'web_fetch', scope: { scope: '', kind: '' } }, read, ANSWERED, 9),
      {
        kind: 'grant',
        tool: 'web_fetch',
        scope: null,
        scopeKind: null,
        approvedAt: Date.parse('2026-12-02T01:58:02Z'),
        file: FILE,
        at: 9,
      },
    );
  });

  it('ACP always_allow: the host grant of that host (case and trailing dot as Zero normalises), not another host', () => {
    const read = list([
      {
        toolName: 'web_fetch',
        scope: 'example.org',
        scopeKind: 'host',
        decision: 'allow',
        approvedAt: '2026-12-01T00:00:00Z',
      },
      {
        toolName: 'web_fetch',
        scope: 'example.com',
        scopeKind: 'host',
        decision: 'allow',
        approvedAt: '2026-12-02T01:58:02Z',
      },
    ]);
    const rule = storedRule(
      { kind: 'grant', tool: 'web_fetch', scope: { scope: 'Example.com', kind: 'host' } },
      read,
      ANSWERED,
      1,
    );
    assert.equal(rule.kind === 'grant' && rule.scope, 'example.com');
  });

  it('a path Zero resolved another way: the tool’s newest grant of that kind approved since the answer; an old one never', () => {
    const newer = {
      toolName: 'write_file',
      scope: '/real/ws/a.txt',
      scopeKind: 'file',
      decision: 'allow',
      approvedAt: '2026-12-02T01:58:03Z',
    };
    const older = {
      toolName: 'write_file',
      scope: '/real/ws/b.txt',
      scopeKind: 'file',
      decision: 'allow',
      approvedAt: '2026-11-02T00:00:00Z',
    };
    const expected = { kind: 'grant', tool: 'write_file', scope: { scope: '/ws/a.txt', kind: 'file' } } as const;
    const rule = storedRule(expected, list([older, newer]), ANSWERED, 1);
    assert.equal(rule.kind === 'grant' && rule.scope, '/real/ws/a.txt');
    const none = storedRule(expected, list([older]), ANSWERED, 1);
    assert.equal(none.kind, 'none');
    assert.match(
      none.kind === 'none' ? none.why : '',
      /shows no rule for write_file, the file \/ws\/a\.txt: Zero will ask again/,
    );
  });

  it('a deny grant or another tool is never taken for the answer', () => {
    const read = list([
      { toolName: 'web_fetch', decision: 'deny', approvedAt: '2026-12-02T01:58:02Z' },
      { toolName: 'web_search', decision: 'allow', approvedAt: '2026-12-02T01:58:02Z' },
    ]);
    const rule = storedRule({ kind: 'grant', tool: 'web_fetch', scope: { scope: '', kind: '' } }, read, ANSWERED, 1);
    assert.equal(rule.kind, 'none');
  });

  it('ACP always_allow_prefix: the newest prefix that starts a part of the command', () => {
    const read = list(
      [],
      [
        { toolName: 'exec_command', prefix: ['echo'], approvedAt: '2026-01-01T00:00:00Z' },
        { toolName: 'exec_command', prefix: ['echo', 'hello', 'world'], approvedAt: '2026-12-02T01:58:02Z' },
        { toolName: 'exec_command', prefix: ['date'], approvedAt: '2026-12-02T01:58:04Z' },
      ],
    );
    const rule = storedRule(
      { kind: 'prefix', tool: 'exec_command', parts: [['echo', 'hello', 'world']] },
      read,
      ANSWERED,
      1,
    );
    assert.deepEqual(rule.kind === 'prefix' && rule.prefix, ['echo', 'hello', 'world']);
    const unparsed = storedRule({ kind: 'prefix', tool: 'exec_command', parts: null }, read, ANSWERED, 1);
    assert.deepEqual(unparsed.kind === 'prefix' && unparsed.prefix, ['date'], 'the newest since the answer');
    const missing = storedRule({ kind: 'prefix', tool: 'bash', parts: [['ls']] }, read, ANSWERED, 1);
    assert.equal(missing.kind, 'none');
  });

  it('Zero’s list could not be read: says so with Zero’s error, claims no rule', () => {
    const rule = storedRule(
      { kind: 'grant', tool: 'web_fetch', scope: { scope: '', kind: '' } },
      { ok: false, error: 'invalid sandbox grants file at /x: unexpected end of JSON input' },
      ANSWERED,
      1,
    );
    assert.equal(rule.kind, 'none');
    assert.match(
      rule.kind === 'none' ? rule.why : '',
      /Could not read Zero's rules back .*invalid sandbox grants file/,
    );
  });

  it('rulesBefore: a read that raced the card’s own answer drops what was stored in or after the second of the question', () => {
    const read = list(
      [
        {
          toolName: 'web_fetch',
          scope: 'a.com',
          scopeKind: 'host',
          decision: 'allow',
          approvedAt: '2026-12-02T01:58:01Z',
        },
        {
          toolName: 'web_fetch',
          scope: 'b.com',
          scopeKind: 'host',
          decision: 'allow',
          approvedAt: '2026-12-02T01:58:02Z',
        },
      ],
      [{ toolName: 'exec_command', prefix: ['ls'], approvedAt: '2026-12-02T01:58:03Z' }],
    );
    const before = rulesBefore(read, ANSWERED);
    assert.deepEqual(before.ok ? [before.grants.map((g) => g.scope), before.prefixes.length] : before, [['a.com'], 0]);
    const failed: RulesRead = { ok: false, error: 'x' };
    assert.equal(rulesBefore(failed, ANSWERED), failed);
  });
});
