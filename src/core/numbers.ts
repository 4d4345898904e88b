/**
 * Numbers as the core's messages print them: 20,000. One formatter for the
 * process, as `toLocaleString` builds a new one at every call (a drag at
 * 50,000 messages formats the formulas of every strategy at every frame).
 */
const EN = new Intl.NumberFormat('en-US');

export const formatCount = (value: number): string => EN.format(value);

/** A count with its noun, singular for exactly one: "1 call", "0 calls", "1,204 calls". */
export function countOf(value: number, one: string, many = `${one}s`): string {
  const shown = EN.format(value);
  return `${shown} ${shown === '1' ? one : many}`;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size in bytes as people read it, in units of 1,024: 1023 B, 1.5 KB,
 * 201.0 MB, 1.0 GB. The unit is picked after rounding, so 1,048,575 bytes
 * is 1.0 MB, not 1024.0 KB.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${bytes} B`;
  let unit = 0;
  let value = bytes;
  while (unit < UNITS.length - 1 && Number(value.toFixed(1)) >= 1024) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}
