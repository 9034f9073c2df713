/**
 * The host ↔ webview contract: one discriminated union per direction. Inbound messages are
 * validated with zod by the receiver (the webview renders untrusted text, so what it sends is
 * untrusted too).
 */
import {
  array,
  boolean,
  discriminatedUnion,
  enum as zEnum,
  int,
  lazySchema,
  literal,
  maxLength,
  minLength,
  nonnegative,
  optional,
  positive,
  strictObject,
  string,
  type output,
} from '../protocol/zod';
import type { ChatAction } from '../conversation/actions';
import type { MentionRef } from '../conversation/prompts/composerPrompt';
import type { ModelInfo } from '../conversation/readouts/contextMeter';
import type { ZeroCommand } from '../conversation/prompts/zeroCommands';
import type { ApprovalState, Chat, TransportKind } from '../conversation/model';

/** A chat in the history list. */
export interface ChatSummary {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: number;
  readonly turns: number;
  /** What the chat is doing now, when not idle (this window only). */
  readonly activity?: 'running' | 'waiting' | 'unread';
  /** Zero's session, once the chat has one (so the same session is not also listed as a terminal one). */
  readonly sessionId?: string;
}

/** An editor selection attached to the next message ("Add Selection to Zero Chat"). */
export interface Attachment {
  readonly id: string;
  /** `path:L10-L42`. */
  readonly label: string;
  readonly languageId: string;
}

/** A permission mode the composer offers (exec: auto, ask, plan, unsafe; ACP: the session's modes). */
export interface ModeChoice {
  readonly id: string;
  readonly label: string;
  /** Needs a confirmation each time it is used (unsafe). */
  readonly dangerous: boolean;
  /** What the mode allows, and whether Zero offers subagents in it (the picker's tooltip). */
  readonly description?: string;
}

/** A provider the Provider picker offers (exec: `zero providers list --json`). */
export interface ProviderChoice {
  readonly name: string;
  /** Its default model and kind, in words. */
  readonly detail: string;
  /** The one a run without a choice uses (`zero providers current`). */
  readonly current: boolean;
  /** False for a name that is not plain (it never goes into a run's environment): shown, not offered. */
  readonly pickable: boolean;
}

/** A provider's own model list, loaded when a chat picks it (`providerModels`). */
export interface ProviderModels {
  readonly models: readonly ModelInfo[];
  /** As `modelsProblem`: why the list is a fallback or empty; null when fine. */
  readonly problem: string | null;
}

/** Zero's execution profiles (`zero exec --exec-profile`, the TUI's `/profile`): internal/execprofile. */
export const EXEC_PROFILES = ['balanced', 'fast', 'thorough'] as const;
/** internal/config/resolver.go MaxTurnsCeiling: the most `/turns` takes, and so the most the menu sends. */
export const MAX_TURNS_CEILING = 500;

/** What the composer's pickers and meter need; its source depends on the transport. */
export interface ComposerState {
  readonly modes: readonly ModeChoice[];
  readonly models: readonly ModelInfo[];
  /** Why the model list is empty, in words (e.g. `zero models` failed); null when fine. */
  readonly modelsProblem: string | null;
  /** The remembered "attach the current file" toggle, and what it would attach now. */
  readonly currentFile: { readonly on: boolean; readonly label: string | null };
  /** Zero's user commands and skills for the `/` menu (trusted workspaces only). */
  readonly commands?: readonly ZeroCommand[];
  /** Zero's providers (exec); absent or empty: the picker is hidden. */
  readonly providers?: readonly ProviderChoice[];
  /** Why there is no provider list, in words; null when fine. */
  readonly providersProblem?: string | null;
  /** Zero lists no provider at all: the "no provider" banner, with the logins `zero auth status` found. */
  readonly noProvider?: { readonly logins: readonly string[] };
  /** The model lists of providers a chat picked, by name (`models` is the current provider's). */
  readonly providerModels?: Readonly<Record<string, ProviderModels>>;
}

/** A candidate in the @-mention picker. */
export interface MentionCandidate {
  readonly path: string;
  readonly kind: 'file' | 'folder';
  /** Matched character positions in `path`. */
  readonly positions: readonly number[];
}

/** What the host knows about the Zero binary it will run. */
export interface BinaryState {
  readonly ok: boolean;
  readonly path: string | null;
  /** The fake demo zero (no real one installed): the view says so. */
  readonly demo: boolean;
  /** Why it cannot run, in words; null when ok. */
  readonly problem: string | null;
  /** Worth knowing but not blocking, e.g. a version that could not be read. */
  readonly note?: string | null;
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
  /** A big chat opens with its latest turns only: how many came before them (the view may ask: `loadOlder`). */
  readonly olderTurns?: number;
  /** Selections that will be sent with the next message. */
  readonly attachments: readonly Attachment[];
  /** The transport a new chat uses (`zero.transport`); a chat's own `transport` wins once set. */
  readonly defaultTransport: TransportKind;
  /** Pickers, current file and models; absent from a host that has none. */
  readonly composer?: ComposerState;
}

