/**
 * The page's side of the worker: typed requests with progress, cancellation,
 * and a watchdog that replaces a worker which crashed or stopped answering,
 * so nothing a user loads can leave the page waiting forever.
 */
import type { ProviderConfig } from '../providers/config';
import type {
  EventOf,
  RequestEvents,
  WorkerFailure,
  Progress,
  Replies,
  WorkerInbound,
  WorkerOutbound,
  WorkerRequest,
} from './protocol';
import { ACTIVITY, BACKGROUND, PHASE_ACTIVITY, stoppedMessage, type StopCause } from './stopped';

/**
 * How long a ping may go unanswered before the worker is declared stuck.
 * The worker answers between tasks and posts progress at least every 50 ms
 * during long ones; the slowest step that cannot report (parsing one 200 MB
 * JSON document) takes a few seconds on the 2-core machine, so 15 s is never
 * reached by work that is going somewhere, even under load.
 */
export const WORKER_SILENCE_TIMEOUT_MS = 15_000;
/** How long a cancelled request gets to stop by itself before the worker is replaced. */
export const CANCEL_GRACE_MS = 1_000;
/** The worker is asked whether it is alive once it has been silent this long. */
const PING_AFTER_MS = 1_000;
/** How often the watchdog looks, while requests are in flight. */
const WATCH_EVERY_MS = 1_000;

type RequestType = WorkerRequest['type'];
type BodyOf<T extends RequestType> = Omit<Extract<WorkerRequest, { type: T }>, 'id' | 'type'>;

/**
 * Sent again to the fresh worker when a cancel had to replace the old one:
 * they only read, or replace the transcript. A preview is not, since it may
 * already have called a model.
 */
const RESENDABLE = new Set<RequestType>([
  'load',
  'retokenize',
  'detail',
  'tokens',
  'search',
  'fit',
  'export',
  'share',
  'address',
  'hash',
  'open-share',
]);

/**
 * Decides whether a request that calls a provider may leave the page: a
 * reason refuses it. Every call to a provider (preview, compare, judge,
 * count) is a worker request, so this is the one gate they all pass.
 */
export type ProviderGate = (config: ProviderConfig, type: RequestType) => string | null;

/** The provider a request would call, if it calls one. */
export function providerOf(message: { type: string } & Record<string, unknown>): ProviderConfig | null {
  if (message.type === 'judge' || message.type === 'count') return message.config as ProviderConfig;
  if (message.type === 'compact') {
    const summarizer = message.summarizer as { mode: string; config?: ProviderConfig } | undefined;
    return summarizer?.mode === 'provider' && summarizer.config ? summarizer.config : null;
  }
  return null;
}

/** A failed request, with what the worker said. */
export class WorkerRequestError extends Error {
  readonly failure: WorkerFailure;
  constructor(failure: WorkerFailure) {
    super(failure.message);
    this.name = 'WorkerRequestError';
    this.failure = failure;
  }
}

/** The part of `Worker` the client uses, so tests can hand it a fake. */
export interface WorkerLike {
  postMessage(message: WorkerInbound): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<WorkerOutbound>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
}

export interface WorkerClientOptions {
  createWorker?: () => WorkerLike;
  silenceTimeoutMs?: number;
  cancelGraceMs?: number;
  /** A monotonic clock in milliseconds. */
  now?: () => number;
}

/** How requests are made: the client itself, or, during recovery, straight past the queue. */
export interface WorkerRequester {
  request<T extends RequestType>(
    type: T,
    body: BodyOf<T>,
    onProgress?: (progress: Progress) => void,
    onEvent?: (event: EventOf<T>) => void,
  ): { id: number; result: Promise<Replies[T]> };
}

/**
 * Puts back what a replaced worker held (the loaded transcript) before any
 * other request reaches the new one.
 */
export type WorkerRecovery = (client: WorkerRequester) => Promise<void>;

interface Pending {
  message: WorkerRequest;
  /** False while it waits for a recovery to finish. */
  posted: boolean;
  phase?: Progress['phase'];
  resolve(value: unknown): void;
  reject(error: unknown): void;
  onProgress?: (progress: Progress) => void;
  onEvent?: (event: RequestEvents[keyof RequestEvents]) => void;
}

function createModuleWorker(): WorkerLike {
  return new Worker(new URL('./compaction.worker.ts', import.meta.url), { type: 'module' });
}

