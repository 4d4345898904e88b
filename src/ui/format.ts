/** Number and size formatting shared by the page. Formatters are built once: creating one is slow. */
import { formatBytes } from '../core/numbers';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export const fmt = (n: number): string => whole.format(Math.round(n));

/**
 * A count with its noun, singular for exactly one: "1 token", "0 tokens",
 * "20,000 tokens". The noun follows the number as printed, so 1.2 reads "1 token".
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  const shown = fmt(n);
  return `${shown} ${shown === '1' || shown === '-1' ? one : many}`;
}

/** 950, 1.2K, 18K, 1.4M: short enough for an axis. */
export const compact = (n: number): string => compactNumber.format(n);

/** 1023 B, 1.5 KB, 201.0 MB, 1.0 GB (`formatBytes`). */
export const bytes = formatBytes;

/** A share from 0 to 1 as a whole percentage, or a dash when there is nothing to measure. */
export const wholePercent = (value: number | null): string =>
  value === null ? '–' : `${Math.round(value * 100)}%`;

export function percent(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
}
