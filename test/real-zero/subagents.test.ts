// Subagents on the real Zero 0.8.0: a Task call through the extension's exec path is the subagent card's
// data (conversation/subagent.ts), and its child session is read from the real store the way Open
// subagent transcript reads it (zero/sessions/subagentStore.ts), while the child runs and after, and matches what
// `zero sessions children --json` says. The child's model requests come to the same scripted server,
// which answers Zero's specialist envelope (test/fixtures/model-server/taskScenarios.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChatAction } from '../../src/conversation/actions';
import { subagentCard } from '../../src/conversation/subagent';
import { transcriptMarkdown } from '../../src/zero/sessions/subagentMarkdown';
import { findChild, listChildren, readChild, type TranscriptEntry } from '../../src/zero/sessions/subagentStore';
import { sessionsRoot } from '../../src/zero/sessions/checkpoints';
import { chatTurn, eventTypes, permissions, sessionEvents, tools } from './lib/execChat';
import { execArgs, makeSandbox, realZeroBin, runZero, type Sandbox } from './lib/realZero';

const CHILD_ID = /^specialist_[0-9a-f]{24}$/;
const kinds = (entries: readonly TranscriptEntry[]) =>
  entries.map((e) => (e.kind === 'message' ? `${e.role} message` : `${e.kind} ${e.name}`));