export class WorkerClient implements WorkerRequester {
  private worker: WorkerLike | null = null;
  private nextId = 1;
  /** In request order: the oldest posted request is the one a stuck worker is blamed on. */
  private readonly pending = new Map<number, Pending>();
  private recovery: WorkerRecovery | null = null;
  private gate: ProviderGate = () => null;
  /** Set while a recovery runs; requests made meanwhile wait for it. */
  private recovering: Promise<void> | null = null;
  private readonly cancelTimers = new Map<number, ReturnType<typeof setTimeout>>();
  private watchTimer: ReturnType<typeof setInterval> | null = null;
  private lastTick = 0;
  private lastHeard = 0;
  /** When the ping still unanswered was sent. */
  private pingSentAt: number | null = null;
  private readonly createWorker: () => WorkerLike;
  private readonly silenceTimeoutMs: number;
  private readonly cancelGraceMs: number;
  private readonly now: () => number;
  private readonly direct: WorkerRequester = {
    request: (type, body, onProgress, onEvent) => this.send(type, body, onProgress, onEvent, false),
  };

  constructor(options: WorkerClientOptions = {}) {
    this.createWorker = options.createWorker ?? createModuleWorker;
    this.silenceTimeoutMs = options.silenceTimeoutMs ?? WORKER_SILENCE_TIMEOUT_MS;
    this.cancelGraceMs = options.cancelGraceMs ?? CANCEL_GRACE_MS;
    this.now = options.now ?? (() => performance.now());
  }

  /** The page's rule for provider calls (see `ProviderGate`). */
  setProviderGate(gate: ProviderGate): void {
    this.gate = gate;
  }

  /** Runs after every restart, before the requests that wait for it. */
  setRecovery(recovery: WorkerRecovery | null): void {
    this.recovery = recovery;
  }

  /**
   * Starts the worker now, before any request: its script downloads and
   * compiles while the page renders, instead of after the first request.
   * A worker that cannot be made is left for that request to report.
   */
  start(): void {
    try {
      this.worker ??= this.spawn();
    } catch {
      // The first request tries again and says what failed.
    }
  }

  request<T extends RequestType>(
    type: T,
    body: BodyOf<T>,
    onProgress?: (progress: Progress) => void,
    onEvent?: (event: EventOf<T>) => void,
  ): { id: number; result: Promise<Replies[T]> } {
    return this.send(type, body, onProgress, onEvent, true);
  }

  /**
   * Asks the worker to stop a request. One that has not settled after the
   * grace period is stopped by replacing the worker: a synchronous loop never
   * reads the cancel message, and Cancel has to work whatever the worker is doing.
   */
  cancel(target: number): void {
    const entry = this.pending.get(target);
    if (!entry) return;
    if (!entry.posted) {
      this.pending.delete(target);
      entry.reject(new WorkerRequestError(cancelled()));
      return;
    }
    this.send('cancel', { target }, undefined, undefined, false).result.catch(() => {});
    if (this.cancelTimers.has(target)) return;
    const timer = setTimeout(() => {
      this.cancelTimers.delete(target);
      if (this.pending.get(target)?.posted) this.restart({ kind: 'cancelled', target });
    }, this.cancelGraceMs);
    this.cancelTimers.set(target, timer);
  }

  private send<T extends RequestType>(
    type: T,
    body: BodyOf<T>,
    onProgress: ((progress: Progress) => void) | undefined,
    onEvent: ((event: EventOf<T>) => void) | undefined,
    waitForRecovery: boolean,
  ): { id: number; result: Promise<Replies[T]> } {
    const id = this.nextId++;
    const message = { ...body, type, id } as unknown as WorkerRequest;
    const config = providerOf(message as unknown as { type: string } & Record<string, unknown>);
    const refusal = config ? this.gate(config, type) : null;
    if (refusal !== null) {
      return { id, result: Promise.reject(new WorkerRequestError({ kind: 'refused', message: refusal })) };
    }
    let entry!: Pending;
    const result = new Promise<Replies[T]>((resolve, reject) => {
      entry = {
        message,
        posted: false,
        resolve: resolve as (value: unknown) => void,
        reject,
        onProgress,
        // The worker sends each request only the events of its kind.
        onEvent: onEvent as Pending['onEvent'],
      };
    });
    this.pending.set(id, entry);
    if (!(waitForRecovery && this.recovering)) this.post(id, entry);
    return { id, result };
  }

  private post(id: number, entry: Pending): void {
    try {
      this.worker ??= this.spawn();
      this.worker.postMessage(entry.message);
    } catch (error) {
      this.pending.delete(id);
      entry.reject(
        new WorkerRequestError({
          kind: 'internal',
          message: `The request could not be sent to the background worker (${error instanceof Error ? error.message : String(error)}).`,
        }),
      );
      return;
    }
    entry.posted = true;
    this.watch();
  }

  private spawn(): WorkerLike {
    const worker = this.createWorker();
    worker.onmessage = (event) => {
      if (worker === this.worker) this.receive(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker === this.worker) this.restart({ kind: 'crashed', detail: event.message || 'it stopped' });
    };
    worker.onmessageerror = () => {
      if (worker === this.worker) this.restart({ kind: 'crashed', detail: 'a reply could not be read' });
    };
    return worker;
  }

