/** What the archive's table derives from its rows: the sorts, the filters and their choices, the cells' words, the replay's totals. */
import type { SessionRow } from '../../archive/row';
import type { ArchiveReplay } from '../../worker/archiveProtocol';
import { fmt } from '../format';

export type SortKey = 'costUsd' | 'compactions' | 'loops' | 'lostPaths' | 'peakContextTokens' | 'firstTime';

export const SORTS: { key: SortKey; label: string }[] = [
  { key: 'firstTime', label: 'Started' },
  { key: 'compactions', label: 'Compactions' },
  { key: 'peakContextTokens', label: 'Peak' },
  { key: 'costUsd', label: 'Cost' },
  { key: 'loops', label: 'Loops' },
  { key: 'lostPaths', label: 'Lost paths' },
];

export const usd = (v: number | null) => (v === null ? '–' : `$${v.toFixed(2)}`);
export const num = (v: number | null) => (v === null ? '–' : fmt(v));

/** When a session started, to the minute, or a dash when its file names no time. */
export const startedAt = (firstTime: string | null) =>
  firstTime ? firstTime.slice(0, 16).replace('T', ' ') : '–';

/** Largest first; a row without the number last; ties by file name. */
export function compare(key: SortKey) {
  return (a: SessionRow, b: SessionRow): number => {
    const x = a[key];
    const y = b[key];
    if (x === y) return a.file < b.file ? -1 : 1;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? 1 : -1;
  };
}

/** Empty fields filter nothing; the days are `YYYY-MM-DD`, both ends included. */
export interface Filters {
  project: string;
  format: string;
  from: string;
  to: string;
}

export const NO_FILTERS: Filters = { project: '', format: '', from: '', to: '' };

export function matches(row: SessionRow, f: Filters): boolean {
  if (f.project && row.project !== f.project) return false;
  if (f.format && (row.format ?? 'error') !== f.format) return false;
  const day = row.firstTime?.slice(0, 10) ?? null;
  if (f.from && (day === null || day < f.from)) return false;
  if (f.to && (day === null || day > f.to)) return false;
  return true;
}

/** The projects the filter offers: each named one once, sorted. */
export function projectsOf(rows: readonly SessionRow[]): string[] {
  return [...new Set(rows.map((r) => r.project ?? ''))].filter(Boolean).sort();
}

/** The formats the filter offers, sorted, a row that failed as `error`. */
export function formatsOf(rows: readonly SessionRow[]): string[] {
  return [...new Set(rows.map((r) => r.format ?? 'error'))].sort();
}

/** The sessions replayed under the settings, summed, beside the compactions their files recorded. */
export function replayTotals(
  rows: readonly SessionRow[],
  replays: Record<string, ArchiveReplay | null>,
): { sessions: number; compactions: number; recorded: number; inputTokens: number; costUsd: number } {
  const replayed = Object.values(replays).filter((r) => r !== null);
  return {
    sessions: replayed.length,
    compactions: replayed.reduce((s, r) => s + r.compactions, 0),
    recorded: rows.filter((r) => replays[r.file]).reduce((s, r) => s + r.compactions, 0),
    inputTokens: replayed.reduce((s, r) => s + r.inputTokensTotal, 0),
    costUsd: replayed.reduce((s, r) => s + (r.costUsd ?? 0), 0),
  };
}
