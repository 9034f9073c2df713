import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';

/** The layer rules in eslint.config.mjs, run through ESLint's own API on one-line files placed in each layer. */

const root = path.resolve(__dirname, '../../..');
let eslint: ESLint;

async function importErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer lint rules', function () {
  this.timeout(60_000);
  before(() => {
    // The probe files do not exist, so no tsconfig holds them: the type-aware rules (not what is tested here) are off.
    eslint = new ESLint({
      cwd: root,
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false } },
        rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
      },
    });
  });

  const forbidden: [file: string, source: string, why: RegExp][] = [
    // Barrels from lower layers.
    ['src/conversation/x.ts', "import { x } from '../protocol';", /index barrel/],
    ['src/webview/x.ts', "import { x } from '../conversation';", /index barrel/],
    ['src/webview/transcript/x.ts', "import { x } from '../../conversation/index';", /index barrel/],
    ['src/acp/x.ts', "import { x } from '../protocol';", /index barrel/],
    ['src/cli/x.ts', "import { x } from '../zero';", /index barrel/],
    // zero/ importing host/, acp/ or the chat core above it.
    [
      'src/zero/x.ts',
      "import { x } from '../host/workspace/settings';",
      /may import only: protocol, conversation, approvals, messages/,
    ],
    ['src/zero/x.ts', "import { x } from '../acp/client';", /may import only: protocol/],
    ['src/zero/x.ts', "import { x } from '../chats/chatState';", /zero\/ is the plain-Node CLI boundary/],
    ['src/zero/x.ts', "import * as x from 'vscode';", /only src\/host/],
    // zero/'s sub-rooms are held to the same rules, whatever their depth.
    [
      'src/zero/exec/x.ts',
      "import { x } from '../../host/workspace/settings';",
      /zero\/ is the plain-Node CLI boundary/,
    ],
    ['src/zero/sessions/fork/x.ts', "import { x } from '../../../chats/chatState';", /may import only: protocol/],
    // Node built-ins in the browser and in the pure layers.
    ['src/webview/x.ts', "import * as x from 'fs';", /No Node built-ins/],
    ['src/webview/x.ts', "import * as x from 'node:path';", /No Node built-ins/],
    ['src/webview/x.ts', "import * as x from 'fs/promises';", /No Node built-ins/],
    ['src/webview/transcript/x.ts', "import { x } from 'crypto';", /No Node built-ins/],
    ['src/webview/x.ts', "import { x } from '../host/webviewHtml';", /browser code/],
    ['src/webview/x.ts', "import { x } from '../zero/findZero';", /browser code/],
    ['src/protocol/x.ts', "import { x } from 'events';", /No Node built-ins/],
    ['src/protocol/x.ts', "import { x } from '../conversation/model';", /nothing from other layers/],
    ['src/conversation/x.ts', "import { x } from 'node:os';", /No Node built-ins/],
    ['src/conversation/x.ts', "import { x } from '../zero/grants';", /may import only: protocol/],
    ['src/messages/x.ts', "import { x } from '../host/chatController';", /pure/],
    // acp/: plain Node, never vscode or host/.
    ['src/acp/x.ts', "import * as x from 'vscode';", /only src\/host/],
    ['src/acp/x.ts', "import { x } from '../host/settings';", /acp\/ is the plain-Node ACP transport/],
    ['src/acp/x.ts', "export { x } from '../webview/store';", /acp\//],
    // chats/ and storage/: plain Node, no vscode, and nothing from the rooms above them.
    ['src/chats/x.ts', "import * as x from 'vscode';", /only src\/host/],
    ['src/chats/x.ts', "import { x } from '../host/views/chatTab';", /chats\/ is the plain-Node chat core/],
    ['src/chats/x.ts', "import { x } from '../webview/store';", /chats\//],
    ['src/storage/x.ts', "import * as x from 'vscode';", /only src\/host/],
    ['src/storage/x.ts', "import { x } from '../chats/chatState';", /storage\/ is plain-Node files on disk/],
    ['src/storage/x.ts', "import { x } from '../host/workspace/settings';", /storage\//],
    ['src/storage/x.ts', "import { x } from '../zero/grants';", /storage\//],
    // worktrees/: plain Node below host/, above zero/; never vscode, never the chat core.
    ['src/worktrees/x.ts', "import * as x from 'vscode';", /only src\/host/],
    [
      'src/worktrees/x.ts',
      "import { x } from '../chats/chatRegistry';",
      /may import only: lifecycle, protocol, conversation, zero/,
    ],
    [
      'src/worktrees/x.ts',
      "import { x } from '../host/worktrees/worktreeService';",
      /worktrees\/ is the plain-Node git side/,
    ],
    ['src/zero/x.ts', "import { x } from '../worktrees/git';", /zero\/ is the plain-Node CLI boundary/],
    // diagnose/: plain Node below host/, never vscode, never the chat core.
    ['src/diagnose/x.ts', "import * as x from 'vscode';", /only src\/host/],
    [
      'src/diagnose/checks/x.ts',
      "import { x } from '../../host/workspace/settings';",
      /diagnose\/ is the plain-Node Zero: Diagnose/,
    ],
    [
      'src/diagnose/x.ts',
      "import { x } from '../chats/chatController';",
      /may import only: lifecycle, protocol, zero, acp/,
    ],
    ['src/diagnose/x.ts', "import { x } from '../zero';", /index barrel/],
    // The pure floors under everything.
    ['src/lifecycle/x.ts', "import * as x from 'node:fs';", /No Node built-ins/],
    ['src/lifecycle/x.ts', "import { x } from '../conversation/model';", /nothing from other layers/],
    ['src/pathSearch/x.ts', "import { x } from '../conversation/model';", /nothing from other layers/],
    ['src/conversation/x.ts', "import { x } from '../chats/chatState';", /conversation\/ is pure/],
    // host/ never pulls in the browser bundle.
    ['src/host/x.ts', "import { x } from '../webview/store';", /browser code/],
  ];
  for (const [file, source, why] of forbidden) {
    it(`refuses ${source} in ${file}`, async () => {
      const errors = await importErrors(file, source);
      assert.ok(
        errors.some((e) => why.test(e)),
        `expected a no-restricted-imports error matching ${why}, got ${JSON.stringify(errors)}`,
      );
    });
  }

  const allowed: [file: string, source: string][] = [
    ['src/conversation/x.ts', "import { x } from '../protocol/events';"],
    ['src/zero/x.ts', "import { x } from 'node:child_process';"],
    ['src/zero/x.ts', "import { x } from '../protocol/eventStream';"],
    ['src/zero/exec/x.ts', "import { x } from '../../protocol/eventStream';"],
    ['src/zero/sessions/fork/x.ts', "import { x } from '../../checkpoints';"],
    ['src/zero/sessions/x.ts', "import { x } from '../process/nodeOnDemand';"],
    ['src/acp/x.ts', "import { x } from '../conversation/reducer';"],
    ['src/acp/x.ts', "import { x } from 'node:stream';"],
    ['src/acp/x.ts', "import { x } from '@agentclientprotocol/sdk';"],
    ['src/acp/x.ts', "import { killTree } from '../zero/process/killTree';"],
    ['src/webview/transcript/x.ts', "import { x } from '../../conversation/model';"],
    ['src/webview/x.ts', "import { x } from '../messages/protocol';"],
    ['src/webview/x.ts', "import { x } from 'markdown-it';"],
    ['src/chats/x.ts', "import { x } from '../storage/chatStore';"],
    ['src/chats/x.ts', "import { Emitter } from '../lifecycle/emitter';"],
    ['src/chats/x.ts', "import { x } from 'node:path';"],
    ['src/storage/x.ts', "import { x } from '../conversation/chatSchema';"],
    ['src/storage/x.ts', "import { x } from 'node:fs';"],
    ['src/zero/x.ts', "import { x } from '../conversation/transport';"],
    ['src/diagnose/x.ts', "import { x } from '../acp/acpProcess';"],
    ['src/diagnose/checks/x.ts', "import { x } from '../../zero/findZero';"],
    ['src/diagnose/x.ts', "import { x } from 'node:fs';"],
    ['src/worktrees/x.ts', "import { x } from '../zero/turnRoot';"],
    ['src/worktrees/x.ts', "import { x } from 'node:child_process';"],
    ['src/host/worktrees/x.ts', "import { x } from '../../worktrees/mergeBack';"],
    ['src/host/x.ts', "import { x } from '../zero';"],
    ['src/host/views/x.ts', "import { x } from '../../chats/chatController';"],
    ['src/host/x.ts', "import * as x from 'vscode';"],
  ];
  for (const [file, source] of allowed) {
    it(`allows ${source} in ${file}`, async () => {
      assert.deepEqual(await importErrors(file, source), []);
    });
  }
});
