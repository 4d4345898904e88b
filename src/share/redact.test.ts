import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { createEstimator, loadEstimator, type Estimator } from '../core/estimate';
import { countChars4 } from '../core/tokenizer';
import type { Message } from '../core/message';
import { buildSharePayload, type FullSharePayload, type SettingsOnlySharePayload } from './payload';
import {
  FILLER_WORDS,
  fillerWords,
  neutralArguments,
  neutralPath,
  neutralText,
  REDACTED_TRANSCRIPT_NAME,
  redactContent,
  redactionMeasure,
} from './redact';
import { validateSharePayload } from './schema';

const chars4 = createEstimator('chars4', countChars4);
let o200k: Estimator;
let cl100k: Estimator;

beforeAll(async () => {
  [o200k, cl100k] = await Promise.all([loadEstimator('o200k_base'), loadEstimator('cl100k_base')]);
});

const NASTY_TEXTS = [
  'Please refactor src/auth/login.ts so the session cookie is httpOnly.',
  '日本語のテキストと中文混合。絵文字も 🎉🚀👩‍👩‍👧 入れる。',
  'tabs\t\tand   runs of     spaces\n\n\n\nand newlines',
  '<|endoftext|> special-looking tokens <|im_start|>user',
  'x',
  ' ',
  '',
  "Error: ENOENT: no such file or directory, open '/home/ada/acme/.env'\n    at Object.openSync (node:fs:601:3)",
  // Long runs without spaces are one pre-token each; BPE on them is slow, so they are kept short.
  'a'.repeat(300) + ' ' + 'ab, '.repeat(1500),
  'function f(a, b) {\n  return a ?? b?.c ?? [1, 2, 3].map((x) => x * 2);\n}\n'.repeat(30),
];

function transcript(): Message[] {
  return [
    { id: 's', role: 'system', content: 'You are a careful coding agent working in /home/ada/acme.' },
    { id: 'u1', role: 'user', content: NASTY_TEXTS[0], turnId: 't1' },
    {
      id: 'a1',
      role: 'assistant',
      content: 'Reading the file first.',
      reasoning: 'The cookie flags live in the session middleware; check it before editing.',
      toolCalls: [
        { id: 'c1', name: 'read_file', arguments: '{"path":"/home/ada/acme/src/auth/login.ts"}' },
        {
          id: 'c2',
          name: 'write_file',
          arguments: JSON.stringify({ path: 'src/auth/session.ts', content: NASTY_TEXTS[9], mode: 420 }),
        },
      ],
      turnId: 't1',
    },
    {
      id: 'r1',
      role: 'tool',
      content: NASTY_TEXTS[7],
      toolCallId: 'c1',
      toolName: 'read_file',
      turnId: 't1',
    },
    { id: 'r2', role: 'tool', content: 'ok', toolCallId: 'c2', toolName: 'write_file', turnId: 't1' },
    { id: 'u2', role: 'user', content: NASTY_TEXTS[1], images: 2, turnId: 't2' },
    { id: 'a2', role: 'assistant', content: NASTY_TEXTS[2], turnId: 't2' },
  ];
}

describe('filler', () => {
  test('every filler word is one token in o200k and cl100k, alone and after a space', () => {
    for (const word of FILLER_WORDS) {
      for (const estimator of [o200k, cl100k]) {
        expect(estimator.countString(word)).toBe(1);
        expect(estimator.countString(` ${word}`)).toBe(1);
      }
    }
  });

  test('n filler words are n tokens, and the same seed gives the same words', () => {
    expect(o200k.countString(fillerWords(250, 3))).toBe(250);
    expect(cl100k.countString(fillerWords(250, 3))).toBe(250);
    expect(fillerWords(5, 0)).toBe('the on this not all');
    expect(fillerWords(5, 0)).toBe(fillerWords(5, 0));
  });

  test('a path keeps its depth, separators and extension, and loses its names', () => {
    expect(neutralPath('/home/ada/acme/src/index.ts')).toBe('/the/on/this/not/all.ts');
    expect(neutralPath('..\\lib\\Makefile')).toBe('..\\the\\on');
    expect(neutralPath('~/notes.md')).toBe('~/the.md');
    expect(neutralPath('C:/Users/ada/.bashrc')).toBe('C:/the/on/this');
  });
});

describe('same-count text', () => {
  test.each(NASTY_TEXTS.map((text, i) => [i, text] as const))(
    'text %i gets filler of exactly its count under chars4, o200k and cl100k',
    (_, text) => {
      for (const estimator of [chars4, o200k, cl100k]) {
        const result = neutralText(text, redactionMeasure(estimator));
        expect(result.exact).toBe(true);
        expect(estimator.countString(result.text)).toBe(estimator.countString(text));
      }
    },
  );

  test('under chars4 the filler has exactly the original length, not just its count', () => {
    const result = neutralText('seventeen letters', redactionMeasure(chars4));
    expect(result).toEqual({ text: 'the on this not a', exact: true });
  });

  test('the count stays equal at a calibrated scale', () => {
    const scaled = o200k.withScale(1.37);
    const text = NASTY_TEXTS[7];
    const result = neutralText(text, redactionMeasure(scaled));
    expect(scaled.countString(result.text)).toBe(scaled.countString(text));
  });

  test('random strings keep their o200k count (property, 150 cases)', () => {
    const measure = redactionMeasure(o200k);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const result = neutralText(text, measure);
        return result.exact && o200k.countString(result.text) === o200k.countString(text);
      }),
      { numRuns: 150, seed: 6 },
    );
  });
});

