/**
 * What goes with the next message besides its text: the current-file chip, @-mentions (kept with
 * setState so a reload keeps them) and images (kept in memory only: data URLs are too big for
 * webview state). Renders them as removable chips.
 */
import { mentionLabel, type MentionRef } from '../../conversation/prompts/composerPrompt';
import type { ComposerState, SentImage } from '../../messages/protocol';
import { h } from '../dom';
import { imageProblem, readImage } from './imageFiles';
import { loadState, post, saveState } from '../vscodeApi';

export class NextMessageChips {
  readonly el = h('ul', {
    class: 'attachments mention-chips',
    attrs: { 'aria-label': 'Mentions and images for the next message' },
  });
  private mentionList: MentionRef[] = [...(loadState().mentions ?? [])];
  private imageList: { image: SentImage; url: string }[] = [];
  private currentFile: ComposerState['currentFile'] | undefined;

  /** `afterChange` runs after a chip is removed by the user (the composer refocuses its box). */
  constructor(private readonly afterChange: () => void) {
    this.render();
  }

  get mentions(): readonly MentionRef[] {
    return this.mentionList;
  }

  get images(): readonly SentImage[] {
    return this.imageList.map((i) => i.image);
  }

  get empty(): boolean {
    return this.mentionList.length === 0 && this.imageList.length === 0;
  }

  setCurrentFile(current: ComposerState['currentFile'] | undefined): void {
    const changed = current !== this.currentFile;
    this.currentFile = current;
    if (changed) this.render();
  }

  addMention(ref: MentionRef): void {
    if (!this.mentionList.some((m) => mentionLabel(m) === mentionLabel(ref))) this.mentionList.push(ref);
    saveState({ mentions: this.mentionList });
    this.render();
  }

  /** Reads image files; returns a message for each one refused. */
  async addImages(files: readonly File[]): Promise<string[]> {
    const problems: string[] = [];
    for (const file of files) {
      const problem = imageProblem(file);
      if (problem) {
        problems.push(problem);
        continue;
      }
      try {
        this.imageList.push(await readImage(file));
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
    this.render();
    return problems;
  }

  /** Images handed back by the host (Zero did not take them): chips again, ready to resend. */
  restoreImages(images: readonly SentImage[]): void {
    if (images.length === 0) return;
    for (const image of images) this.imageList.push({ image, url: `data:${image.mediaType};base64,${image.data}` });
    this.render();
  }

  clear(): void {
    this.mentionList = [];
    this.imageList = [];
    saveState({ mentions: [] });
    this.render();
  }

  private render(): void {
    const items: HTMLElement[] = [];
    const current = this.currentFile;
    if (current?.on && current.label) {
      items.push(
        chip(
          current.label,
          'Stop attaching the current file',
          () => post({ type: 'setCurrentFile', on: false }),
          'current-file',
          'Current file',
        ),
      );
    }
    this.mentionList.forEach((m, i) =>
      items.push(
        chip(mentionLabel(m), `Remove mention ${mentionLabel(m)}`, () => {
          this.mentionList.splice(i, 1);
          saveState({ mentions: this.mentionList });
          this.removed();
        }),
      ),
    );
    this.imageList.forEach((img, i) => {
      const li = chip(
        img.image.name,
        `Remove image ${img.image.name}`,
        () => {
          this.imageList.splice(i, 1);
          this.removed();
        },
        'image-chip',
      );
      li.prepend(h('img', { class: 'thumbnail', attrs: { src: img.url, alt: '' } }));
      items.push(li);
    });
    this.el.hidden = items.length === 0;
    this.el.replaceChildren(...items);
  }

  private removed(): void {
    this.render();
    this.afterChange();
  }
}

function chip(label: string, removeLabel: string, onRemove: () => void, extraClass = '', prefix = ''): HTMLLIElement {
  const remove = h('button', { class: 'icon-button', text: '×', title: removeLabel });
  remove.type = 'button';
  remove.setAttribute('aria-label', removeLabel);
  remove.addEventListener('click', onRemove);
  return h(
    'li',
    { class: `attachment ${extraClass}`.trim(), title: prefix ? `${prefix}: ${label}` : label },
    h('span', { class: 'attachment-label', text: label }),
    remove,
  );
}
