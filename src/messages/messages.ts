/**
 * The host ↔ webview contract: one discriminated union per direction. Inbound messages are
 * validated with zod by the receiver (the webview renders untrusted text, so what it sends is
 * untrusted too).
 */
import { discriminatedUnion, enum as zEnum, literal, number, strictObject, string, type output } from 'zod';
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

const text = string().max(1_000_000);

export const WebviewToHostSchema = discriminatedUnion('type', [
  strictObject({ type: literal('ready') }),
  strictObject({ type: literal('send'), text }),
  strictObject({ type: literal('stop') }),
  strictObject({ type: literal('newChat') }),
  strictObject({ type: literal('openChat'), chatId: string().max(200) }),
  strictObject({ type: literal('showHistory') }),
  strictObject({ type: literal('draft'), text }),
  strictObject({ type: literal('cancelQueued'), index: number().int().nonnegative() }),
  strictObject({ type: literal('copy'), text }),
  strictObject({ type: literal('insertAtCursor'), text }),
  strictObject({ type: literal('openFile'), path: string().max(4096), line: number().int().positive().optional() }),
  strictObject({ type: literal('reviewApproval'), turnId: string().max(200), key: string().max(400) }),
  strictObject({ type: literal('fixBinary'), action: zEnum(['setPath', 'installHelp', 'showLog', 'retry']) }),
  strictObject({ type: literal('trustWorkspace') }),
  /** Pick the workspace folder runs start in (multi-root). */
  strictObject({ type: literal('chooseFolder') }),
  strictObject({ type: literal('removeAttachment'), id: string().max(200) }),
  /** Diff a file a turn changed against its state before the turn (Zero's checkpoint). */
  strictObject({ type: literal('openDiff'), turnId: string().max(200), path: string().max(4096) }),
  /** Undo a turn's file changes with Zero's own rewind, after a confirmation. */
  strictObject({ type: literal('undoTurn'), turnId: string().max(200) }),
]);

export type WebviewToHost = output<typeof WebviewToHostSchema>;

export type { ApprovalState };