export type HostToWebview =
  | { readonly type: 'snapshot'; readonly state: ViewState }
  /** Reducer actions for the chat with this id, in order; the webview applies them with the same reducer. */
  | { readonly type: 'actions'; readonly chatId: string; readonly actions: readonly ChatAction[] }
  | { readonly type: 'queue'; readonly queued: readonly string[] }
  /** Put text into the composer (e.g. "Add Selection to Zero Chat") without sending; images: ones Zero did not take. */
  | { readonly type: 'insertDraft'; readonly text: string; readonly images?: readonly SentImage[] }
  | { readonly type: 'focusComposer' }
  | { readonly type: 'composer'; readonly state: ComposerState }
  /** Answer to `mentionQuery` with the same id (older answers are dropped by the webview). */
  | { readonly type: 'mentionResults'; readonly requestId: number; readonly items: readonly MentionCandidate[] };

const text = lazySchema(() => string().check(maxLength(1_000_000)));
const relPath = lazySchema(() => string().check(minLength(1), maxLength(4096)));
const line = lazySchema(() => int().check(positive()));

const MentionRefSchema = lazySchema(() =>
  discriminatedUnion('kind', [
    strictObject({ kind: literal('file'), path: relPath }),
    strictObject({ kind: literal('folder'), path: relPath }),
    strictObject({ kind: literal('range'), path: relPath, startLine: line, endLine: line }),
    strictObject({ kind: literal('problems') }),
    strictObject({ kind: literal('selection') }),
  ]),
);

/** Base64 of at most 10 MiB decoded (Zero's limit; the host checks the data again before sending). */
export const MAX_IMAGE_BASE64 = Math.ceil((10 * 1024 * 1024) / 3) * 4;
const ImageSchema = lazySchema(() =>
  strictObject({
    mediaType: string().check(maxLength(100)),
    data: string().check(maxLength(MAX_IMAGE_BASE64)),
    name: string().check(maxLength(500)),
  }),
);

/** The Provider picker and the Run options menu (exec only): the host checks each again. */
const runPicks = () => ({
  /** `ZERO_PROVIDER` for the run: one of Zero's provider names (the host checks it is listed and plain). */
  provider: optional(string().check(maxLength(64))),
  /** `--max-turns`; the host refuses more than MAX_TURNS_CEILING, as the TUI's `/turns` bounds it. */
  maxTurns: optional(int().check(positive())),
  /** `--self-correct` (the TUI's `/selfcorrect on`). */
  selfCorrect: optional(boolean()),
  /** `--exec-profile` (the TUI's `/profile`). */
  execProfile: optional(zEnum(EXEC_PROFILES)),
});

/** What the composer adds to a message. */
export const SendOptionsSchema = lazySchema(() =>
  strictObject({
    mode: optional(string().check(maxLength(40))),
    model: optional(string().check(maxLength(200))),
    /** `--reasoning-effort`: one the picked model lists (the host checks it against its list). */
    effort: optional(string().check(maxLength(40))),
    ...runPicks(),
    mentions: optional(array(MentionRefSchema).check(maxLength(200))),
    images: optional(array(ImageSchema).check(maxLength(20))),
    /** Replaces this turn (the chat's last): the session is rewound to before it first. */
    editOf: optional(string().check(maxLength(200))),
  }),
);
export type SendOptions = output<typeof SendOptionsSchema>;
export type SentImage = output<typeof ImageSchema>;
export type { MentionRef };

