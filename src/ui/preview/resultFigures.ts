/** The figures the preview's result tabs show, derived from the run's result (and the loaded list, for the diff). */
import { MAX_SCALE, MIN_SCALE } from '../../core/settings';
import type { PreviewResult, PreviewRow } from '../../worker/protocol';

/** Tokens a clearing freed: before and after, over every message it cleared. */
export function clearedTokens(result: Pick<PreviewResult, 'cleared'>): { before: number; after: number } {
  let before = 0;
  let after = 0;
  for (const c of result.cleared) {
    before += c.tokensBefore;
    after += c.tokensAfter;
  }
  return { before, after };
}

/** The old list against the new one: what was removed, what was cleared, what stayed in place. */
export interface DiffFigures {
  /** Indexes of the loaded messages the new list no longer has. */
  removed: number[];
  removedTokens: number;
  /** The removed indexes drawn: the first 30 and the last 20 of a long run, -1 standing for the gap. */
  shown: number[];
  /** Rows carried over from the loaded list, the leading system prompt aside. */
  keptRows: PreviewRow[];
  clearedRows: PreviewRow[];
}

/** `suffix[i]` is the tokens from message `i` to the end, so message `i` holds `suffix[i] - suffix[i + 1]`. */
export function diffFigures(
  rows: readonly PreviewRow[],
  messageCount: number,
  suffix: ArrayLike<number>,
): DiffFigures {
  const kept = new Set(rows.map((r) => r.from).filter((f): f is number => f !== null));
  const removed: number[] = [];
  for (let i = 0; i < messageCount; i++) if (!kept.has(i)) removed.push(i);
  const removedTokens = removed.reduce((sum, i) => sum + (suffix[i] - suffix[i + 1]), 0);
  const shown = removed.length > 60 ? [...removed.slice(0, 30), -1, ...removed.slice(-20)] : removed;
  const keptRows = rows.filter((r) => r.from !== null && !(r.role === 'system' && r.from === 0));
  const clearedRows = rows.filter((r) => r.cleared);
  return { removed, removedTokens, shown, keptRows, clearedRows };
}

/** A request body as sent, indented when it is JSON. */
export function prettyBody(body: string | undefined): string {
  if (!body) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * How the provider's prompt count compares to our estimate, and the scale
 * that would have made them agree (rounded to hundredths, within the scale's
 * bounds); both null without a reported count or an estimate.
 */
export function calibration(
  promptTokens: number | undefined,
  estimatedPromptTokens: number,
  scale: number,
): { ratio: number | null; calibrated: number | null } {
  const ratio =
    promptTokens !== undefined && estimatedPromptTokens > 0 ? promptTokens / estimatedPromptTokens : null;
  const calibrated = ratio
    ? Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(scale * ratio * 100) / 100))
    : null;
  return { ratio, calibrated };
}
