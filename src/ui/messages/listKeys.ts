/** Where a key moves the selection in the message list, as a list box moves it. */

/**
 * The row `key` moves to from row `from` of `count`, or null for a key the
 * list leaves alone. `perPage` is how many rows a page holds. At either end
 * the selection stays where it is.
 */
export function keyTarget(key: string, from: number, count: number, perPage: number): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, from + 1);
    case 'ArrowUp':
      return Math.max(0, from - 1);
    case 'PageDown':
      return Math.min(last, from + perPage);
    case 'PageUp':
      return Math.max(0, from - perPage);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
