/** One rendered transcript item; `update` is called only when the item object changed. */
import type { TurnItem } from '../../conversation/model';

export interface ItemView<I extends TurnItem = TurnItem> {
  readonly el: HTMLElement;
  readonly kind: I['kind'];
  update(item: I): void;
}
