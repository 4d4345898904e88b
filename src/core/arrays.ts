/**
 * Array helpers for lists as long as a transcript. `target.push(...items)`,
 * `Math.max(...values)` and `fn.apply(null, items)` pass every item as an
 * argument, on the stack: past about 60,000 items the engine throws "Maximum
 * call stack size exceeded", and a Claude Code session of 200,000 messages
 * could not be opened at all. These loop instead, whatever the length. The
 * lint rule against spreading into a call points here (docs/security.md,
 * "Large files").
 */

/** Appends every item to `target` in order, and returns `target`. */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The largest of the values, or undefined when there are none. */
export function maxOf(values: Iterable<number>): number | undefined {
  let max: number | undefined;
  for (const value of values) if (max === undefined || value > max) max = value;
  return max;
}

/** The smallest of the values, or undefined when there are none. */
export function minOf(values: Iterable<number>): number | undefined {
  let min: number | undefined;
  for (const value of values) if (min === undefined || value < min) min = value;
  return min;
}
