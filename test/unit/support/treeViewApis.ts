/**
 * The tree-view and text-document APIs the Changes view and the hunk review use, added to the
 * unit-test vscode shim for tests that drive them in plain Node: a tree view that records its
 * message and fires checkbox changes, TreeItem, ThemeIcon, the enums, and documents read from disk
 * (no editor is open, so the review reads the disk as VS Code would).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import * as fs from 'node:fs';
import { EventEmitter } from '../shim/vscode';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const api = require('vscode') as any;

export interface FakeTreeView {
  message: string | undefined;
  readonly checkbox: EventEmitter<{ items: [unknown, number][] }>;
}

export const trees: FakeTreeView[] = [];
/** What the input box answers next (undefined: Escape), and the boxes it was asked in. */
export const inputs = { answers: [] as (string | undefined)[], asked: [] as any[] };

export function installTreeViewApis(): void {
  if (api.__treeViewApis) return;
  api.__treeViewApis = true;
  api.TreeItemCollapsibleState = { None: 0, Collapsed: 1, Expanded: 2 };
  api.TreeItemCheckboxState = { Unchecked: 0, Checked: 1 };
  api.TreeItem = class {
    [k: string]: unknown;
    constructor(
      readonly label: string,
      readonly collapsibleState: number,
    ) {}
  };
  api.ThemeIcon ??= class {
    constructor(readonly id: string) {}
  };
  api.window.createTreeView = () => {
    const checkbox = new EventEmitter<{ items: [unknown, number][] }>();
    const view: FakeTreeView & Record<string, unknown> = {
      message: undefined,
      checkbox,
      onDidChangeCheckboxState: checkbox.event,
      dispose: () => undefined,
    };
    trees.push(view);
    return view;
  };
  api.window.showInputBox = async (options: unknown) => {
    inputs.asked.push(options);
    return inputs.answers.shift();
  };
  const never = () => ({ dispose: () => undefined });
  api.workspace.textDocuments ??= [];
  api.workspace.onDidChangeTextDocument ??= never;
  api.workspace.onDidSaveTextDocument ??= never;
  const docs = new Map<string, any>();
  api.workspace.openTextDocument ??= async (uri: { fsPath: string }) => {
    let doc = docs.get(uri.fsPath);
    if (!doc) docs.set(uri.fsPath, (doc = diskDocument(uri)));
    return doc;
  };
  api.Range ??= class {
    constructor(
      readonly start: unknown,
      readonly end: unknown,
    ) {}
  };
  api.WorkspaceEdit ??= class {
    readonly edits: { uri: { fsPath: string }; range: any; text: string }[] = [];
    replace(uri: { fsPath: string }, range: any, text: string): void {
      this.edits.push({ uri, range, text });
    }
  };
  api.workspace.applyEdit ??= async (edit: { edits: { uri: { fsPath: string }; range: any; text: string }[] }) => {
    for (const e of edit.edits) {
      const doc = await api.workspace.openTextDocument(e.uri);
      doc.replace(doc.offsetAt(e.range.start), doc.offsetAt(e.range.end), e.text);
    }
    return true;
  };
  /** Forget the documents opened so far (a test's files are new each time). */
  api.__closeDocuments = () => docs.clear();
}

/** A document backed by the file, as VS Code opens one that no editor shows: edits apply, save writes. */
function diskDocument(uri: { fsPath: string }): any {
  let text = fs.readFileSync(uri.fsPath, 'utf8');
  const offsetAt = (p: { line: number; character: number }): number => {
    const lines = text.split('\n');
    let o = 0;
    for (let i = 0; i < p.line; i++) o += lines[i]!.length + 1;
    return o + p.character;
  };
  return {
    uri,
    isDirty: false,
    getText: () => text,
    positionAt: (offset: number) => {
      const before = text.slice(0, offset).split('\n');
      return { line: before.length - 1, character: before[before.length - 1]!.length };
    },
    offsetAt,
    replace(start: number, end: number, with_: string) {
      text = text.slice(0, start) + with_ + text.slice(end);
      this.isDirty = true;
    },
    async save() {
      fs.writeFileSync(uri.fsPath, text);
      this.isDirty = false;
      return true;
    },
  };
}

installTreeViewApis();
