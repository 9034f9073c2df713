import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChatSchema } from '../../../src/conversation/chatSchema';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import { outcomeFromCli, specCardModel, validSpecId, type SpecReview } from '../../../src/conversation/specReview';
import { buildExecArgs, SettingsError } from '../../../src/zero/exec/execArgs';
import { specDecisionArgs, specFileInside } from '../../../src/zero/config/specCli';
import { parseSlash, SPEC_NEEDS_EXEC, type SlashTarget } from '../../../src/webview/composer/slashCommands';
import { zeroEvent } from '../../support/builders';

const META = {
  status: 'draft',
  stopReason: 'spec_review_required',
  specId: '2026-12-03-add-a-greeting-file',
  specTitle: 'Add a greeting file',
  specFilePath: '/ws/.zero/specs/2026-12-03-add-a-greeting-file.md',
  relativePath: '.zero/specs/2026-12-03-add-a-greeting-file.md',
  draftSessionId: 'zero_1_2_1',
};

function specChat(mode = 'spec') {
  let chat = reduceChat(newChat('c', 0), {
    type: 'turn_started',
    turnId: 't1',
    prompt: 'Add a greeting',
    origin: 'prompt',
    at: 1,
    composed: { text: 'Add a greeting', chips: [], images: 0, mode },
  });
  chat = reduceChat(
    chat,
    zeroEvent({ type: 'run_start', sessionId: 'zero_1_2_1', runId: 'r', schemaVersion: 2, cwd: '/ws' }),
  );
  chat = reduceChat(chat, zeroEvent({ type: 'final', text: 'Spec draft saved for review.', meta: META }));
  return reduceChat(chat, zeroEvent({ type: 'run_end', status: 'spec_review_required', exitCode: 0 }));
}

