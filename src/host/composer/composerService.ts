/**
 * The host side of the composer: @-mention search, the current-file toggle (remembered per
 * workspace), the mode and model lists, and turning what the webview sends (chips, images,
 * picks) into a message the controller can run. Unsafe needs a confirmation every time.
 */
import * as vscode from 'vscode';
import {
  mentionLabel,
  type MentionRef,
  type ProblemEntry,
  type ResolvedMention,
} from '../../conversation/prompts/composerPrompt';
import type { ModelInfo } from '../../conversation/readouts/contextMeter';
import type { ZeroCommand } from '../../conversation/prompts/zeroCommands';
import { chatTransport, type Chat, type TransportKind } from '../../conversation/model';
import {
  MAX_TURNS_CEILING,
  type ComposerState,
  type MentionCandidate,
  type ModeChoice,
  type ProviderModels,
  type SendOptions,
} from '../../messages/protocol';
import { isPlainProviderName, type ProviderChoices } from '../../zero/config/providers';
import { providerChoices } from './providerChoices';
import { SETUP_COMMAND, setupInTerminal } from './setupInTerminal';
import { InputImageSchema, normaliseImageMediaType, type InputImage } from '../../protocol/input';
import type { ChatController, ResolvedSend } from '../../chats/chatController';
import { acpChoices, allowedEffort, type ComposerChoices } from '../../chats/composerChoices';
import { Disposable } from '../../lifecycle/disposable';
import { restrictedModeAllows } from '../workspace/restrictedMode';
import { rewindForEdit } from './editResend';
import { toPromptDiagnostic } from './selectionContext';
import { MentionIndex } from './mentionIndex';
import { selectionContext } from './selectionContext';
import { SPEC_MODE } from '../../conversation/specReview';

const CURRENT_FILE_KEY = 'zero.composer.currentFile';

export interface ComposerDeps {
  readonly controller: ChatController;
  readonly state: vscode.Memento;
  readonly folder: () => string | null;
  readonly choices: ComposerChoices;
  /** `zero.transport`: what a chat that has not run yet will use. */
  readonly defaultTransport: () => TransportKind;
  /** After an ACP chat's session is rewound, `zero acp` must drop its live copy (AcpTransport.releaseSession). */
  readonly releaseAcpSession: (chat: Chat) => Promise<boolean>;
  readonly log: vscode.LogOutputChannel;
}

