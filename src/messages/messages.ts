/**
 * The host ↔ webview contract: one discriminated union per direction. Inbound messages are
 * validated with zod by the receiver (the webview renders untrusted text, so what it sends is
 * untrusted too).
 */
import { z } from 'zod';
import type { ChatAction } from '../conversation/actions';
import type { ApprovalState, Chat } from '../conversation/model';

/** A chat in the history list. */
export interface ChatSummary {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: number;
  readonly turns: number;
}

/** An editor selection attached to the next message ("Add Selection to Zero Chat"). */
export interface Attachment {
  readonly id: string;
  /** `path:L10-L42`. */
  readonly label: string;
  readonly languageId: string;
}

/** What the host knows about the Zero binary it will run. */
export interface BinaryState {
  readonly ok: boolean;
  readonly path: string | null;
  /** The fake demo zero (no real one installed): the view says so. */
  readonly demo: boolean;
  /** Why it cannot run, in words; null when ok. */
  readonly problem: string | null;
}

/** Everything the webview needs to draw itself from nothing (first load, reload, re-show). */
export interface ViewState {
  readonly chat: Chat;
  readonly history: readonly ChatSummary[];
  readonly binary: BinaryState;
  readonly trusted: boolean;
  /** The folder runs start in (shown in the header). */
  readonly folder: string | null;
  /** Messages waiting for the current run to end. */
  readonly queued: readonly string[];
  /** The composer text as last saved, so nothing typed is lost across reloads. */
  readonly draft: string;
  /** A transcript opened read-only: no composer. */
  readonly readOnly: boolean;
  /** Selections that will be sent with the next message. */
  readonly attachments: readonly Attachment[];
}

export type HostToWebview =
  | { readonly type: 'snapshot'; readonly state: ViewState }
  /** Reducer actions for the chat with this id, in order; the webview applies them with the same reducer. */
  | { readonly type: 'actions'; readonly chatId: string; readonly actions: readonly ChatAction[] }
  | { readonly type: 'queue'; readonly queued: readonly string[] }
  /** Put text into the composer (e.g. "Add Selection to Zero Chat") without sending. */
  | { readonly type: 'insertDraft'; readonly text: string }
  | { readonly type: 'focusComposer' };

const text = z.string().max(1_000_000);

export const WebviewToHostSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('send'), text }),
  z.strictObject({ type: z.literal('stop') }),
  z.strictObject({ type: z.literal('newChat') }),
  z.strictObject({ type: z.literal('openChat'), chatId: z.string().max(200) }),
  z.strictObject({ type: z.literal('showHistory') }),
  z.strictObject({ type: z.literal('draft'), text }),
  z.strictObject({ type: z.literal('cancelQueued'), index: z.number().int().nonnegative() }),
  z.strictObject({ type: z.literal('copy'), text }),
  z.strictObject({ type: z.literal('insertAtCursor'), text }),
  z.strictObject({ type: z.literal('openFile'), path: z.string().max(4096), line: z.number().int().positive().optional() }),
  z.strictObject({ type: z.literal('reviewApproval'), turnId: z.string().max(200), key: z.string().max(400) }),
  z.strictObject({ type: z.literal('fixBinary'), action: z.enum(['setPath', 'installHelp', 'showLog', 'retry']) }),
  z.strictObject({ type: z.literal('trustWorkspace') }),
  z.strictObject({ type: z.literal('removeAttachment'), id: z.string().max(200) }),
  /** Diff a file a turn changed against its state before the turn (Zero's checkpoint). */
  z.strictObject({ type: z.literal('openDiff'), turnId: z.string().max(200), path: z.string().max(4096) }),
  /** Undo a turn's file changes with Zero's own rewind, after a confirmation. */
  z.strictObject({ type: z.literal('undoTurn'), turnId: z.string().max(200) }),
]);

export type WebviewToHost = z.infer<typeof WebviewToHostSchema>;

export type { ApprovalState };
