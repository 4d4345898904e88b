/**
 * The timeline's two tables as rows of text: every strategy's replay beside
 * the recorded run, and where the tokens went by category. The components
 * only lay them out, so each cell is checked here.
 */
import type { Breakdown, CategoryKind } from '../../core/session/breakdown';
import type { ReplayNoCompaction } from '../../core/session/replay';
import type { TimelineData } from '../../worker/protocol';
import { fmt, plural } from '../format';
import { STRATEGY_LABELS } from '../labels';

/** The theme colours the timeline draws with (`useThemeColors`). */
export const TIMELINE_COLORS = [
  'accent',
  'muted',
  'cut-line',
  'border',
  'fg',
  'role-user',
  'role-assistant',
  'role-tool',
  'role-system',
  'role-summary',
] as const;
export type TimelineColor = (typeof TIMELINE_COLORS)[number];

const orDash = (value: number | null) => (value === null ? '–' : fmt(value));

/** One row of the replay table, each cell as shown. */
export interface ReplayRow {
  /** `recorded`, or the strategy. */
  id: string;
  name: string;
  /** The strategy's full name, shown on hover. */
  title: string | undefined;
  chosen: boolean;
  threshold: string;
  compactions: string;
  /** Why it made none although its threshold was reached: a few words, and the sentence on hover. */
  why: { short: string; text: string } | null;
  peak: string;
  input: string;
  summarizedAgain: string;
  overflow: string;
  overflows: boolean;
}

/** The few words the compactions cell shows for each reason there are none. */
const WHY_SHORT: Record<ReplayNoCompaction['reason'], string> = {
  off: 'compaction off',
  'summary-not-shorter': 'no cut shortens it',
  'clears-only': 'clears only',
  'nothing-to-compact': 'nothing to compact',
  declined: 'its rule declines',
};

/** The recorded run first, then each strategy's replay, the chosen one marked. */
export function replayRows(data: TimelineData, chosen: string): ReplayRow[] {
  const recorded: ReplayRow = {
    id: 'recorded',
    name: 'recorded',
    title: undefined,
    chosen: false,
    threshold: '–',
    compactions: String(data.compactions.length),
    why: null,
    peak: orDash(data.recordedPeak),
    input: orDash(data.recordedInput),
    summarizedAgain: '–',
    overflow: '–',
    overflows: false,
  };
  return [
    recorded,
    ...data.replays.map((r) => ({
      id: r.strategy,
      name: r.strategy === chosen ? `${r.strategy} (chosen)` : r.strategy,
      title: STRATEGY_LABELS[r.strategy],
      chosen: r.strategy === chosen,
      threshold: r.threshold > 0 ? fmt(r.threshold) : '–',
      compactions:
        `${fmt(r.compactions.length)}` + (r.clearings > 0 ? ` + ${plural(r.clearings, 'clearing')}` : ''),
      why: r.noCompaction ? { short: WHY_SHORT[r.noCompaction.reason], text: r.noCompaction.text } : null,
      peak: fmt(r.peakContextTokens),
      input: fmt(r.inputTokensTotal),
      summarizedAgain: fmt(r.summarizedAgainTokens),
      overflow: r.overflow ? plural(r.overflowCalls, 'call') : 'none',
      overflows: r.overflow,
    })),
  ];
}

const CATEGORY_COLORS: Record<CategoryKind, TimelineColor> = {
  unrecorded: 'border',
  system: 'role-system',
  'tool-definitions': 'role-system',
  summary: 'role-summary',
  user: 'role-user',
  assistant: 'role-assistant',
  reasoning: 'muted',
  'tool-calls': 'fg',
  'tool-result': 'role-tool',
};

/** One category of the breakdown: its cells, and how its part of the bar is drawn. */
export interface BreakdownRow {
  kind: CategoryKind;
  label: string;
  tokens: string;
  /** Of the whole, to a tenth: `12.5%`. */
  share: string;
  messages: string;
  color: TimelineColor;
  /** Tool results fade one after another so neighbours stay apart. */
  opacity: number;
}

export function breakdownRows(breakdown: Breakdown): BreakdownRow[] {
  const grand = breakdown.total || 1;
  return breakdown.categories.map((cat, i) => ({
    kind: cat.kind,
    label: cat.label,
    tokens: fmt(cat.tokens),
    share: `${((100 * cat.tokens) / grand).toFixed(1)}%`,
    messages: cat.messages ? String(cat.messages) : '–',
    color: CATEGORY_COLORS[cat.kind] ?? 'muted',
    opacity: cat.kind === 'tool-result' ? Math.max(0.35, 1 - 0.12 * i) : 1,
  }));
}

/** The breakdown's caption: `Where the tokens went before call 5`, or in the context now. */
export function breakdownCaption(pinned: number | undefined): string {
  return `Where the tokens went ${pinned === undefined ? 'in the context now' : `before call ${fmt(pinned + 1)}`}`;
}
