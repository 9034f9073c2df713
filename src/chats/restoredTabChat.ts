/**
 * Which chat a chat tab that VS Code restores after a reload shows. Its webview's saved state names
 * the chat; when VS Code saved the tab before its webview said (a reload soon after opening it),
 * the first chat of the tabs' saved list not yet in a tab. Pure, so the choice is unit-tested.
 */
import { lazySchema, looseObject, minLength, string } from '../protocol/zod';

/** What a chat tab's webview keeps with setState (src/webview/vscodeApi.ts PersistedState): untrusted. */
const TabStateSchema = lazySchema(() => looseObject({ chatId: string().check(minLength(1)) }));

export type RestoredTabChat =
  | { readonly chatId: string; readonly from: 'its view state' | 'the saved tab list' }
  | { readonly chatId: null; readonly why: string };

export function restoredTabChat(
  state: unknown,
  savedTabs: readonly string[],
  inTabs: ReadonlySet<string>,
): RestoredTabChat {
  const parsed = TabStateSchema.safeParse(state);
  const chatId = parsed.success ? parsed.data.chatId : savedTabs.find((id) => !inTabs.has(id));
  if (chatId === undefined) return { chatId: null, why: 'it did not say which chat it showed' };
  if (inTabs.has(chatId)) return { chatId: null, why: 'its chat is open in another tab' };
  return { chatId, from: parsed.success ? 'its view state' : 'the saved tab list' };
}
