// The product's own host code (ChatController over the real ExecTransport) driving the real Zero in a
// sandbox, in plain Node: the unit-test vscode shim, plus the few editor APIs the turn-change, review
// and approval code call, with modal answers a test scripts. What a user would click is a scripted answer;
// everything else (the stream, the session store, Zero's CLI) is real.
import * as path from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import type * as vscodeTypes from 'vscode';
import { selected } from '../../../src/acp/permissionOptions';
import { chatTransport, type Chat, type Turn } from '../../../src/conversation/model';
import { LazyAcpTransport } from '../../../src/acp/acpLoader';
import { ChatController, type ResolvedSend } from '../../../src/chats/chatController';
import { ChatStore } from '../../../src/storage/chatStore';
import { LazyExecTransport } from '../../../src/zero/exec/execLoader';
import { zeroWorktreeBase } from '../../../src/zero/exec/turnRoot';
import { isolatedTransport } from '../../../src/worktrees/isolatedTransport';
import * as worktreeGit from '../../../src/worktrees/worktreeCreate';
import { sessionsRoot } from '../../../src/zero/sessions/checkpoints';
import { cutOffReader } from '../../../src/zero/exec/cutOffTools';
import { mergeEnv } from '../../../src/zero/process/mergeEnv';
import type { ZeroSettings } from '../../../src/zero/config/settingsSources';
import { RecordingLog, shim } from '../../unit/shim/vscode';
import { answers, installEditorApis } from './editorApis';
import { realZeroBin, type Sandbox } from './realZero';
import { until } from '../../support/until';
import { zeroSettings } from '../../support/builders';

export { answers };

/** Variables from the test process that would let Zero read a real key or config: blanked for the product's runs. */
const LEAKY =
  /^(OPENAI_|ANTHROPIC_|GEMINI_|GOOGLE_|OPENROUTER_|XAI_|GROQ_|DEEPSEEK_|MISTRAL_|AZURE_|AWS_|FAKE_ZERO_)|^ZERO_(?!REAL_BIN$)/;

/** `zero.env` for the sandbox: the product merges it over process.env, as it does for a user. */
export function sandboxEnv(sandbox: Sandbox): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of Object.keys(process.env)) if (LEAKY.test(key)) env[key] = '';
  for (const key of [
    'HOME',
    'XDG_CONFIG_HOME',
    'XDG_DATA_HOME',
    'XDG_STATE_HOME',
    'XDG_CACHE_HOME',
    'ZERO_SANDBOX_GRANTS_PATH',
    'ZERO_DISABLE_MODELS_FETCH',
    'NO_COLOR',
  ]) {
    const v = sandbox.env[key];
    if (v !== undefined) env[key] = v;
  }
  return env;
}

export interface ProductHost {
  readonly controller: ChatController;
  readonly log: RecordingLog & vscodeTypes.LogOutputChannel;
  readonly settings: ZeroSettings;
  /** Sends a message in the current chat and resolves with its turn once Zero's run (and any follow-up) is over. */
  send(text: string, options?: ResolvedSend): Promise<Turn>;
  /** Resolves when the chat is idle. */
  idle(chatId?: string): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * A chat controller on the real Zero for this sandbox; `mode` is `zero.mode` (ask: Zero offers
 * write_file); `folder` is where runs start (default: the sandbox's workspace); `transport` is
 * `zero.transport` (acp: new chats run on the product's AcpTransport, its dialogs answered "Allow",
 * or as `acpAsk` says).
 */
export function productHost(
  sandbox: Sandbox,
  options: {
    mode?: string;
    folder?: string;
    transport?: 'exec' | 'acp';
    acpAsk?: (req: acp.RequestPermissionRequest) => Promise<acp.RequestPermissionResponse>;
    /** The folder of the chat files (default: the sandbox's `chats`): a second host on a copy is the next window. */
    chats?: string;
    /** The exec runs' backpressure hook (composition.ts gives the chat store's backlog): a test holds the reading. */
    backpressure?: () => Promise<void> | undefined;
  } = {},
): ProductHost {
  installEditorApis();
  shim.reset();
  answers.warnings.length = 0;
  answers.picks.length = 0;
  answers.asked.length = 0;
  const env = sandboxEnv(sandbox);
  const bin = realZeroBin();
  shim.config.set('zero.path', { globalValue: bin });
  shim.config.set('zero.env', { globalValue: env });
  shim.config.set('zero.mode', { globalValue: options.mode ?? '' });
  const settings: ZeroSettings = zeroSettings({ path: bin, mode: options.mode ?? '', env });
  const log = new RecordingLog() as RecordingLog & vscodeTypes.LogOutputChannel;
  // The stand-ins composition.ts builds: each loads its transport with the first turn.
  const transport = new LazyExecTransport({
    settings: () => settings,
    otherFolders: () => [],
    trusted: () => true,
    log,
    ...(options.backpressure ? { backpressure: options.backpressure } : {}),
  });
  const late: { controller?: ChatController } = {};
  const acp =
    options.transport === 'acp'
      ? new LazyAcpTransport({
          settings: () => settings,
          otherFolders: () => [],
          trusted: () => true,
          chat: (id) => late.controller?.chats.wholeChat(id),
          ask: options.acpAsk ?? (async (req) => selected(req.options[0]!.optionId)),
          confirmUnsafe: async () => false,
          onIdleCrash: () => undefined,
          log,
          version: 'real-zero-test',
        })
      : null;
  const chats = options.chats ?? path.join(sandbox.root, 'chats');
  // As composition.ts: a chat runs on its own transport, a new one on `zero.transport`; an isolated chat in its worktree.
  const isolation = {
    chat: (id: string) => late.controller?.chats.wholeChat(id),
    trusted: () => true,
    worktreeDir: () => zeroWorktreeBase(sandbox.env),
    git: () => worktreeGit,
  };
  const isolatedExec = isolatedTransport(transport, isolation);
  const isolatedAcp = acp ? isolatedTransport(acp, isolation) : null;
  const transportFor = (chat: Chat) =>
    isolatedAcp && chatTransport(chat, 'acp') === 'acp' ? isolatedAcp : isolatedExec;
  const controller = new ChatController(new ChatStore(chats, () => undefined), {
    folder: () => options.folder ?? sandbox.workspace,
    trusted: () => true,
    transportFor,
    defaultTransport: () => options.transport ?? 'exec',
    // As composition.ts: Zero's store in the runs' environment (zero.env over the process's).
    readCutOff: cutOffReader(() => sessionsRoot(mergeEnv(process.env, env, process.platform === 'win32'))),
    log,
  });
  late.controller = controller;
  const idle = async (chatId = controller.focus.workingChatId): Promise<void> => {
    await until(() => !controller.runs.isBusy(chatId), 'the chat to be idle', 60_000);
  };
  return {
    controller,
    log,
    settings,
    idle,
    async send(text, options) {
      const chatId = controller.focus.workingChatId;
      const before = controller.focus.workingChat.turns.length;
      controller.send(text, options);
      await until(() => controller.chats.wholeChat(chatId)!.turns.length > before, 'the turn to start', 60_000);
      const turnId = controller.chats.wholeChat(chatId)!.turns[before]!.id;
      await until(() => !controller.runs.isBusy(chatId), 'the run to end', 60_000);
      return controller.chats.wholeChat(chatId)!.turns.find((t) => t.id === turnId)!;
    },
    async dispose() {
      controller.dispose();
      acp?.dispose();
      await ChatStore.settled();
    },
  };
}

export const turnOf = (chat: Chat, id: string): Turn => chat.turns.find((t) => t.id === id)!;
