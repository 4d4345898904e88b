/** What the load panel says about a load under way and the name it gives an opened address. */
import type { FormatId } from '../../formats/types';
import type { LoadRequest } from '../../state/transcriptStore';
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

/**
 * The sample on the page, by its id, or '' when the transcript is not one
 * (a file, a paste, a link): what the Samples list shows as chosen. A sample
 * is known by its address, as `sampleUrl` gives it.
 */
export function openSample<S extends { id: string }>(
  request: LoadRequest | null,
  samples: readonly S[],
  urlOf: (sample: S) => string,
): string {
  const source = request?.source;
  if (source?.kind !== 'url') return '';
  return samples.find((s) => urlOf(s) === source.url)?.id ?? '';
}

/**
 * What the Format list shows: the format the user asked for, else '' (the
 * detected one, named in its option). A link's transcript arrives as the
 * playground's own JSON, read as such whatever the list says, and carries the
 * format its sender loaded: the list shows that one, as the file line does,
 * and cannot reload it as another.
 */
export function formatChoice(
  request: LoadRequest | null,
  shown: FormatId,
): { value: FormatId | ''; detected: string; fixed: boolean } {
  if (request?.origin === 'link') return { value: '', detected: `As shared (${shown})`, fixed: true };
  return { value: request?.format ?? '', detected: `Detect (${shown})`, fixed: false };
}
