/**
 * The @-picker's candidates: every workspace file (and the folders above them), from
 * `workspace.findFiles` with `files.exclude` and `search.exclude` applied, indexed once on the
 * first `@` and kept current by a file watcher. Paths are relative to the folder Zero runs in.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { excludeMatcher } from '../../pathSearch/globExclude';
import { PathIndex, withFolders } from '../../pathSearch/fuzzyPaths';
import type { MentionCandidate } from '../../messages/protocol';
import { Disposable } from '../../lifecycle/disposable';

const MAX_FILES = 200_000;

export class MentionIndex extends Disposable {
  private files: Set<string> | null = null;
  private index: PathIndex | null = null;
  private building: Promise<void> | null = null;
  private root: string | null = null;
  private excluded: (rel: string) => boolean = () => false;

  constructor(
    private readonly folder: () => string | null,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    const watcher = this.register(vscode.workspace.createFileSystemWatcher('**/*'));
    this.register(watcher.onDidCreate((uri) => this.changed(uri, true)));
    this.register(watcher.onDidDelete((uri) => this.changed(uri, false)));
    this.register(
      vscode.workspace.onDidChangeConfiguration(
        (e) => (e.affectsConfiguration('files.exclude') || e.affectsConfiguration('search.exclude')) && this.reset(),
      ),
    );
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.reset()));
  }

  async search(query: string, limit = 50): Promise<MentionCandidate[]> {
    if (this.root !== this.folder()) this.reset();
    await this.ensure();
    // Built lazily after watcher changes: one rebuild for a burst of created files.
    this.index ??= new PathIndex(withFolders(this.files ?? []));
    return this.index
      .search(query, limit)
      .map((m) => ({ path: m.path, kind: m.path.endsWith('/') ? 'folder' : 'file', positions: m.positions }));
  }

  private reset(): void {
    this.files = null;
    this.index = null;
    this.building = null;
  }

  private ensure(): Promise<void> {
    this.building ??= this.build();
    return this.building;
  }

  private async build(): Promise<void> {
    const root = this.folder();
    this.root = root;
    const globs = excludeGlobs();
    this.excluded = excludeMatcher(globs);
    const started = Date.now();
    // An exclude argument replaces the default (files.exclude only), so it names both settings.
    const uris = await vscode.workspace.findFiles('**/*', globs.length > 0 ? `{${globs.join(',')}}` : null, MAX_FILES);
    const files = new Set<string>();
    for (const uri of uris) {
      const rel = this.relative(uri);
      if (rel) files.add(rel);
    }
    if (this.root !== root) return; // the folder changed meanwhile; the next search rebuilds
    this.files = files;
    this.index = null;
    this.log.info(
      `Indexed ${files.size} files for @-mentions in ${Date.now() - started} ms${uris.length >= MAX_FILES ? ` (stopped at ${MAX_FILES})` : ''}.`,
    );
  }

  private changed(uri: vscode.Uri, created: boolean): void {
    if (!this.files) return;
    const rel = this.relative(uri);
    if (!rel || this.excluded(rel)) return;
    if (created) {
      // Folders are reported too; only files are indexed (their folders follow from them).
      void vscode.workspace.fs.stat(uri).then(
        (s) => {
          if (s.type & vscode.FileType.File && this.files && !this.files.has(rel)) {
            this.files.add(rel);
            this.index = null;
          }
        },
        () => undefined,
      );
    } else {
      let dropped = this.files.delete(rel);
      // Not a known file, so maybe a folder: everything below it goes.
      if (!dropped) for (const f of this.files) if (f.startsWith(`${rel}/`)) dropped = this.files.delete(f) || dropped;
      if (dropped) this.index = null;
    }
  }

  /** Relative to the run folder with `/`; files of other workspace folders keep their absolute path. */
  private relative(uri: vscode.Uri): string | null {
    if (uri.scheme !== 'file') return null;
    const root = this.root;
    const rel = root ? path.relative(root, uri.fsPath) : '';
    if (root && rel && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
    return uri.fsPath.split(path.sep).join('/');
  }
}

/** `files.exclude` and `search.exclude` patterns that are on (`true`; `when` clauses count as on). */
function excludeGlobs(): string[] {
  const out = new Set<string>();
  for (const key of ['files.exclude', 'search.exclude']) {
    const [section, name] = key.split('.') as [string, string];
    const map = vscode.workspace.getConfiguration(section).get<Record<string, unknown>>(name) ?? {};
    for (const [glob, on] of Object.entries(map)) if (on) out.add(glob);
  }
  return [...out];
}
