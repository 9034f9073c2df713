/** Editor selections that go with the next message, as removable chips above the message box. */
import type { Attachment } from '../../messages/protocol';
import { h } from '../dom';
import { post } from '../vscodeApi';

export class AttachmentsView {
  readonly el = h('ul', { class: 'attachments', attrs: { 'aria-label': 'Attached selections' } });
  private shown: readonly Attachment[] | null = null;

  update(attachments: readonly Attachment[]): void {
    if (attachments === this.shown) return;
    this.shown = attachments;
    this.el.hidden = attachments.length === 0;
    this.el.replaceChildren(
      ...attachments.map((a) => {
        const remove = h('button', { class: 'icon-button', text: '×', title: 'Remove from the next message' });
        remove.type = 'button';
        remove.setAttribute('aria-label', `Remove attachment ${a.label}`);
        remove.addEventListener('click', () => post({ type: 'removeAttachment', id: a.id }));
        return h(
          'li',
          { class: 'attachment', title: a.languageId ? `${a.label} (${a.languageId})` : a.label },
          h('span', { class: 'attachment-label', text: a.label }),
          remove,
        );
      }),
    );
  }
}
