/** A chat as readable Markdown: for "Export Chat as Markdown" and the transcript CLI. */
import { safeStringify } from '../../protocol/depth';
import { elidedMessage } from '../outputBudget';
import type { Chat, PermissionItem, ToolItem, Turn, TurnItem, UsageTotals } from '../model';

export function chatToMarkdown(chat: Chat): string {
  const out: string[] = [`# ${oneLine(chat.title)}`, ''];
  if (chat.sessionId) out.push(`Zero session: \`${chat.sessionId}\``, '');
  for (const turn of chat.turns) out.push(...turnToMarkdown(turn), '');
  if (chat.turns.length > 1) out.push(`**Chat total:** ${usageLine(chat.usage)}`, '');
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}

export function turnToMarkdown(turn: Turn): string[] {
  const out: string[] = [];
  if (turn.prompt !== '') {
    out.push(turn.origin === 'retry' ? '## Retrying with your approval' : '## You', '', turn.prompt, '');
  }
  const model = turn.run.model ? ` (${turn.run.model})` : '';
  out.push(`## Zero${model}`, '');
  for (const item of turn.items) out.push(...itemToMarkdown(item));
  const exit = turn.exitCode === null ? '' : `, exit code ${turn.exitCode}`;
  out.push(`**Status:** ${turn.status}${exit}`);
  if (turn.explanation) out.push('', `> ${oneLine(turn.explanation)}`);
  if (turn.usage.totalTokens > 0) out.push('', `**Usage:** ${usageLine(turn.usage)}`);
  out.push('');
  return out;
}

function itemToMarkdown(item: TurnItem): string[] {
  switch (item.kind) {
    case 'text':
      return [item.text, ''];
    case 'reasoning':
      return [
        ...item.text
          .trim()
          .split('\n')
          .map((l) => `> ${l}`),
        '> — reasoning',
        '',
      ];
    case 'tool':
      return toolToMarkdown(item);
    case 'permission':
      return [permissionLine(item), ''];
    case 'warning':
      return [`**Warning:** ${oneLine(item.message)}`, ''];
    case 'error':
      return [`**Error${item.code ? ` (${item.code})` : ''}:** ${oneLine(item.message)}`, ''];
    case 'unknown-event':
      return [`_Unknown event \`${item.detail}\` on line ${item.line}_`, ''];
    case 'problem':
      return [`_Protocol problem: ${oneLine(item.detail)}_`, ''];
    case 'elided':
      return [`**Output dropped:** ${elidedMessage(item)}`, ''];
    case 'plan':
      return [
        '**Plan:**',
        ...item.entries.map(
          (e) =>
            `- [${e.status === 'completed' ? 'x' : ' '}] ${oneLine(e.content)}${e.status === 'in_progress' ? ' (in progress)' : ''}`,
        ),
        '',
      ];
  }
}

function toolToMarkdown(t: ToolItem): string[] {
  const side = t.sideEffect ? ` · ${t.sideEffect}` : '';
  const status = t.status === 'running' ? 'no result' : t.status;
  const out = [`### Tool \`${t.name}\`${side} — ${status}${t.truncated ? ' (truncated)' : ''}`, ''];
  if (t.args !== null && t.args !== undefined)
    out.push(...fence(typeof t.args === 'string' ? t.args : safeStringify(t.args, 2), 'json'));
  if (t.checkpoint) out.push(`Checkpoint ${t.checkpoint.sequence}: ${t.checkpoint.files.join(', ')}`, '');
  if (t.changedFiles.length > 0) out.push(`Changed: ${t.changedFiles.map((f) => `\`${f}\``).join(', ')}`, '');
  if (t.locations?.length) out.push(`Files: ${t.locations.map((f) => `\`${f}\``).join(', ')}`, '');
  if (t.output) out.push(...fence(t.output, ''));
  return out;
}

function permissionLine(p: PermissionItem): string {
  const what = p.event === 'permission_request' ? 'Permission request' : `Permission ${p.action}`;
  const risk = p.risk?.level
    ? `, risk ${p.risk.level}${p.risk.categories?.length ? ` [${p.risk.categories.join(', ')}]` : ''}`
    : '';
  const block = p.block ? `, block \`${p.block.code}\`${p.block.path ? ` at \`${p.block.path}\`` : ''}` : '';
  const reason = p.reason ? `: ${oneLine(p.reason)}` : '';
  const picked = p.acp?.options.find((o) => o.optionId === p.acp?.chosen);
  const state = p.approval === 'pending' || p.approval === 'info' ? '' : ` — ${picked ? picked.name : p.approval}`;
  return `**${what}** \`${p.name}\`${risk}${block}${reason}${state}`;
}

/** A fence longer than any backtick run inside, so tool output cannot break out of it. */
function fence(body: string, lang: string): string[] {
  const longest = Math.max(2, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return [`${f}${lang}`, body.replace(/\n$/, ''), f, ''];
}

function usageLine(u: UsageTotals): string {
  const cost = u.costUsd === null ? '' : `, $${u.costUsd.toFixed(4)}`;
  return `${u.totalTokens} tokens (${u.promptTokens} prompt, ${u.completionTokens} completion${cost})`;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}
