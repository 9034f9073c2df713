/**
 * ACP `session/update` notifications as the chat actions the exec path produces: message and thought
 * chunks become `text` / `reasoning` events, tool calls become `tool_call` / `tool_result` events, so
 * the reducer, the webview, history and export need nothing new. What stream-json has no event for
 * (plan, mode, commands) becomes an ACP action. Pure: no I/O.
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { ChatAction } from '../conversation/actions';
import type { AcpSessionInfo } from '../conversation/model';

/** Events synthesised from ACP carry schema 2 and the turn's local run id. */
const envelope = (runId: string) => ({ schemaVersion: 2 as const, runId });

export function mapUpdate(update: acp.SessionUpdate, runId: string): ChatAction[] {
  switch (update.sessionUpdate) {
    case 'agent_message_chunk':
    case 'agent_thought_chunk': {
      const delta = chunkText(update.content);
      if (delta === '') return [];
      const type = update.sessionUpdate === 'agent_message_chunk' ? 'text' : 'reasoning';
      return [{ type: 'event', line: 0, event: { ...envelope(runId), type, delta } }];
    }
    case 'tool_call': {
      const call: ChatAction = {
        type: 'event',
        line: 0,
        event: {
          ...envelope(runId),
          type: 'tool_call',
          id: update.toolCallId,
          name: toolName(update.title, update.kind),
          args: update.rawInput ?? undefined,
          sideEffect: sideEffectOf(update.kind),
        },
      };
      // A call that arrives already finished (some agents do that) is a call plus its result.
      return update.status === 'completed' || update.status === 'failed'
        ? [call, ...toolResult(update, runId)]
        : [call];
    }
    case 'tool_call_update': {
      if (update.status === 'completed' || update.status === 'failed') return toolResult(update, runId);
      if (update.rawInput !== undefined || update.title) {
        // New arguments or title while it runs: the reducer updates the existing card by id.
        return [
          {
            type: 'event',
            line: 0,
            event: {
              ...envelope(runId),
              type: 'tool_call',
              id: update.toolCallId,
              name: toolName(update.title ?? null, update.kind ?? null),
              args: update.rawInput ?? undefined,
            },
          },
        ];
      }
      return [];
    }
    case 'plan':
      return [
        {
          type: 'acp_plan',
          entries: update.entries.map((e) => ({ content: e.content, priority: e.priority, status: e.status })),
        },
      ];
    case 'current_mode_update':
      return [{ type: 'acp_mode', mode: update.currentModeId }];
    case 'available_commands_update':
      return [
        {
          type: 'acp_commands',
          commands: update.availableCommands.map((c) => ({ name: c.name, description: c.description })),
        },
      ];
    case 'config_option_update': {
      const model = modelFrom(update.configOptions);
      return model ? [{ type: 'acp_model', model }] : [];
    }
    default:
      // user_message_chunk (our own prompt echoed), usage/session info and newer kinds: nothing to show.
      return [];
  }
}

function toolResult(update: acp.ToolCallUpdate | acp.ToolCall, runId: string): ChatAction[] {
  const output = contentText(update.content ?? []);
  const locations = (update.locations ?? []).map((l) => (typeof l.line === 'number' ? `${l.path}:${l.line}` : l.path));
  const actions: ChatAction[] = [
    {
      type: 'event',
      line: 0,
      event: {
        ...envelope(runId),
        type: 'tool_result',
        id: update.toolCallId,
        status: update.status === 'completed' ? 'ok' : 'error',
        ...(output !== null ? { output } : {}),
      },
    },
  ];
  if (locations.length > 0) actions.push({ type: 'acp_locations', toolCallId: update.toolCallId, paths: locations });
  return actions;
}

/** Zero titles a call `<tool name> <main argument>` (translate.go toolTitle): the first word is the tool. */
export function toolName(title: string | null | undefined, kind: string | null | undefined): string {
  const first = (title ?? '').trim().split(/\s+/, 1)[0];
  // Zero's names are short words; an agent's title with no space would otherwise be the whole name.
  return (first || kind || 'tool').slice(0, MAX_TOOL_NAME);
}

export const MAX_TOOL_NAME = 100;

/** ACP tool kinds in the words exec uses for side effects (the badge on tool cards). */
function sideEffectOf(kind: acp.ToolKind | null | undefined): string | undefined {
  switch (kind) {
    case 'read':
    case 'search':
      return 'read';
    case 'edit':
    case 'delete':
    case 'move':
      return 'write';
    case 'execute':
      return 'shell';
    case 'fetch':
      return 'network';
    default:
      return undefined;
  }
}

function chunkText(block: acp.ContentBlock): string {
  return block.type === 'text' ? block.text : '';
}

/** Text content as is; a diff as a short unified header plus the new text; terminals by id. */
function contentText(content: readonly acp.ToolCallContent[]): string | null {
  const parts: string[] = [];
  for (const c of content) {
    if (c.type === 'content') {
      if (c.content.type === 'text') parts.push(c.content.text);
      else if (c.content.type === 'image') parts.push('[image]');
    } else if (c.type === 'diff') {
      parts.push(
        `--- ${c.oldText === null || c.oldText === undefined ? '/dev/null' : c.path}\n+++ ${c.path}\n${c.newText}`,
      );
    } else if (c.type === 'terminal') {
      parts.push(`[terminal ${c.terminalId}]`);
    }
  }
  return parts.length > 0 ? parts.join('\n') : null;
}

/** What session/new or session/load said the session offers: modes, and models from its config options. */
export function sessionInfo(
  res: {
    readonly modes?: acp.SessionModeState | null;
    readonly configOptions?: readonly acp.SessionConfigOption[] | null;
  },
  commands: AcpSessionInfo['commands'] = [],
): AcpSessionInfo {
  const modes = (res.modes?.availableModes ?? []).map((m) => ({ id: m.id, name: m.name }));
  const modelOption = findSelect(res.configOptions, 'model');
  const models = modelOption ? flatOptions(modelOption.options).map((o) => ({ id: o.value, name: o.name })) : [];
  return {
    modes,
    mode: res.modes?.currentModeId ?? findSelect(res.configOptions, 'mode')?.currentValue ?? null,
    models,
    model: modelOption?.currentValue ?? null,
    commands,
  };
}

export function modelFrom(options: readonly acp.SessionConfigOption[] | null | undefined): string | null {
  return findSelect(options, 'model')?.currentValue ?? null;
}

type Select = Extract<acp.SessionConfigOption, { type: 'select' }>;

function findSelect(
  options: readonly acp.SessionConfigOption[] | null | undefined,
  category: string,
): Select | undefined {
  return (options ?? []).find(
    (o): o is Select => o.type === 'select' && (o.category === category || o.id === category),
  );
}

function flatOptions(options: acp.SessionConfigSelectOptions): acp.SessionConfigSelectOption[] {
  const out: acp.SessionConfigSelectOption[] = [];
  for (const o of options) {
    if ('options' in o) out.push(...o.options);
    else out.push(o);
  }
  return out;
}