export class ComposerService extends Disposable {
  private readonly index: MentionIndex;
  private models: readonly ModelInfo[] = [];
  private modelsProblem: string | null = null;
  private commands: readonly ZeroCommand[] = [];
  private providers: ProviderChoices = { providers: [], current: null };
  private providersProblem: string | null = null;
  /** Other providers' model lists, loaded when a chat picks one; cleared when the lists reload. */
  private providerModels = new Map<string, ProviderModels>();
  private readonly loadingModels = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: ComposerDeps) {
    super();
    this.index = this.register(new MentionIndex(deps.folder, deps.log));
    this.register(vscode.window.onDidChangeActiveTextEditor(() => this.publishSoon()));
    this.register(vscode.window.onDidChangeTextEditorSelection(() => this.publishSoon()));
    this.register({ dispose: () => this.timer && clearTimeout(this.timer) });
    // An ACP chat offers its session's modes and models: follow the chat shown.
    this.register(
      deps.controller.chats.onDidChange((c) => c.kind !== 'composer' && c.kind !== 'queue' && this.publishSoon()),
    );
    // The "no provider" banner's action: Zero's own setup; the lists are read again when it is closed.
    this.register(
      vscode.commands.registerCommand(SETUP_COMMAND, () => setupInTerminal(() => void this.refreshModels())),
    );
    // Once activate() has returned: the pickers follow the chat shown, which activation does not read.
    const first = setImmediate(() => this.publish());
    this.register({ dispose: () => clearImmediate(first) });
  }

  /** Reload the model and provider lists (at start, and when the binary or its settings change). */
  async refreshModels(): Promise<void> {
    this.providerModels = new Map();
    this.loadingModels.clear();
    try {
      this.providers = (await this.deps.choices.providers?.()) ?? { providers: [], current: null };
      this.providersProblem = null;
    } catch (err) {
      this.providers = { providers: [], current: null };
      this.providersProblem = `Could not list Zero's providers: ${(err as Error).message}`;
      this.deps.log.warn(this.providersProblem);
    }
    try {
      const { models, note } = await this.deps.choices.models();
      this.models = models;
      this.modelsProblem = note;
      if (note) this.deps.log.info(note);
    } catch (err) {
      this.models = [];
      this.modelsProblem = `Could not list models: ${(err as Error).message}`;
      this.deps.log.warn(this.modelsProblem);
    }
    try {
      this.commands = (await this.deps.choices.commands?.()) ?? [];
    } catch (err) {
      this.commands = [];
      this.deps.log.warn(`Could not list Zero's commands: ${(err as Error).message}`);
    }
    this.publish();
  }

  /**
   * The models of a provider a chat picked (the webview asks once per provider): Zero lists them with
   * the provider picked as a run picks it. Only a listed, plain name is asked about.
   */
  loadProviderModels(provider: string): Promise<void> {
    if (!this.pickableProvider(provider) || provider === this.providers.current) return Promise.resolve();
    if (this.providerModels.has(provider)) return Promise.resolve();
    const running = this.loadingModels.get(provider);
    if (running) return running;
    const load = this.deps.choices
      .models(provider)
      .then(
        ({ models, note }) => ({ models, problem: note }),
        (err: unknown) => ({ models: [], problem: `Could not list ${provider}'s models: ${(err as Error).message}` }),
      )
      .then((list) => {
        if (this.loadingModels.get(provider) !== load) return; // the lists were reloaded meanwhile
        this.loadingModels.delete(provider);
        if (list.problem) this.deps.log.info(list.problem);
        this.providerModels.set(provider, list);
        this.publish();
      });
    this.loadingModels.set(provider, load);
    return load;
  }

  /** A provider Zero listed, with a name that may go into a run's environment. */
  private pickableProvider(provider: string | undefined): provider is string {
    return (
      isPlainProviderName(provider) && this.providers.providers.some((p) => p.name === provider) && !this.acp() // `zero acp` is one process for every ACP chat: its provider is Zero's config
    );
  }

  /** The model list a message for `provider` is checked against. */
  private modelsFor(provider: string | undefined): readonly ModelInfo[] {
    if (!provider || provider === this.providers.current) return this.models;
    return this.providerModels.get(provider)?.models ?? [];
  }

  search(query: string): Promise<MentionCandidate[]> {
    // `@src/a.ts#L12-40`: the range is typed after the path, so search the path.
    return this.index.search(query.replace(/#.*$/, ''));
  }

  setCurrentFile(on: boolean): void {
    void this.deps.state.update(CURRENT_FILE_KEY, on);
    this.publish();
  }

  private get currentFileOn(): boolean {
    return this.deps.state.get<boolean>(CURRENT_FILE_KEY, false);
  }

  /**
   * A message the extension writes for the user into a chat (Tell Zero why, after Revert Hunk): it
   * goes with the mode, model and effort that chat's composer shows, checked and asked about like
   * a send from the composer, never the settings' defaults behind the user's back.
   */
  async sendAsComposer(chatId: string, text: string): Promise<boolean> {
    const picks = await this.checkedPicks(chatId, this.deps.controller.view.picks(chatId), text);
    if (picks) this.deps.controller.send(text, picks, chatId);
    return picks !== null;
  }

  /** The mode, model, effort, provider and run options a message may carry; null when the user called off the unsafe question. */
  private async checkedPicks(
    chatId: string,
    options: Pick<SendOptions, 'mode' | 'model' | 'effort' | RunPick>,
    text: string,
  ): Promise<Pick<ResolvedSend, 'mode' | 'model' | 'effort' | RunPick> | null> {
    const modes = this.modes();
    // `/spec` sends its message in spec mode, on exec only (Zero's ACP has none): never a picker entry.
    const spec = options.mode === SPEC_MODE && !this.acp();
    let mode = options.mode && (spec || modes.some((m) => m.id === options.mode)) ? options.mode : undefined;
    if (options.mode && !mode) this.deps.log.warn(`Ignored an unknown mode from the chat view: ${options.mode}`);
    // Exec only (Zero's ACP has no per-chat provider, nor run options): a listed, plain provider name.
    const provider = this.pickableProvider(options.provider) ? options.provider : undefined;
    if (options.provider && !provider)
      this.deps.log.warn(`Ignored a provider Zero does not list (or not a plain name): ${options.provider}`);
    const run = this.acp() ? {} : runOptions(options);
    // Exec only (Zero's ACP has no effort), and only one the picked model lists.
    const effort = this.acp() ? undefined : allowedEffort(this.modelsFor(provider), options.model, options.effort);
    if (options.effort && !effort)
      this.deps.log.warn(`Ignored a reasoning effort the model does not list: ${options.effort}`);
    if (mode && modes.find((m) => m.id === mode)?.dangerous) {
      if (!restrictedModeAllows(mode))
        mode = undefined; // it runs plan anyway
      else if (!(await confirmUnsafeMessage())) {
        this.deps.controller.view.restoreDraft(chatId, text);
        return null;
      }
    }
    return {
      ...(mode ? { mode } : {}),
      ...(options.model ? { model: options.model } : {}),
      ...(effort ? { effort } : {}),
      ...(provider ? { provider } : {}),
      ...run,
    };
  }

  /** Validates and resolves what the webview sent, asks about unsafe, then hands it to the controller. */
  async send(text: string, wire: SendOptions | undefined): Promise<void> {
    // The chat the message was written in, even if the user moves to another one while we ask.
    const chatId = this.deps.controller.focus.workingChatId;
    const options = wire ?? {};
    const images: InputImage[] = [];
    for (const img of options.images ?? []) {
      const parsed = InputImageSchema.safeParse({
        mediaType: normaliseImageMediaType(img.mediaType) || img.mediaType,
        data: img.data,
      });
      if (!parsed.success) {
        void vscode.window.showErrorMessage(
          `Image ${img.name} was not sent: ${parsed.error.issues[0]?.message ?? 'invalid image'}`,
        );
        this.deps.controller.view.restoreDraft(chatId, text);
        return;
      }
      images.push(parsed.data);
    }
    const picks = await this.checkedPicks(chatId, options, text);
    if (!picks) return;
    if (
      options.editOf &&
      !(await rewindForEdit(this.deps.controller, options.editOf, this.deps.log, this.deps.releaseAcpSession))
    ) {
      this.deps.controller.view.restoreDraft(chatId, text);
      return;
    }
    const refs: MentionRef[] = [...(options.mentions ?? [])];
    const current = this.currentFileOn ? currentFileMention() : null;
    if (current && !refs.some((r) => mentionLabel(r) === mentionLabel(current))) refs.push(current);
    const mentions = refs.map((r) => this.resolve(r));
    const send: ResolvedSend = { mentions, chips: refs.map(mentionLabel), images, ...picks };
    this.deps.controller.send(text, send, chatId);
  }

  private resolve(ref: MentionRef): ResolvedMention {
    switch (ref.kind) {
      case 'problems':
        return { kind: 'problems', problems: allProblems() };
      case 'selection':
        return { kind: 'selection', selection: selectionContext() ?? null };
      default:
        return ref;
    }
  }

  /** The current chat's ACP choices (the header shows them), when it runs on ACP. */
  private acp(): ReturnType<typeof acpChoices> | null {
    const chat = this.deps.controller.focus.workingChat;
    return chatTransport(chat, this.deps.defaultTransport()) === 'acp' ? acpChoices(chat.acp, this.models) : null;
  }

  private modes(): readonly ModeChoice[] {
    return this.acp()?.modes ?? this.deps.choices.modes();
  }

  private publishSoon(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.publish(), 150);
  }

  private publish(): void {
    const current = currentFileMention();
    const acp = this.acp();
    const state: ComposerState = {
      modes: acp?.modes ?? this.deps.choices.modes(),
      models: acp?.models ?? this.models,
      modelsProblem: this.modelsProblem,
      ...(acp ? {} : providerChoices(this.providers, this.providersProblem, this.providerModels)),
      currentFile: { on: this.currentFileOn, label: current ? mentionLabel(current) : null },
      ...(this.commands.length > 0 ? { commands: this.commands } : {}),
    };
    const prev = this.deps.controller.view.composer;
    if (prev && JSON.stringify(prev) === JSON.stringify(state)) return;
    this.deps.controller.view.composer = state;
  }
}

