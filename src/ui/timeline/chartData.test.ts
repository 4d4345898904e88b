import { describe, expect, it } from 'vitest';
import type { ReplayResult } from '../../core/session/replay';
import type { TimelineData } from '../../worker/protocol';
import {
  callLabel,
  callSize,
  chartCaption,
  chartRows,
  compactionCalls,
  markerLabel,
  pickHeight,
  pickerCalls,
  rereadCalls,
  replayOf,
  tallestOf,
  toolbarTarget,
  tooltipCall,
  tooltipTokens,
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
    unrecordedSource: 'recorded-usage',
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

describe('the timeline chart’s words', () => {
  it('captions the calls, what the estimates add and the re-reading calls marked', () => {
    const data = timeline();
    expect(chartCaption(data, replayOf(data, 'pi'), 'Pi', rereadCalls(data))).toBe(
      "Context tokens before each of the 6 calls (estimates include 20 tokens the file's messages do not explain); " +
        '2 calls re-reading a file a summary stood in for marked',
    );
  });

  it("names the lab's measure when that is what the estimates add", () => {
    const data = timeline({ unrecordedTokens: 8_588, unrecordedSource: 'lab' });
    expect(chartCaption(data, replayOf(data, 'pi'), 'Pi', [])).toBe(
      'Context tokens before each of the 6 calls (estimates include the 8,588 tokens of system prompt and tools the lab measured for this agent version)',
    );
  });

  it('says where the strategy fires, and one re-reading call in the singular', () => {
    const data = timeline({ unrecordedTokens: null });
    const firing = { ...replayOf(data, 'pi'), threshold: 12_000 } as ReplayResult;
    expect(chartCaption(data, firing, 'Pi', [4])).toBe(
      'Context tokens before each of the 6 calls; Pi fires above 12,000; ' +
        '1 call re-reading a file a summary stood in for marked',
    );
    expect(chartCaption(data, firing, 'Pi', [])).toBe(
      'Context tokens before each of the 6 calls; Pi fires above 12,000',
    );
  });

  it('labels a recorded compaction by its call, counted from 1, and its sizes before and after', () => {
    const data = timeline();
    expect(markerLabel(data, data.compactions[0]!)).toBe('compaction before call 4: 350 → 50');
    expect(markerLabel(data, data.compactions[1]!)).toBe('compaction before call –: 60 → 20');
  });

  it('gives the next call’s recorded size when the file does not say the size after', () => {
    const data = timeline();
    const at = (call: number) => ({
      atMessage: 3,
      trigger: 'auto' as const,
      tokensBefore: 350,
      tokensAfter: null,
      call,
    });
    expect(markerLabel(data, at(1))).toBe('auto before call 2: 350 → – (next call 240)');
    // Call 5 has no recorded size: nothing to add.
    expect(markerLabel(data, at(4))).toBe('auto before call 5: 350 → –');
    expect(markerLabel(data, { ...at(-1), tokensBefore: null })).toBe('auto before call –: – → –');
  });

  it('names a picker call by its number and size, estimated where the file records none', () => {
    expect(callLabel(timeline(), 1)).toBe('Call 2: 240 tokens');
    expect(callLabel(timeline(), 4)).toBe('Call 5: 920 tokens (estimated)');
  });

  it('draws picker bars from 8 pixels for nothing to 32 for the tallest', () => {
    expect(pickHeight(0, 920)).toBe(8);
    expect(pickHeight(460, 920)).toBe(20);
    expect(pickHeight(920, 920)).toBe(32);
  });

  it('moves the picker’s focus with the arrows, Home and End, and stops at the ends', () => {
    expect(toolbarTarget('ArrowRight', 2, 5)).toBe(3);
    expect(toolbarTarget('ArrowLeft', 2, 5)).toBe(1);
    expect(toolbarTarget('ArrowRight', 4, 5)).toBe(4);
    expect(toolbarTarget('ArrowLeft', 0, 5)).toBe(0);
    expect(toolbarTarget('Home', 3, 5)).toBe(0);
    expect(toolbarTarget('End', 0, 5)).toBe(4);
    expect(toolbarTarget('Tab', 2, 5)).toBeNull();
    expect(toolbarTarget('Enter', 2, 5)).toBeNull();
  });
});

describe('the chart tooltip', () => {
  it('gives the tokens of a curve with separators, and a dash where the curve has no point', () => {
    expect(tooltipTokens(48213)).toBe('48,213 tokens');
    expect(tooltipTokens(1234.6)).toBe('1,235 tokens');
    expect(tooltipTokens(null)).toBe('–');
  });

  it('heads each call with its number as the axis counts it', () => {
    expect(tooltipCall(1200)).toBe('Call 1,200');
    expect(tooltipCall('7')).toBe('Call 7');
  });
});
