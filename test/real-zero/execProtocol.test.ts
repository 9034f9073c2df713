// The real Zero through the extension's own exec path (argv builder, process, framer, decoder, reducer):
// what the chat shows for each scripted scenario in Zero's default (auto) mode, and what Zero sent the model.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answer, chatTurn, eventTypes, notices, offered, permissions, problems, tools } from './lib/execChat';
import { makeSandbox, type Sandbox } from './lib/realZero';

/** What Zero 0.8.0 offers the model in auto mode: no file-writing tool, the shell is exec_command. */
const AUTO_TOOLS = [
  'ask_user',
  'exec_command',
  'glob',
  'grep',
  'list_directory',
  'lsp_navigate',
  'read_file',
  'read_minified_file',
  'request_permissions',
  'skill',
  'update_plan',
  'view_image',
  'web_fetch',
  'write_stdin',
];

describe('real Zero exec: what the chat shows (auto mode)', () => {
  let sandbox: Sandbox;
  beforeEach(async () => (sandbox = await makeSandbox()));
  afterEach(async () => sandbox.dispose());

  it('plain: the streamed answer, one usage, success; the prompt reached the model on stdin', async () => {
    const { turn, args, chat } = await chatTurn(sandbox, 'Say hello scenario:plain');
    assert.deepEqual(problems(turn), []);
    assert.equal(answer(turn), 'Hello from the scripted model.');
    assert.equal(turn.finalText, 'Hello from the scripted model.');
    assert.deepEqual([turn.status, turn.exitCode, turn.explanation], ['success', 0, null]);
    assert.deepEqual(turn.usage, { promptTokens: 100, completionTokens: 8, totalTokens: 108, costUsd: null });
    assert.match(chat.sessionId ?? '', /^zero_\d{14}_\d+_\d+$/);
    assert.equal(turn.run.model, 'scripted-1');
    // The extension's argv: stream-json both ways, no prompt in argv.
    assert.deepEqual(args.slice(0, 5), ['exec', '-o', 'stream-json', '-i', 'stream-json']);
    assert.ok(!args.some((a) => a.includes('scenario:plain')));
    const sent = sandbox.server.completions();
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.body!.messages.at(-1)?.content, 'Say hello scenario:plain');
    assert.deepEqual(offered(sandbox)[0], AUTO_TOOLS);
  });

  it('reasoning: a reasoning block before the answer, never part of it', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:reasoning');
    assert.deepEqual(problems(turn), []);
    const reasoning = turn.items.filter((i) => i.kind === 'reasoning');
    assert.deepEqual(
      reasoning.map((r) => r.kind === 'reasoning' && r.text),
      ['Thinking about the question.'],
    );
    assert.equal(answer(turn), 'The answer is 42.');
    assert.ok(turn.items.findIndex((i) => i.kind === 'reasoning') < turn.items.findIndex((i) => i.kind === 'text'));
  });

  it('read: a read_file card that succeeded, no permission card, the answer quotes the file', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:read');
    assert.deepEqual(problems(turn), []);
    const [read] = tools(turn);
    assert.deepEqual(
      [tools(turn).length, read!.name, read!.status, read!.sideEffect, read!.args],
      [1, 'read_file', 'ok', 'read', { path: 'README.md' }],
    );
    assert.match(read!.output ?? '', /^File: README\.md \(3 lines\)\n\n1 \| # Demo project/);
    assert.deepEqual(permissions(turn), []);
    assert.equal(
      answer(turn),
      'Done: read the file. The tool said: File: README.md (3 lines) 1 | # Demo project 2 | 3 | A small workspace for the r',
    );
    // The narration of the tool turn stays in the chat but is not the answer.
    assert.ok(turn.items.some((i) => i.kind === 'text' && !i.answer && i.text === 'Calling read_file.'));
    assert.deepEqual(turn.usage, { promptTokens: 200, completionTokens: 34, totalTokens: 234, costUsd: null });
    assert.equal(sandbox.server.completions().length, 2);
  });

  it('two-tools: two read cards in call order, both ok, one answer', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:two-tools');
    assert.deepEqual(problems(turn), []);
    assert.deepEqual(
      tools(turn).map((t) => [t.name, (t.args as { path: string }).path, t.status]),
      [
        ['read_file', 'README.md', 'ok'],
        ['read_file', 'second.txt', 'ok'],
      ],
    );
    assert.match(answer(turn), /^Done: read both files\./);
  });

  it('write: not offered in auto mode, so the model says so and nothing is written', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:write');
    assert.deepEqual(problems(turn), []);
    assert.deepEqual(tools(turn), []);
    assert.equal(answer(turn), 'Tool write_file was not offered in this mode.');
    assert.equal(turn.status, 'success');
  });

  it('write_file called anyway: Zero runs it (hidden, not refused), with a checkpoint and an allow decision', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:write-unoffered');
    assert.deepEqual(problems(turn), []);
    assert.ok(!offered(sandbox)[0]!.includes('write_file'));
    const [write] = tools(turn);
    assert.deepEqual(
      [write!.name, write!.status, write!.changedFiles, write!.checkpoint?.files],
      ['write_file', 'ok', ['notes/zero.txt'], ['notes/zero.txt']],
    );
    assert.deepEqual(
      permissions(turn).map((p) => [p.action, p.permissionMode, p.reason]),
      [['allow', 'auto', 'workspace write is allowed']],
    );
    assert.equal(fs.readFileSync(path.join(sandbox.workspace, 'notes/zero.txt'), 'utf8'), 'written by zero\n');
  });

  it('shell without a native sandbox: the call, a permission card (prompt, high risk), an error result', async () => {
    const { turn, actions } = await chatTurn(sandbox, 'scenario:shell');
    assert.deepEqual(problems(turn), []);
    const [shell] = tools(turn);
    assert.deepEqual(
      [shell!.name, shell!.status, shell!.args],
      ['exec_command', 'error', { cmd: 'echo zero-shell-ok' }],
    );
    assert.equal(
      shell!.output,
      'Error: Sandbox approval required for exec_command: Shell commands can read, write, or execute programs.',
    );
    const [card] = permissions(turn);
    assert.deepEqual(
      [card!.event, card!.action, card!.permissionGranted, card!.permissionMode, card!.risk?.level, card!.reason],
      ['permission_request', 'prompt', false, 'auto', 'high', null],
    );
    assert.equal(card!.approval, 'pending');
    const order = eventTypes(actions).filter((t) => t.startsWith('tool') || t.startsWith('permission'));
    assert.deepEqual(order, ['tool_call', 'permission_request', 'tool_result']);
    assert.equal(turn.status, 'success');
  });

  it('shell with network: the card says why (network) and the risk is critical', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:shell cmd=curl+https://example.com/');
    const [card] = permissions(turn);
    assert.deepEqual(
      [card!.action, card!.reason, card!.risk?.level, card!.risk?.categories],
      ['prompt', 'network access requires approval', 'critical', ['network', 'shell']],
    );
    assert.equal(
      tools(turn)[0]!.output,
      'Error: Sandbox approval required for exec_command: network access requires approval',
    );
  });

  it('fetch: web_fetch is refused headless with a pending permission card', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:fetch');
    assert.deepEqual(problems(turn), []);
    assert.deepEqual(
      tools(turn).map((t) => [t.name, t.status, t.sideEffect]),
      [['web_fetch', 'error', 'network']],
    );
    const [card] = permissions(turn);
    assert.deepEqual(
      [card!.action, card!.sideEffect, card!.reason],
      ['prompt', 'network', 'Fetches remote URL content over the network.'],
    );
    assert.match(
      answer(turn),
      /^Done: tried the fetch\. The tool said: Error: Sandbox approval required for web_fetch/,
    );
  });

  it('long: a 200-paragraph answer streamed whole', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:long');
    assert.deepEqual(problems(turn), []);
    const text = answer(turn);
    assert.ok(text.startsWith('# Long answer\n\nParagraph 1 of'));
    assert.ok(text.endsWith('LONG-ANSWER-END'));
    assert.equal(text.split('\n\n').length, 202);
  });

  it('no-answer: three empty turns, then Zero ends with its own words, streamed as no delta', async () => {
    const { turn, actions } = await chatTurn(sandbox, 'scenario:no-answer');
    assert.deepEqual(problems(turn), []);
    assert.equal(sandbox.server.completions().length, 3);
    assert.deepEqual(eventTypes(actions), ['run_start', 'usage', 'usage', 'usage', 'final', 'run_end']);
    assert.equal(
      turn.finalText,
      'Agent stopped after 3 turns with no output (no visible text and no tool calls) to avoid consuming tokens without making progress.',
    );
    // The chat still shows the answer, though no text delta carried it.
    assert.equal(answer(turn), turn.finalText);
    assert.equal(turn.status, 'success');
  });

  it('error-500: no retry, a provider error notice, exit 3, no answer', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:error-500');
    assert.deepEqual(problems(turn), []);
    assert.equal(sandbox.server.completions().length, 1);
    assert.deepEqual(notices(turn, 'error'), [
      'provider_error: provider error: The scripted server had an internal error.',
    ]);
    assert.deepEqual([turn.status, turn.exitCode, turn.finalText, answer(turn)], ['error', 3, null, '']);
    assert.ok(turn.explanation);
  });

  it('error-429: Zero retries the rate limit (six requests in all), then a provider error, exit 3', async function () {
    this.timeout(30_000);
    const { turn } = await chatTurn(sandbox, 'scenario:error-429-fast');
    assert.deepEqual(problems(turn), []);
    assert.equal(sandbox.server.completions().length, 6);
    assert.deepEqual(notices(turn, 'error'), ['provider_error: rate limit error: Rate limit reached for scripted-1.']);
    assert.deepEqual([turn.status, turn.exitCode, turn.finalText], ['error', 3, null]);
  });
});
