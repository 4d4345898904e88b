/**
 * The part of every request the file does not show (system prompt, tools):
 * measured from recorded usage, typed, or none, and counted in every verdict.
 */
import { describe, expect, it } from 'vitest';
import { analyze, type TranscriptShape } from './analysis';
import { createEstimator } from './estimate';
import { describeVerdict } from './explain';
import type { Message } from './message';
import { sessionShapeOf, sessionCalls } from './session/calls';
import { countSession, measuredUnseen, measureUnseen } from './session/counted';
import type { RecordedCall, SessionHistory } from './session/history';
import { recordedCurve, unrecordedTokens } from './session/recorded';
import { replay } from './session/replay';
import { normalizeSettings } from './settings';
import { settingsProblems } from './settingsProblems';
import { resolveUnseen } from './unseen';

const chars4 = createEstimator('chars4', () => 0);
const text = (tokens: number) => 'x'.repeat(tokens * 4);
const msg = (id: string, role: Message['role'], tokens: number): Message => ({
  id,
  role,
  content: text(tokens),
});
const call = (atMessage: number, input: number, read: number, write: number): RecordedCall => ({
  atMessage,
  contextTokens: input + read + write,
  inputTokens: input,
  cacheReadTokens: read,
  cacheWriteTokens: write,
  outputTokens: 10,
});

// u 100, a 50, u 200, a 50, u 300, a 50: calls before each assistant message.
const messages = [
  msg('u0', 'user', 100),
  msg('a0', 'assistant', 50),
  msg('u1', 'user', 200),
  msg('a1', 'assistant', 50),
  msg('u2', 'user', 300),
  msg('a2', 'assistant', 50),
];

describe('the part not in the file, measured from recorded usage', () => {
  it('is the newest call’s input + cache reads + cache writes less the messages before it', () => {
    // Contexts before the calls: 100, 350, 700. Gaps: 15,100 − 100, 15,400 − 350, 15,740 − 700:
    // the newest, not the smallest, so the context shown is the one the agent last sent.
    const history: SessionHistory = {
      messages,
      compactions: [],
      calls: [call(1, 100, 15_000, 0), call(3, 400, 14_000, 1_000), call(5, 40, 15_700, 0)],
    };
    const points = recordedCurve(history, sessionCalls(history), messages.map(chars4.countMessage), 0);
    expect(points.map((p) => p.recordedTokens)).toEqual([15_100, 15_400, 15_740]);
    expect(unrecordedTokens(points)).toBe(15_040);
    expect(measureUnseen(messages, messages.map(chars4.countMessage), history, chars4)).toEqual({
      lastCallTokens: 15_740,
      inferredTokens: 15_040,
    });
  });

  it('leaves out a call that records 0 (an aborted call): the newest call before it is read', () => {
    const history: SessionHistory = {
      messages,
      compactions: [],
      calls: [call(1, 100, 15_000, 0), call(3, 400, 14_000, 1_000), call(5, 0, 0, 0)],
    };
    const points = recordedCurve(history, sessionCalls(history), messages.map(chars4.countMessage), 0);
    expect(points.map((p) => p.recordedTokens)).toEqual([15_100, 15_400, 0]);
    expect(unrecordedTokens(points)).toBe(15_050);
  });

  it('is null when no call records its size, and 0 (not below) when the estimate is above the record', () => {
    const none: SessionHistory = { messages, compactions: [], calls: [] };
    expect(measuredUnseen(messages, messages.map(chars4.countMessage), none, chars4)).toBeNull();
    const under: SessionHistory = { messages, compactions: [], calls: [call(1, 90, 0, 0)] };
    expect(measuredUnseen(messages, messages.map(chars4.countMessage), under, chars4)).toBe(0);
  });

  it('reusing the context’s counts gives what counting the whole session gives', () => {
    const history: SessionHistory = {
      messages,
      compactions: [],
      calls: [call(1, 100, 15_000, 0), call(3, 400, 14_000, 1_000)],
    };
    const counts = messages.map(chars4.countMessage);
    expect(measuredUnseen(messages, counts, history, chars4)).toBe(15_050);
    expect(countSession(messages, history, chars4).unrecorded).toBe(15_050);
  });
});

describe('the part in force', () => {
  it('is the typed setting, else the measure, else none', () => {
    expect(resolveUnseen(15_000, 2_000)).toEqual({ tokens: 2_000, source: 'setting' });
    expect(resolveUnseen(15_000, null)).toEqual({ tokens: 15_000, source: 'recorded-usage' });
    expect(resolveUnseen(0, null)).toEqual({ tokens: 0, source: 'recorded-usage' });
    expect(resolveUnseen(null, null)).toEqual({ tokens: 0, source: 'none' });
    expect(resolveUnseen(undefined, 0)).toEqual({ tokens: 0, source: 'setting' });
  });

  it("is the lab's measure of the agent version before the usage gap, and the typed setting before both", () => {
    expect(resolveUnseen(15_000, null, 8_588)).toEqual({ tokens: 8_588, source: 'lab' });
    expect(resolveUnseen(null, null, 8_588)).toEqual({ tokens: 8_588, source: 'lab' });
    expect(resolveUnseen(15_000, 2_000, 8_588)).toEqual({ tokens: 2_000, source: 'setting' });
    expect(resolveUnseen(15_000, null, null)).toEqual({ tokens: 15_000, source: 'recorded-usage' });
  });

  it('is a whole count when typed, and a negative one is refused with the reason', () => {
    expect(normalizeSettings({ unseenTokens: 1_500.7 }).unseenTokens).toBe(1_500);
    expect(normalizeSettings({}).unseenTokens).toBeNull();
    expect(settingsProblems({ unseenTokens: -1 })).toEqual([
      {
        fields: ['unseenTokens'],
        reason: "The part not in the file cannot be negative (empty leaves it to the file's recorded usage).",
      },
    ]);
    expect(settingsProblems({ unseenTokens: null })).toEqual([]);
  });
});

