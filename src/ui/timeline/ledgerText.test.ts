import { describe, expect, it } from 'vitest';
import type { StrategyAtCompaction } from '../../core';
import type { LedgerFactView } from '../../worker/protocol';
import { agentFacts, costVerdict, cutOf, n, usd } from './ledgerText';

const at = (fields: Partial<StrategyAtCompaction>): StrategyAtCompaction => ({
  strategy: 'budget',
  tokensAfter: 1200,
  summarizedMessages: 0,
  keptMessages: 0,
  facts: { lost: 0, all: 0, byKind: {} },
  ...fields,
});

const fact = (text: string): LedgerFactView => ({ text, atMessage: 0, target: null });

describe('the ledger’s numbers', () => {
  it('writes a count with separators, or a dash when the file does not give it', () => {
    expect(n(48213)).toBe('48,213');
    expect(n(null)).toBe('–');
  });

  it('writes dollars to the cent, to four places below a cent, or a dash', () => {
    expect(usd(1.5)).toBe('$1.50');
    expect(usd(0.01)).toBe('$0.01');
    expect(usd(0.00234)).toBe('$0.0023');
    expect(usd(null)).toBe('–');
  });
});

describe('where a strategy cut the agent’s context', () => {
  it('says when there was nothing to compact', () => {
    expect(cutOf(at({ tokensAfter: null }), 40)).toBe('nothing to compact');
  });

  it('names what it summarized and kept, "all" for the whole context', () => {
    expect(cutOf(at({ summarizedMessages: 30, keptMessages: 10 }), 40)).toBe('summarizes 30, keeps 10');
    expect(cutOf(at({ summarizedMessages: 0, keptMessages: 40 }), 40)).toBe('summarizes none, keeps all 40');
    expect(cutOf(at({ summarizedMessages: 40, keptMessages: 2 }), 40)).toBe('summarizes all, keeps 2');
    expect(cutOf(at({ summarizedMessages: 40, keptMessages: 0 }), 40)).toBe('summarizes all');
    expect(cutOf(at({ summarizedMessages: 1500, keptMessages: 2000 }), 3500)).toBe(
      'summarizes 1,500, keeps 2,000',
    );
  });
});

describe('the cost’s verdict', () => {
  it('says whether the compaction paid for itself, and nothing without a list price', () => {
    expect(costVerdict(true)).toBe('It paid for itself.');
    expect(costVerdict(false)).toBe('It did not pay for itself.');
    expect(costVerdict(null)).toBeNull();
  });
});

describe('the agent’s own facts', () => {
  it('counts the kept ones against every fact it summarized, over every kind', () => {
    expect(
      agentFacts({
        facts: [
          { kind: 'paths', kept: [fact('a.ts'), fact('b.ts')], lost: [fact('c.ts')] },
          { kind: 'commands', kept: [], lost: [fact('npm test'), fact('npm run build')] },
        ],
      }),
    ).toEqual({ kept: 2, all: 5 });
    expect(agentFacts({ facts: [] })).toEqual({ kept: 0, all: 0 });
  });
});
