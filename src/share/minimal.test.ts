import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze, shapeOf } from '../core/analysis';
import { createEstimator, loadEstimator, type Estimator } from '../core/estimate';
import type { Message } from '../core/message';
import { normalizeSettings, STRATEGIES, type SettingsInput } from '../core/settings';
import { summaryMessage } from '../core/summaryEnvelope';
import { decodeShare, encodeFragment, encodeShare } from './codec';
import {
  buildMinimalLink,
  minimalMessages,
  minimalTranscriptOf,
  packNumbers,
  parseIndexRanges,
  shortTurnId,
  unpackNumbers,
} from './minimal';
import type { MinimalSharePayload } from './payload';
import { restoreShare, validateSharePayload } from './schema';
import { scanSecrets } from './secrets';

const chars4 = createEstimator('chars4', () => 0);

/** Transcripts with what makes pairing and counting awkward: orphan results, reused call ids, images, envelopes. */
const transcriptArb = fc
  .record({
    system: fc.boolean(),
    summaryAt: fc.option(fc.nat(5), { nil: undefined }),
    envelope: fc.boolean(),
    turns: fc.array(
      fc.record({
        prompt: fc.string({ maxLength: 60 }),
        turnId: fc.constantFrom(undefined, 'turn', '758b5ddc-b97f-4257-86d8-ed9252b4e05c'),
        rounds: fc.array(
          fc.record({
            text: fc.string({ maxLength: 80 }),
            reasoning: fc.option(fc.string({ maxLength: 80 }), { nil: undefined }),
            tools: fc.nat(3),
            tool: fc.constantFrom('read_file', 'Read', 'bash', 'skill'),
            result: fc.string({ maxLength: 200 }),
            lines: fc.nat(4),
            images: fc.nat(1),
            orphan: fc.boolean(),
            reuseId: fc.boolean(),
            renamed: fc.boolean(),
            // A failed reply or a `!!` command pi weighs after this round but never sends.
            unsent: fc.option(fc.tuple(fc.constantFrom('reply' as const, 'command' as const), fc.nat(800)), {
              nil: undefined,
            }),
          }),
          { maxLength: 4 },
        ),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  })
  .map(({ system, summaryAt, envelope, turns }) => {
    const messages: Message[] = [];
    let n = 0;
    const id = () => `m${n++}`;
    if (system) messages.push({ id: id(), role: 'system', content: 'You are a coding agent.' });
    turns.forEach((turn, t) => {
      if (summaryAt === t) {
        const summary = summaryMessage(`Earlier work ${t}.`);
        messages.push(
          envelope ? { id: id(), role: 'user', content: summary.content } : { ...summary, id: id() },
        );
      }
      const turnId = turn.turnId && `${turn.turnId}-${t}`;
      messages.push({ id: id(), role: 'user', content: turn.prompt, ...(turnId ? { turnId } : {}) });
      for (const round of turn.rounds) {
        const calls = Array.from({ length: round.tools }, (_, k) => ({
          id: round.reuseId ? 'same' : `c${n}-${k}`,
          name: round.tool,
          arguments: JSON.stringify({ path: `src/f${k}.ts`, note: round.text.slice(0, 10) }),
        }));
        messages.push({
          id: id(),
          role: 'assistant',
          content: round.text,
          ...(round.reasoning !== undefined ? { reasoning: round.reasoning } : {}),
          ...(calls.length ? { toolCalls: calls } : {}),
          ...(turnId ? { turnId } : {}),
        });
        for (const c of calls) {
          messages.push({
            id: id(),
            role: 'tool',
            content: `${round.result}${'\nmore'.repeat(round.lines)}`,
            toolCallId: round.orphan ? 'nowhere' : c.id,
            ...(round.renamed ? { toolName: 'renamed' } : round.orphan ? {} : { toolName: c.name }),
            ...(round.images ? { images: round.images } : {}),
            ...(turnId ? { turnId } : {}),
          });
        }
        if (round.unsent) {
          const [kind, chars] = round.unsent;
          const last = messages[messages.length - 1];
          last.unsentAfter = [...(last.unsentAfter ?? []), { kind, chars }];
        }
      }
    });
    if (turns[0].rounds[0]?.unsent) messages[0].unsentBefore = [{ kind: 'command', chars: 40 }];
    return messages;
  });

const settingsArb: fc.Arbitrary<SettingsInput> = fc.record({
  maxContextTokens: fc.oneof(fc.constant(0), fc.integer({ min: 50, max: 3000 })),
  reserveTokens: fc.integer({ min: -5, max: 2000 }),
  keepRecentTokens: fc.integer({ min: -5, max: 1500 }),
  strategy: fc.constantFrom(...STRATEGIES),
  enabled: fc.boolean(),
  scale: fc.constantFrom(1, 0.7, 1.3),
  harness: fc.record(
    {
      'claude-code': fc.record({ microcompact: fc.boolean(), keepToolResults: fc.nat(3) }),
      codex: fc.record({ userMessageTokens: fc.nat(60) }),
      opencode: fc.record({ protect: fc.nat(100), pruneMinimum: fc.nat(60), tailTurns: fc.nat(2) }),
      'gemini-cli': fc.record({
        toolOutputBudget: fc.nat(100),
        truncateChars: fc.integer({ min: 1, max: 60 }),
      }),
      'clear-tool-uses': fc.record({
        keepToolUses: fc.nat(4),
        excludeTools: fc.constantFrom([], ['skill']),
        clearInputs: fc.boolean(),
        clearThinking: fc.boolean(),
      }),
      'mask-observations': fc.record({ keepObservations: fc.integer({ min: 1, max: 4 }) }),
    },
    { requiredKeys: [] },
  ),
});

/**
 * The analysis a reader of the minimal link computes (decoded, validated,
 * restored, counted from what travelled) and the writer's on the whole
 * transcript, both under the settings the link carries.
 */
async function bothAnalyses(messages: Message[], settings: SettingsInput, estimator: Estimator) {
  const writer = estimator.withScale(normalizeSettings(settings).scale);
  const link = await buildMinimalLink({ messages, settings, transcriptName: 'x.jsonl' }, writer, {
    measure: async (p) => (await encodeFragment(p)).length,
    targetChars: 600,
  });
  const decoded = await decodeShare(await encodeShare(link.payload));
  if (!decoded.ok) throw new Error(decoded.error.message);
  const restored = restoreShare(decoded.payload);
  const reader = estimator.withScale(restored.settings.scale);
  return {
    reader: analyze(shapeOf(restored.messages!, reader), restored.settingsInput),
    writer: analyze(shapeOf(messages, writer), restored.settingsInput),
  };
}

describe('a minimal link reproduces the analysis of the whole transcript', () => {
  it('on random transcripts and settings (chars4): counts, every strategy, fates and verdict', async () => {
    await fc.assert(
      fc.asyncProperty(transcriptArb, settingsArb, async (messages, typed) => {
        const settings = { ...typed, tokenizer: 'chars4' as const };
        const { reader, writer } = await bothAnalyses(messages, settings, chars4);
        expect(reader).toEqual(writer);
      }),
      { numRuns: 150 },
    );
  });

  it('on random transcripts and settings (o200k_base)', async () => {
    const o200k = await loadEstimator('o200k_base');
    await fc.assert(
      fc.asyncProperty(transcriptArb, settingsArb, async (messages, typed) => {
        const { reader, writer } = await bothAnalyses(messages, typed, o200k);
        expect(reader).toEqual(writer);
      }),
      { numRuns: 80 },
    );
  });
});

const call = (id: string, name = 'Read') => ({ id, name, arguments: '{"path":"a.ts"}' });
const sample: Message[] = [
  { id: 'sys', role: 'system', content: 'You are terse. '.repeat(40) },
  { id: 'u1', role: 'user', content: 'Fix the report.', turnId: 'turn-1' },
  { id: 'a1', role: 'assistant', content: '', toolCalls: [call('x1'), call('x2', 'bash')], turnId: 'turn-1' },
  {
    id: 't1',
    role: 'tool',
    content: 'line one\nline two',
    toolCallId: 'x1',
    toolName: 'Read',
    turnId: 'turn-1',
  },
  { id: 't2', role: 'tool', content: 'ok', toolCallId: 'x2', toolName: 'bash', turnId: 'turn-1' },
  { id: 't3', role: 'tool', content: 'orphan', toolCallId: 'gone', turnId: 'turn-1' },
  { id: 'u2', role: 'user', content: 'Now the tests.', turnId: 'turn-2' },
];

describe('the minimal transcript', () => {
  it('carries shape and counts in columns: roles, counts less their prediction, pairing, turns', () => {
    const t = minimalTranscriptOf(sample, chars4);
    expect(t).toEqual({
      roles: 'suatttu',
      // Each count less what the other columns predict: 10 tokens for two calls of 4 is 2 over;
      // 17 characters of output count 5, one over their rounded quarter.
      tokens: '46,4,2,1,0,0,4',
      turns: [
        ['', 1],
        ['turn-1', 5],
        ['turn-2', 1],
      ],
      calls: '0,0,2,0,0,0,0',
      callNames: ['Read', 'bash'],
      callTokens: '4,4',
      answers: '0,0,_',
      bare: '0,0,0',
      masked: packNumbers(t.masked ? unpackNumbers(t.masked) : []),
      chars: 'h,2,6',
    });
    const counts = sample.map((m) => chars4.countMessage(m));
    expect(minimalMessages(t).map((m) => m.carried!.tokens)).toEqual(counts);
  });

  it('restores messages with their pairing, tool names, turns and counts, and no text', () => {
    const restored = minimalMessages(minimalTranscriptOf(sample, chars4));
    expect(restored[2]).toMatchObject({
      id: 'm2',
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: 'c0', name: 'Read', arguments: '' },
        { id: 'c1', name: 'bash', arguments: '' },
      ],
      turnId: 'turn-1',
      carried: { tokens: chars4.countMessage(sample[2]), arguments: [4, 4], excerpt: 'none' },
    });
    expect(restored.slice(3, 6).map((m) => [m.toolCallId, m.toolName])).toEqual([
      ['c0', 'Read'],
      ['c1', 'bash'],
      [undefined, undefined],
    ]);
    expect(restored[6].turnId).toBe('turn-2');
  });

  it('carries the start of a picked message as a part, and a whole one whole', () => {
    const t = minimalTranscriptOf(
      sample,
      chars4,
      new Map<number, 'all' | number>([
        [0, 30],
        [1, 'all'],
      ]),
    );
    expect(t.texts).toEqual([
      { i: 0, content: 'You are terse. You are terse. ', part: true },
      { i: 1, content: 'Fix the report.' },
    ]);
    const restored = minimalMessages(t);
    expect([
      restored[0].carried!.excerpt,
      restored[1].carried!.excerpt,
      restored[2].carried!.excerpt,
    ]).toEqual(['part', undefined, 'none']);
  });

  it('packs numbers in base 36, with _ for none and negative steps', () => {
    expect(packNumbers([0, 35, 36, 1295, null, -3])).toBe('0,z,10,zz,_,-3');
    expect(unpackNumbers('0,z,10,zz,_,-3')).toEqual([0, 35, 36, 1295, null, -3]);
    expect(unpackNumbers('')).toEqual([]);
  });

  it('shortens long turn ids the way git shortens hashes, and keeps short ones', () => {
    expect(shortTurnId('758b5ddc-b97f-4257-86d8-ed9252b4e05c')).toBe('758b5ddc…');
    expect(shortTurnId('0199e1c4-turn-1')).toBe('0199e1c4-turn-1');
  });
});

describe('fitting the link to its target', () => {
  const long: Message[] = Array.from({ length: 120 }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 ? 'assistant' : 'user',
    content: `Message ${i} ${'words that take room in the link '.repeat(10)}`,
  }));
  const source = { messages: long, settings: { tokenizer: 'chars4' as const, keepRecentTokens: 500 } };
  const measure = async (p: MinimalSharePayload) => (await encodeFragment(p)).length + 1;

  it('stays within the target and carries the text at the cut', async () => {
    const link = await buildMinimalLink(source, chars4, { measure, targetChars: 1200 });
    expect(link.fits).toBe(true);
    expect(link.length).toBeLessThanOrEqual(1200);
    const cut = analyze(shapeOf(long, chars4), source.settings).plan.firstKeptIdx;
    expect(link.withText).toContain(cut);
    expect(link.length).toBe(await measure(link.payload));
  });

  it('measures each different candidate link once (short turn ids change nothing without turns)', async () => {
    const measured: string[] = [];
    await buildMinimalLink(source, chars4, {
      measure: async (p) => {
        measured.push(JSON.stringify(p));
        return measure(p);
      },
      // Too short for any of them: every shortening is tried.
      targetChars: 100,
    });
    expect(measured.length).toBeGreaterThan(2);
    expect(new Set(measured).size).toBe(measured.length);
  });

  it('leaves a preview result out, says so, and keeps the same excerpts as without one', async () => {
    const summary = `## Goal\n${'A summary longer than the whole link. '.repeat(80)}`;
    const preview = { summary, degraded: false, splitTurn: false };
    const plain = await buildMinimalLink(source, chars4, { measure, targetChars: 1200 });
    const withPreview = await buildMinimalLink({ ...source, preview }, chars4, {
      measure,
      targetChars: 1200,
    });
    expect(plain.previewLeftOut).toBe(false);
    expect(withPreview.previewLeftOut).toBe(true);
    expect(withPreview.payload).not.toHaveProperty('preview');
    expect(withPreview.withText).toEqual(plain.withText);
    expect(withPreview.length).toBe(plain.length);
  });

  it('adds a range back whole: the link grows and carries that text', async () => {
    const before = await buildMinimalLink(source, chars4, { measure, targetChars: 1200 });
    const after = await buildMinimalLink(source, chars4, {
      measure,
      targetChars: 1200,
      include: [{ from: 10, to: 12 }],
    });
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.payload.transcript.texts?.filter((t) => t.i >= 10 && t.i <= 12)).toEqual(
      [10, 11, 12].map((i) => ({ i, content: long[i].content })),
    );
  });

  it('adds the first N characters of each message back, and says what travelled of each range', async () => {
    const link = await buildMinimalLink(source, chars4, {
      measure,
      targetChars: 1200,
      include: [{ from: 10, to: 12, chars: 30 }],
    });
    expect(link.payload.transcript.texts?.filter((t) => t.i >= 10 && t.i <= 12)).toEqual(
      [10, 11, 12].map((i) => ({ i, content: long[i].content.slice(0, 30), part: true })),
    );
    expect(link.added).toEqual([{ from: 10, to: 12, chars: 30, asked: 30 }]);
  });

  it('cuts openings added back to keep the link within its limit for them', async () => {
    const link = await buildMinimalLink(source, chars4, {
      measure,
      targetChars: 1200,
      addedLimitChars: 700,
      include: [{ from: 0, to: 119, chars: 300 }],
    });
    expect(link.length).toBeLessThanOrEqual(700);
    const [added] = link.added;
    expect(added.asked).toBe(300);
    expect(added.chars).toBeLessThan(300);
    expect(link.payload.transcript.texts?.find((t) => t.i === 0)?.content).toBe(
      long[0].content.slice(0, added.chars as number),
    );
  });

  it('keeps an opening of each message at the cut when the counts alone leave no room, and says it is over', async () => {
    const link = await buildMinimalLink(source, chars4, { measure, targetChars: 100 });
    const cut = analyze(shapeOf(long, chars4), source.settings).plan.firstKeptIdx;
    expect(link.cut).toEqual([
      { i: cut, part: 'first-kept' },
      { i: cut - 1, part: 'before-cut' },
    ]);
    expect(link.fits).toBe(false);
    expect(link.openingChars).toBe(20);
    expect(link.payload.transcript.texts).toEqual([
      { i: cut - 1, content: long[cut - 1].content.slice(0, 20), part: true },
      { i: cut, content: long[cut].content.slice(0, 20), part: true },
    ]);
    expect(link.textChars).toBe(40);
  });

  it('scans what text remains for keys, naming the message it belongs to', async () => {
    const secret: Message[] = [...long];
    secret[3] = { ...secret[3], content: 'export OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz0123' };
    const link = await buildMinimalLink({ ...source, messages: secret }, chars4, {
      measure,
      include: [{ from: 3, to: 3 }],
    });
    expect(scanSecrets(link.payload).map((f) => [f.messageIndex, f.field])).toContainEqual([3, 'content']);
  });
});

