/**
 * What survived over a whole session: per kind of fact, the share kept of
 * every fact every compaction had to keep. Pooled rather than averaged, so
 * a compaction with 40 paths weighs more than one with two.
 */
import { LEDGER_KINDS, type FactSurvival, type LedgerKind } from './kinds';

/** Share kept, 0..1, or null when no compaction had a fact of the kind. */
export type Survival = Record<LedgerKind, number | null>;

export function survivalOf(entries: readonly { facts: Record<LedgerKind, FactSurvival> }[]): Survival {
  const out = {} as Survival;
  for (const kind of LEDGER_KINDS) {
    let kept = 0;
    let all = 0;
    for (const e of entries) {
      kept += e.facts[kind].kept.length;
      all += e.facts[kind].kept.length + e.facts[kind].lost.length;
    }
    out[kind] = all === 0 ? null : kept / all;
  }
  return out;
}

/** 9.8%, 0.2%, 50%: one decimal, none when it is 0. */
export function percent(share: number): string {
  const tenths = Math.round(share * 1000) / 10;
  return `${Number.isInteger(tenths) ? tenths.toFixed(0) : tenths.toFixed(1)}%`;
}

/** "paths 9.8% · commands 0.2% · instructions 50% kept over 3 compactions"; kinds with no facts left out. */
export function survivalLine(survival: Survival, compactions: number): string {
  const parts = LEDGER_KINDS.filter((k) => survival[k] !== null).map((k) => `${k} ${percent(survival[k]!)}`);
  const over = `over ${compactions} compaction${compactions === 1 ? '' : 's'}`;
  return parts.length ? `${parts.join(' · ')} kept ${over}` : `no facts to keep ${over}`;
}
