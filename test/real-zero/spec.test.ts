// Spec mode against the real Zero 0.8.0, through the extension's own code: a /spec turn (planRun with
// mode spec → --use-spec) ends spec_review_required with the spec on the turn; Approve and Reject run
// `zero spec approve|reject` (decideSpec); after Approve, Start Implementation sends the implementation
// prompt read from Zero's spec-impl session as the chat's next turn, and the model receives the spec.
// Also what does not work: Zero's printed next step (--resume <impl>), and --fork <impl>, which hands
// the model a one-line summary of at most 500 bytes instead of the spec.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reduceChat } from '../../src/conversation/reducer';
import { specCardModel } from '../../src/conversation/specReview';
import { sessionsRoot } from '../../src/zero/sessions/checkpoints';
import { decideSpec, readImplementationPrompt, specFileInside } from '../../src/zero/config/specCli';
import { textOf } from '../fixtures/model-server/scenarios';
import { IMPL_PROMPT_START, SPEC_IMPL_DONE, SPEC_PLAN, SPEC_TITLE } from '../fixtures/model-server/specScenarios';
import { answer, chatTurn } from './lib/execChat';
import { makeSandbox, realZeroBin, runZero, type Sandbox } from './lib/realZero';

const lastUser = (s: Sandbox): string => {
  const body = s.server.completions().at(-1)?.body;
  const users = (body?.messages ?? []).filter((m) => m.role === 'user');
  return textOf(users.at(-1)?.content);
};

