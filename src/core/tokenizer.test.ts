import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { rankOfBytes, utf8ByteString } from './bpe';
import { parseBpeRanks } from './bpeRanks';
import { countChars4, loadTokenizer, pieceCachedCounter, splitPattern } from './tokenizer';

const encodings = [
  ['o200k_base', o200k],
  ['cl100k_base', cl100k],
] as const;

/** Text made of the things that stress a BPE pre-tokenizer. */
const nasty = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.constantFrom(
        ' ',
        '  ',
        '\t',
        '\n',
        '\r\n',
        '   \n  ',
        "'s",
        "'LL",
        '<|endoftext|>',
        '<|fim_prefix|>',
        '😀',
        '👩‍👩‍👧',
        '日本語',
        '한국어',
        '1234567',
        '{"path":"src/a.ts"}',
        "don't",
        'HTTPServer',
        '\u00a0',
        '...',
      ),
      fc.string({ unit: 'binary', maxLength: 8 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe.each(encodings)('piece-cached %s counter', (_, ranks) => {
  const encoding = new Tiktoken(ranks);
  const exact = (text: string) => encoding.encode(text, [], []).length;
  const cached = pieceCachedCounter(ranks.pat_str, exact);

  it('counts exactly what the encoder counts, on any text', () => {
    fc.assert(
      fc.property(nasty, (text) => cached(text) === exact(text)),
      { numRuns: 600 },
    );
  });

  it('counts a text the same the second time, from the cache', () => {
    const text = 'The quick brown fox\n\n  jumps over the lazy dog 1234567.';
    expect(cached(text)).toBe(exact(text));
    expect(cached(text)).toBe(exact(text));
  });
});

describe.each(encodings)('the %s split pattern as run', (_, ranks) => {
  const pieces = (pattern: string, text: string) =>
    [...text.matchAll(new RegExp(pattern, 'gu'))].map((m) => m[0]);

  it('is no longer the published pattern: its contraction group captures nothing', () => {
    expect(splitPattern(ranks.pat_str)).not.toBe(ranks.pat_str);
    expect(splitPattern(ranks.pat_str)).not.toContain("('s|");
  });

  it('splits contractions exactly as the published pattern does', () => {
    const text = "I'm sure they'RE here; we'Ve SEEN it's YOU'LL don'T she'd O'Neil 'S 'll'll x'";
    expect(pieces(splitPattern(ranks.pat_str), text)).toEqual(pieces(ranks.pat_str, text));
  });

  it('splits any text exactly as the published pattern does', () => {
    fc.assert(
      fc.property(nasty, (text) => {
        expect(pieces(splitPattern(ranks.pat_str), text)).toEqual(pieces(ranks.pat_str, text));
      }),
      { numRuns: 600 },
    );
  });
});

describe('a piece-cached counter', () => {
  it('remembers short pieces and counts long ones every time', () => {
    const counted: string[] = [];
    const count = pieceCachedCounter(o200k.pat_str, (piece) => {
      counted.push(piece);
      return 1;
    });
    const long = 'a'.repeat(65);
    count(`word ${long}`);
    count(`word ${long}`);
    expect(counted).toEqual(['word', ` ${long}`, ` ${long}`]);
  });
});

/** Text from everything a transcript can hold, with runs long enough to take the heap path. */
const richText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme-ascii', maxLength: 16 }),
      fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u3000'), maxLength: 80 }),
      fc
        .tuple(fc.constantFrom('a', 'A', '1', '!', '-', '=', '.', '中', '😀', '\u0301'), fc.nat(80))
        .map(([char, n]) => char.repeat(n)),
      fc.string({
        unit: fc.integer({ min: 0x4e00, max: 0x9fff }).map((c) => String.fromCodePoint(c)),
        maxLength: 12,
      }),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom(
        '😀',
        '👩‍👩‍👧',
        '👍🏽',
        '🇫🇷',
        'e\u0301',
        '\u0301\u0302\u0303',
        'Ä\u0308',
        '<|endoftext|>',
        '<|endofprompt|>',
        '<|fim_prefix|>',
        '\ud800',
        '\udfff',
        'a\ud83d',
        "'s",
        "'LL",
        '{"path":"src/a.ts"}',
        'HTTPServer',
      ),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

/** 200,000 of each character class, and why each count is what it is. */
const longRuns = [
  // 'aaaaaaaa' is the longest run token in both: 200,000 / 8.
  { name: 'a', char: 'a', o200k_base: 25_000, cl100k_base: 25_000 },
  // 128 spaces is a token: 1,562 of them, and a token of the 64 left.
  { name: 'space', char: ' ', o200k_base: 1_563, cl100k_base: 1_563 },
  { name: 'A', char: 'A', o200k_base: 25_000, cl100k_base: 25_000 },
  // The pattern splits numbers into threes before any merging.
  { name: '1', char: '1', o200k_base: 66_667, cl100k_base: 66_667 },
  // Sixteen '!' is a token in o200k, eight in cl100k.
  { name: '!', char: '!', o200k_base: 12_500, cl100k_base: 25_000 },
  // Sixteen newlines in o200k, thirty-two in cl100k.
  { name: 'newline', char: '\n', o200k_base: 12_500, cl100k_base: 6_250 },
  // A token each; no run of 中 is a token.
  { name: '中', char: '中', o200k_base: 200_000, cl100k_base: 200_000 },
  // One token each in o200k; cl100k has none for 😀 and takes two.
  { name: 'emoji', char: '😀', o200k_base: 200_000, cl100k_base: 400_000 },
] as const;

/**
 * Process CPU time of `run`, in ms (each test file runs in its own process):
 * on a shared machine, wall time measures the neighbours too.
 */
function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

describe.each(encodings)('the %s counter', (id, ranks) => {
  const encoding = new Tiktoken(ranks);
  const reference = (text: string) => encoding.encode(text, [], []).length;

  it('counts exactly what js-tiktoken counts, on any text', async () => {
    const count = await loadTokenizer(id);
    fc.assert(
      fc.property(richText, (text) => {
        expect(count(text)).toBe(reference(text));
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('counts special-token text as the ordinary text it is', async () => {
    const count = await loadTokenizer(id);
    expect(count('<|endoftext|>')).toBe(7);
    expect(count('Say <|endoftext|> twice: <|endoftext|>')).toBe(id === 'o200k_base' ? 17 : 15);
  });

  it('counts a lone surrogate as the U+FFFD it is encoded as', async () => {
    const count = await loadTokenizer(id);
    expect([count('\ud800'), count('a\udc00b')]).toEqual([1, 3]);
  });

  it.each(longRuns)(
    'counts runs of $name exactly as js-tiktoken, up to a kilobyte',
    async ({ char }) => {
      const count = await loadTokenizer(id);
      const lengths = [
        ...Array.from({ length: 40 }, (_, i) => i + 1),
        Math.floor(1024 / new TextEncoder().encode(char).length),
      ];
      for (const n of lengths)
        expect(count(char.repeat(n)), `${n} × ${char}`).toBe(reference(char.repeat(n)));
    },
    60_000,
  );

  // Where the expected counts come from: js-tiktoken needs up to an hour for
  // one of these. The ASCII runs (and 中 in o200k) were counted once with
  // gpt-tokenizer 4.0.0, an independent implementation, as quadratic (26 s to
  // 26 min each); for 中 and 😀 the next test proves the count.
  it.each(['中', '😀'])(
    'a run of %s is its characters counted one by one: no token in it spans two',
    async (char) => {
      const table = parseBpeRanks(ranks.bpe_ranks);
      const bytes = utf8ByteString(char);
      const run = bytes.repeat(Math.ceil(table.maxTokenBytes / bytes.length) + 2);
      // Every part BPE builds is a token and a stretch of the run. When no
      // stretch that crosses from one character into the next is a token, no
      // merge ever crosses, and each character is merged on its own, exactly
      // as when it stands alone. By periodicity, stretches starting in the
      // first character are all there are to check.
      const crossingTokens: string[] = [];
      for (let from = 0; from < bytes.length; from++) {
        for (let to = bytes.length + 1; to - from <= table.maxTokenBytes; to++) {
          if (rankOfBytes(table, run, from, to) >= 0) crossingTokens.push(run.slice(from, to));
        }
      }
      expect(crossingTokens).toEqual([]);
      const count = await loadTokenizer(id);
      expect(count(char.repeat(200_000))).toBe(200_000 * reference(char));
    },
  );

  it.each(longRuns)(
    'counts 200,000 × $name exactly, in linear time',
    async (run) => {
      const count = await loadTokenizer(id);
      const text = run.char.repeat(200_000);
      let tokens = 0;
      const ms = cpuMs(() => (tokens = count(text)));
      expect(tokens).toBe(run[id]);
      // Linear takes under a second of CPU even on a loaded machine; merging the run
      // pairwise (quadratic) takes minutes. The gap is wide enough not to depend on the machine.
      expect(ms).toBeLessThan(10_000);
    },
    60_000,
  );
});

describe('chars4', () => {
  it('is a quarter token per UTF-16 unit, rounded up', () => {
    expect([countChars4(''), countChars4('abc'), countChars4('abcd'), countChars4('abcde')]).toEqual([
      0, 1, 1, 2,
    ]);
  });
});
