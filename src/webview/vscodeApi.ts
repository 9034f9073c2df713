/** The VS Code webview API, typed: post messages to the host and keep state across reloads. */
import type { MentionRef, WebviewToHost } from '../messages/protocol';

/** What the webview keeps with `setState` (survives hide/show and reloads of the view). */
export interface PersistedState {
  readonly draft?: string;
  /** Chips picked in the composer, not sent yet. */
  readonly mentions?: readonly MentionRef[];
  /** The mode, model and effort pickers ('' = the setting, or the model's default effort). */
  readonly mode?: string;
  readonly model?: string;
  readonly effort?: string;
  /** The Provider picker ('' = Zero's config) and the Run options menu (absent = Zero's defaults). */
  readonly provider?: string;
  readonly maxTurns?: number;
  readonly selfCorrect?: boolean;
  readonly execProfile?: 'balanced' | 'fast' | 'thorough';
  /** The chat this view shows: an editor tab restored after a reload binds to it again (chatTabs.ts). */
  readonly chatId?: string;
}

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

// acquireVsCodeApi may be called only once per page.
const api: VsCodeApi = acquireVsCodeApi();

export function post(message: WebviewToHost): void {
  api.postMessage(message);
}

export function loadState(): PersistedState {
  const s = api.getState();
  return typeof s === 'object' && s !== null ? (s as PersistedState) : {};
}

export function saveState(patch: PersistedState): void {
  api.setState({ ...loadState(), ...patch });
}
