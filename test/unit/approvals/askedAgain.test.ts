/** Why Zero 0.8 asks again about what the user always allowed, from what Zero sends plus its stored rules. */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import {
  askedAgain,
  earlierAllows,
  DESTRUCTIVE_REASON,
  NETWORK_REASON,
  type AskFacts,
  type EarlierAllow,
} from '../../../src/approvals/askedAgain';
import type { RulesRead } from '../../../src/approvals/storedRules';
import type { PermissionItem, StoredRule, Turn } from '../../../src/conversation/model';
import { newTurn } from '../../../src/conversation/reducer';

const AT = '2026-12-02T01:58:02Z';
const FILE = '/cfg/zero/sandbox-grants.json';
type Listed = Extract<RulesRead, { ok: true }>;
const rules = (grants: Listed['grants'] = [], prefixes: Listed['prefixes'] = []): Listed => ({
  ok: true,
  grants,
  prefixes,
  file: FILE,
});
const execFacts = (f: Partial<AskFacts>): AskFacts => ({
  transport: 'exec',
  tool: 'exec_command',
  args: { cmd: 'echo hi' },
  root: '/ws',
  reason: null,
  block: null,
  ...f,
});
const acpFacts = (f: Partial<AskFacts>): AskFacts => ({ ...execFacts(f), transport: 'acp', ...f });
const ask = (facts: AskFacts, read: RulesRead | null, earlier: EarlierAllow[] = []) =>
  askedAgain(facts, read, earlier, path.posix);
const wideShell = rules([{ toolName: 'exec_command', decision: 'allow', approvedAt: AT }]);

describe('askedAgain: Zero asks about something always allowed', () => {
  it('nothing to say when the tool has no rule in Zero and no earlier "Always allow" card', () => {
    assert.equal(ask(execFacts({}), rules([{ toolName: 'web_fetch', decision: 'allow' }])), null);
    assert.equal(ask(execFacts({}), rules([{ toolName: 'exec_command', decision: 'deny' }])), null);
    assert.equal(ask(execFacts({}), { ok: false, error: 'boom' }), null);
  });

  it('exec, shell network: Zero’s reason, the grant’s time from Zero, no rule covers network', () => {
    const note = ask(execFacts({ args: { cmd: 'curl https://example.com' }, reason: NETWORK_REASON }), wideShell)!;
    assert.deepEqual(
      { allowedAt: note.allowedAt, from: note.from, rule: note.rule, said: note.said },
      { allowedAt: Date.parse(AT), from: 'zero', rule: 'exec_command, every call (tool-wide)', said: true },
    );
    assert.match(note.reason, /^The command uses the network.*no rule covers it/);
  });

  it('exec, a destructive command: Zero asks every time', () => {
    const note = ask(execFacts({ args: { cmd: 'rm -rf /' }, reason: DESTRUCTIVE_REASON }), wideShell)!;
    assert.match(note.reason, /^The command is destructive/);
  });

  it('a run outside the sandbox or more sandbox access, read from the arguments (both transports)', () => {
    for (const facts of [execFacts, acpFacts]) {
      const out = ask(facts({ args: { cmd: 'ls', sandbox_permissions: 'require_escalated' } }), wideShell)!;
      assert.match(out.reason, /asks to run outside the sandbox/);
      const more = ask(facts({ args: { cmd: 'ls', sandbox_permissions: 'with_additional_permissions' } }), wideShell)!;
      assert.match(more.reason, /asks for more sandbox access/);
    }
  });

  it('ACP, another host: the rule covers only its host; said with both hosts', () => {
    const read = rules([
      { toolName: 'web_fetch', scope: 'example.com', scopeKind: 'host', decision: 'allow', approvedAt: AT },
    ]);
    const note = ask(acpFacts({ tool: 'web_fetch', args: { url: 'https://example.org/b' } }), read)!;
    assert.equal(note.rule, 'web_fetch, host example.com');
    assert.equal(note.said, true);
    assert.equal(note.reason, 'This call is for host example.org, which no rule covers (Zero has: host example.com).');
  });

  it('a call for the whole tool is never covered by a file, folder or host rule', () => {
    const read = rules([
      { toolName: 'list_directory', scope: '/ws/src', scopeKind: 'dir', decision: 'allow', approvedAt: AT },
    ]);
    const note = ask(acpFacts({ tool: 'list_directory', args: { path: '.' } }), read)!;
    assert.match(
      note.reason,
      /names no file, folder or host, and a rule for the folder \/ws\/src and everything in it never covers/,
    );
  });

  it('exec, outside the workspace: the block’s path when the tool call has not come yet', () => {
    const read = rules([
      { toolName: 'write_file', scope: '/ws/a.txt', scopeKind: 'file', decision: 'allow', approvedAt: AT },
    ]);
    const note = ask(
      execFacts({ tool: 'write_file', args: null, block: { code: 'outside_workspace', path: '/outside/x.txt' } }),
      read,
    )!;
    assert.match(
      note.reason,
      /^This call is for the file \/outside\/x\.txt \(outside the workspace\), which no rule covers/,
    );
  });

  it('a command rule: the part that does not start with it is named; plain known-safe parts need none', () => {
    const read = rules([], [{ toolName: 'exec_command', prefix: ['echo', 'hello', 'world'], approvedAt: AT }]);
    const date = ask(acpFacts({ args: { cmd: 'date' } }), read)!;
    assert.equal(date.rule, 'exec_command, commands starting with "echo hello world"');
    assert.equal(
      date.reason,
      '"date" does not start with "echo hello world", and Zero asks about every command no rule covers.',
    );
    const curl = ask(acpFacts({ args: { cmd: 'echo hello world && ls -la | curl https://example.com' } }), read)!;
    assert.match(curl.reason, /^"curl https:\/\/example\.com" does not start with/);
    assert.equal(
      curl.rule,
      'exec_command, commands starting with "echo hello world"',
      'names the rule that matched a part',
    );
    const quoted = ask(acpFacts({ args: { cmd: 'echo "hello world"' } }), read)!;
    assert.match(quoted.reason, /only to a plain command, and this one uses shell syntax/);
  });

  it('ACP, covered by a rule yet asked: Zero did not say why (its question carries no reason)', () => {
    const note = ask(acpFacts({ args: { cmd: 'curl https://example.com' } }), wideShell)!;
    assert.equal(note.said, false);
    assert.match(note.reason, /^Zero did not say why: its ACP question carries no reason\./);
  });

  it('exec, covered and no known reason: Zero’s own words, or that it did not say', () => {
    const web = rules([{ toolName: 'web_fetch', decision: 'allow', approvedAt: AT }]);
    const said = ask(execFacts({ tool: 'web_fetch', args: { url: 'https://x.dev' }, reason: 'Fetches <b>' }), web)!;
    assert.equal(said.reason, 'Zero says: "Fetches <b>"');
    const unsaid = ask(execFacts({ args: { cmd: 'echo hi' } }), wideShell)!;
    assert.deepEqual([unsaid.said, unsaid.reason], [false, 'Zero did not say why: its request gives no reason.']);
  });

  it('an earlier card allowed it but Zero no longer lists a rule: revoked; the time is the card’s', () => {
    const rule: StoredRule = {
      kind: 'grant',
      tool: 'web_fetch',
      scope: null,
      scopeKind: null,
      approvedAt: Date.parse(AT),
      file: FILE,
      at: 5,
    };
    const note = ask(execFacts({ tool: 'web_fetch', args: { url: 'https://x.dev' } }), rules(), [{ rule, at: 5 }])!;
    assert.deepEqual(
      [note.from, note.allowedAt, note.rule],
      ['card', Date.parse(AT), 'web_fetch, every call (tool-wide)'],
    );
    assert.match(note.reason, /^Zero no longer lists a rule for web_fetch/);
    const noRule = ask(execFacts({ tool: 'web_fetch' }), rules(), [{ rule: null, at: 1234 }])!;
    assert.deepEqual([noRule.allowedAt, noRule.rule], [1234, 'web_fetch (Always allow in this chat)']);
  });

  it('rules unreadable: the earlier card’s time, and that Zero did not say why', () => {
    const note = ask(execFacts({}), { ok: false, error: 'zero sandbox grants list failed: exit 1' }, [
      { rule: null, at: 42 },
    ])!;
    assert.deepEqual([note.from, note.allowedAt, note.said], ['card', 42, false]);
    assert.match(note.reason, /could not be read to compare: zero sandbox grants list failed/);
  });

  it('exec folder (zero.addDirs): a write outside that folder', () => {
    const folder: StoredRule = { kind: 'folder', tool: 'write_file', folder: '/data/out', at: 7 };
    const note = ask(
      execFacts({
        tool: 'write_file',
        args: { path: '/data/other/x' },
        block: { code: 'outside_workspace', path: '/data/other/x' },
      }),
      rules(),
      [{ rule: folder, at: 7 }],
    )!;
    assert.equal(note.reason, 'It writes /data/other/x, outside /data/out (the folder saved in zero.addDirs).');
  });

  it('agent text in a reason is shown as written, control and bidi characters made visible', () => {
    const read = rules([{ toolName: 'write_file', scope: '/ws/y', scopeKind: 'file', decision: 'allow' }]);
    const note = ask(acpFacts({ tool: 'write_file', args: { path: 'x\u202e.txt' } }), read)!;
    assert.match(note.reason, /the file \/ws\/x\\u\{202e\}\.txt/);
  });
});

