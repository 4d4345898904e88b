import { describe, expect, it } from 'vitest';
import type { StrategyOutcome } from '../../core/analysis';
import type { CompactionPlan } from '../../core/prepare';
import type { Strategy } from '../../core/settings';
import { markersFor } from './markerChoice';

/** An outcome that keeps from `firstKeptIdx` (or cuts nothing), after a system prompt at #0. */
function outcome(
  strategy: Strategy,
  firstKeptIdx: number | null,
  tokensAfter = 1000,
  threshold = 100,
): StrategyOutcome {
  const plan = {
    start: 1,
    summaryIdx: -1,
    firstKeptIdx: firstKeptIdx ?? 1,
    nothingToCompact: firstKeptIdx === null,
  } as CompactionPlan;
  return {
    strategy,
    trigger: { threshold, comparison: 'reach', formula: '' },
    fires: true,
    plan,
    cleared: [],
    keptTokens: 0,
    carriedTokens: 0,
    tokensAfter,
    tokensIfFired: tokensAfter,
    overflow: null,
  };
}

describe('which strategies get a line on the strip', () => {
  const outcomes = [
    outcome('budget', 12, 2600),
    outcome('pi', 12, 2600),
    outcome('turns', 8, 4100),
    // Summarizes everything: its cut would sit at the end of the 20 messages.
    outcome('claude-code', 20),
    outcome('codex', 20),
    // Keeps a verbatim tail: a real cut inside the list.
    outcome('gemini-cli', 15, 1900),
    // Only clears, or keeps everything: no cut at all.
    outcome('clear-tool-uses', null),
    outcome('mask-observations', null),
    outcome('opencode', 1),
  ];

  it('shows only the other strategies that cut inside the list, with their cut and tokens after', () => {
    expect(markersFor(outcomes, 'budget', 20, true)).toEqual([
      { strategy: 'pi', firstKeptIdx: 12, tokensAfter: 2600, nothingToCompact: false },
      { strategy: 'turns', firstKeptIdx: 8, tokensAfter: 4100, nothingToCompact: false },
      { strategy: 'gemini-cli', firstKeptIdx: 15, tokensAfter: 1900, nothingToCompact: false },
    ]);
  });

  it('leaves out the chosen strategy, whose cut is the cut line itself', () => {
    expect(markersFor(outcomes, 'gemini-cli', 20, true).map((m) => m.strategy)).toEqual([
      'budget',
      'pi',
      'turns',
    ]);
  });

  it('shows none until "Compare all strategies" is on: the cut line is the chosen strategy\'s alone', () => {
    expect(markersFor(outcomes, 'budget', 20, false)).toEqual([]);
    expect(markersFor(outcomes, 'claude-code', 20, false)).toEqual([]);
  });

  it('never shows a strategy that is off, even when comparing', () => {
    const withOff = [...outcomes, outcome('langchain-summarization', 10, 900, 0)];
    expect(markersFor(withOff, 'budget', 20, true).map((m) => m.strategy)).toEqual([
      'pi',
      'turns',
      'gemini-cli',
    ]);
  });
});