describe('spec mode', () => {
  it('argv: --use-spec instead of --no-completion-gate; no resume, no plan', () => {
    const { args } = buildExecArgs({ cwd: '/ws', useSpec: true });
    assert.deepEqual(args, [
      'exec',
      '-o',
      'stream-json',
      '-i',
      'stream-json',
      '--no-notify',
      '--use-spec',
      '--cwd',
      '/ws',
    ]);
    for (const bad of [
      { resumeSessionId: 'zero_1' },
      { plan: true },
      { permissionMode: 'plan' },
      { extraArgs: ['--self-correct'] },
    ]) {
      assert.throws(() => buildExecArgs({ cwd: '/ws', useSpec: true, ...bad }), SettingsError, JSON.stringify(bad));
    }
  });

  it('a final naming a spec puts it on the turn; the chat does not take the draft session', () => {
    const chat = specChat();
    const turn = chat.turns[0]!;
    assert.equal(turn.status, 'spec_review_required');
    assert.equal(turn.spec?.specId, META.specId);
    assert.equal(turn.spec?.title, META.specTitle);
    assert.equal(chat.sessionId, null);
    assert.equal(specChat('auto').sessionId, 'zero_1_2_1', 'any other turn takes its session');
    assert.ok(ChatSchema.safeParse(JSON.parse(JSON.stringify(chat))).success);
  });

  it('spec_reviewed records the outcome once and the implementation turn once, and survives a reload', () => {
    const outcome = outcomeFromCli(
      JSON.stringify({ status: 'approved', message: 'Spec approved.', implementationSessionId: 'zero_9' }),
      ' ok ',
      5,
    )!;
    assert.deepEqual(outcome, {
      status: 'approved',
      message: 'Spec approved.',
      implementationSessionId: 'zero_9',
      note: 'ok',
      at: 5,
    });
    let chat = reduceChat(specChat(), { type: 'spec_reviewed', turnId: 't1', outcome });
    const card = specCardModel(chat.turns[0]!.spec!);
    assert.deepEqual([card.canReview, card.canImplement], [false, true]);
    assert.match(card.status, /^Spec approved\. \(comment: ok\) Start Implementation sends/);
    chat = reduceChat(chat, {
      type: 'spec_reviewed',
      turnId: 't1',
      outcome: { status: 'rejected', message: 'Spec rejected.', at: 6 },
    });
    assert.equal(chat.turns[0]!.spec!.outcome?.status, 'approved', 'the first decision stays');
    chat = reduceChat(chat, { type: 'spec_reviewed', turnId: 't1', problem: 'Zero said no.' });
    assert.equal(specCardModel(chat.turns[0]!.spec!).problem, 'Zero said no.');
    chat = reduceChat(chat, { type: 'spec_reviewed', turnId: 't1', implementationSentAt: 7 });
    assert.equal(specCardModel(chat.turns[0]!.spec!).problem, null, 'sending clears the problem');
    const reloaded = ChatSchema.parse(JSON.parse(JSON.stringify(chat)));
    assert.equal(specCardModel(reloaded.turns[0]!.spec! as SpecReview).canImplement, false);
    assert.equal(reloaded.turns[0]!.spec!.implementationSentAt, 7);
    assert.equal(outcomeFromCli('not json', '', 1), null);
  });

  it('spec ids and the argv of a decision', () => {
    assert.ok(validSpecId('2026-12-03-add-a-greeting-file-2'));
    for (const bad of ['', '-x', '../x', 'a b', 'a;b', 'a/b']) assert.ok(!validSpecId(bad), bad);
    const spec = specChat().turns[0]!.spec!;
    assert.deepEqual(specDecisionArgs(spec, 'reject', '-too broad'), [
      'spec',
      'reject',
      'zero_1_2_1',
      '--reason=-too broad',
      '--json',
    ]);
    const noDraft = { ...spec, draftSessionId: null };
    assert.deepEqual(specDecisionArgs(noDraft, 'approve', ''), ['spec', 'approve', META.specId, '--json']);
    assert.equal(specDecisionArgs({ ...noDraft, specId: '--help' }, 'approve', ''), null);
  });

  it('/spec sends its task in spec mode on exec, and says in words that ACP has none', () => {
    const seen: string[] = [];
    const target = (transport: 'exec' | 'acp'): SlashTarget => ({
      transport,
      chat: null,
      mode: '',
      post: () => seen.push('post'),
      send: (text, mode) => seen.push(`send ${mode} ${text}`),
      pickMode: () => seen.push('pick'),
      focusModel: () => undefined,
      reset: () => undefined,
      clearTranscript: () => undefined,
      showError: (t) => seen.push(`error ${t}`),
      showHelp: () => undefined,
    });
    const parsed = parseSlash('/spec add a page')!;
    parsed.command.run(target('exec'), parsed.rest);
    parsed.command.run(target('acp'), parsed.rest);
    parseSlash('/spec')!.command.run(target('exec'), '');
    assert.deepEqual(seen, [
      'send spec add a page',
      `error ${SPEC_NEEDS_EXEC}`,
      'error Type the task after /spec, e.g. /spec add a settings page.',
    ]);
  });

  it("Open Spec: only a file inside the folder's .zero/specs, symlinks followed; hostile paths are refused", () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zero-spec-')));
    try {
      const ws = path.join(root, 'ws');
      const specs = path.join(ws, '.zero', 'specs');
      fs.mkdirSync(specs, { recursive: true });
      const good = path.join(specs, 'a.md');
      fs.writeFileSync(good, '# A\n');
      fs.writeFileSync(path.join(ws, 'secret.txt'), 'no');
      fs.writeFileSync(path.join(root, 'outside.md'), 'no');
      fs.symlinkSync(path.join(root, 'outside.md'), path.join(specs, 'link.md'));
      fs.symlinkSync(good, path.join(specs, 'inner-link.md'));
      fs.mkdirSync(path.join(specs, 'dir.md'));
      assert.equal(specFileInside(ws, good), good);
      assert.equal(specFileInside(ws, '.zero/specs/a.md'), good, 'relative to the folder');
      assert.equal(specFileInside(ws, path.join(specs, 'inner-link.md')), good, 'a link that stays inside');
      for (const bad of [
        path.join(specs, 'link.md'), // a link out of the folder
        path.join(specs, '..', '..', 'secret.txt'),
        '.zero/specs/../../secret.txt',
        path.join(root, 'outside.md'),
        path.join(specs, 'dir.md'), // not a file
        path.join(specs, 'missing.md'),
        specs,
        '/etc/passwd',
        '',
      ])
        assert.equal(specFileInside(ws, bad), null, bad);
      // Another folder's specs are not this folder's.
      assert.equal(specFileInside(path.join(root, 'other'), good), null);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