describe('earlierAllows: the chat’s earlier "Always allow" cards', () => {
  const card = (
    key: string,
    name: string,
    approval: PermissionItem['approval'],
    rule?: StoredRule,
  ): PermissionItem => ({
    kind: 'permission',
    key,
    event: 'permission_request',
    toolId: key,
    name,
    action: 'prompt',
    permissionGranted: false,
    permissionMode: 'auto',
    sideEffect: null,
    reason: null,
    risk: null,
    block: null,
    grantMatched: false,
    sessionId: null,
    approval,
    ...(rule ? { rule } : {}),
  });
  it('same tool, always-allowed, not the card itself; the time is the rule’s read-back, else the turn’s start', () => {
    const rule: StoredRule = { kind: 'none', tool: 'web_fetch', why: 'x', at: 900 };
    const t1: Turn = { ...newTurn('t1', 'a', 'prompt', 100), items: [card('k1', 'web_fetch', 'always-allowed')] };
    const t2: Turn = {
      ...newTurn('t2', 'b', 'prompt', 200),
      items: [
        card('k2', 'web_fetch', 'always-allowed', rule),
        card('k3', 'web_fetch', 'allowed-once'),
        card('k4', 'bash', 'always-allowed'),
      ],
    };
    assert.deepEqual(earlierAllows([t1, t2], 'web_fetch', 't2', 'k9'), [
      { rule: null, at: 100 },
      { rule, at: 900 },
    ]);
    assert.deepEqual(earlierAllows([t1, t2], 'web_fetch', 't2', 'k2'), [{ rule: null, at: 100 }]);
  });
});
