/** What ACP's permission cards say about Zero's stored rules: the rule read back after "Always allow", and why Zero asks again. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { AcpRuleNotes, type RuleSource } from '../../../src/acp/acpRuleNotes';
import { selected } from '../../../src/acp/permissionOptions';
import { ZeroAcp } from '../../../src/acp/zeroAcp';
import type { RulesRead } from '../../../src/approvals/storedRules';
import type { ChatAction } from '../../../src/conversation/actions';
import type { PermissionItem, Turn } from '../../../src/conversation/model';
import { findZero } from '../../../src/zero/binary/findZero';
import { RulesReader } from '../../../src/zero/grants/grantRules';
import { AcpTurnChat } from '../support/acpChat';

const AT = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const FAKE = path.resolve(__dirname, '../../fixtures/fake-zero', process.platform === 'win32' ? 'zero.cmd' : 'zero');

const WEB_OPTIONS: acp.PermissionOption[] = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  { optionId: 'allow_for_session', name: 'Allow for this session', kind: 'allow_always' },
  { optionId: 'always_allow', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'deny', name: 'Reject', kind: 'reject_once' },
];
const fetchRequest = (url: string, id = 'call_1'): acp.RequestPermissionRequest => ({
  sessionId: 's1',
  toolCall: { toolCallId: id, title: `web_fetch ${url}`, kind: 'fetch', status: 'pending', rawInput: { url } },
  options: WEB_OPTIONS,
});

/** A rules source that answers what the test says, counting reads. */
class Rules implements RuleSource {
  reads = 0;
  invalidated = 0;
  constructor(public next: () => Promise<RulesRead>) {}
  read(): Promise<RulesRead> {
    this.reads++;
    return this.next();
  }
  invalidate(): void {
    this.invalidated++;
  }
}
const hostGrant = (host: string): RulesRead => ({
  ok: true,
  grants: [{ toolName: 'web_fetch', scope: host, scopeKind: 'host', decision: 'allow', approvedAt: AT }],
  prefixes: [],
  file: '/cfg/sandbox-grants.json',
});

describe('AcpRuleNotes', () => {
  const make = (rules: Rules, turns: Turn[] = [], drainMs?: number) => {
    const actions: ChatAction[] = [];
    const notes = new AcpRuleNotes({
      rules,
      turns: () => turns,
      dispatch: (a) => actions.push(a),
      turnId: 'turn-2',
      root: '/ws',
      ...(drainMs !== undefined ? { drainMs } : {}),
    });
    return { notes, actions };
  };

  it('after always_allow, reads Zero’s rules once the call’s result came, and puts the rule on that card', async () => {
    const rules = new Rules(async () => hostGrant('example.com'));
    const { notes, actions } = make(rules);
    const req = fetchRequest('https://example.com/a');
    notes.answered(req, 'call_1', 'always_allow');
    assert.equal(rules.reads, 0, 'not before Zero has stored it');
    notes.update({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'completed' });
    await notes.drain();
    assert.equal(rules.reads, 1);
    assert.ok(rules.invalidated > 0, 'never a read cached from before the answer');
    const [a] = actions;
    assert.equal(a?.type, 'approval_rule');
    if (a?.type !== 'approval_rule') return;
    assert.equal(a.key, 'acp_permission:call_1');
    assert.equal(a.turnId, 'turn-2');
    assert.deepEqual([a.rule.kind, a.rule.kind === 'grant' && a.rule.scope], ['grant', 'example.com']);
  });

  it('a session grant, Allow once or a refusal stores nothing: nothing is read back', async () => {
    const rules = new Rules(async () => hostGrant('example.com'));
    const { notes, actions } = make(rules);
    for (const id of ['allow_for_session', 'allow', 'deny', null])
      notes.answered(fetchRequest('https://x.dev'), 'c', id);
    notes.update({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'completed' });
    await notes.drain();
    assert.deepEqual([rules.reads, actions.length], [0, 0]);
  });

  it('the turn ends before the result: drain reads it; a read that hangs does not hold the turn', async () => {
    const rules = new Rules(() => new Promise<RulesRead>(() => undefined));
    const { notes, actions } = make(rules, [], 50);
    notes.answered(fetchRequest('https://example.com/a'), 'call_1', 'always_allow');
    const t0 = Date.now();
    await notes.drain();
    assert.ok(Date.now() - t0 < 2000);
    assert.deepEqual([rules.reads, actions.length], [1, 0]);
  });

  it('a question about another host of an always-allowed tool: when it was allowed and why Zero asks again', async () => {
    const rules = new Rules(async () => hostGrant('example.com'));
    const { notes, actions } = make(rules);
    notes.asked(fetchRequest('https://example.org/b', 'call_2'), 'call_2');
    await notes.drain();
    const [a] = actions;
    assert.equal(a?.type, 'approval_asked_again');
    if (a?.type !== 'approval_asked_again') return;
    assert.equal(a.key, 'acp_permission:call_2');
    assert.equal(a.askedAgain.allowedAt, Date.parse(AT));
    assert.equal(a.askedAgain.rule, 'web_fetch, host example.com');
    assert.match(a.askedAgain.reason, /host example\.org, which no rule covers/);
  });

  it('nothing always allowed for the tool: no note', async () => {
    const rules = new Rules(async () => hostGrant('example.com'));
    const { notes, actions } = make(rules);
    notes.asked(
      {
        sessionId: 's1',
        toolCall: { toolCallId: 'x', title: 'exec_command', kind: 'execute', rawInput: { cmd: 'ls' } },
        options: WEB_OPTIONS,
      },
      'x',
    );
    await notes.drain();
    assert.equal(actions.length, 0);
  });
});

