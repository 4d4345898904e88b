/**
 * What a session's own usage records add up to, call by call, without
 * counting a single token: the prompt sizes the agent was billed for. `replay`
 * prints these as `recorded`, and the archive's rows take them, so a folder
 * of large sessions is summed at the speed of reading it. Where a call records
 * no size, the caller decides whether to count (`recordedCurve`) or say so.
 */
import { sessionCalls } from './calls';
import type { RecordedCall, SessionHistory } from './history';

/** What one call records of its usage; null for a call that records nothing. */
export type CallSizes = Pick<RecordedCall, 'contextTokens' | 'cacheReadTokens' | 'cacheWriteTokens'> & {
  outputTokens?: number | null;
};

export interface RecordedUsage {
  /** Model calls, recorded or not (`sessionCalls`). */
  calls: number;
  /** Calls whose prompt size the file records. */
  recordedCalls: number;
  /** The largest recorded prompt, or null when no call records one. */
  peakContextTokens: number | null;
  /** Every recorded prompt summed (each call re-sends its context), or null unless every call records one. */
  inputTokensTotal: number | null;
  /** Summed over the calls that record them; null when none does. */
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
  outputTokens: number | null;
}

/** `values` summed, ignoring nulls; null when every value is null. */
function sumKnown(values: readonly (number | null)[]): number | null {
  let sum: number | null = null;
  for (const v of values) if (v !== null) sum = (sum ?? 0) + v;
  return sum;
}

/** The usage of `history`'s calls, from the file alone. */
export function recordedUsage(history: SessionHistory): RecordedUsage {
  return usageOf(sessionCalls(history).map((c) => c.recorded));
}

/** The same sums over calls given one by one, in order (`replay` has them as the recorded curve). */
export function usageOf(calls: readonly (CallSizes | null)[]): RecordedUsage {
  const sizes = calls.map((c) => c?.contextTokens ?? null);
  let peak: number | null = null;
  let recordedCalls = 0;
  for (const s of sizes) {
    if (s === null) continue;
    recordedCalls++;
    if (peak === null || s > peak) peak = s;
  }
  const usage: RecordedUsage = {
    calls: calls.length,
    recordedCalls,
    peakContextTokens: peak,
    inputTokensTotal: calls.length > 0 && recordedCalls === calls.length ? sumKnown(sizes) : null,
    cacheReadTokens: sumKnown(calls.map((c) => c?.cacheReadTokens ?? null)),
    cacheWriteTokens: sumKnown(calls.map((c) => c?.cacheWriteTokens ?? null)),
    outputTokens: sumKnown(calls.map((c) => c?.outputTokens ?? null)),
  };
  return usage;
}
