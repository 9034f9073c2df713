/**
 * A small stand-in for the `vscode` module, so host/ code runs in plain-Node mocha
 * (registered by ./register.ts). Only what the unit-tested host modules use; each piece behaves
 * like VS Code's where a test could tell the difference (listener errors are caught, not thrown).
 * Tests set configuration and read recorded messages through `shim`.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

export class Disposable {
  constructor(private readonly fn: () => void) {}
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((d) => d.dispose()));
  }
  dispose(): void {
    this.fn();
  }
}

export type Event<T> = (listener: (e: T) => unknown, thisArgs?: unknown, disposables?: Disposable[]) => Disposable;

/** Like VS Code's: a throwing listener is reported and the others still run. */
export class EventEmitter<T> {
  private listeners: ((e: T) => unknown)[] = [];
  readonly event: Event<T> = (listener, thisArgs, disposables) => {
    const bound = thisArgs ? listener.bind(thisArgs) : listener;
    this.listeners.push(bound);
    const d = new Disposable(() => (this.listeners = this.listeners.filter((l) => l !== bound)));
    disposables?.push(d);
    return d;
  };
  fire(e: T): void {
    for (const l of [...this.listeners]) {
      try {
        l(e);
      } catch (err) {
        shim.listenerErrors.push(err);
      }
    }
  }
  dispose(): void {
    this.listeners = [];
  }
}

export class Uri {
  private constructor(
    readonly scheme: string,
    readonly path: string,
  ) {}
  static file(p: string): Uri {
    return new Uri('file', p);
  }
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    return `${this.scheme}://${this.path}`;
  }
}

export enum ConfigurationTarget {
  Global = 1,
  Workspace = 2,
  WorkspaceFolder = 3,
}

export enum StatusBarAlignment {
  Left = 1,
  Right = 2,
}

export class ThemeColor {
  constructor(readonly id: string) {}
}

interface Layers {
  defaultValue?: unknown;
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/** What tests set and read. */
export const shim = {
  /** `section.key` → the values per settings layer. */
  config: new Map<string, Layers>(),
  /** Every `window.show*Message` call, as `kind: text`. */
  messages: [] as string[],
  /** Errors thrown by event listeners (VS Code logs them and carries on). */
  listenerErrors: [] as unknown[],
  reset(): void {
    this.config.clear();
    this.messages.length = 0;
    this.listenerErrors.length = 0;
    workspace.isTrusted = true;
    window.state.focused = true;
    workspace.workspaceFolders = undefined;
    workspace.workspaceFile = undefined;
  },
};

function configuration(section: string) {
  const layers = (key: string): Layers | undefined => shim.config.get(`${section}.${key}`);
  return {
    get<T>(key: string, fallback?: T): T | undefined {
      const l = layers(key);
      const v = l?.workspaceFolderValue ?? l?.workspaceValue ?? l?.globalValue ?? l?.defaultValue;
      return (v ?? fallback) as T | undefined;
    },
    inspect<T>(key: string): (Layers & { key: string }) | undefined {
      const l = layers(key);
      return l ? ({ key: `${section}.${key}`, ...l } as Layers & { key: string } & T) : undefined;
    },
    has(key: string): boolean {
      return shim.config.has(`${section}.${key}`);
    },
    async update(
      key: string,
      value: unknown,
      target: ConfigurationTarget = ConfigurationTarget.Workspace,
    ): Promise<void> {
      const l = { ...shim.config.get(`${section}.${key}`) };
      if (target === ConfigurationTarget.Global) l.globalValue = value;
      else if (target === ConfigurationTarget.Workspace) l.workspaceValue = value;
      else l.workspaceFolderValue = value;
      shim.config.set(`${section}.${key}`, l);
    },
  };
}

export const workspace = {
  isTrusted: true,
  workspaceFolders: undefined as { uri: Uri; name: string; index: number }[] | undefined,
  workspaceFile: undefined as Uri | undefined,
  getConfiguration: configuration,
};

const say =
  (kind: string) =>
  async (text: string, ..._rest: unknown[]): Promise<undefined> => {
    shim.messages.push(`${kind}: ${text}`);
    return undefined;
  };

export const window = {
  /** `window.state.focused`: tests set it to play a window in the background. */
  state: { focused: true },
  showInformationMessage: say('info'),
  showWarningMessage: say('warning'),
  showErrorMessage: say('error'),
};

/** The log channel's shape (`vscode.LogOutputChannel`), recording lines for assertions. */
export class RecordingLog {
  readonly lines: string[] = [];
  info = (m: string): void => void this.lines.push(`info: ${m}`);
  warn = (m: string): void => void this.lines.push(`warn: ${m}`);
  error = (m: string): void => void this.lines.push(`error: ${m}`);
  debug = (m: string): void => void this.lines.push(`debug: ${m}`);
  trace = (m: string): void => void this.lines.push(`trace: ${m}`);
  append = (m: string): void => void this.lines.push(`append: ${m}`);
  appendLine = (m: string): void => void this.lines.push(`append: ${m}`);
  show = (): void => undefined;
  dispose = (): void => undefined;
}

export type LogOutputChannel = any;
