// The differential behind passing `--auto medium` beside every mode (src/zero/exec/runPlan.ts): the real Zero
// 0.8.0, through the extension's own exec path, in each mode the composer's picker offers (and the
// default), with and without the autonomy level. One turn calls a read-only specialist (Task explorer),
// a worker (Task worker), a shell command and a write, each where Zero offers the tool, and the table
// records which permission event each call drew. What differs is what the picker says
// (src/chats/modeDescriptions.ts), checked here against what Zero did.
import * as assert from 'node:assert/strict';
import { execModeDescription } from '../../src/chats/modeDescriptions';
import { execChoices } from '../../src/chats/composerChoices';
import type { Turn } from '../../src/conversation/model';
import { chatTurn, permissions, problems, tools } from './lib/execChat';
import { makeSandbox } from './lib/realZero';

type Probe = 'Task explorer' | 'Task worker' | 'exec_command' | 'write_file';
const PROBES: readonly Probe[] = ['Task explorer', 'Task worker', 'exec_command', 'write_file'];

/** Per probe: `not offered`, or the permission events of its call and how it ended, as the chat shows them. */
function table(turn: Turn): Record<Probe, string> {
  const row = {} as Record<Probe, string>;
  for (const probe of PROBES) {
    const call = tools(turn).find((t) => {
      const name = (t.args as { name?: unknown } | null)?.name;
      return probe.startsWith('Task ') ? t.name === 'Task' && `Task ${String(name)}` === probe : t.name === probe;
    });
    if (!call) {
      row[probe] = 'not offered';
      continue;
    }
    const events = permissions(turn)
      .filter((p) => p.toolId === call.id)
      .map(
        (p) =>
          `${p.event === 'permission_request' ? 'asked' : 'decided'} ${p.action}${p.permissionGranted ? ' granted' : ''}`,
      );
    row[probe] = [...events, call.status].join(', ');
  }
  return row;
}

const MODES = ['', 'auto', 'ask', 'plan', 'unsafe'] as const;
const modeName = (m: string) => m || 'default';

/** What Zero 0.8.0 did (measured; the test fails when Zero does otherwise). */
const NONE = { 'Task explorer': 'not offered', 'Task worker': 'not offered' } as const;
const SUBAGENTS_ASK = { 'Task explorer': 'decided allow granted, ok', 'Task worker': 'asked prompt, error' } as const;
const EXPECTED: Record<string, { low: Record<Probe, string>; medium: Record<Probe, string> }> = {
  default: {
    low: { ...NONE, exec_command: 'asked prompt, error', write_file: 'not offered' },
    medium: { ...SUBAGENTS_ASK, exec_command: 'asked prompt, error', write_file: 'not offered' },
  },
  auto: {
    low: { ...NONE, exec_command: 'asked prompt, error', write_file: 'not offered' },
    medium: { ...SUBAGENTS_ASK, exec_command: 'asked prompt, error', write_file: 'not offered' },
  },
  ask: {
    low: { ...NONE, exec_command: 'asked prompt, error', write_file: 'decided allow, ok' },
    medium: { ...SUBAGENTS_ASK, exec_command: 'asked prompt, error', write_file: 'decided allow, ok' },
  },
  plan: {
    low: { ...NONE, exec_command: 'not offered', write_file: 'not offered' },
    medium: { ...NONE, exec_command: 'not offered', write_file: 'not offered' },
  },
  unsafe: {
    low: { ...NONE, exec_command: 'decided allow granted, ok', write_file: 'decided allow granted, ok' },
    medium: {
      'Task explorer': 'decided allow granted, ok',
      'Task worker': 'decided allow granted, ok',
      exec_command: 'decided allow granted, ok',
      write_file: 'decided allow granted, ok',
    },
  },
};

describe('real Zero exec: what --auto medium beside each mode changes (the mode picker says it)', function () {
  this.timeout(240_000);
  const seen: Record<string, { low: Record<Probe, string>; medium: Record<Probe, string>; args: string[][] }> = {};

  before(async () => {
    for (const mode of MODES) {
      const runs: Record<Probe, string>[] = [];
      const args: string[][] = [];
      for (const autonomy of ['', 'medium']) {
        const sandbox = await makeSandbox();
        try {
          const r = await chatTurn(sandbox, 'scenario:prompts-probe', { mode, autonomy });
          assert.deepEqual(problems(r.turn), [], `${modeName(mode)} ${autonomy}`);
          assert.equal(r.turn.status, 'success', `${modeName(mode)} ${autonomy}: ${r.turn.status}`);
          runs.push(table(r.turn));
          args.push(r.args);
        } finally {
          await sandbox.dispose();
        }
      }
      seen[modeName(mode)] = { low: runs[0]!, medium: runs[1]!, args };
    }
  });

  it('the product passed --auto medium beside each mode (and nothing without it)', () => {
    for (const mode of MODES) {
      const [low, medium] = seen[modeName(mode)]!.args;
      assert.ok(!low!.includes('--auto'), modeName(mode));
      assert.deepEqual(medium!.slice(medium!.indexOf('--auto'), medium!.indexOf('--auto') + 2), ['--auto', 'medium']);
      if (mode) assert.equal(medium![medium!.indexOf('--permission-mode') + 1], mode);
    }
  });

  for (const mode of MODES)
    it(`${modeName(mode)}: the permission events with and without --auto medium`, () => {
      const { low, medium } = seen[modeName(mode)]!;
      assert.deepEqual({ low, medium }, EXPECTED[modeName(mode)]);
    });

  it('no mode changes a shell command or a write: the autonomy level only adds Task and its own events', () => {
    for (const mode of MODES) {
      const { low, medium } = seen[modeName(mode)]!;
      assert.deepEqual([medium.exec_command, medium.write_file], [low.exec_command, low.write_file], modeName(mode));
      assert.deepEqual([low['Task explorer'], low['Task worker']], ['not offered', 'not offered'], modeName(mode));
    }
  });

  it("the mode picker's words say what Zero did for subagents in each mode", () => {
    const picker = execChoices(
      () => null,
      () => ({}),
      () => 'medium',
    ).modes();
    assert.deepEqual(
      picker.map((m) => m.id),
      ['auto', 'ask', 'plan', 'unsafe'],
    );
    for (const m of picker) {
      const { medium } = seen[m.id]!;
      const words = m.description ?? '';
      assert.equal(words, execModeDescription(m.id, 'medium'));
      if (medium['Task explorer'] === 'not offered') assert.match(words, /No subagents/, m.id);
      else if (medium['Task worker'].startsWith('asked'))
        assert.match(words, /read-only specialist .*starts without asking; a worker asks first/, m.id);
      else assert.match(words, /every specialist starts without asking, and a worker runs unsafe too/, m.id);
      // Low: Zero offered no Task, and the picker says so.
      assert.match(execModeDescription(m.id, 'low'), /No subagents/, m.id);
    }
  });
});
