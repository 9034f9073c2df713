/** Words and numbers for the chat view. */
import type { TurnStatus, UsageTotals } from '../../conversation/model';
import { safeStringify } from '../../protocol/depth';

const nf = new Intl.NumberFormat('en-US');

export function tokens(n: number): string {
  return `${nf.format(n)} token${n === 1 ? '' : 's'}`;
}

export function usageText(u: UsageTotals): string {
  const cost = u.costUsd === null ? '' : ` · $${u.costUsd.toFixed(4)}`;
  return `${tokens(u.totalTokens)} (${nf.format(u.promptTokens)} in · ${nf.format(u.completionTokens)} out)${cost}`;
}

/** 7s, 1m 05s, 1h 02m. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** A status as the footer shows it, and its tone for styling. */
export function statusLabel(status: TurnStatus): { text: string; tone: 'ok' | 'error' | 'warn' | 'running' } {
  switch (status) {
    case 'starting':
      return { text: 'starting', tone: 'running' };
    case 'running':
      return { text: 'running', tone: 'running' };
    case 'success':
      return { text: 'success', tone: 'ok' };
    // Zero drafted a spec and stopped for the user's review, as asked (the turn's spec card).
    case 'spec_review_required':
      return { text: 'spec ready for review', tone: 'ok' };
    case 'incomplete':
    case 'interrupted':
    case 'cut-off':
      return { text: status, tone: 'warn' };
    default:
      return { text: status.replace(/_/g, ' '), tone: 'error' };
  }
}

/** A value from Zero (side effect, risk level) as a safe class-name suffix. */
export function token(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, 40);
}

export function truncate(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

const ARG_KEYS = [
  'path',
  'file',
  'filePath',
  'file_path',
  'command',
  'cmd',
  'url',
  'query',
  'pattern',
  'glob',
  'dir',
  'directory',
];

/** The one argument that says what a tool call does (a path, a command, a URL), else short JSON. */
export function shortArgs(args: unknown): string {
  if (args === null || args === undefined) return '';
  if (typeof args === 'string') return truncate(oneLine(args), 80);
  if (typeof args === 'object' && !Array.isArray(args)) {
    const rec = args as Record<string, unknown>;
    for (const k of ARG_KEYS) {
      const v = rec[k];
      if (typeof v === 'string' && v !== '') return truncate(oneLine(v), 80);
      if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return truncate(oneLine(v.join(' ')), 80);
    }
  }
  return truncate(oneLine(safeJson(args, 0)), 80);
}

export function safeJson(value: unknown, indent = 2): string {
  return typeof value === 'string' ? value : safeStringify(value, indent);
}

/** The last path segment, for a compact folder label. */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1] ?? path;
}