describe("pi's compaction details", () => {
  const pi: Message[] = [
    {
      id: 's',
      role: 'user',
      kind: 'summary',
      content: 'Goal: fix it.',
      files: { read: ['a.ts'], modified: ['b.ts'] },
      keptAfter: 1,
    },
    { id: 'u', role: 'user', content: 'Kept.' },
  ];

  it('travel on the summary: its kept count always, its files unless left out for room', () => {
    const t = minimalTranscriptOf(pi, chars4);
    expect([t.keptAfter, t.files]).toEqual([[[0, 1]], [[0, ['a.ts'], ['b.ts']]]]);
    expect(minimalMessages(t)[0]).toMatchObject({
      keptAfter: 1,
      files: { read: ['a.ts'], modified: ['b.ts'] },
    });
    const without = minimalTranscriptOf(pi, chars4, new Map(), { files: false });
    expect([without.keptAfter, without.files]).toEqual([[[0, 1]], undefined]);
  });

  it('are refused on a message that is not a summary', () => {
    const t = { ...minimalTranscriptOf(pi, chars4), keptAfter: [[1, 0]] };
    expect(validateSharePayload({ v: 3, variant: 'minimal', transcript: t })).toMatchObject({
      ok: false,
      error: { path: 'transcript.keptAfter[0]' },
    });
  });
});

