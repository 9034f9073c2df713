// What a tool result's meta says, as Zero 0.8.0 writes it (seen from the real binary: ZERO_0.8_FEATURES.md,
// bigout and mcp; test/real-zero/fullOutput.test.ts): how Zero cut an output and where it saved the whole,
// which MCP server answered; and the same read from ACP's text, which has no meta.
import { strict as assert } from 'node:assert';
import { newChat, reduceChat, type ChatAction } from '../../../src/conversation';
import type { ToolItem } from '../../../src/conversation/model';
import { mcpTool, outputCut } from '../../../src/conversation/toolMeta';
import { zeroEvent } from '../../support/builders';

const SPILL = '/tmp/zero-tool-output-1000/exec_command-1300091352.txt';
/** exec_command's meta for `seq 1 12000` (60,914 bytes) under a command-prefix grant. */
const BIG_META = {
  cwd: '.',
  emitted_bytes: '40000',
  exit_code: '0',
  output_budget_category: 'process',
  output_budget_original_bytes: '60914',
  output_budget_reason: 'semantic_process_budget',
  output_budget_retained_bytes: '40000',
  output_budget_spill_created: 'true',
  raw_bytes: '60914',
  spill_path: SPILL,
  truncated: 'true',
  truncation_reason: 'semantic_process_budget',
};
const SMALL_META = {
  output_budget_original_bytes: '125',
  output_budget_retained_bytes: '125',
  output_budget_spill_created: 'false',
};

describe("a tool result's meta: cut output and MCP", () => {
  it('exec: sizes and the saved copy of an output Zero cut for the model', () => {
    assert.deepEqual(outputCut({ meta: BIG_META, output: 'output:\n1\n…\n[truncated]', truncated: true }), {
      forModel: true,
      rawBytes: 60914,
      keptBytes: 40000,
      spillPath: SPILL,
    });
  });

  it('nothing for a whole output; the stream copy alone cut (10 KiB) says Zero kept all of it', () => {
    assert.equal(outputCut({ meta: SMALL_META, output: 'Current Plan:\n…', truncated: false }), undefined);
    assert.deepEqual(
      outputCut({
        meta: { output_budget_original_bytes: '15000', output_budget_retained_bytes: '15000' },
        truncated: true,
      }),
      { forModel: false, rawBytes: 15000, keptBytes: null, spillPath: null },
    );
  });

  it("ACP: no meta, but the text's last [zero] line names the saved copy", () => {
    const text = (line: string) =>
      `output:\n1\n2\n[zero] ... 3824 section(s) omitted ...\n12000\nexit_code: 0\n${line}`;
    for (const line of [
      `[zero] full output received by budgeting layer saved to ${SPILL} (grep or read_file it instead of re-running)`,
      `[zero] output truncated — full output saved to ${SPILL} (grep or read_file it instead of re-running)`,
      `[zero] compacted 812 passing lines; exact output saved to ${SPILL}`,
    ])
      assert.deepEqual(
        outputCut({ output: text(line) }),
        { forModel: true, rawBytes: null, keptBytes: null, spillPath: SPILL },
        line,
      );
    // A path that is not absolute, or has control characters, is no path.
    assert.equal(outputCut({ output: '[zero] full output saved to relative/x.txt' }), undefined);
    assert.equal(outputCut({ meta: { truncated: 'true', spill_path: '/tmp/a\u0007b.txt' } })?.spillPath, null);
    assert.equal(
      outputCut({ meta: { truncated: 'true', raw_bytes: '-5', output_budget_retained_bytes: '1e9' } })?.rawBytes,
      null,
    );
  });

  it("MCP: Zero's flat meta keys name the server and the tool; words are cleaned and clamped", () => {
    assert.deepEqual(mcpTool({ 'mcp.server': 'local', 'mcp.tool': 'echo', 'mcp.identity': '33d92a01' }), {
      server: 'local',
      tool: 'echo',
    });
    assert.equal(mcpTool({ mcp: { server: 'local', tool: 'echo' } }), undefined, 'not nested');
    assert.equal(mcpTool({ 'mcp.server': 'local' }), undefined);
    const odd = mcpTool({ 'mcp.server': `ex\u202ea\u0000${'s'.repeat(500)}`, 'mcp.tool': 'web_search_exa' })!;
    assert.equal(odd.server, `exa${'s'.repeat(197)}`);
  });

  it('the reducer keeps both on the call', () => {
    const chat = [
      { type: 'turn_started', turnId: 't', prompt: 'p', origin: 'prompt', at: 1 } as ChatAction,
      zeroEvent({ type: 'tool_call', id: 'c1', name: 'exec_command', args: { cmd: 'seq 1 12000' } }),
      zeroEvent({
        type: 'tool_result',
        id: 'c1',
        name: 'exec_command',
        status: 'ok',
        output: 'x',
        truncated: true,
        meta: BIG_META,
      }),
      zeroEvent({ type: 'tool_call', id: 'c2', name: 'mcp_local_echo', args: { text: 'hi' } }),
      zeroEvent({
        type: 'tool_result',
        id: 'c2',
        name: 'mcp_local_echo',
        status: 'ok',
        output: 'echo: hi',
        meta: { ...SMALL_META, 'mcp.server': 'local', 'mcp.tool': 'echo' },
      }),
    ].reduce(reduceChat, newChat('c', 0));
    const [big, mcp] = chat.turns[0]!.items.filter((i): i is ToolItem => i.kind === 'tool');
    assert.deepEqual(big!.cut, { forModel: true, rawBytes: 60914, keptBytes: 40000, spillPath: SPILL });
    assert.equal(big!.mcp, undefined);
    assert.deepEqual(mcp!.mcp, { server: 'local', tool: 'echo' });
    assert.equal('cut' in mcp!, false, 'no undefined fields in the chat');
  });
});
