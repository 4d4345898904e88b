import { describe, expect, it } from 'vitest';
import { ODD_NAME_ROWS } from '../core/__fixtures__/oddNames';
import { DEFAULT_SETTINGS } from '../core/settings';
import { scoreSummary } from '../core/eval/score';
import { useRunHistory, type NewRun } from './runHistoryStore';

const run = (summarizer: string, model: string): NewRun => ({
  origin: 'preview',
  summarizer,
  model,
  strategy: DEFAULT_SETTINGS.strategy,
  keepRecentTokens: DEFAULT_SETTINGS.keepRecentTokens,
  maxContextTokens: DEFAULT_SETTINGS.maxContextTokens,
  editedPrompts: [],
  instructions: model,
  summary: model,
  degraded: false,
  tokensBefore: 10,
  tokensAfter: 5,
  eval: scoreSummary([], '', { before: 10, after: 5 }),
});

describe('the run history', () => {
  it.each(ODD_NAME_ROWS)('keeps a run of the model %s with every name exactly as it ran', (_, name) => {
    useRunHistory.getState().clear();
    const added = useRunHistory.getState().add(run(name, name));
    const [kept] = useRunHistory.getState().runs;
    expect(kept).toBe(added);
    expect([kept!.summarizer, kept!.model, kept!.instructions, kept!.summary]).toEqual([
      name,
      name,
      name,
      name,
    ]);
  });
});
