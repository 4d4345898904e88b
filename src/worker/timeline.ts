/**
 * The session over time, as the worker answers it: the recorded run and the
 * replay of every strategy under the page's settings, the context at any
 * call (which the page then shows in the strip and the list), and where that
 * context's tokens went. The history's shape is counted once per estimator.
 */
import { maxOf } from '../core/arrays';
import {
  type Breakdown,
  breakdownOf,
  type CountedSession,
  countSession,
  type Estimator,
  type Message,
  recordedContext,
  replay,
  type ReplayResult,
  resolveUnseen,
  type Settings,
  STRATEGIES,
} from '../core';
import { labUnseenOf } from '../core/harness/measured';
import type { ImportResult } from '../formats/types';
import { offlineReplaySummarizer } from '../providers';
import { LedgerComparisons, ledgerView } from './ledger';
import type { LedgerStrategies, LedgerView, TimelineData } from './protocol';

interface Counted extends CountedSession {
  estimator: Estimator;
  /** Made on the first timeline request: it depends on the load and the estimator, never on the settings. */
  ledger?: LedgerView | null;
}

const counted = new WeakMap<ImportResult, Counted>();

function countedOf(imported: ImportResult, estimator: Estimator): Counted {
  const held = counted.get(imported);
  if (held && held.estimator === estimator) return held;
  const made = { estimator, ...countSession(imported.messages, imported.history, estimator) };
  counted.set(imported, made);
  return made;
}

/**
 * Each strategy's replay is one task; the worker reads its messages between
 * them, so the page's watchdog hears it while a long session replays.
 */
const between = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function timelineData(
  imported: ImportResult,
  estimator: Estimator,
  settings: Settings,
  offlineSummary = false,
): Promise<TimelineData> {
  const held = countedOf(imported, estimator);
  const { history, shape, points, unrecorded } = held;
  if (held.ledger === undefined) held.ledger = ledgerView(imported, history, shape.counts, points);
  // Sent with every simulated call: the part the user typed, else the lab's measure of the file's agent
  // version, else the one the file's usage measured.
  const lab = labUnseenOf(imported);
  const base = resolveUnseen(unrecorded, settings.unseenTokens, lab);
  const baseTokens = base.tokens;
  const recorded = points.map((p) => p.recordedTokens);
  const some = recorded.filter((t): t is number => t !== null);
  const replays: ReplayResult[] = [];
  for (const strategy of STRATEGIES) {
    await between();
    const summarize = offlineSummary ? offlineReplaySummarizer(history.messages, estimator) : undefined;
    replays.push(
      replay(shape, { ...settings, strategy }, { baseTokens, ...(summarize ? { summarize } : {}) }),
    );
  }
  return {
    messages: history.messages.length,
    points,
    compactions: history.compactions.map((c) => ({
      atMessage: c.atMessage,
      trigger: c.trigger,
      tokensBefore: c.tokensBefore,
      tokensAfter: c.tokensAfter,
      // The first call after it: where the chart draws its marker.
      call: points.findIndex((p) => p.atMessage > c.atMessage),
    })),
    // The part in force: what the replays send with every call, typed, measured by the lab or from usage.
    unrecordedTokens: base.source === 'none' ? null : baseTokens,
    unrecordedSource: base.source,
    recordedPeak: maxOf(some) ?? null,
    recordedInput:
      some.length === recorded.length && some.length > 0 ? some.reduce((a, b) => a + b, 0) : null,
    replays,
    ledger: held.ledger,
  };
}

/** The messages sent before call `call`, as the file's own compactions left them. */
export function contextAt(imported: ImportResult, estimator: Estimator, call: number): Message[] {
  const { history, points } = countedOf(imported, estimator);
  const point = points[call];
  if (!point) throw new Error(`No call #${call}: the session has ${points.length} calls`);
  return recordedContext(history, point.atMessage).map((i) => history.messages[i]!);
}

export function breakdownAt(
  imported: ImportResult,
  estimator: Estimator,
  messages: readonly Message[],
  typedUnseen: number | null = null,
): Breakdown {
  const { unrecorded } = countedOf(imported, estimator);
  return breakdownOf(messages, estimator, {
    unrecorded: resolveUnseen(unrecorded, typedUnseen, labUnseenOf(imported)).tokens,
  });
}

const comparisons = new LedgerComparisons();

/** What every strategy would have left at recorded compaction `compaction`, under `settings`. */
export function ledgerStrategies(
  imported: ImportResult,
  estimator: Estimator,
  settings: Settings,
  compaction: number,
): Promise<LedgerStrategies> {
  const { history } = countedOf(imported, estimator);
  return comparisons.at(history, estimator, settings, compaction);
}
