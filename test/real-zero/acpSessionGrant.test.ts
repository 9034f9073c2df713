// How long the real Zero's "Allow for this session" lasts, and what the chat does about it: Zero's
// grant ends with the prompt (a new sandbox engine per session/prompt), so the chat remembers it and
// answers Zero's next matching request itself, saying so on the permission card.
import * as assert from 'node:assert/strict';
import { selected } from '../../src/acp/permissionOptions';
import type { ZeroAcp } from '../../src/acp/zeroAcp';
import { AcpChat, closeRealAcp, openRealAcp, permissionsOf, toolsOf } from './lib/acpChat';
import { productHost } from './lib/productHost';
import type { Sandbox } from './lib/realZero';

describe('real zero acp: "Allow for this session"', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let zero: ZeroAcp;
  let chat: AcpChat;
  beforeEach(async () => ({ sandbox, zero, chat } = await openRealAcp(async () => selected('allow_for_session'))));
  afterEach(async () => closeRealAcp(zero, sandbox));

  it('within one prompt Zero itself does not ask again for the same host, but does for another host', async () => {
    const same = await chat.turn('scenario:double-fetch');
    assert.equal(permissionsOf(same).length, 1, 'Zero asked once for two fetches of example.com');
    assert.ok(toolsOf(same).length >= 2);
    const other = await chat.turn('scenario:double-fetch url=https://example.net/ second=https://example.org/');
    assert.deepEqual(
      permissionsOf(other).map((p) => p.acp?.title),
      ['web_fetch https://example.net/', 'web_fetch https://example.org/'],
    );
  });

  it('in the next message Zero asks again; the chat answers it with the same option, without a dialog, and the card says so', async () => {
    const first = await chat.turn('scenario:fetch');
    assert.equal(permissionsOf(first)[0]!.approval, 'allowed-session');
    assert.equal(chat.asked.length, 1);
    chat.ask = async () => assert.fail('the dialog opened again');
    const second = await chat.turn('scenario:fetch');
    const card = permissionsOf(second);
    assert.equal(card.length, 1, 'Zero sent a new session/request_permission: its grant did not outlive the prompt');
    assert.deepEqual(
      [card[0]!.approval, card[0]!.acp?.chosen, card[0]!.acp?.remembered],
      ['allowed-session', 'allow_for_session', true],
    );
    assert.equal(chat.asked.length, 1, 'no dialog');
    assert.doesNotMatch(toolsOf(second)[0]!.output ?? '', /Permission denied/);
    assert.equal(second.status, 'success');
  });

  it("the chat's memory stays within Zero's scope: another host is asked about", async () => {
    await chat.turn('scenario:fetch');
    chat.ask = async () => selected('deny');
    const other = await chat.turn('scenario:fetch url=https://example.org/');
    assert.equal(chat.asked.length, 2);
    assert.equal(chat.asked[1]!.toolCall.title, 'web_fetch https://example.org/');
    assert.match(toolsOf(other)[0]!.output ?? '', /Permission denied/);
  });

  it('a shell command allowed for the session: Zero allows the whole tool for the prompt, and the chat keeps that for later messages', async () => {
    const first = await chat.turn('scenario:double-shell cmd=echo+a then=ls');
    assert.equal(
      permissionsOf(first).length,
      1,
      'Zero did not ask about `ls` after `echo a` was allowed for the session',
    );
    chat.ask = async () => assert.fail('the dialog opened again');
    const later = await chat.turn('scenario:shell cmd=echo+later');
    assert.equal(permissionsOf(later)[0]?.acp?.remembered, true);
    assert.equal(toolsOf(later)[0]!.output, 'output:\nlater\nexit_code: 0');
  });

  it('after a window reload (the product host again on the same chat file, a new zero acp, session/load) the chat still answers for the session', async () => {
    const first = productHost(sandbox, { transport: 'acp', acpAsk: async () => selected('allow_for_session') });
    let turn;
    try {
      turn = await first.send('scenario:fetch');
    } finally {
      await first.dispose();
    }
    assert.equal(permissionsOf(turn)[0]!.approval, 'allowed-session');
    const sessionId = first.controller.focus.workingChat.sessionId;
    const reloaded = productHost(sandbox, {
      transport: 'acp',
      acpAsk: async () => assert.fail('the dialog opened after the reload'),
    });
    try {
      assert.equal(reloaded.controller.focus.workingChat.sessionId, sessionId, 'the chat reopened from its file');
      const again = await reloaded.send('scenario:fetch');
      const card = permissionsOf(again);
      assert.equal(card.length, 1, 'the new zero acp asked again');
      assert.deepEqual(
        [card[0]!.approval, card[0]!.acp?.chosen, card[0]!.acp?.remembered],
        ['allowed-session', 'allow_for_session', true],
      );
      assert.doesNotMatch(toolsOf(again)[0]!.output ?? '', /Permission denied/);
      assert.equal(again.run.sessionId, sessionId, 'session/load of the same session');
    } finally {
      await reloaded.dispose();
    }
  });

  it('a new session (a new chat) starts with nothing remembered', async () => {
    await chat.turn('scenario:fetch');
    const fresh = new AcpChat(zero, sandbox.workspace);
    fresh.ask = async () => selected('deny');
    const turn = await fresh.turn('scenario:fetch');
    assert.equal(fresh.asked.length, 1);
    assert.equal(permissionsOf(turn)[0]!.approval, 'denied');
  });
});