describe('real Zero exec: subagents (the Task card and its child session)', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let root: string;
  beforeEach(async () => {
    sandbox = await makeSandbox();
    root = sessionsRoot(sandbox.env);
  });
  afterEach(() => sandbox.dispose());

  it("a Task call's card: the specialist, its task, finished, the child's answer and its session", async () => {
    const { turn, actions } = await chatTurn(sandbox, 'scenario:task', { autonomy: 'medium' });
    const [task] = tools(turn);
    const card = subagentCard(task!)!;
    assert.deepEqual(
      [card.specialist, card.description, card.prompt, card.status, card.statusText, card.canOpen],
      [
        'explorer',
        'Survey the README',
        'Read README.md and report its title. child-reads=1 child-delay=0',
        'done',
        'finished',
        true,
      ],
    );
    assert.equal(card.result, "The explorer found the README's title: # Demo project. SPECIALIST-DONE");
    assert.match(card.childSessionId ?? '', CHILD_ID);
    // Nothing of the child on the parent's stream: the call, then (after the child) its decision and result.
    assert.deepEqual(
      eventTypes(actions).filter((t) => /tool|permission/.test(t)),
      ['tool_call', 'permission_decision', 'tool_result'],
    );
    assert.deepEqual(
      permissions(turn).map((p) => [p.action, p.permissionGranted, p.reason]),
      [['allow', true, 'Spawns a Zero specialist sub-agent process.']],
    );
    // The child asked the same model with Zero's envelope and the explorer's read-only tools.
    const child = sandbox.server.completions().filter((r) => r.scenario === 'specialist');
    assert.equal(child.length, 2);
    assert.deepEqual((child[0]!.body?.tools ?? []).map((t) => t.function.name).sort(), [
      'glob',
      'grep',
      'list_directory',
      'read_file',
      'read_minified_file',
      'view_image',
    ]);
  });

  it("the child's session from the real store: found from specialist_start, ended by specialist_stop, as zero sessions children lists it", async () => {
    const { chat, turn } = await chatTurn(sandbox, 'scenario:task reads=2', { autonomy: 'medium' });
    const parent = chat.sessionId!;
    const task = tools(turn)[0]!;
    const card = subagentCard(task)!;
    const ref = await findChild(root, parent, task.id!, card.childSessionId);
    assert.deepEqual(ref, {
      childSessionId: card.childSessionId,
      specialist: 'explorer',
      description: 'Survey the README',
      background: false,
      stopped: { status: 'success', exitCode: 0 },
    });
    const events = sessionEvents(sandbox, parent).map((e) => e.type);
    assert.ok(events.indexOf('specialist_start') < events.indexOf('specialist_stop'));
    assert.ok(events.indexOf('specialist_stop') < events.lastIndexOf('tool_result'));

    const r = await readChild(root, ref!.childSessionId, { parentSessionId: parent, toolCallId: task.id! });
    assert.ok(r.ok, r.ok ? '' : r.problem);
    assert.deepEqual(kinds(r.transcript.entries), [
      'user message',
      'tool_call read_file',
      'tool_result read_file',
      'tool_call read_file',
      'tool_result read_file',
      'assistant message',
    ]);
    const [envelope, , result, , , answer] = r.transcript.entries;
    assert.ok(
      envelope?.kind === 'message' && envelope.text.startsWith('# Specialist Invocation\n\nSpecialist: explorer'),
    );
    assert.ok(result?.kind === 'tool_result' && result.status === 'ok' && result.output.includes('# Demo project'));
    assert.ok(answer?.kind === 'message' && answer.text.endsWith('SPECIALIST-DONE'));
    assert.deepEqual([r.transcript.agentName, r.transcript.title], ['explorer', 'explorer: Survey the README']);

    const listed = await listChildren(realZeroBin(), sandbox.env, parent);
    assert.deepEqual(
      listed.map((c) => [c.sessionId, c.spawnedFromEventId, c.agentName, c.title]),
      [[ref!.childSessionId, task.id, 'explorer', 'explorer: Survey the README']],
    );
    // What the editor shows: every step, and the end as the parent recorded it.
    const md = transcriptMarkdown({
      specialist: card.specialist,
      description: card.description,
      parentSessionId: parent,
      toolCallId: task.id!,
      child: ref,
      transcript: r.transcript,
      problem: null,
      following: false,
    });
    assert.match(md, /^# Subagent explorer: Survey the README\n/);
    assert.match(md, /\*\*Status:\*\* success \(exit 0\)/);
    assert.match(
      md,
      /## Task given to the subagent\n\n```text\nRead README\.md and report its title\. child-reads=2 child-delay=0\n```/,
      "the task the parent wrote, out of Zero's real envelope",
    );
    assert.equal(md.match(/### Tool call: read_file/g)?.length, 2);
    assert.match(
      md,
      /## Subagent\n\n```text\nThe explorer found the README's title: # Demo project\. SPECIALIST-DONE\n```/,
    );
  });

  it('while the child runs: the store already names it and holds its first steps, before the parent shows anything', async () => {
    let seen: ChatAction[] = [];
    const turnDone = chatTurn(sandbox, 'scenario:task reads=3 delay=150', {
      autonomy: 'medium',
      stopWhen: (actions) => {
        seen = [...actions];
        return false;
      },
    });
    let partial: { entries: string[]; parentStream: string[] } | null = null;
    const deadline = Date.now() + 60_000;
    while (!partial && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      const parent = fs.existsSync(root) ? fs.readdirSync(root).find((d) => d.startsWith('zero_')) : undefined;
      if (!parent) continue;
      const ref = await findChild(root, parent, 'call_1');
      if (!ref) continue;
      assert.equal(ref.stopped, null, 'no end recorded yet');
      const r = await readChild(root, ref.childSessionId, { parentSessionId: parent, toolCallId: 'call_1' });
      if (r.ok && r.transcript.entries.some((e) => e.kind === 'tool_result'))
        partial = { entries: kinds(r.transcript.entries), parentStream: eventTypes(seen) };
    }
    const { turn } = await turnDone;
    assert.ok(partial, 'the child was seen in the store while it ran');
    assert.ok(!partial.entries.includes('assistant message'), `not finished yet: ${partial.entries.join(', ')}`);
    assert.ok(!partial.parentStream.includes('tool_result'), 'the parent had shown no result yet');
    assert.equal(subagentCard(tools(turn)[0]!)!.status, 'done');
  });

  it("the webview's recorded Task streams (test/fixtures/transcripts/subagent-task*.jsonl) are what Zero streams now", async () => {
    const norm = (text: string) =>
      text
        .split('\n')
        .filter(Boolean)
        .map((l) =>
          l
            .replace(/"(runId|sessionId|cwd)":"[^"]*"/g, '"$1":"…"')
            .replace(/specialist_[0-9a-f]{24}/g, 'specialist_…')
            // The scripted server numbers calls across the runs of one sandbox.
            .replace(/"call_\d+"/g, '"call_N"'),
        );
    for (const [file, prompt] of [
      ['subagent-task.jsonl', 'scenario:task'],
      ['subagent-task-refused.jsonl', 'scenario:task name=worker'],
    ] as const) {
      const live = await runZero(sandbox, execArgs(prompt, ['--auto', 'medium']));
      const recorded = fs.readFileSync(path.join(__dirname, '../fixtures/transcripts', file), 'utf8');
      assert.deepEqual(norm(recorded), norm(live.stdout), file);
    }
  });

  it('a worker in auto mode is refused headless: the card says not started, and there is no child to open', async () => {
    const { chat, turn } = await chatTurn(sandbox, 'scenario:task name=worker', { autonomy: 'medium' });
    const task = tools(turn)[0]!;
    const card = subagentCard(task)!;
    assert.deepEqual([card.specialist, card.status, card.canOpen], ['worker', 'refused', false]);
    assert.deepEqual(
      permissions(turn).map((p) => [p.event, p.action, p.permissionGranted]),
      [['permission_request', 'prompt', false]],
    );
    assert.equal(await findChild(root, chat.sessionId!, task.id!), null);
    assert.deepEqual(
      fs.readdirSync(root).filter((d) => d.startsWith('specialist_')),
      [],
    );
    assert.ok(!sessionEvents(sandbox, chat.sessionId!).some((e) => e.type === 'specialist_start'));
    assert.equal(path.basename(root), 'sessions');
  });
});
