import { describe, expect, it } from 'vitest';
import type { ReplayResult } from '../../core/session/replay';
import type { TimelineData } from '../../worker/protocol';
import {
  callSize,
  chartRows,
  compactionCalls,
  pickerCalls,
  rereadCalls,
  replayOf,
  tallestOf,
} from './chartData';

const point = (call: number, estimatedTokens: number, recordedTokens: number | null = null) => ({
  call,
  atMessage: call * 2,
  recordedTokens,
  estimatedTokens,
  cacheReadTokens: null,
  cacheWriteTokens: null,
});

const replay = (strategy: string, curve: number[]) =>
  ({ strategy, threshold: 0, curve }) as unknown as ReplayResult;

/** Six calls; the file records the size of the first three; one compaction before call 3 (index 3). */
function timeline(patch: Partial<TimelineData> = {}): TimelineData {
  return {
    messages: 12,
    points: [
      point(0, 100, 130),
      point(1, 200, 240),
      point(2, 300, 350),
      point(3, 50),
      point(4, 900),
      point(5, 60),
    ],
    compactions: [
      { atMessage: 5, trigger: null, tokensBefore: 350, tokensAfter: 50, call: 3 },
      // A compaction after the last call: no call to mark.
      { atMessage: 11, trigger: null, tokensBefore: 60, tokensAfter: 20, call: -1 },
    ],
    unrecordedTokens: 20,
    recordedPeak: 350,
    recordedInput: null,
    replays: [replay('pi', [100, 200, 300, 50, 900, 60]), replay('claude-code', [100, 200, 40, 50, 60, 70])],
    ledger: {
      compactions: [{ rereads: [{ call: 4 }, { call: 2 }, { call: -1 }] }, { rereads: [{ call: 4 }] }],
    } as unknown as TimelineData['ledger'],
    ...patch,
  };
}

describe('the timeline chart’s data', () => {
  it('takes the replay of the strategy shown, else the first', () => {
    expect(replayOf(timeline(), 'claude-code').curve[2]).toBe(40);
    expect(replayOf(timeline(), 'codex').strategy).toBe('pi');
  });

  it('marks the compactions that came before a call, and each re-reading call once, in order', () => {
    expect(compactionCalls(timeline())).toEqual([3]);
    expect(rereadCalls(timeline())).toEqual([2, 4]);
    expect(rereadCalls(timeline({ ledger: null }))).toEqual([]);
  });

  it('sizes a call by its recorded prompt, else by the estimate plus what the file does not show', () => {
    expect(callSize(timeline(), 1)).toBe(240);
    expect(callSize(timeline(), 4)).toBe(920);
    expect(callSize(timeline({ unrecordedTokens: null }), 4)).toBe(900);
    expect(tallestOf(timeline(), [0, 1, 4])).toBe(920);
    expect(tallestOf(timeline(), [])).toBe(1);
  });

  it('draws every call of a short session, calls numbered from 1, the estimate raised by the unrecorded part', () => {
    const rows = chartRows(timeline(), replayOf(timeline(), 'pi'), undefined);
    expect(rows.map((r) => r.call)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows[0]).toEqual({
      call: 1,
      recorded: 130,
      estimated: 120,
      replay: 100,
      cacheRead: null,
      cacheWrite: null,
    });
    expect(rows[4]).toMatchObject({ recorded: null, estimated: 920, replay: 900 });
  });

  it('samples a long session by its peaks, keeping the compaction, the re-reads and the call shown', () => {
    const data = timeline();
    const pi = replayOf(data, 'pi');
    // Two buckets of three calls: the peaks are calls 2 and 4, the last call is always kept.
    expect(pickerCalls(data, pi, undefined, 2)).toEqual([2, 3, 4, 5]);
    expect(pickerCalls(data, pi, 0, 2)).toEqual([0, 2, 3, 4, 5]);
    expect(chartRows(data, pi, 1, 2).map((r) => r.call - 1)).toEqual([1, 2, 3, 4, 5]);
  });
});