/** The linkcheck sample's shape at window 12,000: 2,943 tokens in messages, 3 framing, 16,831 not in the file. */
const linkcheck: TranscriptShape = {
  roles: ['user', 'assistant', 'user', 'assistant'],
  counts: [1_000, 443, 1_000, 500],
  isSummary: [false, false, false, false],
  listTail: 3,
  unseenTokens: 16_831,
};
const small = { maxContextTokens: 12_000, reserveTokens: 2_000, keepRecentTokens: 2_000 };

describe("the lab's measure of the agent version", () => {
  it('is what the verdict adds in place of the inferred gap, known, with nothing said to be missing', () => {
    // 16,831 inferred, far over 10× the 2,943 in messages, would say the file misses part of the conversation.
    const a = analyze({ ...linkcheck, labTokens: 8_588, lastCallTokens: 19_774 }, small);
    expect([a.unseenTokens, a.unseenSource, a.contextTokens]).toEqual([8_588, 'lab', 2_943 + 3 + 8_588]);
    expect(a.unseenSplit).toEqual({
      knownTokens: 8_588,
      knownSource: 'lab',
      inferredTokens: null,
      lastCallTokens: 19_774,
      likelyMissing: false,
    });
    // A typed size still replaces it.
    const typed = analyze({ ...linkcheck, labTokens: 8_588 }, { ...small, unseenTokens: 1_000 });
    expect([typed.unseenTokens, typed.unseenSource, typed.unseenSplit.knownSource]).toEqual([
      1_000,
      'setting',
      'setting',
    ]);
  });
});

describe('every verdict counts the part not in the file', () => {
  it('the header: 19,777 tokens in context, over the threshold of 10,000, where the rows alone were under', () => {
    const a = analyze(linkcheck, small);
    expect([a.totalTokens, a.framingTokens, a.unseenTokens, a.unseenSource, a.contextTokens]).toEqual([
      2_943,
      3,
      16_831,
      'recorded-usage',
      19_777,
    ]);
    expect(a.shouldCompact).toBe(true);
    expect(describeVerdict(a)).toBe(
      '19,777 tokens (16,831 not explained by the file) > threshold 10,000: compaction fires',
    );
    // Without it, the rows alone stay under, as the old header said.
    const visible = analyze({ ...linkcheck, unseenTokens: null }, small);
    expect([visible.contextTokens, visible.shouldCompact, visible.unseenSource]).toEqual([
      2_946,
      false,
      'none',
    ]);
  });

  it('every strategy’s row fires on it, and its "after" keeps it', () => {
    const a = analyze(linkcheck, { ...small, keepRecentTokens: 600 });
    const cut = a.outcomes.find((o) => o.strategy === 'budget')!;
    expect(cut.fires).toBe(true);
    // Kept #3 (500) + the smallest summary budget 1,024 + framing 3 + unseen 16,831.
    expect(cut.tokensAfter).toBe(500 + 1_024 + 3 + 16_831);
    expect(a.outcomes.find((o) => o.strategy === 'gemini-cli')!.fires).toBe(true);
  });

  it('a typed setting replaces the measure', () => {
    const a = analyze(linkcheck, { ...small, unseenTokens: 1_000 });
    expect([a.unseenTokens, a.unseenSource, a.contextTokens, a.shouldCompact]).toEqual([
      1_000,
      'setting',
      3_946,
      false,
    ]);
  });
});

describe('the replay sends the part not in the file once', () => {
  // u 1,000, a 50, u 2,000, a 50, u 3,500, a 50: contexts 1,000, 3,050 and 6,600 before the calls.
  const grown = [
    msg('g0', 'user', 1_000),
    msg('g1', 'assistant', 50),
    msg('g2', 'user', 2_000),
    msg('g3', 'assistant', 50),
    msg('g4', 'user', 3_500),
    msg('g5', 'assistant', 50),
  ];
  const shape = sessionShapeOf({ messages: grown, compactions: [], calls: [] }, chars4);

  it('with every call', () => {
    const off = { maxContextTokens: 0, unseenTokens: 12_000 };
    expect(replay(shape, off, { baseTokens: 12_000 }).curve).toEqual([13_000, 15_050, 18_600]);
  });

  it('and a compaction keeps it once: 18,600 → 12,000 + summary 2,000 + kept 3,500', () => {
    // Threshold 20,000 − 2,500 = 17,500: only the last call is over it.
    const settings = {
      maxContextTokens: 20_000,
      reserveTokens: 2_500,
      keepRecentTokens: 3_500,
      unseenTokens: 12_000,
    };
    const r = replay(shape, settings, { baseTokens: 12_000 });
    expect(r.compactions.map((c) => [c.beforeCall, c.tokensBefore, c.tokensAfter])).toEqual([
      [2, 18_600, 17_500],
    ]);
  });
});
