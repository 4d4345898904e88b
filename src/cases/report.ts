/**
 * What `cases --json` prints and the page's Cases view draws: a total per
 * strategy over every run, the no-compaction baseline, and the document
 * around the runs. One function for both, so the page and the command line
 * cannot disagree on a number.
 *
 * A run that did not make the context smaller keeps every fact by doing
 * nothing; counted in a rate, it ranked a strategy that never compacted
 * first. So the rates count only the runs that compacted, and the others
 * are counted apart as `notCompacted`.
 */
import { type SettingsInput, type Strategy } from '../core';
import type { Cut, LoadedCase } from './caseFile';
import { findFacts, type CaseRun } from './caseRun';
import { tailLeaks, type TailLeak } from './leakage';
import type { RecordedRow } from './recordedRun';

/** The settings a case's tokens are counted with, by the command line and the page alike: the defaults. */
export const CASE_COUNT_SETTINGS: SettingsInput = {};

export interface StrategyTotal {
  strategy: Strategy;
  runs: number;
  /** Runs that made the context smaller: every figure below is over these alone. */
  compacted: number;
  /** Runs that did not (nothing to compact, or no smaller): counted, never scored. */
  notCompacted: number;
  factsKept: number;
  /** Of `factsKept`, those the summary names and no kept message does. */
  factsInSummary: number;
  /** Of `factsKept`, those a message kept verbatim names. */
  factsInKept: number;
  factsTotal: number;
  controlsKept: number;
  controlsTotal: number;
  probesPassed: number;
  probesTotal: number;
  tokensAfter: number;
  summarizerMs: number;
  costUsd: number | null;
  /** Runs whose compacted context would compact again. */
  loops: number;
}

/** How many of a strategy's runs compacted: "4 of 5", or "did not compact". The table cell of both the page and the command line. */
export const compactedLabel = (t: { runs: number; compacted: number }): string =>
  t.compacted === 0 ? 'did not compact' : `${t.compacted} of ${t.runs}`;

/** Facts from before the cut found where `where` says, in one run. */
const beforeFactsIn = (r: CaseRun, where: 'summary' | 'message') =>
  r.facts.filter((f) => f.side === 'before' && f.foundIn === where).length;

export function totalsOf(runs: readonly CaseRun[], strategies: readonly Strategy[]): StrategyTotal[] {
  return strategies.map((strategy) => {
    const all = runs.filter((r) => r.strategy === strategy);
    const mine = all.filter((r) => r.compacted);
    const sum = (pick: (r: CaseRun) => number) => mine.reduce((s, r) => s + pick(r), 0);
    return {
      strategy,
      runs: all.length,
      compacted: mine.length,
      notCompacted: all.length - mine.length,
      factsKept: sum((r) => r.factsKept),
      factsInSummary: sum((r) => beforeFactsIn(r, 'summary')),
      factsInKept: sum((r) => beforeFactsIn(r, 'message')),
      factsTotal: sum((r) => r.factsTotal),
      controlsKept: sum((r) => r.controlsKept),
      controlsTotal: sum((r) => r.controlsTotal),
      probesPassed: sum((r) => r.probes.filter((p) => p.passed).length),
      probesTotal: sum((r) => r.probes.length),
      tokensAfter: sum((r) => r.tokensAfter),
      summarizerMs: sum((r) => r.summarizerMs),
      costUsd: mine.some((r) => r.costUsd === null) ? null : sum((r) => r.costUsd ?? 0),
      loops: mine.filter((r) => r.compactsAgain).length,
    };
  });
}

export interface CaseSummary {
  id: string;
  file: string;
  session: string;
  messages: number;
  cuts: Cut[];
  facts: number;
  probes: number;
  /** Facts from before a cut that a message after it restates: no run credits the summary with them. */
  leaks: TailLeak[];
}

/**
 * No compaction at all, at every case and cut: the context as it was, its
 * facts matched by the same rule as every run's. The ceiling every strategy
 * is read against, and a check of the cases themselves: a fact the baseline
 * loses is one the matcher cannot find even in the full session.
 */
export interface BaselineTotal {
  runs: number;
  factsKept: number;
  factsTotal: number;
  controlsKept: number;
  controlsTotal: number;
  /** The sessions' tokens, as every run counted them before compacting. */
  tokensAfter: number;
}

export function baselineOf(cases: readonly LoadedCase[], runs: readonly CaseRun[]): BaselineTotal {
  const total: BaselineTotal = {
    runs: 0,
    factsKept: 0,
    factsTotal: 0,
    controlsKept: 0,
    controlsTotal: 0,
    tokensAfter: 0,
  };
  for (const kase of cases) {
    const facts = findFacts(
      kase.facts,
      kase.messages,
      kase.messages.map((_, i) => i),
    );
    const tokens = runs.find((r) => r.case === kase.id)?.tokensBefore ?? 0;
    for (let k = 0; k < kase.cuts.length; k++) {
      total.runs++;
      for (const f of facts) {
        const kept = f.kept ? 1 : 0;
        if (f.side === 'before') {
          total.factsTotal++;
          total.factsKept += kept;
        } else {
          total.controlsTotal++;
          total.controlsKept += kept;
        }
      }
      total.tokensAfter += tokens;
    }
  }
  return total;
}

/** The `cases --json` document. */
export interface CasesDocument {
  summarizer: string;
  strategies: Strategy[];
  cases: CaseSummary[];
  runs: CaseRun[];
  /** No compaction: the first row of every table of totals. */
  baseline: BaselineTotal;
  /** For each case forked at a recorded compaction: the agent's own compaction there, scored alike. */
  recorded: RecordedRow[];
  totals: StrategyTotal[];
  wallMs: number;
}

export function casesDocument(
  cases: readonly LoadedCase[],
  runs: readonly CaseRun[],
  strategies: readonly Strategy[],
  label: string,
  wallMs: number,
  recorded: readonly RecordedRow[] = [],
): CasesDocument {
  return {
    summarizer: label,
    strategies: [...strategies],
    cases: cases.map((c) => ({
      id: c.id,
      file: c.file,
      session: c.sessionFile,
      messages: c.messages.length,
      cuts: c.cuts,
      facts: c.facts.length,
      probes: c.probes.length,
      leaks: tailLeaks(c),
    })),
    runs: [...runs],
    baseline: baselineOf(cases, runs),
    recorded: [...recorded],
    totals: totalsOf(runs, strategies),
    wallMs,
  };
}
