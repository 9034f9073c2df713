/**
 * Boot and message loop. Says `ready`; a `snapshot` redraws everything; `actions` go through the
 * same reducer as the host's and are drawn at most once per animation frame, but for a turn's first words,
 * drawn at once.
 */
import type { HostToWebview } from '../messages/protocol';
import { ChatApp } from './app';
import { reportFocus } from './a11y/focusReport';
import { warmUp } from './markdown/markdown';
import { Store } from './store';
import { firstWords } from './streamedFrame';
import { forgetGrowth } from './markdown/textGrowth';
import { loadState, post, saveState } from './vscodeApi';

const root = document.getElementById('app') ?? document.body.appendChild(document.createElement('div'));
const app = new ChatApp(root);
const store = new Store();
let frame = 0;
let restored = false;

function draw(): void {
  if (store.state) app.render(store.state, false);
  forgetGrowth();
}

function schedule(): void {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    draw();
  });
}

/** Now, and whatever the next frame would have drawn with it. */
function drawNow(): void {
  if (frame) cancelAnimationFrame(frame);
  frame = 0;
  draw();
}

window.addEventListener('message', (ev: MessageEvent<HostToWebview>) => {
  const msg = ev.data;
  if (typeof msg !== 'object' || msg === null) return;
  switch (msg.type) {
    case 'snapshot':
      store.snapshot(msg.state);
      // Kept with the view's state, so VS Code hands it back when it restores this tab after a reload.
      if (loadState().chatId !== msg.state.chat.id) saveState({ chatId: msg.state.chat.id });
      if (!restored) {
        restored = true;
        app.composer.restoreDraft(msg.state.draft);
      }
      app.render(msg.state, true);
      forgetGrowth();
      return;
    case 'actions': {
      const before = store.state?.chat;
      if (!store.applyActions(msg.chatId, msg.actions)) return;
      // Zero's first words of a turn are what the user waits for: not held for the next frame.
      if (before && firstWords(before, store.state!.chat)) drawNow();
      else schedule();
      return;
    }
    case 'queue':
      if (store.setQueue(msg.queued)) schedule();
      return;
    case 'insertDraft':
      app.composer.insert(msg.text, msg.images);
      return;
    case 'focusComposer':
      app.composer.focus();
      return;
    case 'composer':
      store.setComposer(msg.state);
      if (store.state) app.composerChanged(store.state);
      else app.composer.setComposer(msg.state);
      return;
    case 'mentionResults':
      app.composer.mentionResults(msg.requestId, msg.items);
      return;
    default:
      ignore(msg);
  }
});

/** Exhaustive over HostToWebview; a message from a newer host is ignored. */
function ignore(_msg: never): void {}

post({ type: 'ready' });
reportFocus((focused) => post({ type: 'viewFocus', focused }));
warmUp();