describe('ACP cards and Zero’s rules (against the fake zero acp)', function () {
  this.timeout(30000);
  let root: string;
  let zero: ZeroAcp;
  beforeEach(function () {
    if (process.platform === 'win32') this.skip();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-acp-rules-'));
    fs.mkdirSync(path.join(root, 'ws'));
  });
  afterEach(() => {
    zero?.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('Always allow: the card names the host rule the fake lists; a later question for another host says why', async () => {
    const env = {
      HOME: root,
      ZERO_SANDBOX_GRANTS_PATH: path.join(root, 'grants.json'),
      FAKE_ZERO_SCENARIO: 'double-fetch',
    };
    const found = findZero({ configuredPath: FAKE });
    assert.ok(found.ok);
    zero = new ZeroAcp({
      launch: () => ({ binary: found.path, cwd: path.join(root, 'ws'), env }),
      idleMs: 60000,
      clientVersion: 't',
    });
    const chat = new AcpTurnChat(zero, path.join(root, 'ws'));
    chat.rules = new RulesReader(() => ({ binary: found.path, env }));
    // example.com, then example.org in one turn: Always allow the first, reject the second.
    chat.ask = async (req) => selected(req.toolCall.title?.includes('example.com') ? 'always_allow' : 'deny');
    await chat.start('fetch twice').done;
    const [first, second] = chat.last.items.filter((i): i is PermissionItem => i.kind === 'permission');
    assert.equal(first?.approval, 'always-allowed');
    assert.deepEqual(
      first?.rule?.kind === 'grant' ? [first.rule.scope, first.rule.scopeKind, first.rule.file] : first?.rule,
      ['example.com', 'host', path.join(root, 'grants.json')],
    );
    assert.equal(first?.askedAgain, undefined, 'nothing was allowed before');
    assert.equal(second?.approval, 'denied');
    assert.equal(second?.rule, undefined);
    assert.equal(second?.askedAgain?.rule, 'web_fetch, host example.com');
    assert.match(second?.askedAgain?.reason ?? '', /host example\.org, which no rule covers/);
  });
});
