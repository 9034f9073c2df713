// "Allow for this session" over ACP covers no more than Zero's own session grant: the chat answers
// Zero's repeated question itself only where Zero's grant would have, and opens the dialog (the earlier
// choice preselected, and why it asks again) where Zero asks again on purpose. Zero's question carries
// no reason, so the requests here are the real Zero 0.8.0's (test/fixtures/acp/zeroPermissionRequests.ts).
import { strict as assert } from 'node:assert';
import type * as acp from '@agentclientprotocol/sdk';
import { SessionApprovals, type SessionAnswer } from '../../../src/acp/sessionApprovals';
import type { SessionGrant } from '../../../src/conversation/model';
import { zeroRequest, type ZeroRequestName } from '../../fixtures/acp/zeroPermissionRequests';

/** A captured request with its input changed (its title and options stay Zero's). */
function withInput(name: ZeroRequestName, input: Record<string, unknown>): acp.RequestPermissionRequest {
  const r = zeroRequest(name);
  return { ...r, toolCall: { ...r.toolCall, rawInput: input } };
}

/** A request for `tool` offering Zero's usual non-shell options (web_fetch's four). */
function toolRequest(tool: string, input: Record<string, unknown>, title = tool): acp.RequestPermissionRequest {
  const r = zeroRequest('fetch');
  return { ...r, toolCall: { ...r.toolCall, title, kind: 'other', rawInput: input } };
}

const asked = (a: SessionAnswer | null): { preselect: string | null; why: string } => {
  assert.ok(a && a.kind === 'ask', `the dialog opens (got ${JSON.stringify(a)})`);
  return a.again;
};

