// The real Zero through the extension's exec path, where the permission mode changes what the chat shows:
// ask (writes in the workspace allowed without asking), plan (read-only tools only), unsafe, and writes
// outside the workspace with and without --add-dir.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answer, chatTurn, eventTypes, notices, offered, permissions, problems, tools } from './lib/execChat';
import { makeSandbox, type Sandbox } from './lib/realZero';
import { PLAN_TOOLS } from './lib/planTools';

const ASK_TOOLS = [
  'apply_patch',
  'ask_user',
  'exec_command',
  'glob',
  'grep',
  'list_directory',
  'read_file',
  'read_minified_file',
  'request_permissions',
  'skill',
  'tool_search',
  'update_plan',
  'view_image',
  'write_file',
  'write_stdin',
];

/**
 * A folder outside the workspace that Zero really treats as outside: Zero counts /tmp and $TMPDIR as
 * write roots, and the sandbox lives in the temp folder, so this one must not.
 */
function outsideFolder(): string {
  for (const base of ['/var/tmp', path.join(__dirname, '../../.outside')]) {
    try {
      fs.mkdirSync(base, { recursive: true });
      const dir = fs.realpathSync(fs.mkdtempSync(path.join(base, 'zero-outside-')));
      if (!dir.startsWith('/tmp/') && !(process.env.TMPDIR && dir.startsWith(process.env.TMPDIR))) return dir;
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // try the next place
    }
  }
  throw new Error('no folder outside the temp roots to stand for "outside the workspace"');
}

