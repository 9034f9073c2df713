/**
 * What a tool result's `meta` says beyond its output (a string map, docs/zero-exec.md §24): whether Zero cut
 * what the model saw, how much, and the file where it saved the whole (`spill_path`); and which MCP server
 * and tool answered (`mcp.server`, `mcp.tool`). Over ACP there is no `meta`: only the `[zero] … saved to
 * <path>` line Zero appends to the text it cut. Every value is the agent's, so clamped here; a path is
 * only ever opened after the host checks it (src/zero/process/spillFile.ts).
 */
import type { ToolResultEvent } from '../protocol/events';
import type { McpTool, OutputCut } from './model';

const MAX_PATH = 4096;
const MAX_NAME = 200;

/** How Zero cut a result, or undefined when it did not (and the stream copy is whole). */
export function outputCut(e: Pick<ToolResultEvent, 'meta' | 'output' | 'truncated'>): OutputCut | undefined {
  const meta = e.meta ?? {};
  const forModel = meta.truncated === 'true' || meta.output_budget_spill_created === 'true';
  const spillPath = cleanPath(meta.spill_path) ?? spillLine(e.output);
  if (!forModel && e.truncated !== true && spillPath === null) return undefined;
  return {
    forModel: forModel || spillPath !== null,
    rawBytes: bytes(meta.raw_bytes) ?? bytes(meta.output_budget_original_bytes),
    keptBytes: forModel ? bytes(meta.output_budget_retained_bytes) : null,
    spillPath,
  };
}

/** The MCP server and tool of a result, from Zero's meta keys (flat: `"mcp.server"`, `"mcp.tool"`). */
export function mcpTool(meta: ToolResultEvent['meta']): McpTool | undefined {
  const server = cleanName(meta?.['mcp.server']);
  const tool = cleanName(meta?.['mcp.tool']);
  return server !== null && tool !== null ? { server, tool } : undefined;
}

/** The path in the last `[zero] … saved to <path>` line of an output (what ACP's text keeps of `spill_path`). */
function spillLine(output: string | undefined): string | null {
  if (!output || !output.includes('[zero] ')) return null;
  // Only the end of a long output: the notice is its last line or near it.
  const tail = output.slice(-8192);
  const lines = [
    ...tail.matchAll(/^\[zero\] [^\n]*?\bsaved to (.+?)(?: \(grep or read_file it instead of re-running\))?$/gm),
  ];
  return cleanPath(lines.at(-1)?.[1]);
}

function cleanPath(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const p = v.trim();
  // Absolute (POSIX or a Windows drive), printable, short: anything else is not a path Zero wrote.
  if (!p || p.length > MAX_PATH || /[\u0000-\u001f\u007f]/.test(p)) return null;
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) ? p : null;
}

function cleanName(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  // Printable words only: no controls, no bidi overrides that would disguise the name.
  const s = v.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return s ? s.slice(0, MAX_NAME) : null;
}

function bytes(v: unknown): number | null {
  if (typeof v !== 'string' || !/^\d{1,15}$/.test(v)) return null;
  return Number(v);
}
