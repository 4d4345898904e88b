/** What the load panel says about a load under way and the name it gives an opened address. */
import type { Progress } from '../../worker/protocol';
import { bytes, percent } from '../format';

const PHASES = { reading: 'Reading', importing: 'Importing', tokenizing: 'Counting tokens' } as const;

/**
 * A measured phase and how far it is: the share done when the total is
 * known (or nothing is done yet), else what was read so far.
 */
export function progressLabel(progress: Progress & { phase: keyof typeof PHASES }): string {
  const measure =
    progress.total > 0 || progress.done === 0
      ? `${percent(progress.done, progress.total)}%`
      : bytes(progress.done);
  return `${PHASES[progress.phase]} ${measure}`;
}

/** The name a transcript opened from an address goes by: its last path segment, else the whole address. */
export function urlSourceName(url: string): string {
  return url.split('/').pop() || url;
}