describe('validation of a minimal payload', () => {
  const payload = (transcript: object) => ({ v: 3, variant: 'minimal', transcript });
  const base = minimalTranscriptOf(sample, chars4);

  it.each([
    [{ ...base, tokens: '1,2' }, 'transcript.tokens', '2 entries for 7 messages'],
    [{ ...base, roles: 'suattt' }, 'transcript.tokens', '7 entries for 6 messages'],
    [{ ...base, turns: [['a', 3]] }, 'transcript.turns', 'the runs cover 3 of 7 messages'],
    [
      { ...base, answers: '0,0,5' },
      'transcript.answers[2]',
      'no call made before message 5 is there to answer',
    ],
    [{ ...base, callNames: ['Read'] }, 'transcript.callNames', '1 entries for 2 tool calls'],
    [{ ...base, texts: [{ i: 9, content: 'x' }] }, 'transcript.texts[0]', 'message 9 of 7'],
    [{ ...base, chars: '1,2,-3' }, 'transcript.chars[2]', 'expected a number from 0 to 5000000'],
  ])('rejects inconsistent columns with where and what (%#)', (transcript, path, what) => {
    const result = validateSharePayload(payload(transcript));
    expect(result).toEqual({
      ok: false,
      error: { code: 'schema', message: `The link's contents are invalid at ${path}: ${what}.`, path },
    });
  });

  it('rejects a column that is not base-36 numbers', () => {
    const result = validateSharePayload(payload({ ...base, bare: '1,2,x y' }));
    expect(result.ok ? null : result.error.path).toBe('transcript.bare');
  });
});

