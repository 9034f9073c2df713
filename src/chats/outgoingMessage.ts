/** A user's message as its turn runs it: the prompt Zero gets, and what the transcript shows. */
import { composerPrompt, type MentionRef, type ResolvedMention } from '../conversation/prompts/composerPrompt';
import type { ComposedMessage } from '../conversation/model';
import type { InputImage } from '../protocol/input';
import type { TurnOptions } from './turnRunner';

/** The composer's picks (SendOptions on the wire) as the host resolved them (diagnostics, selection read, images checked). */
export interface ResolvedSend {
  readonly mentions?: readonly ResolvedMention[];
  /** Chip labels in the order shown (mentions); attached selections are added here. */
  readonly chips?: readonly string[];
  readonly images?: readonly InputImage[];
  /** Permission mode for this message (unsafe already confirmed by the user). */
  readonly mode?: string;
  /** Model for this message. */
  readonly model?: string;
  /** Reasoning effort for this message, one the model lists. */
  readonly effort?: string;
  /** Zero provider for this message (`ZERO_PROVIDER`), a listed, plain name. */
  readonly provider?: string;
  /** The Run options menu: `--max-turns` (1-500), `--self-correct`, `--exec-profile`. */
  readonly maxTurns?: number;
  readonly selfCorrect?: boolean;
  readonly execProfile?: 'balanced' | 'fast' | 'thorough';
}

/** What the chat had attached to its next message (selections, Explorer paths). */
export interface Attached {
  readonly labels: readonly string[];
  readonly blocks: readonly string[];
  readonly mentions: readonly MentionRef[];
}

export const NOTHING_ATTACHED: Attached = { labels: [], blocks: [], mentions: [] };

/** Nothing to send: no words, mentions or images (attachments aside). */
export function isEmpty(message: string, options: ResolvedSend): boolean {
  return message.trim() === '' && (options.mentions ?? []).length === 0 && (options.images ?? []).length === 0;
}

export function outgoingTurn(
  message: string,
  options: ResolvedSend,
  attached: Attached,
): { readonly prompt: string; readonly turn: TurnOptions } {
  const images = options.images ?? [];
  const chips = [...(options.chips ?? []), ...attached.labels];
  // Explorer files and folders are plain path mentions (nothing to resolve).
  const paths = attached.mentions.filter(
    (m): m is Extract<MentionRef, { kind: 'file' | 'folder' | 'range' }> =>
      m.kind === 'file' || m.kind === 'folder' || m.kind === 'range',
  );
  const prompt = composerPrompt(message, [...(options.mentions ?? []), ...paths], attached.blocks);
  const shown = {
    ...(options.mode ? { mode: options.mode } : {}),
    ...(options.model ? { model: options.model } : {}),
    ...(options.effort ? { effort: options.effort } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
  };
  const choice = {
    ...shown,
    ...(options.maxTurns ? { maxTurns: options.maxTurns } : {}),
    ...(options.selfCorrect ? { selfCorrect: true } : {}),
    ...(options.execProfile ? { execProfile: options.execProfile } : {}),
  };
  const picked = Object.keys(choice).length > 0;
  // Plain messages keep their old shape; the transcript shows chips, images and picks when there are some.
  const composed: ComposedMessage | undefined =
    chips.length > 0 || images.length > 0 || Object.keys(shown).length > 0
      ? { text: message.trim(), chips, images: images.length, ...shown }
      : undefined;
  return {
    prompt,
    turn: {
      ...(images.length > 0 ? { images } : {}),
      ...(picked ? { choice } : {}),
      ...(composed ? { composed } : {}),
    },
  };
}
