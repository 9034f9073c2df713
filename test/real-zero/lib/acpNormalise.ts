// What a differential ACP run is compared on: the sequence of session/update kinds, tool calls (kind,
// title, status, and whether the call ran or was refused), permission requests with their options,
// the stop reason (or error) and the reply text, with ids, paths and tool output normalised away.
import type * as acp from '@agentclientprotocol/sdk';

export type Wire =
  | { dir: 'update'; update: acp.SessionUpdate }
  | { dir: 'permission'; request: acp.RequestPermissionRequest }
  | { dir: 'end'; stopReason?: string; error?: string };

/** A refused call is deterministic; a call that ran may fail for reasons of the machine (no DNS here). */
function outcome(update: acp.ToolCallUpdate): string {
  const text = (update.content ?? [])
    .map((c) => (c.type === 'content' && c.content.type === 'text' ? c.content.text : ''))
    .join('');
  if (/^Error: Permission denied/.test(text)) return 'refused';
  if (/^Error: Permission approval cancelled/.test(text)) return 'cancelled';
  return 'ran';
}

export function normalise(wire: readonly Wire[], workspace: string): string[] {
  const out: string[] = [];
  let reply = '';
  const flush = () => {
    if (reply) out.push(`reply ${reply.replace(/The tool said: .*$/s, 'The tool said: <output>')}`);
    reply = '';
  };
  let thought = '';
  for (const w of wire) {
    if (w.dir === 'update') {
      const u = w.update;
      if (u.sessionUpdate === 'agent_message_chunk') {
        if (thought) out.push(`thought ${thought}`);
        thought = '';
        reply += u.content.type === 'text' ? u.content.text : '';
        continue;
      }
      if (u.sessionUpdate === 'agent_thought_chunk') {
        thought += u.content.type === 'text' ? u.content.text : '';
        continue;
      }
      flush();
      if (u.sessionUpdate === 'tool_call')
        out.push(`tool_call ${u.kind} "${u.title.replaceAll(workspace, '<ws>')}" ${u.status}`);
      else if (u.sessionUpdate === 'tool_call_update') {
        const how = outcome(u);
        out.push(how === 'ran' ? 'tool_call_update ran' : `tool_call_update ${u.status} ${how}`);
      } else out.push(u.sessionUpdate);
    } else if (w.dir === 'permission') {
      flush();
      const t = w.request.toolCall;
      out.push(
        `permission ${t.kind} "${t.title}" ${t.status} [${w.request.options.map((o) => `${o.optionId}:${o.kind}:${o.name}`).join(', ')}]`,
      );
    } else {
      flush();
      out.push(w.error !== undefined ? `error ${w.error}` : `stop ${w.stopReason}`);
    }
  }
  flush();
  return out;
}