type RunPick = 'provider' | 'maxTurns' | 'selfCorrect' | 'execProfile';

/** The Run options menu's picks, as Zero takes them: a turn budget within Zero's ceiling (the TUI's `/turns`). */
function runOptions(
  options: Pick<SendOptions, RunPick>,
): Pick<ResolvedSend, 'maxTurns' | 'selfCorrect' | 'execProfile'> {
  const turns = options.maxTurns;
  return {
    ...(turns !== undefined && Number.isInteger(turns) && turns >= 1
      ? { maxTurns: Math.min(turns, MAX_TURNS_CEILING) }
      : {}),
    ...(options.selfCorrect ? { selfCorrect: true } : {}),
    ...(options.execProfile ? { execProfile: options.execProfile } : {}),
  };
}

/** The active editor's file, or its selected lines when something is selected. */
function currentFileMention(): MentionRef | null {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.scheme !== 'file') return null;
  const rel = vscode.workspace.asRelativePath(
    editor.document.uri,
    (vscode.workspace.workspaceFolders?.length ?? 0) > 1,
  );
  const sel = editor.selection;
  if (sel.isEmpty) return { kind: 'file', path: rel };
  const end = sel.end.character === 0 && sel.end.line > sel.start.line ? sel.end.line : sel.end.line + 1;
  return { kind: 'range', path: rel, startLine: sel.start.line + 1, endLine: end };
}

function allProblems(): ProblemEntry[] {
  const out: ProblemEntry[] = [];
  for (const [uri, diags] of vscode.languages.getDiagnostics()) {
    const rel = vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
    for (const d of diags) {
      out.push({ path: rel, ...toPromptDiagnostic(d) });
    }
  }
  return out;
}

async function confirmUnsafeMessage(): Promise<boolean> {
  const ok = 'Send in unsafe mode';
  const picked = await vscode.window.showWarningMessage(
    'Send this message in unsafe mode?',
    {
      modal: true,
      detail:
        'Zero will run with every permission prompt pre-approved: it may run any command, including destructive ones, without asking. This applies to this message only.',
    },
    ok,
  );
  return picked === ok;
}
