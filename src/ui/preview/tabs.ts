/** The preview's output tabs, and which of them have anything to show yet. */

export type Tab = 'summary' | 'result' | 'diff' | 'request' | 'raw' | 'usage' | 'compare';

export const TABS: { id: Tab; label: string }[] = [
  { id: 'summary', label: 'Summary' },
  { id: 'result', label: 'Resulting messages' },
  { id: 'diff', label: 'Diff' },
  { id: 'request', label: 'Request' },
  { id: 'raw', label: 'Raw stream' },
  { id: 'usage', label: 'Usage & cost' },
  { id: 'compare', label: 'Compare & history' },
];

/**
 * Whether a tab waits for a run: before any result, run or request, only the
 * summary (which says how to start) and the comparison (which runs its own)
 * have anything to show.
 */
export function tabWaits(
  tab: Tab,
  state: { hasResult: boolean; running: boolean; requests: number },
): boolean {
  if (tab === 'summary' || tab === 'compare') return false;
  return !state.hasResult && !state.running && state.requests === 0;
}
