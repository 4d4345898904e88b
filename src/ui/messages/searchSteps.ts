/** Stepping through search matches, as a find bar does. */
import { fmt } from '../format';

/**
 * The match after (`+1`) or before (`-1`) `current`, wrapping at either end.
 * With no current match (`-1`), forward is the first and backward the last.
 */
export function stepHit(current: number, count: number, direction: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}

/** "3 of 12"; "No matches"; "3 of 10,000+" when the list was cut short. */
export function hitLabel(current: number, count: number, capped: boolean): string {
  if (count === 0) return 'No matches';
  const total = `${fmt(count)}${capped ? '+' : ''}`;
  return current < 0
    ? `${total} ${count === 1 && !capped ? 'match' : 'matches'}`
    : `${fmt(current + 1)} of ${total}`;
}
