/** The isolated chat's transport: the worktree is made or put back before the turn, and handed on; refusals say why. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { ChatAction } from '../../../src/conversation/actions';
import type { Chat, ChatWorktree } from '../../../src/conversation/model';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import type { Transport, TurnEnd, TurnHandle, TurnRequest } from '../../../src/conversation/transport';
import { ACP_NO_WORKTREE, RESTRICTED_NO_WORKTREE, discardedRefusal } from '../../../src/conversation/worktreeActions';
import { isolatedTransport, WORKTREE_MISMATCH_CODE } from '../../../src/worktrees/isolatedTransport';
import * as room from '../../../src/worktrees/worktreeCreate';
import { tempRepo, type TempRepo } from '../support/gitRepo';
import { until } from '../../support/until';
import { processExited } from '../../support/builders';

const END: TurnEnd = {
  action: processExited(0, 1),
  stopped: false,
  notStarted: false,
  binaryProblem: null,
};

/** A transport that records its requests; each turn ends when the test says, or when stopped. */
function recorder(id = 'exec') {
  const requests: TurnRequest[] = [];
  const stops: string[] = [];
  const emit: ((a: ChatAction[]) => void)[] = [];
  const finish: (() => void)[] = [];
  const t: Transport = {
    id,
    capabilities: { approvalsBlock: false, usage: true, checkpoints: true },
    startTurn(req, listener): TurnHandle {
      requests.push(req);
      emit.push((a) => listener.actions(a));
      let end!: () => void;
      const ended = new Promise<TurnEnd>((resolve) => (end = () => resolve(END)));
      finish.push(end);
      return {
        ended,
        stop: async () => {
          stops.push(req.turnId);
          end();
        },
        answerApproval: () => undefined,
        dispose: () => undefined,
      };
    },
    dispose: () => undefined,
  };
  return { t, requests, stops, emit, finish };
}

describe('isolatedTransport', function () {
  // Real git on a shared machine: slower than the default.
  this.timeout(30_000);
  let r: TempRepo;
  let chat: Chat;
  let trusted: boolean;
  const deps = () => ({ chat: () => chat, trusted: () => trusted, worktreeDir: () => r.worktrees, git: () => room });
  const req = (turnId = 't1'): TurnRequest => ({
    chatId: chat.id,
    turnId,
    prompt: 'go',
    origin: 'prompt',
    sessionId: null,
    cwd: r.repo,
  });

  beforeEach(() => {
    r = tempRepo();
    trusted = true;
    chat = reduceChat(newChat('chat-iso', 0), { type: 'worktree_set', on: true });
  });
  afterEach(() => r.dispose());

  it('a chat that is not isolated goes straight to its transport, unchanged', () => {
    chat = newChat('plain', 0);
    const inner = recorder();
    const request = req();
    void isolatedTransport(inner.t, deps()).startTurn(request, { actions: () => undefined });
    assert.equal(inner.requests[0], request);
  });

  it('first turn: makes the worktree, records it, then runs the turn in it; later turns reuse it, put back if gone', async () => {
    const inner = recorder();
    const seen: ChatAction[] = [];
    const handle = isolatedTransport(inner.t, deps()).startTurn(req(), { actions: (a) => seen.push(...a) });
    await until(() => inner.requests.length === 1, 'the request reaches the inner transport', 20_000);
    const made = seen.find(
      (a): a is Extract<ChatAction, { type: 'worktree_created' }> => a.type === 'worktree_created',
    );
    assert.ok(made, 'recorded before the turn reached Zero');
    const wt: ChatWorktree = made.worktree;
    assert.deepEqual(inner.requests[0]!.worktree, { name: 'chat-iso', path: wt.path, dir: r.worktrees });
    assert.equal(inner.requests[0]!.cwd, r.repo, 'Zero starts from the workspace folder');
    assert.ok(fs.existsSync(`${wt.path}/.git`));
    inner.finish[0]!();
    assert.equal((await handle.ended).notStarted, false);

    chat = reduceChat(
      reduceChat(chat, { type: 'turn_started', turnId: 't1', prompt: 'go', origin: 'prompt', at: 1 }),
      made,
    );
    r.git('worktree', 'remove', '--force', wt.path);
    // The window now runs in another folder: the chat's turns still start from its own repository.
    const second = isolatedTransport(inner.t, deps()).startTurn(
      { ...req('t2'), cwd: r.root },
      { actions: (a) => seen.push(...a) },
    );
    await until(() => inner.requests.length === 2, 'the request reaches the inner transport', 20_000);
    assert.deepEqual(inner.requests[1]!.worktree, inner.requests[0]!.worktree);
    assert.equal(inner.requests[1]!.cwd, r.repo);
    assert.ok(fs.existsSync(`${wt.path}/.git`), 'put back from its branch');
    assert.equal(seen.filter((a) => a.type === 'worktree_created').length, 1);
    inner.finish[1]!();
    await second.ended;
  });

  it('refuses over ACP, in Restricted Mode, after Discard and outside a repository, with why, never reaching Zero', async () => {
    const acp = recorder('acp');
    const a = await isolatedTransport(acp.t, deps()).startTurn(req(), { actions: () => undefined }).ended;
    assert.equal(a.action.explanation, ACP_NO_WORKTREE);
    assert.ok(a.notStarted);
    trusted = false;
    const inner = recorder();
    const b = await isolatedTransport(inner.t, deps()).startTurn(req(), { actions: () => undefined }).ended;
    assert.equal(b.action.explanation, RESTRICTED_NO_WORKTREE);
    trusted = true;
    const wt: ChatWorktree = {
      name: 'x',
      path: '/gone',
      dir: r.worktrees,
      branch: 'zero/x',
      repoRoot: r.repo,
      baseBranch: 'main',
      baseCommit: 'a'.repeat(40),
      createdAt: 0,
      discardedAt: 5,
    };
    chat = { ...chat, worktree: wt };
    const c = await isolatedTransport(inner.t, deps()).startTurn(req(), { actions: () => undefined }).ended;
    assert.equal(c.action.explanation, discardedRefusal(wt));
    chat = reduceChat(newChat('chat-out', 0), { type: 'worktree_set', on: true });
    const outside = { ...req(), cwd: r.root };
    const d = await isolatedTransport(inner.t, deps()).startTurn(outside, { actions: () => undefined }).ended;
    assert.match(d.action.explanation ?? '', /is not in a git repository/);
    assert.equal(inner.requests.length + acp.requests.length, 0);
  });

  it('Stop before Zero started ends the turn as stopped; a run that names another folder is stopped', async () => {
    const inner = recorder();
    const handle = isolatedTransport(inner.t, deps()).startTurn(req(), { actions: () => undefined });
    await handle.stop();
    const end = await handle.ended;
    assert.ok(end.stopped && end.notStarted);
    assert.equal(inner.requests.length, 0);

    chat = reduceChat(newChat('chat-other', 0), { type: 'worktree_set', on: true });
    const seen: ChatAction[] = [];
    const run = isolatedTransport(inner.t, deps()).startTurn(req(), { actions: (a) => seen.push(...a) });
    await until(() => inner.requests.length === 1, 'the request reaches the inner transport', 20_000);
    inner.emit[0]!([
      { type: 'event', line: 1, event: { type: 'run_start', schemaVersion: 2, runId: 'r', cwd: r.repo } as never },
    ]);
    await run.ended;
    assert.deepEqual(inner.stops, ['t1']);
    assert.ok(seen.some((a) => a.type === 'notice' && a.code === WORKTREE_MISMATCH_CODE));
  });
});