  private receive(reply: WorkerOutbound): void {
    this.lastHeard = this.now();
    if (reply.type === 'pong') return;
    const entry = this.pending.get(reply.id);
    if (!entry) return;
    if (reply.type === 'progress') {
      entry.phase = reply.progress.phase;
      entry.onProgress?.(reply.progress);
      return;
    }
    if (reply.type === 'event') {
      entry.onEvent?.(reply.event);
      return;
    }
    this.settled(reply.id);
    if (reply.type === 'ok') entry.resolve(reply.value);
    else entry.reject(new WorkerRequestError(reply.error));
  }

  private settled(id: number): void {
    this.pending.delete(id);
    const timer = this.cancelTimers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.cancelTimers.delete(id);
  }

  /** Starts watching when the worker gets work; the idle time before does not count as silence. */
  private watch(): void {
    if (this.watchTimer !== null) return;
    this.lastHeard = this.lastTick = this.now();
    this.pingSentAt = null;
    this.watchTimer = setInterval(() => this.tick(), WATCH_EVERY_MS);
  }

  private unwatch(): void {
    if (this.watchTimer !== null) clearInterval(this.watchTimer);
    this.watchTimer = null;
  }

  private tick(): void {
    const now = this.now();
    // A tick this late means the page itself was frozen or its timers throttled:
    // a pong may be queued behind this very tick, so judge on the next one.
    const late = now - this.lastTick > WATCH_EVERY_MS * 3;
    this.lastTick = now;
    if (![...this.pending.values()].some((entry) => entry.posted)) {
      this.unwatch();
      return;
    }
    if (this.pingSentAt !== null && this.lastHeard >= this.pingSentAt) this.pingSentAt = null;
    if (late) return;
    if (this.pingSentAt !== null) {
      if (now - this.pingSentAt >= this.silenceTimeoutMs) this.restart({ kind: 'unresponsive' });
      return;
    }
    if (now - this.lastHeard >= PING_AFTER_MS && this.worker) {
      this.pingSentAt = now;
      this.worker.postMessage({ type: 'ping' });
    }
  }

  /**
   * What the worker was busy with: the cancelled request, else the oldest one
   * somebody waits for, else the oldest at all. The address bar's link is
   * written in the background: a load that stops behind it is what the page
   * must name, where the user is waiting for it.
   */
  private activity(cause: StopCause): string {
    const target = cause.kind === 'cancelled' ? this.pending.get(cause.target) : undefined;
    const posted = (target ? [target] : [...this.pending.values()]).filter(
      (entry) => entry.posted && entry.message.type !== 'cancel',
    );
    const entry = posted.find((e) => !BACKGROUND.has(e.message.type)) ?? posted[0];
    if (!entry) return 'idle';
    return entry.phase ? PHASE_ACTIVITY[entry.phase] : ACTIVITY[entry.message.type];
  }

  /**
   * Replaces the worker. Requests it had are failed with a `worker-stopped`
   * failure, except after a cancel: then the cancelled one ends as cancelled
   * and the others go to the new worker. The recovery runs first.
   */
  private restart(cause: StopCause): void {
    const activity = this.activity(cause);
    const old = this.worker;
    this.worker = null;
    if (old) {
      old.onmessage = old.onerror = old.onmessageerror = null;
      old.terminate();
    }
    this.unwatch();
    const failure: WorkerFailure = { kind: 'worker-stopped', message: stoppedMessage(cause, activity) };
    for (const [id, entry] of [...this.pending]) {
      if (!entry.posted) continue;
      if (cause.kind === 'cancelled' && id !== cause.target && RESENDABLE.has(entry.message.type)) {
        entry.posted = false;
        continue;
      }
      this.settled(id);
      const cancelledTarget = cause.kind === 'cancelled' && id === cause.target;
      entry.reject(new WorkerRequestError(cancelledTarget ? cancelled() : failure));
    }
    // A restart during recovery means the recovery's own request just failed:
    // its gate still releases the waiting requests, and no second recovery
    // starts, so a transcript that kills the worker cannot loop.
    if (this.recovering) return;
    const recovery = this.recovery;
    if (!recovery) {
      this.flush();
      return;
    }
    const gate = recovery(this.direct).catch(() => {});
    this.recovering = gate;
    void gate.then(() => {
      if (this.recovering !== gate) return;
      this.recovering = null;
      this.flush();
    });
  }

  /** Posts the requests that waited for a recovery, oldest first. */
  private flush(): void {
    for (const [id, entry] of [...this.pending]) if (!entry.posted) this.post(id, entry);
  }
}

function cancelled(): WorkerFailure {
  return { kind: 'cancelled', message: 'Cancelled' };
}

export const workerClient = new WorkerClient();
