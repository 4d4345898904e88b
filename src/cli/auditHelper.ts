/**
 * A second thread for what the strategies would have done at each recorded
 * compaction of a long session: most of what `audit` costs. The thread reads
 * the same source under the same options as the command (so its session is
 * the same), and the two take compactions in turn from one shared counter
 * until none is left. A compaction the thread took but did not answer (it
 * failed, or the session it read differs) is worked out on the main thread:
 * the result never depends on the thread.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { SessionHistory, StrategyAtCompaction, StrategyComparison } from '../core';
import { startModuleWorker } from './threads';

/** Below this, a second thread's start costs more than it saves. */
export const SECOND_THREAD_BYTES = 4_000_000;

/** What the thread posts: one compaction's strategies, or that it has stopped (why, if it failed). */
export type HelperMessage =
  | { index: number; rows: StrategyAtCompaction[]; session: string }
  | { stopped: true; error?: string };

export interface HelperData {
  argv: string[];
  /** The next compaction to take, shared by both threads. */
  claims: Int32Array;
}

export interface StrategyHelper {
  /** The next compaction for the main thread to work out. */
  claim(): number;
  /**
   * The compactions the thread answered of the session `session` names
   * (`sessionKey`), once it has answered every one it took or has stopped.
   */
  finish(count: number, mine: ReadonlySet<number>, session: string): Promise<Map<number, StrategyAtCompaction[]>>;
  stop(): Promise<void>;
}

/** Names a session well enough to tell whether both threads read the same one. */
export function sessionKey(history: SessionHistory): string {
  const last = history.messages.at(-1);
  return [
    history.messages.length,
    history.compactions.map((c) => c.atMessage).join(','),
    last?.id ?? '',
    last?.content.length ?? 0,
  ].join(':');
}

/** Worth a second thread: a file (not a link or a bundle) of some size, and a second core. */
export function wantsSecondThread(
  positionals: readonly string[],
  values: { link?: unknown; bundle?: unknown },
): boolean {
  if (values.link !== undefined || values.bundle !== undefined || positionals.length !== 1) return false;
  if (availableParallelism() < 2) return false;
  try {
    const info = statSync(positionals[0]!);
    return info.isFile() && info.size >= SECOND_THREAD_BYTES;
  } catch {
    return false;
  }
}

export function startStrategyHelper(argv: readonly string[]): StrategyHelper {
  const claims = new Int32Array(new SharedArrayBuffer(4));
  const worker = startModuleWorker('auditWorker', { argv: [...argv], claims } satisfies HelperData);
  const answered = new Map<number, { rows: StrategyAtCompaction[]; session: string }>();
  let stopped = false;
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const check of waiting) check();
  };
  worker.on('message', (message: HelperMessage) => {
    if ('index' in message) answered.set(message.index, { rows: message.rows, session: message.session });
    else stopped = true;
    wake();
  });
  const halt = () => {
    stopped = true;
    wake();
  };
  worker.on('error', halt);
  worker.on('exit', halt);
  return {
    claim: () => Atomics.add(claims, 0, 1),
    finish(count, mine, session) {
      const owed = () => {
        for (let k = 0; k < count; k++) if (!mine.has(k) && !answered.has(k)) return true;
        return false;
      };
      return new Promise((resolve) => {
        const check = () => {
          if (stopped || !owed()) {
            waiting.delete(check);
            const same = [...answered].filter(([, a]) => a.session === session);
            resolve(new Map(same.map(([k, a]) => [k, a.rows])));
          }
        };
        waiting.add(check);
        check();
      });
    },
    async stop() {
      await worker.terminate();
    },
  };
}

/**
 * Every strategy at every compaction, the main thread and the helper taking
 * compactions in turn; without a helper, the main thread alone.
 */
export async function strategiesShared(
  comparison: StrategyComparison,
  history: SessionHistory,
  helper: StrategyHelper | null,
): Promise<StrategyAtCompaction[][]> {
  const count = history.compactions.length;
  const out: (StrategyAtCompaction[] | undefined)[] = new Array(count);
  const mine = new Set<number>();
  const claim = () => (helper ? helper.claim() : mine.size);
  for (let k = claim(); k < count; k = claim()) {
    mine.add(k);
    out[k] = await comparison.at(k);
  }
  const answered = helper
    ? await helper.finish(count, mine, sessionKey(history))
    : new Map<number, StrategyAtCompaction[]>();
  for (let k = 0; k < count; k++) out[k] ??= answered.get(k) ?? (await comparison.at(k));
  return out as StrategyAtCompaction[][];
}
