/**
 * What `cases --json` prints and the page's Cases view draws: a total per
 * strategy over every run, and the document around the runs. One function
 * for both, so the page and the command line cannot disagree on a number.
 */
import { type SettingsInput, type Strategy } from '../core';
import type { Cut, LoadedCase } from './caseFile';
import type { CaseRun } from './caseRun';

/** The settings a case's tokens are counted with, by the command line and the page alike: the defaults. */
export const CASE_COUNT_SETTINGS: SettingsInput = {};

export interface StrategyTotal {
  strategy: Strategy;
  runs: number;
  factsKept: number;
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

export function totalsOf(runs: readonly CaseRun[], strategies: readonly Strategy[]): StrategyTotal[] {
  return strategies.map((strategy) => {
    const mine = runs.filter((r) => r.strategy === strategy);
    const sum = (pick: (r: CaseRun) => number) => mine.reduce((s, r) => s + pick(r), 0);
    return {
      strategy,
      runs: mine.length,
      factsKept: sum((r) => r.factsKept),
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
}

/** The `cases --json` document. */
export interface CasesDocument {
  summarizer: string;
  strategies: Strategy[];
  cases: CaseSummary[];
  runs: CaseRun[];
  totals: StrategyTotal[];
  wallMs: number;
}

export function casesDocument(
  cases: readonly LoadedCase[],
  runs: readonly CaseRun[],
  strategies: readonly Strategy[],
  label: string,
  wallMs: number,
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
    })),
    runs: [...runs],
    totals: totalsOf(runs, strategies),
    wallMs,
  };
}
