/**
 * The table of what each agent did at the compaction its case forks at
 * (`src/cases/recordedRun.ts`), printed after the totals: the reference every
 * strategy's row of that case is read against.
 */
import type { RecordedRow } from '../cases/recordedRun';
import { maxOf } from '../core/arrays';
import { inline } from './io';

const n = (value: number) => value.toLocaleString('en-US');
const share = (kept: number, total: number) => (total === 0 ? '-' : `${kept}/${total}`);

export function renderRecorded(rows: readonly RecordedRow[]): string {
  const cells = rows.map((r) => [
    inline(r.case),
    `${inline(r.source)} #${r.ordinal}`,
    r.keptFrom === null ? 'none' : `from ${r.keptFrom}`,
    share(r.factsKept, r.factsTotal),
    share(r.factsInSummary, r.factsTotal),
    share(r.factsInKept, r.factsTotal),
    share(r.controlsKept, r.controlsTotal),
    `${n(r.tokensBefore)} → ${n(r.tokensAfter)}`,
  ]);
  const header = [
    'case',
    'recorded compaction',
    'tail kept',
    'facts',
    'in summary',
    'in kept',
    'controls',
    'tokens',
  ];
  const widths = header.map((h, i) => maxOf([h.length, ...cells.map((c) => c[i]!.length)])!);
  const line = (c: string[]) =>
    c
      .map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [
    'What each agent kept at the compaction its case forks at (its own summary and kept messages, matched alike):',
    '',
    line(header),
    ...cells.map(line),
  ].join('\n');
}
