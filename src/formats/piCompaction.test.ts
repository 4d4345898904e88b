/**
 * pi's own answers, replayed: sessions written with pi 1.6.0's
 * SessionManager and the preparation its `prepareCompaction` made for each
 * at six keep-recent budgets (fixtures/pi-1.6/cases.json, generated for this
 * project). The `pi` strategy must give the same cut, ranges and file lists
 * on the imported messages, except where a budget names the documented
 * difference it shows (docs/compaction-core.md).
 */
import { describe, expect, it } from 'vitest';
import { createEstimator } from '../core/estimate';
import type { Message } from '../core/message';
import { indexMessages } from '../core/cutPoint';
import { planWithIndex, prepare } from '../core/prepare';
import { normalizeSettings } from '../core/settings';
import { countChars4 } from '../core/tokenizer';
import { importTranscript } from './registry';
import { fixture } from './testSupport.node';

/** A preparation in the ids of the entries whose messages it names. */
interface Answer {
  nothing: boolean;
  firstKept: string | null;
  split: boolean;
  turnStart: string | null;
  summarized: string[];
  prefix: string[];
  readFiles: string[];
  modifiedFiles: string[];
}

interface Case {
  name: string;
  lines: string[];
  budgets: { keepRecentTokens: number; pi: Answer; ours?: Answer; because?: string }[];
}

const { source, cases } = JSON.parse(fixture('pi-1.6/cases.json')) as { source: string; cases: Case[] };
const estimator = createEstimator('chars4', countChars4);

const nothing: Answer = {
  nothing: true,
  firstKept: null,
  split: false,
  turnStart: null,
  summarized: [],
  prefix: [],
  readFiles: [],
  modifiedFiles: [],
};

/**
 * Our preparation, named as pi names its: system messages are left out of
 * the ranges (pi keeps them as prompt state), and so are the "No result
 * provided" answers that pi adds only as it sends a request.
 */
function ourAnswer(messages: readonly Message[], keepRecentTokens: number): Answer {
  const settings = normalizeSettings({
    strategy: 'pi',
    tokenizer: 'chars4',
    keepRecentTokens,
    maxContextTokens: 0,
  });
  const plan = planWithIndex(messages, indexMessages(messages, estimator), settings);
  if (plan.nothingToCompact) return nothing;
  const prep = prepare(messages, settings, estimator, { plan })!;
  const ids = (from: number, to: number) =>
    messages
      .slice(from, to)
      .filter((m) => m.role !== 'system' && !m.id.endsWith(':no-result'))
      .map((m) => m.id);
  return {
    nothing: false,
    firstKept: messages[plan.firstKeptIdx]?.id ?? null,
    split: plan.isSplitTurn,
    turnStart: plan.isSplitTurn ? messages[plan.turnStartIdx].id : null,
    summarized: ids(plan.history.from, plan.history.to),
    prefix: plan.turnPrefix ? ids(plan.turnPrefix.from, plan.turnPrefix.to) : [],
    readFiles: [...prep.fileOps.read].sort(),
    modifiedFiles: [...prep.fileOps.modified].sort(),
  };
}

