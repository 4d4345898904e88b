/**
 * The context the agent sent before each call, as the file's own
 * compactions left it: after a compaction, what it wrote and kept
 * (`contextAfter`), then every message that came after it.
 */
import type { RecordedCompaction, SessionHistory } from './history';
import type { SessionCall } from './calls';

/** The compaction in force before the message at `at`: the newest one that happened before it. */
function compactionBefore(compactions: readonly RecordedCompaction[], at: number): RecordedCompaction | null {
  let found: RecordedCompaction | null = null;
  for (const c of compactions) if (c.atMessage < at) found = c;
  return found;
}

/** Where the continuous part of the context starts after `c`. */
function continuesFrom(c: RecordedCompaction): number {
  let last = c.atMessage;
  for (const i of c.contextAfter) last = Math.max(last, i);
  return last + 1;
}

/** Indices into the history's messages of the context sent before the message at `at`, in order. */
export function recordedContext(history: SessionHistory, at: number): number[] {
  const c = compactionBefore(history.compactions, at);
  if (!c) return Array.from({ length: at }, (_, i) => i);
  const from = continuesFrom(c);
  const out = c.contextAfter.filter((i) => i < at);
  for (let i = from; i < at; i++) out.push(i);
  return out;
}

export interface RecordedPoint {
  call: number;
  atMessage: number;
  /** The prompt size the file records, cached parts included; null without usage. */
  recordedTokens: number | null;
  /** Our estimate of the same context. */
  estimatedTokens: number;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
}

/**
 * The recorded run, call by call. Estimates come from prefix sums of the
 * per-message counts, so a session of any length is one pass.
 */
export function recordedCurve(
  history: SessionHistory,
  calls: readonly SessionCall[],
  counts: ArrayLike<number>,
  listTail: number,
): RecordedPoint[] {
  const prefix = new Float64Array(counts.length + 1);
  for (let i = 0; i < counts.length; i++) prefix[i + 1] = prefix[i] + counts[i];
  return calls.map((call, k) => {
    const at = call.atMessage;
    const c = compactionBefore(history.compactions, at);
    let tokens: number;
    if (!c) tokens = prefix[at];
    else {
      const from = Math.min(continuesFrom(c), at);
      tokens = prefix[at] - prefix[from];
      for (const i of c.contextAfter) if (i < at) tokens += counts[i];
    }
    const r = call.recorded;
    return {
      call: k,
      atMessage: at,
      recordedTokens: r?.contextTokens ?? null,
      estimatedTokens: tokens + listTail,
      cacheReadTokens: r?.cacheReadTokens ?? null,
      cacheWriteTokens: r?.cacheWriteTokens ?? null,
    };
  });
}

/**
 * The newest call that records its prompt's size: the one the agent's own
 * gauges (Claude Code's status line, Codex's "context left") read. A call
 * that records 0 is left out: it recorded no usage at all (a file that ends
 * on an aborted call writes an empty usage).
 */
export function lastRecordedPoint(points: readonly RecordedPoint[]): RecordedPoint | null {
  for (let k = points.length - 1; k >= 0; k--) {
    const p = points[k]!;
    if (p.recordedTokens !== null && p.recordedTokens > 0) return p;
  }
  return null;
}

/**
 * What the newest recorded call sent that the file's messages do not
 * explain: its recorded prompt (input + cache read + cache creation) less
 * our count of the context the file shows for it, never below 0; null when
 * no call records its size. It holds the system prompt and tools an agent
 * does not write down, and also whatever else the file misses (messages it
 * dropped, a sub-agent's turns, a tokenizer that counts differently): an
 * inference, not a measure of the system prompt. The newest call and not
 * the smallest gap, so that the context the page and `inspect` show is the
 * one the agent last sent, as `statusline` shows it.
 */
export function unrecordedTokens(points: readonly RecordedPoint[]): number | null {
  const last = lastRecordedPoint(points);
  return last === null ? null : Math.max(0, last.recordedTokens! - last.estimatedTokens);
}

/**
 * Where the message at `index` sits in the context sent before the message
 * at `at` (`recordedContext(history, at)`), or null when that context does
 * not hold it; without building the context.
 */
export function positionInContext(history: SessionHistory, at: number, index: number): number | null {
  if (index >= at) return null;
  const c = compactionBefore(history.compactions, at);
  if (!c) return index;
  let carried = 0;
  for (const i of c.contextAfter) {
    if (i >= at) continue;
    if (i === index) return carried;
    carried++;
  }
  const from = continuesFrom(c);
  return index >= from ? carried + (index - from) : null;
}