describe('SessionApprovals: what "Allow for this session" lets the chat answer (Zero 0.8.0 requests)', () => {
  it('a shell command allowed for the session is never answered by the chat: a plain, a destructive and a network command each open the dialog, the choice preselected', () => {
    const s = new SessionApprovals();
    assert.equal(s.remember(zeroRequest('plain'), 'allow_for_session'), null, 'nothing the chat would answer with');
    for (const name of ['plain', 'destructive', 'network'] as const) {
      const again = asked(s.answerFor(zeroRequest(name)));
      assert.equal(again.preselect, 'allow_for_session', name);
      assert.match(again.why, /"Allow for this session" for exec_command/);
      assert.match(again.why, /network/);
      assert.match(again.why, /destructive/);
      assert.match(again.why, /outside the sandbox/);
    }
  });

  it('the same with a folder (workdir): a destructive command in that folder opens the dialog', () => {
    const s = new SessionApprovals();
    assert.equal(s.remember(zeroRequest('workdir'), 'allow_for_session'), null);
    assert.equal(asked(s.answerFor(zeroRequest('destructiveSub'))).preselect, 'allow_for_session');
    assert.equal(s.answerFor(zeroRequest('destructive')), null, 'another folder: a new question, nothing recalled');
  });

  it('a command that asks to run outside the sandbox, or for extra sandbox access, is never answered and nothing is preselected', () => {
    const s = new SessionApprovals();
    s.remember(zeroRequest('plain'), 'allow_for_session');
    const out = asked(s.answerFor(zeroRequest('escalated')));
    assert.equal(out.preselect, null);
    assert.match(out.why, /outside the sandbox \(sandbox_permissions: require_escalated\)/);
    assert.match(out.why, /every time/);
    const extra = asked(s.answerFor(zeroRequest('additional')));
    assert.equal(extra.preselect, null);
    assert.match(extra.why, /extra sandbox access/);
    // additional_permissions alone (Zero refuses it without sandbox_permissions, but never answered here either).
    assert.equal(
      asked(s.answerFor(withInput('plain', { cmd: 'echo zero-plain', additional_permissions: { network: {} } })))
        .preselect,
      null,
    );
  });

  it('allowed for the session on such a command: nothing is kept to answer with', () => {
    const s = new SessionApprovals();
    assert.equal(s.remember(zeroRequest('escalated'), 'allow_for_session'), null);
    assert.equal(s.remember(zeroRequest('additional'), 'allow_for_session'), null);
    assert.equal(asked(s.answerFor(zeroRequest('escalated'))).preselect, null);
  });

  it('request_permissions is never remembered nor answered: it grants the access it names, and Zero asks every time', () => {
    const s = new SessionApprovals();
    assert.equal(s.remember(zeroRequest('permissions'), 'allow_for_session'), null);
    const again = asked(s.answerFor(zeroRequest('permissions')));
    assert.equal(again.preselect, null);
    assert.match(again.why, /request_permissions/);
    assert.match(again.why, /every time/);
    assert.equal(
      new SessionApprovals().answerFor(zeroRequest('permissions')),
      null,
      'nothing allowed yet: a new question',
    );
    const afterShell = new SessionApprovals();
    afterShell.remember(zeroRequest('plain'), 'allow_for_session');
    assert.match(asked(afterShell.answerFor(zeroRequest('permissions'))).why, /never answers it for you/);
  });

  it('a command prefix answers plain commands starting with it, only where Zero offers that option, never one leaving the sandbox', () => {
    const s = new SessionApprovals();
    assert.deepEqual(s.remember(zeroRequest('plain'), 'allow_prefix_for_session'), {
      optionId: 'allow_prefix_for_session',
      tool: 'exec_command',
      prefix: ['echo', 'zero-plain'],
    });
    assert.deepEqual(s.answerFor(withInput('plain', { cmd: 'echo zero-plain more' })), {
      kind: 'answer',
      optionId: 'allow_prefix_for_session',
    });
    assert.equal(s.answerFor(withInput('plain', { cmd: 'echo zero-plain; curl x' })), null, 'shell operators');
    // Zero's network question offers no prefix option (agent/loop.go availablePermissionDecisions).
    assert.equal(s.answerFor(withInput('network', { cmd: 'echo zero-plain more' })), null);
    const out = s.answerFor(
      withInput('escalated', { cmd: 'echo zero-plain', sandbox_permissions: 'require_escalated' }),
    );
    assert.equal(asked(out).preselect, null, 'require_escalated: the dialog');
  });

  it('web_fetch: one host, normalised as Zero does; a URL with no host Zero would read is never remembered, so never the whole tool', () => {
    const s = new SessionApprovals();
    assert.deepEqual(s.remember(zeroRequest('fetch'), 'allow_for_session'), {
      optionId: 'allow_for_session',
      tool: 'web_fetch',
      scope: 'example.com',
    });
    const fetch = (url: string) => s.answerFor(toolRequest('web_fetch', { url }, `web_fetch ${url}`));
    assert.deepEqual(fetch('https://EXAMPLE.com.:443/other'), { kind: 'answer', optionId: 'allow_for_session' });
    assert.deepEqual(fetch('http://user@example.com/'), { kind: 'answer', optionId: 'allow_for_session' });
    for (const url of ['https://example.org/', 'example.com/page', 'https://exa%6dple.com/', '', 'not a url'])
      assert.equal(fetch(url), null, url);
    const bare = new SessionApprovals();
    for (const url of ['example.com/page', 'not a url', 'file:///etc/passwd', 'https:///x'])
      assert.equal(bare.remember(toolRequest('web_fetch', { url }), 'allow_for_session'), null, url);
    assert.equal(bare.answerFor(zeroRequest('fetch')), null);
  });

  it('browser_open: a bare host (example.com, localhost:3000) is a host scope; a bare word is not a host', () => {
    const s = new SessionApprovals();
    const open = (url: string) => toolRequest('browser_open', { url });
    assert.equal(s.remember(open('example.com'), 'allow_for_session')?.scope, 'example.com');
    assert.equal(s.remember(open('localhost:3000'), 'allow_for_session')?.scope, 'localhost');
    assert.equal(s.remember(open('[::1]:8080/x'), 'allow_for_session')?.scope, '::1');
    for (const url of ['intranet', 'user@example.com', '//example.com', 'example.com:http'])
      assert.equal(s.remember(open(url), 'allow_for_session'), null, url);
    assert.deepEqual(s.answerFor(open('https://example.com/docs')), { kind: 'answer', optionId: 'allow_for_session' });
    assert.equal(s.answerFor(open('intranet')), null);
  });

  it("another tool: Zero's scope, exactly (its file), and only an option Zero offers again", () => {
    const s = new SessionApprovals();
    assert.equal(s.remember(toolRequest('write_file', { path: 'a.txt' }), 'allow_for_session')?.scope, 'a.txt');
    assert.deepEqual(s.answerFor(toolRequest('write_file', { path: './a.txt' })), {
      kind: 'answer',
      optionId: 'allow_for_session',
    });
    assert.equal(s.answerFor(toolRequest('write_file', { path: 'b.txt' })), null);
    const offered = toolRequest('write_file', { path: 'a.txt' });
    assert.equal(
      s.answerFor({ ...offered, options: offered.options.filter((o) => o.optionId !== 'allow_for_session') }),
      null,
    );
  });

  it('restore: a saved grant wider than Zero would make is not restored', () => {
    const saved: SessionGrant[] = [
      { optionId: 'allow_for_session', tool: 'exec_command', scope: '' },
      { optionId: 'allow_for_session', tool: 'exec_command', scope: 'sub' },
      { optionId: 'allow_for_session', tool: 'request_permissions', scope: '' },
      { optionId: 'allow_for_session', tool: 'web_fetch', scope: '' },
      { optionId: 'allow_for_session', tool: 'web_fetch', scope: 'example.com' },
    ];
    const s = new SessionApprovals();
    s.restore(saved);
    for (const name of ['plain', 'destructive', 'network', 'escalated', 'permissions', 'destructiveSub'] as const)
      assert.notEqual(s.answerFor(zeroRequest(name))?.kind, 'answer', name);
    assert.deepEqual(s.answerFor(zeroRequest('fetch')), { kind: 'answer', optionId: 'allow_for_session' });
    assert.equal(
      s.answerFor(toolRequest('web_fetch', { url: 'https://example.org/' })),
      null,
      'the whole-tool web_fetch grant was not restored',
    );
  });
});
