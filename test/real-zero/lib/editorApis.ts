// Editor APIs the unit-test vscode shim leaves out, for host code driven against the real Zero, with
// modal answers a test scripts. Imported FIRST by a suite: some host modules use them at load time.
import * as fs from 'node:fs';
import { shim } from '../../unit/shim/vscode';

/* eslint-disable @typescript-eslint/no-explicit-any */
// The module's own exports (an `import * as` is a copy): host modules loaded later see what is added here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const api = require('vscode') as any;

/** What the scripted user answers: modal warnings and quick picks, in order; null = Escape. */
export const answers = {
  warnings: [] as (string | null)[],
  picks: [] as ((items: readonly any[]) => any)[],
  asked: [] as string[],
}; // asked: each modal's text and detail;

/** Editor APIs the shim leaves out, installed once (the shim stays as the unit tests know it). */
export function installEditorApis(): void {
  if (api.__realZeroHost) return;
  api.__realZeroHost = true;
  const win = api.window;
  win.showWarningMessage = async (text: string, ...rest: unknown[]) => {
    shim.messages.push(`warning: ${text}`);
    const options = rest.find((r): r is { modal?: boolean; detail?: string } => typeof r === 'object' && r !== null);
    if (!options?.modal) return undefined;
    answers.asked.push(options.detail ? `${text}\n${options.detail}` : text);
    return answers.warnings.shift() ?? undefined;
  };
  win.showQuickPick = async (items: readonly any[]) => answers.picks.shift()?.(await items);
  api.Uri.from = (c: { scheme: string; path: string; query?: string }) => ({
    scheme: c.scheme,
    path: c.path,
    query: c.query ?? '',
    fsPath: c.path,
    toString: () => `${c.scheme}:${c.path}?${c.query ?? ''}`,
  });
  api.ThemeIcon = class {
    constructor(readonly id: string) {}
  };
  api.workspace.textDocuments = [];
  api.workspace.registerTextDocumentContentProvider = () => ({ dispose: () => undefined });
  api.workspace.fs = {
    writeFile: async (uri: { fsPath: string }, content: Uint8Array) => fs.writeFileSync(uri.fsPath, content),
    delete: async (uri: { fsPath: string }) => fs.rmSync(uri.fsPath),
  };
  api.commands = { registerCommand: () => ({ dispose: () => undefined }), executeCommand: async () => undefined };
}

installEditorApis();