describe('ranges typed in the share dialog', () => {
  it('read single messages and ranges, with or without #', () => {
    expect(parseIndexRanges('3-7, #12, 20–21')).toEqual({
      ranges: [
        { from: 3, to: 7 },
        { from: 12, to: 12 },
        { from: 20, to: 21 },
      ],
    });
  });

  it('say what is wrong with a bad one', () => {
    expect(parseIndexRanges('3-x')).toEqual({
      error: 'Expected message numbers such as 3-7, 12; "3-x" is not one.',
    });
    expect(parseIndexRanges('9-2')).toEqual({ error: 'The range 9-2 ends before it starts.' });
  });
});

describe('untrusted minimal payloads', () => {
  const column = fc.array(fc.oneof(fc.integer({ min: -3, max: 40 }), fc.constant(null)), { maxLength: 8 });
  const transcriptArb = fc.record(
    {
      roles: fc.stringMatching(/^[suat]{0,8}$/),
      tokens: column.map((c) => packNumbers(c.map((x) => x ?? 0))),
      summaries: column.map(packNumbers),
      turns: fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.integer({ min: 1, max: 8 })), {
        maxLength: 3,
      }),
      reasoning: column.map(packNumbers),
      calls: column.map(packNumbers),
      callNames: fc.array(fc.string({ maxLength: 4 }), { maxLength: 6 }),
      callTokens: column.map(packNumbers),
      answers: column.map(packNumbers),
      bare: column.map(packNumbers),
      masked: column.map(packNumbers),
      chars: column.map(packNumbers),
      toolNames: fc.array(fc.tuple(fc.nat(9), fc.string({ maxLength: 3 })), { maxLength: 2 }),
      texts: fc.array(
        fc.record({
          i: fc.nat(9),
          content: fc.string({ maxLength: 5 }),
          args: fc.array(fc.string(), { maxLength: 3 }),
        }),
        { maxLength: 3 },
      ),
    },
    { requiredKeys: ['roles', 'tokens'] },
  );

  it('either fail validation with a path, or restore to messages whose counts are whole numbers', () => {
    fc.assert(
      fc.property(transcriptArb, (transcript) => {
        const result = validateSharePayload({ v: 3, variant: 'minimal', transcript });
        if (!result.ok) {
          expect(result.error.code).toBe('schema');
          expect(result.error.path).toMatch(/^transcript/);
          return;
        }
        const messages = restoreShare(result.payload).messages!;
        expect(messages).toHaveLength(transcript.roles.length);
        for (const m of messages)
          expect(Number.isInteger(m.carried!.tokens) && m.carried!.tokens >= 0).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
