/**
 * What the Worktree view calls besides the tree-view APIs (treeViewApis.ts), added to the unit-test
 * vscode shim before the view's module is loaded (its `import * as vscode` copies the names there
 * then): `commands.executeCommand` (setContext, a no-op here) and a content provider's registration.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import './treeViewApis';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const api = require('vscode') as any;

api.commands ??= { executeCommand: async () => undefined, registerCommand: () => ({ dispose: () => undefined }) };
api.workspace.registerTextDocumentContentProvider ??= () => ({ dispose: () => undefined });
