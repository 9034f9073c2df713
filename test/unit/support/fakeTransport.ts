/**
 * A transport the test drives by hand: each started turn is a `FakeTurn` whose output and end the
 * test decides. Used to test the controller and the approval service without processes.
 */
import type { ChatAction } from '../../../src/conversation/actions';
import type {
  ApprovalAnswer,
  Transport,
  TransportCapabilities,
  TurnEnd,
  TurnHandle,
  TurnListener,
  TurnRequest,
} from '../../../src/conversation/transport';
import { zeroEvent } from '../../support/builders';

export class FakeTurn implements TurnHandle {
  readonly ended: Promise<TurnEnd>;
  readonly answers: { key: string; answer: ApprovalAnswer }[] = [];
  stopCalls = 0;
  disposed = false;
  private resolve!: (end: TurnEnd) => void;
  private done = false;

  constructor(
    readonly request: TurnRequest,
    private readonly listener: TurnListener,
  ) {
    this.ended = new Promise((r) => (this.resolve = r));
  }

  emit(...actions: ChatAction[]): void {
    if (!this.disposed) this.listener.actions(actions);
  }

  /** Zero's run_end plus the process exit, as exec reports a normal end. */
  succeed(text = 'Done.'): void {
    this.emit(zeroEvent({ type: 'final', text }), zeroEvent({ type: 'run_end', status: 'success', exitCode: 0 }));
    this.end({ code: 0 });
  }

  end(opts: { code?: number | null; explanation?: string | null; stopped?: boolean; notStarted?: boolean } = {}): void {
    if (this.done) return;
    this.done = true;
    this.resolve({
      action: {
        type: 'process_exited',
        code: opts.code ?? null,
        signal: null,
        spawnFailed: opts.notStarted ?? false,
        explanation: opts.explanation ?? null,
        stderrTail: null,
        at: Date.now(),
      },
      stopped: opts.stopped ?? false,
      notStarted: opts.notStarted ?? false,
      binaryProblem: null,
    });
  }

  async stop(): Promise<void> {
    this.stopCalls++;
    this.emit(zeroEvent({ type: 'run_end', status: 'interrupted', exitCode: 130 }));
    this.end({ code: 130, explanation: 'Stopped.', stopped: true });
    await this.ended;
  }

  answerApproval(key: string, answer: ApprovalAnswer): void {
    this.answers.push({ key, answer });
  }

  dispose(): void {
    this.disposed = true;
    this.end({ code: null, stopped: true });
  }
}

export class FakeTransport implements Transport {
  readonly turns: FakeTurn[] = [];
  disposed = false;
  /** Set to make the next startTurn throw (a transport bug). */
  throwOnStart: Error | null = null;

  /** `id`: 'acp' or 'exec' where the host tells the transports apart. */
  constructor(
    readonly capabilities: TransportCapabilities = { approvalsBlock: false, usage: true, checkpoints: true },
    readonly id: string = 'fake',
  ) {}

  startTurn(request: TurnRequest, listener: TurnListener): TurnHandle {
    if (this.throwOnStart) {
      const err = this.throwOnStart;
      this.throwOnStart = null;
      throw err;
    }
    const turn = new FakeTurn(request, listener);
    this.turns.push(turn);
    return turn;
  }

  get last(): FakeTurn {
    const t = this.turns.at(-1);
    if (!t) throw new Error('no turn was started');
    return t;
  }

  dispose(): void {
    this.disposed = true;
  }
}
