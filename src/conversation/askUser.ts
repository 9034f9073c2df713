/**
 * The model's questions: an `ask_user` call's arguments read as Zero reads them
 * (internal/tools/ask_user.go ParseAskUserQuestions), and the user's answers as the next message.
 * Headless Zero (exec, and its ACP server) never waits for an answer: it tells the model "No interactive
 * user is available…" and goes on, so the card offers the answer as a message of its own instead.
 * The arguments are the model's: questions, options and their words are clamped.
 */
import type { ToolItem } from './model';

export const ASK_TOOL = 'ask_user';
/** How Zero's own answer begins (askUserNonInteractiveMessage). */
export const ZERO_ANSWERED = 'No interactive user is available to answer questions.';

export const MAX_QUESTIONS = 10;
export const MAX_OPTIONS = 10;
const MAX_QUESTION = 2000;
const MAX_HEADER = 200;
const MAX_LABEL = 300;
const MAX_DESCRIPTION = 500;

export interface AskOption {
  readonly label: string;
  readonly description: string | null;
}

export interface AskQuestion {
  readonly question: string;
  /** A short title for the question (Zero's tab label). */
  readonly header: string | null;
  readonly options: readonly AskOption[];
  /** One of the options' labels, or null. */
  readonly recommended: string | null;
  readonly multiSelect: boolean;
}

export interface AskCall {
  /** The heading above all questions. */
  readonly header: string | null;
  readonly questions: readonly AskQuestion[];
}

/** The questions of an ask_user call, or null when Zero would refuse its arguments. */
export function askFromArgs(args: unknown): AskCall | null {
  if (!isObject(args) || !Array.isArray(args.questions) || args.questions.length === 0) return null;
  const questions: AskQuestion[] = [];
  for (const item of args.questions.slice(0, MAX_QUESTIONS)) {
    // Zero takes a bare string as a free-text question.
    if (typeof item === 'string') {
      if (!item.trim()) return null;
      questions.push({
        question: clamp(item, MAX_QUESTION),
        header: null,
        options: [],
        recommended: null,
        multiSelect: false,
      });
      continue;
    }
    if (!isObject(item)) return null;
    const question = firstText(item, ['question', 'prompt', 'text', 'q', 'title'], false);
    if (question === null) return null;
    const options = optionsOf(item.options, item.optionDescriptions);
    questions.push({
      question: clamp(question, MAX_QUESTION),
      header: short(firstText(item, ['header']), MAX_HEADER),
      options,
      recommended: recommendedOf(item.recommended, options),
      multiSelect: item.multiSelect === true,
    });
  }
  return { header: short(firstText(args, ['header']), MAX_HEADER), questions };
}

/** Zero answered the call itself: nobody could be asked during the run. */
export function zeroAnsweredItself(t: ToolItem): boolean {
  return t.status === 'ok' && (t.output ?? '').startsWith(ZERO_ANSWERED);
}

/**
 * The next message: each question quoted, then its answer; questions left without an answer are left out.
 * Null when nothing was answered.
 */
export function answerMessage(
  questions: readonly Pick<AskQuestion, 'question'>[],
  answers: readonly string[],
): string | null {
  const parts = questions.flatMap((q, i) => {
    const answer = (answers[i] ?? '').trim();
    if (!answer) return [];
    const quoted = q.question
      .trim()
      .split('\n')
      .map((line) => `> ${line}`.trimEnd())
      .join('\n');
    return [`${quoted}\n\n${answer}`];
  });
  return parts.length > 0 ? parts.join('\n\n') : null;
}

function optionsOf(value: unknown, descriptions: unknown): AskOption[] {
  const extra = Array.isArray(descriptions) ? descriptions : [];
  const options: AskOption[] = [];
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split('\n') : [];
  for (const item of items) {
    let label: string | null = null;
    let description: string | null = null;
    if (typeof item === 'string') label = item.trim() || null;
    else if (isObject(item)) {
      label = firstText(item, ['label', 'value', 'text', 'name', 'title', 'option']);
      description = firstText(item, ['description', 'desc', 'detail', 'hint', 'subtitle']);
    }
    if (label === null) continue;
    const aligned = extra[options.length];
    if (description === null && typeof aligned === 'string' && aligned.trim()) description = aligned.trim();
    // The same label twice would be two buttons sending the same answer.
    if (options.some((o) => o.label === label)) continue;
    options.push({ label: clamp(label, MAX_LABEL), description: short(description, MAX_DESCRIPTION) });
    if (options.length === MAX_OPTIONS) break;
  }
  return options;
}

/** As Zero: kept only when it is one of the options (exact, then ignoring case and spaces). */
function recommendedOf(value: unknown, options: readonly AskOption[]): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const raw = value.trim();
  return (
    options.find((o) => o.label === raw)?.label ??
    options.find((o) => o.label.trim().toLowerCase() === raw.toLowerCase())?.label ??
    null
  );
}

/** The first key holding words; trimmed unless `trim` is false (the question keeps its own spacing). */
function firstText(o: Record<string, unknown>, keys: readonly string[], trim = true): string | null {
  for (const key of keys) {
    const v = o[key];
    if (typeof v === 'string' && v.trim()) return trim ? v.trim() : v;
  }
  return null;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function clamp(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

function short(s: string | null, max: number): string | null {
  return s === null ? null : clamp(s.replace(/\s+/g, ' '), max);
}
