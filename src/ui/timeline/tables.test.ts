import { describe, expect, it } from 'vitest';
import type { Breakdown } from '../../core/session/breakdown';
import type { ReplayResult } from '../../core/session/replay';
import type { TimelineData } from '../../worker/protocol';
import { STRATEGY_LABELS } from '../labels';
import { breakdownCaption, breakdownRows, replayRows } from './tables';

const replay = (patch: Partial<ReplayResult>) =>
  ({
    strategy: 'pi',
    threshold: 0,
    compactions: [],
    clearings: 0,
    peakContextTokens: 0,
    inputTokensTotal: 0,
    summarizedAgainTokens: 0,
    overflowCalls: 0,
    overflow: false,
    noCompaction: null,
    ...patch,
  }) as ReplayResult;

const data = (patch: Partial<TimelineData>) =>
  ({
    compactions: [{ atMessage: 5, trigger: 'auto', tokensBefore: 350, tokensAfter: 50, call: 3 }],
    recordedPeak: 150_000,
    recordedInput: null,
    replays: [],
    ...patch,
  }) as unknown as TimelineData;

describe('the replay table', () => {
  it('starts with the run as recorded, a dash where the file does not say', () => {
    expect(replayRows(data({}), 'pi')).toEqual([
      {
        id: 'recorded',
        name: 'recorded',
        title: undefined,
        chosen: false,
        threshold: '–',
        compactions: '1',
        why: null,
        peak: '150,000',
        input: '–',
        summarizedAgain: '–',
        overflow: '–',
        overflows: false,
      },
    ]);
  });

  it('marks the chosen strategy, and counts clearings and overflowing calls', () => {
    const rows = replayRows(
      data({
        replays: [
          replay({
            strategy: 'pi',
            threshold: 183_616,
            compactions: [{}, {}] as ReplayResult['compactions'],
            peakContextTokens: 183_000,
            inputTokensTotal: 4_200_000,
            summarizedAgainTokens: 12_500,
          }),
          replay({
            strategy: 'claude-code',
            clearings: 1,
            overflow: true,
            overflowCalls: 1_204,
            peakContextTokens: 210_000,
          }),
        ],
      }),
      'pi',
    );
    expect(rows.slice(1)).toEqual([
      {
        id: 'pi',
        name: 'pi (chosen)',
        title: STRATEGY_LABELS.pi,
        chosen: true,
        threshold: '183,616',
        compactions: '2',
        why: null,
        peak: '183,000',
        input: '4,200,000',
        summarizedAgain: '12,500',
        overflow: 'none',
        overflows: false,
      },
      {
        id: 'claude-code',
        name: 'claude-code',
        title: STRATEGY_LABELS['claude-code'],
        chosen: false,
        threshold: '–',
        compactions: '0 + 1 clearing',
        why: null,
        peak: '210,000',
        input: '0',
        summarizedAgain: '0',
        overflow: '1,204 calls',
        overflows: true,
      },
    ]);
    const twoClearings = replayRows(data({ replays: [replay({ clearings: 2 })] }), 'codex');
    expect(twoClearings[1]).toMatchObject({ name: 'pi', chosen: false, compactions: '0 + 2 clearings' });
  });

  it('says one overflowing call in the singular', () => {
    const rows = replayRows(data({ replays: [replay({ overflow: true, overflowCalls: 1 })] }), 'pi');
    expect(rows[1]!.overflow).toBe('1 call');
  });

  it('says why a strategy past its threshold made no compaction, in a few words and a sentence', () => {
    const text =
      'at the 16 calls where the context reached its threshold, each cut it planned would replace at most 10,000 tokens, and its summary would be as long (10,000 tokens): no cut makes the context shorter, so it never compacts';
    const rows = replayRows(
      data({
        replays: [
          replay({
            strategy: 'adk',
            threshold: 4_000,
            peakContextTokens: 29_353,
            noCompaction: {
              reason: 'summary-not-shorter',
              asks: 16,
              replacedTokens: 10_000,
              summaryTokens: 10_000,
              everyCall: false,
              text,
            },
          }),
        ],
      }),
      'pi',
    );
    expect(rows[1]).toMatchObject({
      threshold: '4,000',
      compactions: '0',
      why: { short: 'no cut shortens it', text },
      peak: '29,353',
    });
  });
});

describe('where the tokens went', () => {
  const breakdown: Breakdown = {
    total: 8_000,
    categories: [
      { kind: 'system', label: 'System prompt', tokens: 1_000, messages: 1 },
      { kind: 'user', label: 'User text', tokens: 1_000, messages: 0 },
      { kind: 'tool-result', label: 'Tool results: Read', tool: 'Read', tokens: 5_000, messages: 12 },
      { kind: 'tool-result', label: 'Tool results: Bash', tool: 'Bash', tokens: 1_000, messages: 3 },
    ],
  };

  it('gives each category its tokens, its share to a tenth and its messages, a dash for none', () => {
    expect(
      breakdownRows(breakdown).map(({ label, tokens, share, messages }) => [label, tokens, share, messages]),
    ).toEqual([
      ['System prompt', '1,000', '12.5%', '1'],
      ['User text', '1,000', '12.5%', '–'],
      ['Tool results: Read', '5,000', '62.5%', '12'],
      ['Tool results: Bash', '1,000', '12.5%', '3'],
    ]);
  });

  it('colours by kind, and fades each tool’s results after the one before', () => {
    expect(breakdownRows(breakdown).map((r) => [r.color, r.opacity])).toEqual([
      ['role-system', 1],
      ['role-user', 1],
      ['role-tool', 0.76],
      ['role-tool', 0.64],
    ]);
  });

  it('shows an empty context as 0.0%, not a division by zero', () => {
    const empty = breakdownRows({
      total: 0,
      categories: [{ kind: 'user', label: 'User text', tokens: 0, messages: 0 }],
    });
    expect(empty[0]!.share).toBe('0.0%');
  });

  it('says which context it shows', () => {
    expect(breakdownCaption(undefined)).toBe('Where the tokens went in the context now');
    expect(breakdownCaption(4)).toBe('Where the tokens went before call 5');
  });
});
