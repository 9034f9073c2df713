/** The selections and Explorer files attached to the sidebar's next message (the composer's chips). */
import { mentionLabel, type MentionRef } from '../conversation/prompts/composerPrompt';
import type { Attachment } from '../messages/protocol';
import { newId } from './chatRegistry';

/** A selection (its fenced block) or a file or folder from the Explorer (a mention, sent as its path). */
type HeldAttachment = Attachment & { readonly block: string; readonly mention?: MentionRef };

export class ChatAttachments {
  private held: HeldAttachment[] = [];

  /** `changed`: the views must redraw the chips. `adding`: the sidebar leaves a transcript (chips belong to its chat). */
  constructor(
    private readonly changed: () => void,
    private readonly adding: () => void = () => {},
  ) {}

  /** The chips the composer shows. */
  get chips(): readonly Attachment[] {
    return this.held.map(({ id, label, languageId }) => ({ id, label, languageId }));
  }

  /** The labels of the attached selections (chips the sent message shows). */
  get labels(): readonly string[] {
    return this.held.map((a) => a.label);
  }

  get any(): boolean {
    return this.held.length > 0;
  }

  /** An editor selection (its fenced block), or a mention sent as its path. */
  add(label: string, languageId: string, block: string, mention?: MentionRef): void {
    this.adding();
    this.held = [
      ...this.held.filter((a) => a.label !== label),
      { id: newId('sel'), label, languageId, block, ...(mention ? { mention } : {}) },
    ];
    this.changed();
  }

  /** A workspace file or folder (Explorer "Add to Zero Chat"): sent as its path. */
  addPath(path: string, folder: boolean): void {
    const mention: MentionRef = folder
      ? { kind: 'folder', path: path.endsWith('/') ? path : `${path}/` }
      : { kind: 'file', path };
    this.add(mentionLabel(mention), '', '', mention);
  }

  remove(id: string): void {
    this.held = this.held.filter((a) => a.id !== id);
    this.changed();
  }

  /** Selection blocks and Explorer mentions, for the message being sent; the chips go away. */
  take(): { readonly blocks: readonly string[]; readonly mentions: readonly MentionRef[] } {
    const blocks = this.held.flatMap((a) => (a.mention ? [] : [a.block]));
    const mentions = this.held.flatMap((a) => (a.mention ? [a.mention] : []));
    if (this.held.length > 0) {
      this.held = [];
      this.changed();
    }
    return { blocks, mentions };
  }
}
