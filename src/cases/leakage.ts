/**
 * Tail leakage: a fact from before a case's cut that a message after the cut
 * restates (a `git log` or a test run in the kept tail printing it). Any
 * strategy that keeps the tail then "keeps" the fact whatever its summary
 * did, so a case names these when it loads and no run credits the summary
 * with them.
 */
import { indexSummary } from '../core/eval/match';
import { factKept } from '../core/eval/score';
import { messageText, type LoadedCase } from './caseFile';

export interface TailLeak {
  fact: string;
  /** The numeric cut it leaks past; a cut the strategy decides (`auto`) cannot be checked before the run. */
  cut: number;
  /** The first message at or after the cut that names it. */
  message: number;
}

export function tailLeaks(kase: LoadedCase): TailLeak[] {
  const cuts = kase.cuts.filter((c): c is number => typeof c === 'number');
  if (cuts.length === 0) return [];
  const indexes = kase.messages.map((m) => indexSummary(messageText(m)));
  const out: TailLeak[] = [];
  for (const fact of kase.facts) {
    if (fact.side !== 'before') continue;
    const holds = (i: number) =>
      factKept({ kind: fact.kind, text: fact.text, index: fact.message }, indexes[i]!);
    for (const cut of cuts) {
      let at = cut;
      while (at < kase.messages.length && !holds(at)) at++;
      if (at < kase.messages.length) out.push({ fact: fact.id, cut, message: at });
    }
  }
  return out;
}

/** "case bugfix: fact utc-rule (before the cut at 12) is restated in message 15: tail leakage". */
export function leakLine(caseId: string, leak: TailLeak): string {
  return `case ${caseId}: fact ${leak.fact} (before the cut at ${leak.cut}) is restated in message ${leak.message}: tail leakage, not credited to the summary`;
}
