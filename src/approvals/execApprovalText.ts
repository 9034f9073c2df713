/**
 * What exec's approval modal says about a `permission_request` Zero has already refused. Pure.
 *
 * The call's target (command, URL, path) and Zero's reason are untrusted text: shown with
 * visibleText's convention and cut to fit a modal; `full` has it all, and `cut` says the dialog must
 * offer it. Every argument of the call is in `full`, so nothing Zero would act on is hidden.
 */
import type { PermissionItem } from '../conversation/model';
import { pickTarget, type Classified } from './policy';
import { FIELD, shown, type Limits } from './visibleText';

export interface ApprovalText {
  readonly detail: string;
  readonly full: string;
  readonly cut: boolean;
}

const UNLIMITED: Limits = { maxLines: Number.MAX_SAFE_INTEGER, maxChars: Number.MAX_SAFE_INTEGER };

export function describeExecApproval(item: PermissionItem, cls: Classified, args: unknown): ApprovalText {
  const detail = compose(item, cls, args, FIELD, false);
  const full = compose(item, cls, args, UNLIMITED, true);
  return { detail: detail.text, full: full.text, cut: detail.cut };
}

function compose(
  item: PermissionItem,
  cls: Classified,
  args: unknown,
  limits: Limits,
  everything: boolean,
): { text: string; cut: boolean } {
  let cut = false;
  const lines: string[] = [];
  const put = (label: string, value: string): void => {
    const s = shown(value, limits);
    cut ||= s.cut;
    lines.push(s.text.includes('\n') ? `${label}:\n${s.text}` : `${label}: ${s.text}`);
  };
  const target = pickTarget(args);
  if (target) put('What', target);
  if (item.block?.path && item.block.path !== target) put('Path', item.block.path);
  if (item.sideEffect) lines.push(`Side effect: ${item.sideEffect}`);
  if (item.risk?.level)
    lines.push(
      `Risk: ${item.risk.level}${item.risk.categories?.length ? ` (${item.risk.categories.join(', ')})` : ''}`,
    );
  if (item.block?.code) put('Sandbox block', item.block.code);
  if (item.reason) put('Reason', item.reason);
  if (everything && args !== undefined && args !== null) put('Arguments', json(args));
  lines.push('');
  lines.push(
    'Zero has already refused this call (headless runs cannot wait). If you allow it, Zero retries it in a follow-up run when the current run ends.',
  );
  if (cls.note) lines.push('', cls.note);
  return { text: lines.join('\n'), cut };
}

function json(v: unknown): string {
  try {
    return JSON.stringify(v, null, 2) ?? String(v);
  } catch {
    return String(v);
  }
}
