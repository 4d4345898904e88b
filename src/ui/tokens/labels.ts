/**
 * The words the token strip shows or announces: another strategy's marker
 * label, the hover line, the toolbar's range note, and what a screen reader
 * hears for the cut line and for the strip as a whole. Plain functions of
 * numbers, so the wording lives in one place and is checked without rendering;
 * numbers go through the page's one formatter, so the strip and the rest of
 * the page print a count the same way.
 */
import type { Role } from '../../core/message';
import { fmt, plural } from '../format';
import type { CutStop, KeepCap } from './stops';
import type { View } from './view';
import { isFullView } from './view';

/** The label of another strategy's cut. */
export function markerLabel(strategy: string, tokensAfter: number, nothingToCompact: boolean): string {
  return nothingToCompact ? `${strategy} · nothing to compact` : `${strategy} · ${fmt(tokensAfter)} after`;
}

/** The hover line: index, role, tokens and the first line, as plain text. */
export function tooltipText(
  i: number,
  role: Role,
  isSummary: boolean,
  tokens: number,
  preview: string,
): string {
  const who = isSummary ? `${role} (summary)` : role;
  const line = preview.length > 160 ? `${preview.slice(0, 159)}…` : preview;
  return `#${i} · ${who} · ${plural(tokens, 'token')}${line ? ` · ${line}` : ''}`;
}

/** The toolbar's note: the zoomed range, if any, and the tallest bar in view. */
export function rangeText(view: View, n: number, tallest: number): string {
  return [
    isFullView(view, n) ? '' : `#${view.from}–#${Math.min(view.to, n) - 1} of ${fmt(n)}`,
    tallest > 0 ? `tallest ${plural(tallest, 'token')}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The cut line's aria value: the first kept message (`cut` within [0, n]) and
 * the tokens from there on; a cut at or before `start` compacts nothing.
 */
export function cutValueText(cut: number, start: number, roles: readonly Role[], kept: number): string {
  if (cut >= roles.length) return 'after the last message, nothing kept';
  if (cut <= start) return `nothing compacted: all ${plural(kept, 'token')} from #${start} kept`;
  return `first kept #${cut} (${roles[cut]}), ${plural(kept, 'token')} kept`;
}

/**
 * The keep-recent handle's aria value: the budget; a budget above `max`, the
 * whole conversation compaction may touch, says that it keeps all of it.
 */
export function keepValueText(
  keep: number,
  max: number,
  cappedBySettings: boolean,
  /** The strategy whose cut no budget moves, if the chosen one is such. */
  ignoredBy?: string,
): string {
  if (ignoredBy) return `budget ${plural(keep, 'token')}; the ${ignoredBy} strategy does not cut by it`;
  return !cappedBySettings && keep > max
    ? `budget ${plural(keep, 'token')}, more than the ${fmt(max)} there are: all kept`
    : `budget ${plural(keep, 'token')}`;
}

/**
 * The tab on the keep-recent handle. When no budget moves the cut, a preset
 * ignores the budget (it cuts by its own rule), but a cut rule does not: it
 * has no place to cut (one message, or one with its tool results), whatever
 * the budget.
 */
export function keepTabText(keep: number, budgetMoves: boolean, strategy: string, cutRule: boolean): string {
  if (budgetMoves) return `budget ${fmt(keep)}`;
  return cutRule ? `budget ${fmt(keep)} · no place to cut` : `budget ${fmt(keep)} · ignored by ${strategy}`;
}

/** The tab on the cut line; "would cut" while the chosen strategy does not fire. */
export function cutTabText(cut: number, start: number, n: number, fires: boolean): string {
  if (cut <= start) return 'no cut';
  const verb = fires ? 'cut' : 'would cut';
  return cut >= n ? `${verb}: end` : `${verb} #${cut}`;
}

/**
 * The legend's words for the cut line, in step with its tab: a line with
 * nothing before it to compact is no cut, and a cut at the end keeps no
 * message, so neither may be called "the first kept message".
 */
export function cutLegendText(cut: number, start: number, n: number, fires: boolean): string {
  if (cut <= start) return 'no cut: nothing before the line to compact, every message kept';
  if (cut >= n)
    return fires
      ? 'cut at the end: every message before it summarized, none kept verbatim'
      : 'where it would cut, at the end: every message before it would be summarized';
  return fires ? 'cut: the first kept message' : 'where it would cut: the first message it would keep';
}

/** The keep-recent handle's own tooltip. */
export function keepHoverText(keep: number): string {
  return `keep-recent budget ${plural(keep, 'token')} · drag to change`;
}

/** The cut line's own tooltip; a cut at or before the start compacts nothing. */
export function cutHoverText(cut: number, start: number, roles: readonly Role[], kept: number): string {
  const where =
    cut <= start
      ? `no cut: all ${plural(kept, 'token')} from #${start} kept`
      : cut >= roles.length
        ? 'cut after the last message'
        : `cut before #${cut} (${roles[cut]}) · ${plural(kept, 'token')} kept`;
  return `${where} · drag to move`;
}

/** The strip for a screen reader: its size and where it is cut. */
export function stripSummary(n: number, total: number, cut: number, kept: number): string {
  return (
    `${plural(n, 'message')}, ${plural(total, 'token')}; ` +
    (cut >= n ? 'cut after the last message' : `cut before #${cut}, ${plural(kept, 'token')} kept`)
  );
}

/** Why the keep-recent budget stops where it does: the ceiling that held it. */
export function keepStopText(cap: KeepCap): string {
  return cap.by === 'settings'
    ? `capped at ${fmt(cap.max)}: ${cap.reason}`
    : `capped at ${plural(cap.max, 'token')}: everything from #${cap.start} on is kept`;
}

/** What stays before the first cut the strip offers, for the note that the cut cannot go there. */
function beforeStart(start: number, roles: readonly Role[], isSummary: readonly boolean[]): string {
  if (start > 0 && isSummary[start - 1]) return 'the previous summary before it stays';
  if (start > 0 && roles[start - 1] === 'system') return 'the system prompt before it stays';
  return 'compaction starts there';
}

/** Why the cut line is not where the user put it, in the words the pointer's note shows. */
export function cutStopText(
  stop: CutStop,
  roles: readonly Role[],
  isSummary: readonly boolean[],
  strategy: string,
): string {
  switch (stop.kind) {
    case 'start':
      return `the cut cannot go before #${stop.start}: ${beforeStart(stop.start, roles, isSummary)}`;
    case 'tool-result':
      return `#${stop.at} is a tool result: it stays with the call that made it`;
    case 'cap':
      return `${keepStopText(stop.cap)}; the cut goes no further left than #${stop.cut}`;
    case 'turn':
      return `the ${strategy} strategy keeps whole turns: the cut moves back to #${stop.cut}, where this turn begins`;
    case 'newest':
      return roles[stop.cut] === 'user'
        ? `the ${strategy} strategy always keeps the newest turn: the cut stays before #${stop.cut}`
        : `the ${strategy} strategy always keeps the newest message: the cut stays before #${stop.cut}`;
    case 'strategy':
      return stop.nothing
        ? `the ${strategy} strategy compacts nothing for this budget`
        : `the ${strategy} strategy cuts before #${stop.cut} for this budget`;
  }
}
