/**
 * The words the token strip shows or announces: another strategy's marker
 * label, the hover line, the toolbar's range note, and what a screen reader
 * hears for the cut line and for the strip as a whole. Plain functions of
 * numbers, so the wording lives in one place and is checked without rendering;
 * numbers go through the page's one formatter, so the strip and the rest of
 * the page print a count the same way.
 */
import type { Role } from '../../core/message';
import { fmt } from '../format';
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
  return `#${i} · ${who} · ${fmt(tokens)} tokens${line ? ` · ${line}` : ''}`;
}

/** The toolbar's note: the zoomed range, if any, and the tallest bar in view. */
export function rangeText(view: View, n: number, tallest: number): string {
  return [
    isFullView(view, n) ? '' : `#${view.from}–#${Math.min(view.to, n) - 1} of ${fmt(n)}`,
    tallest > 0 ? `tallest ${fmt(tallest)} tokens` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The cut line's aria value: where it sits (`cut` within [0, n]) and the tokens from there on. */
export function cutValueText(cut: number, roles: readonly Role[], kept: number): string {
  return cut >= roles.length
    ? 'after the last message, nothing kept'
    : `before #${cut} (${roles[cut]}), ${fmt(kept)} tokens kept`;
}

/** The strip for a screen reader: its size and where it is cut. */
export function stripSummary(n: number, total: number, cut: number, kept: number): string {
  return (
    `${fmt(n)} messages, ${fmt(total)} tokens; ` +
    (cut >= n ? 'cut after the last message' : `cut before #${cut}, ${fmt(kept)} tokens kept`)
  );
}
