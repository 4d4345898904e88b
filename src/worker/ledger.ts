/**
 * The ledger of the session's recorded compactions, as the page reads it:
 * computed once per load and estimator, priced for the session's model, and
 * each fact and re-read given the call to pin and the row to select so the
 * page can lead to the message it came from. See docs/ledger.md.
 */
import {
  billLine,
  billTotalLine,
  compactionLedger,
  compactionParts,
  compareStrategies,
  type CompactionParts,
  type Estimator,
  LEDGER_KINDS,
  ledgerDocument,
  positionInContext,
  survivalLine,
  type LedgerFact,
  type RecordedPoint,
  type SessionHistory,
  type SettingsInput,
  type StrategyComparison,
  type Summarizer,
} from '../core';
import type { ImportResult } from '../formats/types';
import { createOfflineSummarizer, ledgerPrice } from '../providers';
import type { LedgerStrategies, LedgerTarget, LedgerView } from './protocol';

/** The first call whose context holds message `index`: pin it, then select the row. */
function targetOf(
  history: SessionHistory,
  points: readonly RecordedPoint[],
  index: number,
): LedgerTarget | null {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.atMessage > index) hi = mid;
    else lo = mid + 1;
  }
  const point = points[lo];
  if (!point) return null;
  const row = positionInContext(history, point.atMessage, index);
  return row === null ? null : { call: lo, row };
}

/** The call that produced message `index`: where the chart marks it. */
function callOf(points: readonly RecordedPoint[], index: number): number {
  let found = -1;
  for (let k = 0; k < points.length && points[k]!.atMessage <= index; k++) found = k;
  return found;
}

export function ledgerView(
  imported: ImportResult,
  history: SessionHistory,
  counts: ArrayLike<number>,
  points: readonly RecordedPoint[],
): LedgerView | null {
  if (history.compactions.length === 0) return null;
  const ledger = compactionLedger(history, counts, {
    price: ledgerPrice(imported.usage?.model),
    priceOf: ledgerPrice,
  });
  // The same projection `audit --json` prints; the page adds where to show each fact and re-read.
  const document = ledgerDocument(ledger, [], (f: LedgerFact) => ({
    ...f,
    target: targetOf(history, points, f.atMessage),
  }));
  return {
    compactions: document.compactions.map(({ facts, rereads, strategies: _, ...entry }) => ({
      ...entry,
      facts: LEDGER_KINDS.map((kind) => ({ kind, ...facts[kind] })),
      rereads: rereads.map((r) => ({
        ...r,
        call: callOf(points, r.atMessage),
        target: targetOf(history, points, r.atMessage),
      })),
      billLine: billLine(entry.index, entry.atMessage, entry.bill),
    })),
    survivalLine: survivalLine(document.survival, document.compactions.length),
    loops: document.loops,
    billTotalLine: billTotalLine(document.bill),
  };
}

/**
 * The summarizer, letting the worker read its messages before each summary:
 * a long session's comparison is many summaries, and the page's pings and
 * other requests are answered between them.
 */
function yielding(summarizer: Summarizer): Summarizer {
  return {
    label: summarizer.label,
    async *stream(request) {
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      yield* summarizer.stream(request);
    },
  };
}

/**
 * What every strategy would have left at one recorded compaction, as
 * `audit --json` reports it (`strategies` of that compaction): the same
 * context, the offline summarizer, the page's settings. One comparison is
 * kept per history and settings, so what the strategies share (compactors,
 * facts, summaries) is made once however many panels are opened.
 */
export class LedgerComparisons {
  private held: {
    history: SessionHistory;
    key: string;
    found: CompactionParts;
    comparison: StrategyComparison;
  } | null = null;

  async at(
    history: SessionHistory,
    estimator: Estimator,
    settings: SettingsInput,
    compaction: number,
  ): Promise<LedgerStrategies> {
    if (!history.compactions[compaction])
      throw new Error(`No compaction #${compaction + 1}: the session records ${history.compactions.length}`);
    const key = JSON.stringify(settings);
    if (!this.held || this.held.history !== history || this.held.key !== key) {
      const found = compactionParts(history);
      const comparison = compareStrategies(
        history,
        settings,
        yielding(createOfflineSummarizer({ paced: false })),
        estimator,
        found,
      );
      this.held = { history, key, found, comparison };
    }
    const { found, comparison } = this.held;
    return {
      compaction,
      contextMessages: found.parts(compaction).before.length,
      strategies: await comparison.at(compaction),
    };
  }
}
