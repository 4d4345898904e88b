/** The message list's row bookkeeping: the role a row shows, the rows opened, the row Tab reaches, a page's rows. */
import type { Role } from '../../core/message';

/** Rows are estimated at this height until they are measured; a page is counted in it. */
export const ROW_HEIGHT = 30;

export function roleLabel(role: Role, summary: boolean): string {
  return summary ? 'summary' : role;
}

/** A set of rows with one row opened if it was closed, closed if it was open. */
export function toggled(set: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set(set);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}

/**
 * The one row the Tab key reaches: the selected one when it is drawn, else
 * the first drawn row that reaches below the scroll offset, else row 0.
 */
export function tabStopOf(
  selected: number | null,
  drawn: readonly { index: number; end: number }[],
  offset: number,
): number {
  return selected !== null && drawn.some((item) => item.index === selected)
    ? selected
    : (drawn.find((item) => item.end > offset)?.index ?? 0);
}

/** The rows Page Up and Page Down move: a list's height in rows, less one, at least one (300 pixels before it is laid out). */
export function rowsPerPage(height: number | undefined): number {
  return Math.max(1, Math.floor((height ?? 300) / ROW_HEIGHT) - 1);
}