describe('same-count tool arguments', () => {
  test('arguments become JSON of the same count that keeps the keys, the path shape and other values', () => {
    const args = JSON.stringify({ path: 'src/auth/session.ts', content: NASTY_TEXTS[9], mode: 420 });
    for (const estimator of [chars4, o200k, cl100k]) {
      const result = neutralArguments(args, redactionMeasure(estimator));
      expect(result.exact).toBe(true);
      expect(estimator.countString(result.text)).toBe(estimator.countString(args));
      const parsed = JSON.parse(result.text) as Record<string, unknown>;
      expect(Object.keys(parsed)).toEqual(['path', 'content', 'mode']);
      expect(parsed.path).toBe('the/on/this.ts');
      expect(parsed.mode).toBe(420);
      expect(result.text).not.toContain('return');
    }
  });

  test('arguments with only a path still match exactly', () => {
    const args = '{"path":"/home/ada/acme/src/auth/login.ts"}';
    for (const estimator of [chars4, o200k, cl100k]) {
      const result = neutralArguments(args, redactionMeasure(estimator));
      expect(result.exact).toBe(true);
      expect(estimator.countString(result.text)).toBe(estimator.countString(args));
      expect(Object.keys(JSON.parse(result.text) as object)).toEqual(['path']);
    }
  });

  test('arguments nested deeper than a walk can go are replaced as plain text of the same count', () => {
    const args = `{"a": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const result = neutralArguments(args, redactionMeasure(chars4));
    expect(result.exact).toBe(true);
    expect(result.text.length).toBe(args.length);
    expect(result.text).not.toContain('[[');
  });

  test('arguments that are not JSON are replaced as plain text of the same count', () => {
    const args = 'ls -la /home/ada';
    const result = neutralArguments(args, redactionMeasure(o200k));
    expect(result.exact).toBe(true);
    expect(o200k.countString(result.text)).toBe(o200k.countString(args));
  });
});

describe('redacting a payload', () => {
  test.each(['chars4', 'o200k_base', 'cl100k_base'] as const)(
    'under %s every message keeps its count, so the transcript total is unchanged',
    async (tokenizer) => {
      const estimator = { chars4, o200k_base: o200k, cl100k_base: cl100k }[tokenizer];
      const payload = (await buildSharePayload(
        { messages: transcript(), settings: { tokenizer }, transcriptName: 'acme-auth.jsonl' },
        'full',
      )) as FullSharePayload;
      const { payload: redacted, misses } = redactContent(payload, estimator);
      expect(misses).toEqual([]);
      const before = payload.transcript.messages as Message[];
      const after = redacted.transcript.messages as Message[];
      expect(after.map((m) => estimator.countMessage(m))).toEqual(
        before.map((m) => estimator.countMessage(m)),
      );
      expect(estimator.countMessages(after)).toBe(estimator.countMessages(before));
    },
  );

  test('structure stays and content goes: ids, roles, tool names, turns and images are kept', async () => {
    const payload = (await buildSharePayload(
      {
        messages: transcript(),
        settings: {},
        transcriptName: 'acme-auth.jsonl',
        preview: {
          summary: 'Goal: make the acme session cookie httpOnly.',
          degraded: false,
          splitTurn: true,
        },
      },
      'full',
    )) as FullSharePayload;
    const { payload: redacted } = redactContent(payload, o200k);
    const text = JSON.stringify(redacted);
    for (const word of ['acme', 'cookie', 'ada', 'ENOENT', '日本語', 'careful'])
      expect(text).not.toContain(word);
    expect(redacted.transcript.name).toBe(REDACTED_TRANSCRIPT_NAME);
    const shape = (m: Message) => [
      m.id,
      m.role,
      m.toolCallId,
      m.toolName,
      m.turnId,
      m.images,
      m.toolCalls?.map((c) => c.name),
    ];
    expect(redacted.transcript.messages.map(shape)).toEqual(payload.transcript.messages.map(shape));
    expect(o200k.countString(redacted.preview!.summary)).toBe(o200k.countString(payload.preview!.summary));
    expect(redacted.preview!.splitTurn).toBe(true);
    expect(validateSharePayload(redacted).ok).toBe(true);
  });

  test('a settings-only payload keeps its transcript name and has only its summary redacted', async () => {
    const payload = (await buildSharePayload(
      {
        messages: transcript(),
        settings: {},
        transcriptName: 'acme-auth.jsonl',
        preview: { summary: 'Goal: acme cookie.', degraded: true, splitTurn: false },
      },
      'settings-only',
    )) as SettingsOnlySharePayload;
    const { payload: redacted } = redactContent(payload, chars4);
    expect(redacted.transcript).toEqual(payload.transcript);
    expect(redacted.preview).toEqual({ summary: 'on this not all va', degraded: true, splitTurn: false });
  });

  test('redaction is deterministic: the same payload gives the same text', async () => {
    const payload = await buildSharePayload({ messages: transcript(), settings: {} }, 'full');
    expect(redactContent(payload, o200k).payload).toEqual(redactContent(payload, o200k).payload);
  });
});
