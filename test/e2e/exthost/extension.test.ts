// Through the real `vscode` API: the extension is there, activates, and contributes its chat view.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { until } from '../../support/until';

const EXTENSION_ID = 'zero-vscode.zero-vscode';

interface ContributedView {
  id: string;
  type?: string;
  name: string;
}
interface ContributedContainer {
  id: string;
  title: string;
}

describe('Zero extension (extension host)', function () {
  const extension = () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not among the extensions`);
    return ext;
  };

  it(`is present as ${EXTENSION_ID}, loaded from disk as a workspace extension`, function () {
    const ext = extension();
    assert.equal(ext.packageJSON.displayName, 'Zero for VS Code');
    assert.equal(ext.extensionUri.scheme, 'file');
    assert.equal(ext.extensionKind, vscode.ExtensionKind.Workspace);
  });

  it('contributes the "Zero" activity-bar container holding the zero.chat webview view', function () {
    const contributes = extension().packageJSON.contributes;
    const containers: ContributedContainer[] = contributes.viewsContainers.activitybar;
    assert.ok(
      containers.some((c) => c.id === 'zero' && c.title === 'Zero'),
      JSON.stringify(containers),
    );
    const views: ContributedView[] = contributes.views.zero;
    assert.ok(
      views.some((v) => v.id === 'zero.chat' && v.type === 'webview'),
      JSON.stringify(views),
    );
  });

  it('registers the commands that open the view', async function () {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('workbench.view.extension.zero'), 'workbench.view.extension.zero');
    assert.ok(commands.includes('zero.chat.focus'), 'zero.chat.focus');
  });

  it('activates when the Zero view is opened', async function () {
    await vscode.commands.executeCommand('workbench.view.extension.zero');
    await vscode.commands.executeCommand('zero.chat.focus');
    const ext = extension();
    await until(() => ext.isActive, `${EXTENSION_ID} is active`, 30_000);
  });

  it('activate() resolves without an error', async function () {
    const ext = extension();
    await ext.activate();
    assert.equal(ext.isActive, true);
  });
});
