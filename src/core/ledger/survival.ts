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

/** What one compaction lost, counted: over all kinds, and per kind that had facts. */
export interface FactLoss {
  lost: number;
  all: number;
  byKind: Partial<Record<LedgerKind, { lost: number; all: number }>>;
}

export function factLoss(facts: Record<LedgerKind, FactSurvival>): FactLoss {
  const loss: FactLoss = { lost: 0, all: 0, byKind: {} };
  for (const kind of LEDGER_KINDS) {
    const all = facts[kind].kept.length + facts[kind].lost.length;
    if (all === 0) continue;
    loss.byKind[kind] = { lost: facts[kind].lost.length, all };
    loss.lost += facts[kind].lost.length;
    loss.all += all;
  }
  return loss;
}

/**
 * "lost 5 of 9 facts: 3 commands, 2 paths": the kinds it lost most first,
 * at most three, for the one-line views (`watch`, the status line). Null
 * when the compaction had no facts to keep.
 */
export function factLossLine(loss: FactLoss): string | null {
  if (loss.all === 0) return null;
  const kinds = Object.entries(loss.byKind)
    .filter(([, n]) => n.lost > 0)
    .sort((a, b) => b[1].lost - a[1].lost)
    .slice(0, 3)
    .map(([kind, n]) => `${n.lost} ${n.lost === 1 ? kind.slice(0, -1) : kind}`);
  const which = kinds.length ? `: ${kinds.join(', ')}` : '';
  return `lost ${loss.lost} of ${loss.all} fact${loss.all === 1 ? '' : 's'}${which}`;
}
