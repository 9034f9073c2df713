/**
 * **Open subagent transcript**: a `Task` call's child session, read from Zero's store
 * (zero/sessions/subagentStore.ts), in a read-only Markdown editor (a `zero-subagent:` document). Zero's stream
 * carries nothing of a running child, but the child appends to its own `events.jsonl` as it goes, so
 * while the document is open and the parent has not recorded the child's end, the store is polled (a
 * stat of two files) and the document is re-read when either grew.
 *
 * The document's URI carries only ids; they are checked again when VS Code asks for its content (a
 * restored editor brings its URI back), and the child is shown only when its own metadata names that
 * parent and that call.
 */
import * as vscode from 'vscode';
import type { Chat, ToolItem } from '../../conversation/model';
import { subagentCard } from '../../conversation/subagent';
import { transcriptMarkdown } from '../../zero/sessions/subagentMarkdown';
import {
  childStamp,
  findChild,
  listChildren,
  readChild,
  validSessionId,
  type ChildOutcome,
  type ChildRef,
} from '../../zero/sessions/subagentStore';

export const SUBAGENT_SCHEME = 'zero-subagent';
const POLL_MS = 500;
const MAX_CALL_ID = 200;

export interface SubagentDeps {
  /** Zero's sessions folder in the runs' environment. */
  readonly root: () => string;
  /** For `zero sessions children` when the parent's record does not name the child. */
  readonly zero: () => { readonly binary: string; readonly env: Readonly<Record<string, string>> } | null;
  readonly log: vscode.LogOutputChannel;
  readonly pollMs?: number;
}

interface Target {
  readonly parent: string;
  readonly call: string;
  readonly named: string | null;
  readonly specialist: string;
  readonly description: string | null;
}