describe('real Zero exec: permission modes in the chat', () => {
  let sandbox: Sandbox;
  let outside: string;
  beforeEach(async () => {
    sandbox = await makeSandbox();
    outside = outsideFolder();
  });
  afterEach(async () => {
    await sandbox.dispose();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('ask: write_file is offered and a workspace write runs without asking: checkpoint, allow decision, ok card', async () => {
    const { turn, actions } = await chatTurn(sandbox, 'scenario:write', { mode: 'ask' });
    assert.deepEqual(problems(turn), []);
    assert.deepEqual(offered(sandbox)[0], ASK_TOOLS);
    const [write] = tools(turn);
    assert.deepEqual(
      [write!.name, write!.status, write!.changedFiles, write!.summary],
      ['write_file', 'ok', ['notes/zero.txt'], 'Created notes/zero.txt (1 lines).'],
    );
    assert.deepEqual(write!.checkpoint?.files, ['notes/zero.txt']);
    const [card] = permissions(turn);
    assert.deepEqual(
      [card!.event, card!.action, card!.permissionGranted, card!.reason],
      ['permission_decision', 'allow', false, 'workspace write is allowed'],
    );
    assert.equal(card!.approval, 'info');
    assert.deepEqual(
      eventTypes(actions).filter((t) => /tool|permission|checkpoint/.test(t)),
      ['tool_call', 'checkpoint', 'permission_decision', 'tool_result'],
    );
    assert.equal(fs.readFileSync(path.join(sandbox.workspace, 'notes/zero.txt'), 'utf8'), 'written by zero\n');
    assert.equal(answer(turn), 'Done: wrote the file. The tool said: Created notes/zero.txt (1 lines).');
  });

  it('ask: a shell command without a native sandbox still asks (and is refused headless)', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:shell', { mode: 'ask' });
    assert.deepEqual(
      permissions(turn).map((p) => [p.action, p.permissionMode]),
      [['prompt', 'ask']],
    );
    assert.equal(tools(turn)[0]!.status, 'error');
  });

  it('ask: web_fetch is deferred: tool_search loads it, then it asks, is refused headless and the chat offers the approval', async () => {
    const { turn, actions } = await chatTurn(sandbox, 'scenario:fetch', { mode: 'ask' });
    assert.deepEqual(problems(turn), []);
    const requests = offered(sandbox);
    assert.deepEqual([requests[0]!.includes('web_fetch'), requests[0]!.includes('tool_search')], [false, true]);
    assert.deepEqual(
      requests.slice(1).map((r) => r.includes('web_fetch')),
      [true, true],
    );
    const [search, fetch] = tools(turn);
    assert.deepEqual(
      [search!.name, search!.status, search!.args],
      ['tool_search', 'ok', { query: 'select:web_fetch' }],
    );
    assert.match(
      search!.output ?? '',
      /^Loaded 1 tool\. Full schemas follow; call them on the next turn\.\n\n## web_fetch\n/,
    );
    assert.deepEqual(
      [fetch!.name, fetch!.status, fetch!.output],
      [
        'web_fetch',
        'error',
        'Error: Sandbox approval required for web_fetch: Fetches remote URL content over the network.',
      ],
    );
    assert.equal(tools(turn).length, 2);
    const [card] = permissions(turn);
    assert.deepEqual(
      [card!.event, card!.action, card!.permissionMode, card!.reason, card!.approval],
      ['permission_request', 'prompt', 'ask', 'Fetches remote URL content over the network.', 'pending'],
    );
    assert.equal(permissions(turn).length, 1);
    assert.deepEqual(
      eventTypes(actions).filter((t) => /tool|permission/.test(t)),
      ['tool_call', 'tool_result', 'tool_call', 'permission_request', 'tool_result'],
    );
    assert.equal(
      answer(turn),
      'Done: tried the fetch. The tool said: Error: Sandbox approval required for web_fetch: Fetches remote URL content over ',
    );
  });

  it('ask: a write outside the workspace is refused with an outside_workspace card naming the path', async () => {
    const target = path.join(outside, 'zero.txt');
    const { turn } = await chatTurn(sandbox, `scenario:write-outside path=${target}`, { mode: 'ask' });
    assert.deepEqual(problems(turn), []);
    const [card] = permissions(turn);
    assert.deepEqual(
      [card!.action, card!.block?.code, card!.block?.path, card!.block?.recoverable],
      ['prompt', 'outside_workspace', target, true],
    );
    assert.equal(tools(turn)[0]!.checkpoint, null);
    assert.match(
      tools(turn)[0]!.output ?? '',
      /^Error: Sandbox approval required for write_file: Writing to .* requires access outside the workspace\./,
    );
    assert.equal(fs.existsSync(target), false);
  });

  it('ask with --add-dir: the same write is allowed and the card names the absolute path it changed', async () => {
    const target = path.join(outside, 'zero.txt');
    const { turn, args } = await chatTurn(sandbox, `scenario:write-outside path=${target}`, {
      mode: 'ask',
      addDirs: [outside],
    });
    assert.ok(args.includes('--add-dir'));
    const [write] = tools(turn);
    assert.deepEqual([write!.status, write!.changedFiles, write!.checkpoint], ['ok', [target], null]);
    assert.deepEqual(
      permissions(turn).map((p) => p.action),
      ['allow'],
    );
    assert.equal(fs.readFileSync(target, 'utf8'), 'outside\n');
  });

  it("ask: a write into the temp folder (not the workspace) is allowed: /tmp is one of Zero's write roots", async () => {
    const target = path.join(sandbox.root, 'elsewhere', 'zero.txt');
    const { turn } = await chatTurn(sandbox, `scenario:write-outside path=${target}`, { mode: 'ask' });
    assert.deepEqual(
      [tools(turn)[0]!.status, permissions(turn)[0]!.action, permissions(turn)[0]!.block],
      ['ok', 'allow', null],
    );
  });

  it('plan: only read-only tools are offered; a read works, a write is not even offered', async () => {
    const read = await chatTurn(sandbox, 'scenario:read', { mode: 'plan' });
    assert.deepEqual(offered(sandbox)[0], PLAN_TOOLS);
    assert.deepEqual(
      tools(read.turn).map((t) => t.status),
      ['ok'],
    );
    const write = await chatTurn(sandbox, 'scenario:write', { mode: 'plan' });
    assert.equal(answer(write.turn), 'Tool write_file was not offered in this mode.');
  });

  it('unsafe: the warning, then the shell command really runs (allow decision, granted) and its output is in the card', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:shell', { mode: 'unsafe' });
    assert.deepEqual(problems(turn), []);
    assert.deepEqual(notices(turn, 'warning'), [
      ': Unsafe permissions are active for this run because --permission-mode unsafe was passed.',
    ]);
    const [shell] = tools(turn);
    assert.equal(shell!.status, 'ok');
    assert.match(shell!.output ?? '', /zero-shell-ok/);
    assert.equal(shell!.summary, 'echo zero-shell-ok exited with code 0');
    assert.deepEqual(
      permissions(turn).map((p) => [p.action, p.permissionGranted, p.approval]),
      [['allow', true, 'info']],
    );
  });

  it('unsafe: shell network is a hard deny (block network), not a prompt', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:shell cmd=curl+https://example.com/', { mode: 'unsafe' });
    const [card] = permissions(turn);
    // A decision is information (no approval buttons), though permissionGranted says true in unsafe mode.
    assert.deepEqual(
      [card!.event, card!.action, card!.block?.code, card!.permissionGranted, card!.approval],
      ['permission_decision', 'deny', 'network', true, 'info'],
    );
    assert.equal(tools(turn)[0]!.output, 'Sandbox block [network] for exec_command: network access requires approval');
  });

  it('unsafe: a write outside every root is denied, not asked', async () => {
    const target = path.join(outside, 'zero.txt');
    const { turn } = await chatTurn(sandbox, `scenario:write-outside path=${target}`, { mode: 'unsafe' });
    const [card] = permissions(turn);
    assert.deepEqual([card!.action, card!.block?.code, card!.block?.recoverable], ['deny', 'outside_workspace', false]);
    assert.equal(fs.existsSync(target), false);
  });
});