describe(`pi strategy against pi's own preparations (${source.split(':')[0]})`, () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s: the same cut, ranges and file lists', (_, c) => {
    const { messages } = importTranscript(c.lines.join('\n'));
    for (const budget of c.budgets) {
      const expected = budget.ours ?? budget.pi;
      expect({ keep: budget.keepRecentTokens, ...ourAnswer(messages, budget.keepRecentTokens) }).toEqual({
        keep: budget.keepRecentTokens,
        ...expected,
      });
    }
  });

  it('lands on the message indexes pi names, at every budget where both compact', () => {
    let compared = 0;
    for (const c of cases) {
      const { messages } = importTranscript(c.lines.join('\n'));
      const index = indexMessages(messages, estimator);
      for (const budget of c.budgets) {
        if (budget.ours || budget.pi.nothing) continue;
        const settings = normalizeSettings({
          strategy: 'pi',
          tokenizer: 'chars4',
          keepRecentTokens: budget.keepRecentTokens,
          maxContextTokens: 0,
        });
        const plan = planWithIndex(messages, index, settings);
        const at = (id: string | null) =>
          id === null ? messages.length : messages.findIndex((m) => m.id === id);
        expect([c.name, budget.keepRecentTokens, plan.firstKeptIdx, plan.turnStartIdx]).toEqual([
          c.name,
          budget.keepRecentTokens,
          at(budget.pi.firstKept),
          budget.pi.split ? at(budget.pi.turnStart) : -1,
        ]);
        compared++;
      }
    }
    expect(compared).toBe(29);
  });

  it('names every difference it shows: false split turns, a turn started at a `!!` command, an omitted retry at the end', () => {
    const reasons = new Set(cases.flatMap((c) => c.budgets.flatMap((b) => (b.because ? [b.because] : []))));
    expect([...reasons].sort()).toEqual([
      'pi moves the cut back onto a metadata entry before the user message and calls the turn split; we do not (docs/compaction-core.md)',
      'pi moves the cut past a retry it omitted with a context edit at the end of the session; we have no entry there',
      'pi starts the split turn at a `!!` command it never sends; our turn starts at the message after it',
    ]);
  });

  it('weighs an aborted reply pi never sends, and cuts at it as pi does: the turn it ends is split', () => {
    const c = cases.find((x) => x.name === 'cut-at-failed-reply')!;
    const { messages } = importTranscript(c.lines.join('\n'));
    // The aborted reply is the session's last entry; it is weighed after the last message, never sent.
    expect(messages.some((m) => m.id === '8a7d54a5')).toBe(false);
    expect(messages[messages.length - 1].unsentAfter).toEqual([{ kind: 'reply', chars: 241 }]);
    const at20 = ourAnswer(messages, 20);
    expect([at20.firstKept, at20.split, at20.turnStart]).toEqual([null, true, '3798db18']);
    expect(at20.prefix).toEqual(['3798db18', 'f98819ae', 'f7bc55ab', 'b3ac54f2']);
  });

  it('a turn pi starts at a `!!` command starts at the message after it, the same messages sent', () => {
    const c = cases.find((x) => x.name === 'turn-start-at-unsent-command')!;
    const { messages } = importTranscript(c.lines.join('\n'));
    const at20 = c.budgets.find((b) => b.keepRecentTokens === 20)!;
    expect([at20.pi.turnStart, at20.pi.prefix]).toEqual(['ad196055', ['ad196055', 'b80094f9', '3f697737']]);
    expect([at20.ours!.turnStart, at20.ours!.prefix]).toEqual(['b80094f9', ['b80094f9', '3f697737']]);
    expect(messages.find((m) => m.id === 'c9fc4bba')!.unsentAfter).toEqual([{ kind: 'command', chars: 265 }]);
  });

  it("sends pi 1.x's compaction system prompt ahead of its summary", () => {
    const c = cases.find((x) => x.name === 'compaction-system')!;
    const { messages } = importTranscript(c.lines.join('\n'));
    expect(messages.slice(0, 3).map((m) => [m.id, m.role, m.kind ?? null])).toEqual([
      ['c1ae08cd:system', 'system', null],
      ['c1ae08cd', 'user', 'summary'],
      ['68a579ef', 'assistant', null],
    ]);
  });

  it('a branch that ends in pi\'s compaction has nothing to compact at any budget ("Already compacted")', () => {
    const ended = cases.find((c) => c.name === 'ends-in-compaction')!;
    expect(JSON.parse(ended.lines[ended.lines.length - 1]).type).toBe('compaction');
    const { messages } = importTranscript(ended.lines.join('\n'));
    expect(ended.budgets.map((b) => ourAnswer(messages, b.keepRecentTokens).nothing)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });
});
