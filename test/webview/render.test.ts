/** What the chat view shows for a snapshot: messages, markdown, reasoning, tools, permissions, notices. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { CHAT_ID, chatOf, ev, eventActions, runActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';
import { processExited } from '../support/builders';

function answerRun(prompt: string, answer: string, extra: string[] = []): ChatAction[] {
  return [
    { type: 'turn_started', turnId: 'turn-1', prompt, origin: 'prompt', at: T_START },
    ...eventActions([
      ev({ type: 'run_start', sessionId: 's1', cwd: '/home/dev/acme-app', model: 'gpt-4.1' }),
      ...extra,
      ev({ type: 'text', delta: answer }),
      ev({ type: 'usage', promptTokens: 1200, completionTokens: 34, totalTokens: 1234 }),
      ev({ type: 'final', text: answer }),
      ev({ type: 'run_end', status: 'success', exitCode: 0 }),
    ]),
    processExited(0, T_START + 4200),
  ];
}

describe('webview: rendering a snapshot', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));

  it('shows the user message as plain text and the answer as markdown with code actions', async () => {
    const prompt = 'Explain <b>this</b> file\n  please';
    const answer =
      '# Overview\n\nSome **bold** text and `inline`.\n\n```ts\nconst x: number = 1;\n```\n\n- one\n- two\n';
    await chat.send({ type: 'snapshot', state: viewState(chatOf(answerRun(prompt, answer))) });
    const p = chat.page;

    assert.equal(await p.locator('.user-message .prompt').textContent(), prompt);
    assert.equal(await p.locator('.user-message b').count(), 0);
    assert.equal(await p.getByRole('heading', { name: 'Overview' }).count(), 1);
    assert.equal(await p.locator('.markdown.answer strong').textContent(), 'bold');
    assert.equal(await p.locator('.markdown.answer li').count(), 2);
    assert.equal(await p.locator('.code-block .code-lang').textContent(), 'ts');
    assert.ok((await p.locator('.code-block code .hljs-keyword').count()) > 0, 'highlighted');

    await p.getByRole('button', { name: 'Copy' }).click();
    await p.getByRole('button', { name: 'Insert at Cursor' }).click();
    const posted = await chat.posted();
    assert.deepEqual(
      posted.filter((m) => m.type === 'copy' || m.type === 'insertAtCursor'),
      [
        { type: 'copy', text: 'const x: number = 1;' },
        { type: 'insertAtCursor', text: 'const x: number = 1;' },
      ],
    );
    assert.equal(await p.getByRole('button', { name: 'Copied' }).count(), 1, 'copy feedback');

    // Header and footer.
    assert.equal(await p.locator('.chat-title').textContent(), prompt.replace(/\s+/g, ' '));
    assert.equal(await p.locator('.folder').textContent(), 'acme-app');
    assert.equal(await p.locator('.run-status').textContent(), 'Finished');
    assert.equal(await p.locator('.usage-total').textContent(), '1,234 tokens total');
    assert.equal(await p.locator('.badge.demo').isVisible(), false);
    const footer = await p.locator('.turn-footer').textContent();
    assert.match(footer!, /success/);
    assert.match(footer!, /1,234 tokens \(1,200 in · 34 out\)/);
    assert.doesNotMatch(footer!, /exit code/);
  });

  it('shows a DEMO badge, a retry turn label and the empty-chat welcome with recent chats', async () => {
    const retry: ChatAction[] = [
      {
        type: 'turn_started',
        turnId: 'turn-2',
        prompt: 'Apply the approved grant and retry.',
        origin: 'retry',
        at: T_START,
      },
    ];
    await chat.send({
      type: 'snapshot',
      state: viewState(chatOf(retry), { binary: { ok: true, path: null, demo: true, problem: null } }),
    });
    assert.equal(await chat.page.locator('.badge.demo').textContent(), 'DEMO');
    assert.equal(await chat.page.locator('.user-message.retry .who').textContent(), 'Retrying with your approval');

    const history = [{ id: 'old', title: 'Fix the flaky test', updatedAt: T_START, turns: 3 }];
    await chat.send({ type: 'snapshot', state: viewState(chatOf([]), { history }) });
    await chat.page.getByRole('button', { name: /Fix the flaky test/ }).click();
    assert.deepEqual((await chat.posted()).at(-1), { type: 'openChat', chatId: 'old' });
  });

  it('reopens a long chat with its latest turns at once and the older ones as placeholders in order', async () => {
    const para = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(50);
    const actions: ChatAction[] = [];
    for (let i = 0; i < 40; i++) {
      actions.push(
        { type: 'turn_started', turnId: `turn-${i}`, prompt: `Question ${i}`, origin: 'prompt', at: T_START + i },
        ...eventActions([
          ev({ type: 'run_start', sessionId: 's' }),
          ev({ type: 'text', delta: `## Answer ${i}\n\n${para}` }),
          ev({ type: 'run_end', status: 'success', exitCode: 0 }),
        ]),
        processExited(0, T_START + i + 1),
      );
    }
    const state = viewState(chatOf(actions));
    const first = await chat.page.evaluate(
      async (m) => {
        window.postMessage(m, '*');
        await new Promise((r) => setTimeout(r, 0));
        const ids = Array.from(document.querySelectorAll<HTMLElement>('.turn'), (t) => t.dataset.turnId);
        return { ids, placeholders: document.querySelectorAll('.turn-placeholder').length };
      },
      { type: 'snapshot', state } as unknown,
    );
    assert.ok(first.placeholders > 0, 'older turns deferred');
    assert.equal(first.ids.at(-1), 'turn-39', 'the latest turn is drawn at once');

    await chat.settle();
    // Every turn has its place, drawn or not, in the chat's order.
    const ids = await chat.page
      .locator('.transcript > [data-turn-id]')
      .evaluateAll((ts) => ts.map((t) => (t as HTMLElement).dataset.turnId));
    assert.deepEqual(
      ids,
      Array.from({ length: 40 }, (_, i) => `turn-${i}`),
    );
    assert.equal(await chat.page.locator('article.turn').last().getAttribute('data-turn-id'), 'turn-39');
    assert.ok(
      await chat.page.locator('.scroller').evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight <= 1),
      'still at the bottom',
    );
  });

  it('keeps reasoning collapsed and out of the answer', async () => {
    const run = answerRun('Why?', 'Because it is **so**.', [
      ev({ type: 'reasoning', delta: 'SECRET-THOUGHT: weigh the options' }),
    ]);
    await chat.send({ type: 'snapshot', state: viewState(chatOf(run)) });
    const p = chat.page;
    const reasoning = p.locator('details.reasoning');
    assert.equal(await reasoning.count(), 1);
    assert.equal(await reasoning.evaluate((d) => (d as HTMLDetailsElement).open), false);
    assert.equal(await p.locator('summary', { hasText: 'Reasoning' }).isVisible(), true);
    assert.equal(await p.getByText('SECRET-THOUGHT', { exact: false }).isVisible(), false);
    assert.doesNotMatch((await p.locator('.markdown').allTextContents()).join(''), /SECRET-THOUGHT/);
    await p.locator('summary', { hasText: 'Reasoning' }).click();
    assert.equal(await p.getByText('SECRET-THOUGHT', { exact: false }).isVisible(), true);
  });

  it('shows a tool card with name, args, side effect and status; output is literal text', async () => {
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> & done';
    const run = answerRun('Read it', 'Read.', [
      ev({ type: 'tool_call', id: 'c1', name: 'read_file', args: { path: 'README.md' }, sideEffect: 'read' }),
      ev({ type: 'tool_result', id: 'c1', name: 'read_file', status: 'ok', output: evil, truncated: true }),
      ev({
        type: 'tool_call',
        id: 'c2',
        name: 'write_file',
        args: { path: 'notes.txt', content: 'hi' },
        sideEffect: 'write',
      }),
      ev({ type: 'checkpoint', checkpoint: { sequence: 4, tool: 'write_file', files: ['notes.txt'] } }),
      ev({
        type: 'tool_result',
        id: 'c2',
        name: 'write_file',
        status: 'ok',
        output: 'Wrote notes.txt',
        changedFiles: ['notes.txt'],
      }),
      ev({ type: 'tool_call', id: 'c3', name: 'shell', args: { command: 'npm test' }, sideEffect: 'shell' }),
      ev({ type: 'tool_result', id: 'c3', name: 'shell', status: 'error', output: 'exit 1' }),
    ]);
    await chat.send({ type: 'snapshot', state: viewState(chatOf(run)) });
    const p = chat.page;
    const cards = p.locator('details.tool-card');
    assert.equal(await cards.count(), 3);
    const read = cards.nth(0);
    assert.equal(await read.locator('.tool-name').textContent(), 'read_file');
    assert.equal(await read.locator('.tool-args').textContent(), 'README.md');
    assert.equal(await read.locator('.side-effect').textContent(), 'read');
    assert.equal(await read.locator('.tool-status').textContent(), 'ok');
    assert.equal(await read.locator('.badge.truncated').textContent(), 'truncated');
    assert.equal(await read.evaluate((d) => (d as HTMLDetailsElement).open), false, 'collapsed');
    await read.locator('summary').click();
    assert.equal(await read.locator('pre.tool-output').textContent(), evil);
    assert.equal(await read.locator('pre.tool-json').textContent(), JSON.stringify({ path: 'README.md' }, null, 2));
    assert.equal(await p.locator('#app img, #app script').count(), 0);
    assert.equal(await p.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);

    const write = cards.nth(1);
    await write.locator('summary').click();
    assert.match((await write.locator('.tool-checkpoint').textContent())!, /Checkpoint 4 · notes\.txt/);
    await write.getByRole('button', { name: 'notes.txt', exact: true }).click();
    assert.deepEqual((await chat.posted()).at(-1), { type: 'openFile', path: 'notes.txt' });
    await write.getByRole('button', { name: 'Diff notes.txt' }).click();
    assert.deepEqual((await chat.posted()).at(-1), { type: 'openDiff', turnId: 'turn-1', path: 'notes.txt' });
    const changes = p.locator('.turn-changes');
    assert.match((await changes.textContent())!, /Changed 1 file/);
    await changes.getByRole('button', { name: 'Undo Changes…' }).click();
    assert.deepEqual((await chat.posted()).at(-1), { type: 'undoTurn', turnId: 'turn-1' });

    // The same run opened as a transcript: nothing there can diff or undo (it did not run here).
    await chat.send({ type: 'snapshot', state: viewState(chatOf(run), { readOnly: true }) });
    assert.equal(await p.locator('.turn-changes').getByRole('button', { name: 'Undo Changes…' }).isVisible(), false);
    assert.equal(await p.locator('.diff-button').first().isVisible(), false);
    await chat.send({ type: 'snapshot', state: viewState(chatOf(run)) });

    assert.equal(await cards.nth(2).locator('.tool-args').textContent(), 'npm test');
    assert.equal(await cards.nth(2).locator('.tool-status').textContent(), 'error');
    assert.ok(await cards.nth(2).evaluate((d) => d.classList.contains('status-error')));
  });

  it('neutralises raw HTML and javascript: links in markdown; links never navigate the view', async () => {
    const md = [
      'Click [me](javascript:alert(1)) or [data](data:text/html,<script>alert(1)</script>).',
      '',
      '<img src=x onerror="window.__pwned=3"> <script>window.__pwned=4</script> <a href="javascript:alert(2)">raw</a>',
      '',
      'See [the docs](https://example.com/docs), ![logo](https://example.com/logo.png) and [app](src/app.ts#L7).',
      '',
      'Open `src/foo.ts:12` but not `console.log`.',
    ].join('\n');
    await chat.send({ type: 'snapshot', state: viewState(chatOf(answerRun('Links?', md))) });
    const p = chat.page;
    assert.equal(await p.locator('#app img, #app script, #app [onerror]').count(), 0);
    assert.equal(await p.locator('a[href^="javascript:" i], a[href^="data:" i]').count(), 0);
    assert.match((await p.locator('.markdown.answer').textContent())!, /<img src=x onerror="window.__pwned=3">/);
    assert.equal(await p.locator('a[href="https://example.com/docs"]').count(), 1);
    assert.equal(await p.locator('a.image-link').textContent(), 'Image: logo');

    const url = p.url();
    await p.getByRole('link', { name: 'app' }).click();
    await p.locator('a.file-link').click();
    await chat.settle();
    assert.equal(p.url(), url, 'did not navigate');
    const opens = (await chat.posted()).filter((m) => m.type === 'openFile');
    assert.deepEqual(opens, [
      { type: 'openFile', path: 'src/app.ts', line: 7 },
      { type: 'openFile', path: 'src/foo.ts', line: 12 },
    ]);
    assert.equal(await p.locator('a.file-link').count(), 1, 'console.log is not a file');
    assert.equal(await p.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
  });

  it('shows a permission request with reason and risk; Review… asks the host; the decision shows', async () => {
    await chat.send({
      type: 'snapshot',
      state: viewState(chatOf(runActions('permission-headless.jsonl', 'Fetch the API'))),
    });
    const p = chat.page;
    const card = p.locator('.permission-card');
    assert.equal(await card.count(), 1);
    const text = (await card.textContent())!;
    assert.match(text, /Permission request/);
    assert.match(text, /web_fetch/);
    assert.match(text, /Fetches remote URL content over the network\./);
    assert.match(text, /high risk/);
    assert.match(text, /Risk categories: network/);
    assert.match(text, /Waiting for your decision/);
    await card.getByRole('button', { name: 'Review…' }).click();
    assert.deepEqual((await chat.posted()).at(-1), {
      type: 'reviewApproval',
      turnId: 'turn-1',
      key: 'permission_request:call_7',
    });

    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        { type: 'approval_decided', turnId: 'turn-1', key: 'permission_request:call_7', approval: 'allowed-once' },
      ],
    });
    assert.match((await card.textContent())!, /You allowed this once/);
    assert.equal(await card.getByRole('button', { name: 'Review…' }).count(), 0);
  });

  it('shows warnings, errors, unknown events, problems and a failed turn footer', async () => {
    const actions: ChatAction[] = [
      { type: 'turn_started', turnId: 'turn-1', prompt: 'Go', origin: 'prompt', at: T_START },
      ...eventActions([
        ev({ type: 'run_start', sessionId: 's1' }),
        ev({ type: 'warning', message: 'config <b>ignored</b>' }),
        ev({ type: 'error', code: 'provider_error', message: 'rate limited', recoverable: false }),
        JSON.stringify({ type: 'telepathy', schemaVersion: 2, runId: 'r' }),
        '{not json',
      ]),
      {
        type: 'process_exited',
        code: 1,
        signal: null,
        spawnFailed: false,
        explanation: 'Zero exited without finishing the run.',
        stderrTail: 'panic: boom\nstack…',
        at: T_START + 61_000,
      },
    ];
    await chat.send({ type: 'snapshot', state: viewState(chatOf(actions)) });
    const p = chat.page;
    assert.equal(await p.locator('.notice-warning').textContent(), 'Warning: config <b>ignored</b>');
    assert.equal(await p.locator('.notice-error').textContent(), 'Error (provider_error): rate limited');
    assert.match((await p.locator('.problem').nth(0).textContent())!, /Unknown event “telepathy”/);
    assert.match((await p.locator('.problem').nth(1).textContent())!, /Protocol problem: not valid JSON/);
    const footer = p.locator('.turn-footer');
    assert.match((await footer.textContent())!, /crashed/);
    assert.match((await footer.textContent())!, /exit code 1/);
    assert.match((await footer.textContent())!, /1m 01s/);
    assert.match((await footer.textContent())!, /Zero exited without finishing the run\./);
    assert.equal(await footer.locator('details.stderr').evaluate((d) => (d as HTMLDetailsElement).open), false);
    assert.equal(await footer.locator('details.stderr pre').textContent(), 'panic: boom\nstack…');
    assert.equal(await p.locator('.run-status').textContent(), 'Stopped: crashed');
  });

  it('lists the files a turn changed with +/- counts; Keep and Revert ask the host; a decision shows in words', async () => {
    const edits = [
      ev({ type: 'tool_call', id: 'w1', name: 'write_file', args: { path: 'src/app.ts' }, sideEffect: 'write' }),
      ev({ type: 'checkpoint', checkpoint: { sequence: 3, tool: 'write_file', files: ['src/app.ts'] } }),
      ev({
        type: 'tool_result',
        id: 'w1',
        name: 'write_file',
        status: 'ok',
        output: 'ok',
        changedFiles: ['src/app.ts'],
      }),
      ev({ type: 'tool_call', id: 'w2', name: 'write_file', args: { path: 'new.md' }, sideEffect: 'write' }),
      ev({ type: 'checkpoint', checkpoint: { sequence: 5, tool: 'write_file', files: ['new.md'] } }),
      ev({ type: 'tool_result', id: 'w2', name: 'write_file', status: 'ok', output: 'ok', changedFiles: ['new.md'] }),
    ];
    const sha = 'a'.repeat(64);
    const run: ChatAction[] = [
      ...answerRun('edit two files', 'Done.', edits),
      {
        type: 'turn_review',
        turnId: 'turn-1',
        files: [
          { path: 'src/app.ts', change: 'modified', added: 3, removed: 1, afterSha256: sha },
          { path: 'new.md', change: 'created', added: 2, removed: 0, afterSha256: sha },
        ],
      },
    ];
    await chat.send({ type: 'snapshot', state: viewState(chatOf(run)) });
    const p = chat.page;
    const list = p.getByRole('list', { name: 'Files this turn changed' });
    assert.match((await p.locator('.turn-changes').textContent())!, /Changed 2 files/);
    assert.deepEqual(await list.locator('.review-counts').allTextContents(), ['+3 −1', 'new file, +2']);
    assert.equal(await list.locator('li').first().getAttribute('aria-label'), 'src/app.ts, 3 lines added, 1 removed');
    await list.getByRole('button', { name: 'Revert src/app.ts' }).click();
    assert.deepEqual((await chat.posted()).at(-1), {
      type: 'reviewFile',
      turnId: 'turn-1',
      path: 'src/app.ts',
      decision: 'revert',
    });
    await list.getByRole('button', { name: 'Keep new.md' }).click();
    assert.deepEqual((await chat.posted()).at(-1), {
      type: 'reviewFile',
      turnId: 'turn-1',
      path: 'new.md',
      decision: 'keep',
    });
    await list.getByRole('button', { name: 'Diff new.md' }).click();
    assert.deepEqual((await chat.posted()).at(-1), { type: 'openDiff', turnId: 'turn-1', path: 'new.md' });

    // The host's answers arrive as actions: the rows say what happened and lose Keep / Revert.
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        { type: 'review_decided', turnId: 'turn-1', path: 'src/app.ts', decision: 'reverted' },
        { type: 'review_decided', turnId: 'turn-1', path: 'new.md', decision: 'kept' },
      ],
    });
    await list.locator('.review-counts', { hasText: /^reverted$/ }).waitFor();
    assert.deepEqual(await list.locator('.review-counts').allTextContents(), ['reverted', 'new file, +2, kept']);
    assert.equal(await list.getByRole('button', { name: /^(Keep|Revert) / }).count(), 0);
  });
});