export const WebviewToHostSchema = lazySchema(() =>
  discriminatedUnion('type', [
    strictObject({ type: literal('ready') }),
    strictObject({ type: literal('send'), text, options: optional(SendOptionsSchema) }),
    /** The @-picker's query (without the `@`); answered by `mentionResults`. */
    strictObject({
      type: literal('mentionQuery'),
      query: string().check(maxLength(500)),
      requestId: int().check(nonnegative()),
    }),
    strictObject({ type: literal('setCurrentFile'), on: boolean() }),
    /** Slash commands that need the editor. */
    strictObject({ type: literal('exportChat') }),
    /** Zero's TUI-only commands: offered in a terminal running Zero, the command typed, not run. */
    strictObject({ type: literal('zeroInTerminal'), command: zEnum(['/compact', '/init']) }),
    strictObject({ type: literal('stop') }),
    strictObject({ type: literal('newChat') }),
    /** Send the whole chat: the reader scrolled up to the turns a big chat opened without. */
    strictObject({ type: literal('loadOlder') }),
    strictObject({ type: literal('openChat'), chatId: string().check(maxLength(200)) }),
    strictObject({ type: literal('showHistory') }),
    strictObject({ type: literal('draft'), text }),
    /** The mode, model and effort the composer shows, as its next send would carry them (Tell Zero why uses them). */
    strictObject({
      type: literal('picks'),
      mode: optional(string().check(maxLength(40))),
      model: optional(string().check(maxLength(200))),
      effort: optional(string().check(maxLength(40))),
      ...runPicks(),
    }),
    /** The Provider picker chose a provider whose models the host has not listed yet. */
    strictObject({ type: literal('providerModels'), provider: string().check(minLength(1), maxLength(64)) }),
    strictObject({ type: literal('cancelQueued'), index: int().check(nonnegative()) }),
    strictObject({ type: literal('copy'), text }),
    strictObject({ type: literal('insertAtCursor'), text }),
    strictObject({
      type: literal('openFile'),
      path: string().check(maxLength(4096)),
      line: optional(int().check(positive())),
    }),
    strictObject({
      type: literal('reviewApproval'),
      turnId: string().check(maxLength(200)),
      key: string().check(maxLength(400)),
    }),
    /** A permission card's Manage Approvals link: Zero: Manage Approvals. */
    strictObject({ type: literal('manageApprovals') }),
    strictObject({ type: literal('fixBinary'), action: zEnum(['setPath', 'installHelp', 'showLog', 'retry']) }),
    strictObject({ type: literal('trustWorkspace') }),
    /** The "no provider" banner's Set Up Zero in Terminal: `zero setup` in a terminal (Zero: Set Up Zero in Terminal). */
    strictObject({ type: literal('setupZero') }),
    /** Run Zero: Diagnose (the binary banner, a turn that failed for its setup). */
    strictObject({ type: literal('diagnose') }),
    /** Pick the workspace folder runs start in (multi-root). */
    strictObject({ type: literal('chooseFolder') }),
    // A chat with no turns yet picks its transport; an ACP chat picks its session's mode and model.
    strictObject({ type: literal('setTransport'), transport: zEnum(['exec', 'acp']) }),
    /** A chat with no turns yet runs in a git worktree of its own (Isolated); an isolated chat's header actions. */
    strictObject({ type: literal('setWorktree'), on: boolean() }),
    strictObject({ type: literal('worktree'), action: zEnum(['changes', 'mergeBack', 'discard']) }),
    strictObject({ type: literal('setAcpMode'), mode: string().check(minLength(1), maxLength(100)) }),
    strictObject({ type: literal('setAcpModel'), model: string().check(minLength(1), maxLength(300)) }),
    /** An ACP chat that outgrew the model's window goes on over exec with the same Zero session. */
    strictObject({ type: literal('continueOnExec') }),
    strictObject({ type: literal('removeAttachment'), id: string().check(maxLength(200)) }),
    /** Diff a file a turn changed against its state before the turn (Zero's checkpoint). */
    strictObject({
      type: literal('openDiff'),
      turnId: string().check(maxLength(200)),
      path: string().check(maxLength(4096)),
    }),
    /** Open Full Output: a tool call's whole output, read-only (the host finds the call and checks its file). */
    strictObject({
      type: literal('openToolOutput'),
      turnId: string().check(maxLength(200)),
      key: string().check(maxLength(400)),
    }),
    /** A subagent card's Open subagent transcript: the child session of this Task call, from Zero's store. */
    strictObject({
      type: literal('openSubagent'),
      turnId: string().check(maxLength(200)),
      toolId: string().check(minLength(1), maxLength(200)),
    }),
    /** Undo a turn's file changes with Zero's own rewind, after a confirmation. */
    strictObject({ type: literal('undoTurn'), turnId: string().check(maxLength(200)) }),
    /** Fork from here: a new chat on a fork of the Zero session, up to and with this turn. */
    strictObject({ type: literal('forkTurn'), turnId: string().check(maxLength(200)) }),
    /** Keep (dismiss from review) or revert one file a turn changed. */
    strictObject({
      type: literal('reviewFile'),
      turnId: string().check(maxLength(200)),
      path: string().check(maxLength(4096)),
      decision: zEnum(['keep', 'revert']),
    }),
    /** A spec turn's card: `zero spec approve|reject` (with an optional note), open the spec, send its implementation. */
    strictObject({
      type: literal('spec'),
      turnId: string().check(maxLength(200)),
      action: zEnum(['approve', 'reject', 'open', 'implement']),
      note: optional(string().check(maxLength(2000))),
    }),
    /** The view's document gained or lost the focus: a dialog it opened can hand the focus back. */
    strictObject({ type: literal('viewFocus'), focused: boolean() }),
  ]),
);

export type WebviewToHost = output<typeof WebviewToHostSchema>;

export type { ApprovalState };
