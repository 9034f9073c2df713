import * as assert from 'node:assert/strict';
import { EventEmitter } from 'vscode';
import { focusedChatView } from '../../../src/host/views/chatTabs';
import { returnFocusAfterDialogs, type DialogSource } from '../../../src/host/views/focusAfterDialogs';

class Dialogs implements DialogSource {
  busy = false;
  private readonly emitter = new EventEmitter<void>();
  readonly onDidChangeWaiting = this.emitter.event;
  set(busy: boolean): void {
    this.busy = busy;
    this.emitter.fire();
  }
}

describe('focus after approval dialogs', () => {
  const setup = (hasFocus: boolean) => {
    const exec = new Dialogs();
    const acp = new Dialogs();
    // reveal() gives the focus, as the real view does once the webview reports it.
    const view = {
      hasFocus,
      reveals: 0,
      takesFocus: true,
      reveal: async () => {
        view.reveals++;
        if (view.takesFocus) view.hasFocus = true;
      },
    };
    const sub = returnFocusAfterDialogs([exec, acp], view);
    return { exec, acp, view, sub };
  };

  it('the chat had the focus: it gets it back once the last dialog has closed', () => {
    const { exec, acp, view } = setup(true);
    exec.set(true);
    view.hasFocus = false; // the dialog took it
    acp.set(true);
    exec.set(false);
    assert.equal(view.reveals, 0, 'a dialog is still open');
    acp.set(false);
    assert.equal(view.reveals, 1);
  });

  it('the workbench takes the focus back after ours (a busy machine): it is tried again, then given up', async () => {
    const { exec, view } = setup(true);
    view.takesFocus = false;
    exec.set(true);
    view.hasFocus = false;
    exec.set(false);
    await new Promise((r) => setTimeout(r, 2000));
    assert.equal(view.reveals, 4, 'four tries, no more');
  });

  it('the focus was elsewhere (an editor): it is left there', () => {
    const { exec, view } = setup(false);
    exec.set(true);
    exec.set(false);
    assert.equal(view.reveals, 0);
  });

  it('stops listening once disposed', () => {
    const { exec, view, sub } = setup(true);
    sub.dispose();
    exec.set(true);
    exec.set(false);
    assert.equal(view.reveals, 0);
  });
});

describe('focusedChatView: which chat view gets the focus back', () => {
  const tab = (name: string, log: string[]) => ({
    hasFocus: false,
    reveal: () => void log.push(`reveal ${name}`),
    focusComposer: () => void log.push(`composer ${name}`),
  });

  it('the tab that had the focus gets it back, never another tab; no later try pulls the user back', async () => {
    const log: string[] = [];
    const one = tab('one', log);
    const two = tab('two', log);
    one.hasFocus = false;
    const sidebar = { hasFocus: false, reveal: async () => void log.push('reveal sidebar') };
    const target = focusedChatView(sidebar, { all: [one, two], focused: () => two });
    const dialogs = new Dialogs();
    returnFocusAfterDialogs([dialogs], target);
    two.hasFocus = true;
    dialogs.set(true);
    two.hasFocus = false; // the dialog took it; then the user opens the command palette
    dialogs.set(false);
    await new Promise((r) => setTimeout(r, 1000));
    assert.deepEqual(log, ['reveal two', 'composer two']);
  });

  it('the sidebar had the focus: it is the one revealed', async () => {
    const log: string[] = [];
    const sidebar = { hasFocus: true, reveal: async () => void log.push('reveal sidebar') };
    const dialogs = new Dialogs();
    returnFocusAfterDialogs([dialogs], focusedChatView(sidebar, { all: [tab('one', log)], focused: () => undefined }));
    dialogs.set(true);
    sidebar.hasFocus = false;
    dialogs.set(false);
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(log, ['reveal sidebar']);
  });

  it('the user went to another chat meanwhile ("Show" on a notification): no try takes them back', async () => {
    const log: string[] = [];
    const one = tab('one', log);
    const two = tab('two', log);
    let current: typeof one | undefined = two;
    const sidebar = { hasFocus: false, reveal: async () => void log.push('reveal sidebar') };
    const dialogs = new Dialogs();
    returnFocusAfterDialogs([dialogs], focusedChatView(sidebar, { all: [one, two], focused: () => current }));
    two.hasFocus = true;
    dialogs.set(true);
    two.hasFocus = false;
    current = one; // the user brought tab one to the front
    dialogs.set(false);
    await new Promise((r) => setTimeout(r, 1000));
    assert.deepEqual(log, []);
  });
});