describe('real Zero: spec mode', () => {
  let sandbox: Sandbox;
  beforeEach(async () => (sandbox = await makeSandbox()));
  afterEach(async () => sandbox.dispose());

  async function specTurn() {
    const r = await chatTurn(sandbox, 'Add a greeting scenario:spec', { choice: { mode: 'spec' } });
    assert.ok(r.args.includes('--use-spec'), r.args.join(' '));
    assert.ok(!r.args.includes('--no-completion-gate'));
    return r;
  }

  it('a /spec turn ends for review with the spec on the turn, and the chat keeps no draft session', async () => {
    const { turn, chat } = await specTurn();
    assert.equal(turn.status, 'spec_review_required');
    const spec = turn.spec!;
    assert.equal(spec.title, SPEC_TITLE);
    assert.match(spec.specId, /^\d{4}-\d{2}-\d{2}-add-a-greeting-file$/);
    assert.equal(spec.relativePath, `.zero/specs/${spec.specId}.md`);
    assert.equal(fs.readFileSync(spec.filePath, 'utf8').trim(), SPEC_PLAN.trim());
    assert.equal(specFileInside(sandbox.workspace, spec.filePath), fs.realpathSync(spec.filePath));
    assert.equal(spec.draftSessionId, turn.run.sessionId);
    assert.equal(chat.sessionId, null, 'Zero will not resume a spec-draft session');
    assert.deepEqual([specCardModel(spec).canReview, specCardModel(spec).canImplement], [true, false]);
    // The drafting model got submit_spec and no write tools.
    const tools = (sandbox.server.completions()[0]!.body!.tools ?? []).map((t) => t.function.name);
    assert.ok(tools.includes('submit_spec') && !tools.includes('write_file'), tools.join());
  });

  it('Approve, then Start Implementation: the model receives the whole spec', async () => {
    const { chat, turn } = await specTurn();
    const env = sandbox.env;
    const approved = await decideSpec(realZeroBin(), turn.spec!, 'approve', 'keep it short', env, sandbox.workspace);
    assert.ok(approved.ok, approved.ok ? '' : approved.problem);
    const outcome = approved.outcome;
    assert.equal(outcome.status, 'approved');
    assert.equal(outcome.message, 'Spec approved.');
    let after = reduceChat(chat, { type: 'spec_reviewed', turnId: turn.id, outcome });
    assert.deepEqual(specCardModel(after.turns[0]!.spec!).canImplement, true);
    const prompt = await readImplementationPrompt(sessionsRoot(env), outcome.implementationSessionId!);
    assert.ok(prompt?.startsWith(`${IMPL_PROMPT_START}\n\nUser note: keep it short\n\n${SPEC_PLAN}`), prompt ?? '');
    after = reduceChat(after, { type: 'spec_reviewed', turnId: turn.id, implementationSentAt: 2 });
    assert.equal(specCardModel(after.turns[0]!.spec!).canImplement, false);
    // The implementation: a plain exec turn of the chat, with that prompt.
    const impl = await chatTurn(sandbox, prompt!, { sessionId: after.sessionId });
    assert.equal(impl.turn.status, 'success');
    assert.equal(answer(impl.turn), `${SPEC_IMPL_DONE}: Create hello.txt with the line "hello".`);
    assert.ok(lastUser(sandbox).includes(SPEC_PLAN));
    assert.ok(!impl.args.includes('--use-spec'));
    // Approving again: Zero says so, with the same implementation session.
    const again = await decideSpec(realZeroBin(), turn.spec!, 'approve', '', env, sandbox.workspace);
    assert.ok(again.ok);
    assert.equal(again.outcome.message, 'Spec already approved.');
    assert.equal(again.outcome.implementationSessionId, outcome.implementationSessionId);
    // Reject after approve: Zero refuses, in words.
    const reject = await decideSpec(realZeroBin(), turn.spec!, 'reject', '', env, sandbox.workspace);
    assert.deepEqual(reject, {
      ok: false,
      problem: 'zero spec reject cannot reject an approved spec with an implementation session',
    });
  });

  it("Zero's own next steps: --resume <impl> is refused, --fork <impl> gives the model a cut summary", async () => {
    const { turn } = await specTurn();
    const approved = await decideSpec(realZeroBin(), turn.spec!, 'approve', '', sandbox.env, sandbox.workspace);
    assert.ok(approved.ok);
    const implId = approved.outcome.implementationSessionId!;
    const base = ['exec', '-o', 'stream-json', '--no-notify', '--no-completion-gate'];
    const resumed = await runZero(sandbox, [...base, '--resume', implId, '--', 'Start implementation']);
    assert.equal(resumed.code, 2);
    assert.deepEqual(
      resumed.events.filter((e) => e.type === 'error').map((e) => e.message),
      [`Zero session is not resumable: ${implId}`],
    );
    const forked = await runZero(sandbox, [...base, '--fork', implId, '--', 'Start implementation']);
    assert.equal(forked.code, 0);
    const got = lastUser(sandbox);
    assert.match(got, /^Forked from Zero session /);
    assert.ok(!got.includes(SPEC_PLAN), 'the fork flattens the spec into one summary line');
  });

  it('Reject with a reason: Zero records it, and Approve is then refused', async () => {
    const { chat, turn } = await specTurn();
    const rejected = await decideSpec(
      realZeroBin(),
      turn.spec!,
      'reject',
      '-too broad',
      sandbox.env,
      sandbox.workspace,
    );
    assert.ok(rejected.ok, rejected.ok ? '' : rejected.problem);
    assert.equal(rejected.outcome.status, 'rejected');
    assert.equal(rejected.outcome.note, '-too broad');
    const after = reduceChat(chat, { type: 'spec_reviewed', turnId: turn.id, outcome: rejected.outcome });
    assert.equal(
      specCardModel(after.turns[0]!.spec!).status,
      'Spec rejected. (reason: -too broad) Send /spec with a revised task to draft again.',
    );
    const meta = JSON.parse(
      fs.readFileSync(path.join(sessionsRoot(sandbox.env), turn.spec!.draftSessionId!, 'metadata.json'), 'utf8'),
    ) as Record<string, unknown>;
    assert.equal(meta.specStatus, 'rejected');
    assert.equal(meta.specRejectReason, '-too broad');
    const approve = await decideSpec(realZeroBin(), turn.spec!, 'approve', '', sandbox.env, sandbox.workspace);
    assert.deepEqual(approve, { ok: false, problem: 'zero spec approve cannot approve a rejected spec' });
  });
});