export class SubagentTranscripts implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** Followed documents: the stamp of what was last read, and the poll. */
  private readonly follows = new Map<string, { stamp: string; timer: NodeJS.Timeout; busy: boolean }>();
  private readonly subs: vscode.Disposable[];

  constructor(private readonly deps: SubagentDeps) {
    this.subs = [
      vscode.workspace.registerTextDocumentContentProvider(SUBAGENT_SCHEME, this),
      vscode.workspace.onDidCloseTextDocument(
        (d) => d.uri.scheme === SUBAGENT_SCHEME && this.unfollow(d.uri.toString()),
      ),
      this.changed,
    ];
  }

  /** The card's button: the child of this call in this chat's turn. */
  async open(chat: Chat | undefined, turnId: string, toolId: string): Promise<void> {
    const turn = chat?.turns.find((t) => t.id === turnId);
    const tool = turn?.items.find((i): i is ToolItem => i.kind === 'tool' && i.id === toolId);
    const card = tool ? subagentCard(tool) : null;
    const parent = turn?.run?.sessionId ?? chat?.sessionId ?? '';
    if (!card || !tool?.id) {
      void vscode.window.showWarningMessage('That subagent call is no longer in this chat.');
      return;
    }
    if (!validSessionId(parent)) {
      void vscode.window.showWarningMessage(
        "This turn has no Zero session yet, so its subagent's session cannot be found.",
      );
      return;
    }
    const uri = targetUri({
      parent,
      call: tool.id,
      named: card.childSessionId,
      specialist: card.specialist,
      description: card.description,
    });
    const doc = await vscode.workspace.openTextDocument(uri);
    // Beside the editor the user works in; with none open, Beside would leave an empty group beside it,
    // and a second transcript would open a third group: transcripts share the column of one shown already.
    const shown = vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === SUBAGENT_SCHEME);
    const viewColumn =
      shown?.viewColumn ?? (vscode.window.activeTextEditor ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active);
    await vscode.window.showTextDocument(doc, { preview: false, viewColumn });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const target = parseTarget(uri);
    if (!target) return '# Subagent\n\nThis link does not name a Zero session and a call.\n';
    const root = this.deps.root();
    let child = await findChild(root, target.parent, target.call, target.named);
    if (!child && !this.follows.has(uri.toString())) child = await this.fromLineage(target);
    let outcome: ChildOutcome | null = null;
    if (child) {
      try {
        outcome = await readChild(root, child.childSessionId, {
          parentSessionId: target.parent,
          toolCallId: target.call,
        });
      } catch (err) {
        outcome = { ok: false, missing: false, problem: `The subagent's session could not be read: ${String(err)}` };
      }
    }
    // Follow until the parent records the child's end (a refused child is never followed: it is not there).
    const done = child !== null && child.stopped !== null;
    const following = !done && (outcome === null || outcome.ok || outcome.missing);
    if (following) this.follow(uri, [target.parent, ...(child ? [child.childSessionId] : [])]);
    else this.unfollow(uri.toString());
    return transcriptMarkdown({
      specialist: target.specialist,
      description: target.description,
      parentSessionId: target.parent,
      toolCallId: target.call,
      child,
      transcript: outcome?.ok ? outcome.transcript : null,
      problem:
        outcome && !outcome.ok
          ? outcome.problem
          : child
            ? null
            : 'The parent session names no subagent of this call yet.',
      following,
    });
  }

  /** `zero sessions children`: a child the parent's record (its last 4 MB) does not show. */
  private async fromLineage(target: Target): Promise<ChildRef | null> {
    const zero = this.deps.zero();
    if (!zero) return null;
    const listed = (await listChildren(zero.binary, zero.env, target.parent)).filter(
      (c) => c.spawnedFromEventId === target.call,
    );
    const c =
      listed.find((l) => l.sessionId === target.named) ?? listed.sort((a, b) => a.createdAt - b.createdAt).pop();
    return c
      ? { childSessionId: c.sessionId, specialist: c.agentName, description: '', background: false, stopped: null }
      : null;
  }

  private follow(uri: vscode.Uri, ids: readonly string[]): void {
    const key = uri.toString();
    const old = this.follows.get(key);
    if (old) clearInterval(old.timer);
    const state = { stamp: '', timer: setInterval(() => void tick(), this.deps.pollMs ?? POLL_MS), busy: false };
    const tick = async (): Promise<void> => {
      if (state.busy) return;
      state.busy = true;
      try {
        const stamp = await childStamp(this.deps.root(), ids);
        if (state.stamp && stamp !== state.stamp) this.changed.fire(uri);
        state.stamp = stamp;
      } catch (err) {
        this.deps.log.warn(`Following a subagent's session failed: ${String(err)}`);
      } finally {
        state.busy = false;
      }
    };
    void childStamp(this.deps.root(), ids).then((s) => (state.stamp ||= s));
    this.follows.set(key, state);
  }

  private unfollow(key: string): void {
    const f = this.follows.get(key);
    if (f) clearInterval(f.timer);
    this.follows.delete(key);
  }

  dispose(): void {
    for (const key of [...this.follows.keys()]) this.unfollow(key);
    for (const s of this.subs) s.dispose();
  }
}

function targetUri(t: Target): vscode.Uri {
  const label = `Subagent ${t.specialist}`.replace(/[^\w .-]+/g, '_').slice(0, 80);
  const query = new URLSearchParams({
    parent: t.parent,
    call: t.call,
    ...(t.named ? { child: t.named } : {}),
    specialist: t.specialist,
    ...(t.description ? { description: t.description } : {}),
  });
  return vscode.Uri.from({ scheme: SUBAGENT_SCHEME, path: `/${label}.md`, query: query.toString() });
}

function parseTarget(uri: vscode.Uri): Target | null {
  const q = new URLSearchParams(uri.query);
  const parent = q.get('parent') ?? '';
  const call = q.get('call') ?? '';
  const named = q.get('child');
  if (!validSessionId(parent) || !call || call.length > MAX_CALL_ID) return null;
  return {
    parent,
    call,
    named: named && validSessionId(named) ? named : null,
    specialist: (q.get('specialist') ?? 'specialist').slice(0, 200),
    description: q.get('description')?.slice(0, 200) ?? null,
  };
}
