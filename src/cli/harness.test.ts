import { describe, expect, it } from 'vitest';
import { CHAT, run, scratch } from './testSupport.node';

const { file } = scratch('cp-harness-');

/**
 * Our own JSON: a request, then `results` reads, each result 400 characters
 * of one line, then a closing reply. With chars4 each result is 100 tokens,
 * each call 3 ("read_file" and "{}").
 */
function reads(results: number, name = 'read_file') {
  const messages: object[] = [
    { id: 's', role: 'system', content: 'you are an agent' },
    { id: 'u', role: 'user', content: 'fix the parser' },
  ];
  for (let i = 0; i < results; i++) {
    messages.push(
      { id: `a${i}`, role: 'assistant', content: '', toolCalls: [{ id: `c${i}`, name, arguments: '{}' }] },
      { id: `t${i}`, role: 'tool', content: 'x'.repeat(400), toolCallId: `c${i}`, toolName: name },
    );
  }
  messages.push({ id: 'done', role: 'assistant', content: 'Fixed.' });
  return { format: 'compaction-playground', version: 1, messages };
}

const twelve = file('twelve.json', reads(12));
const chatFile = file('chat.json', CHAT);

async function inspectJson(...argv: string[]) {
  const result = await run(['inspect', ...argv, '--json']);
  expect([result.code, result.err]).toEqual([0, '']);
  return JSON.parse(result.out);
}

describe('inspect with a preset', () => {
  it('masking with 12 tool results clears exactly the oldest 2, in the chosen outcome and the strategy table', async () => {
    const doc = await inspectJson(twelve, '--strategy', 'mask-observations', '--tokenizer', 'chars4');
    // The note "Old environment output: (1 lines omitted)" is 41 characters, 11 tokens.
    const cleared = [
      { index: 3, tokensBefore: 100, tokensAfter: 11 },
      { index: 5, tokensBefore: 100, tokensAfter: 11 },
    ];
    expect(doc.cleared).toEqual(cleared);
    expect([doc.totalTokens, doc.tokensAfter, doc.threshold, doc.shouldCompact]).toEqual([
      1_246,
      1_246 - 178,
      0,
      true,
    ]);
    expect(doc.messages.map((m: { fate: string }) => m.fate).slice(2, 7)).toEqual([
      'kept',
      'cleared',
      'kept',
      'cleared',
      'kept',
    ]);
    expect(doc.strategies['mask-observations']).toMatchObject({ comparison: 'always', fires: true, cleared });
  });

  it('reports Claude Code’s threshold by its own formula, and takes its parameters', async () => {
    const at = async (...options: string[]) =>
      (await inspectJson(chatFile, '--strategy', 'claude-code', '--window', '200000', ...options)).threshold;
    expect(await at()).toBe(167_000);
    expect(await at('--max-output', '8192')).toBe(178_808);
    expect(await at('--autocompact-buffer', '25000')).toBe(155_000);
  });

  it('applies a parameter two presets share to the one chosen with --strategy', async () => {
    const gemini = await inspectJson(chatFile, '--strategy', 'gemini-cli', '--threshold-fraction', '0.7');
    expect(gemini.threshold).toBe(89_600);
    expect(gemini.settings.harness['gemini-cli'].thresholdFraction).toBe(0.7);
    expect(gemini.settings.harness.codex.thresholdFraction).toBe(0.9);
    const codex = await inspectJson(chatFile, '--strategy', 'codex', '--threshold-fraction', '0.5');
    expect(codex.threshold).toBe(64_000);
  });

  it('keeps the newest tool uses, skips excluded tools and clears inputs as asked', async () => {
    const mixed = file('mixed.json', {
      ...reads(4),
      messages: reads(4).messages.map((m) =>
        (m as { id: string }).id === 't1' ? { ...m, toolName: 'memory' } : m,
      ),
    });
    const doc = await inspectJson(
      mixed,
      '--strategy',
      'clear-tool-uses',
      '--tokenizer',
      'chars4',
      '--keep-tool-uses',
      '1',
      '--exclude-tools',
      'memory,todo',
      '--clear-inputs',
    );
    expect(doc.settings.harness['clear-tool-uses']).toMatchObject({
      keepToolUses: 1,
      excludeTools: ['memory', 'todo'],
      clearInputs: true,
    });
    // #5 is the memory result; #2 and #6 are the calls of the cleared #3 and #7 ("{}" stays "{}").
    expect(doc.cleared.map((c: { index: number }) => c.index)).toEqual([2, 3, 6, 7]);
  });

  it('refuses a preset parameter out of its range, as the page does, naming the range', async () => {
    const r = await run(['inspect', twelve, '--strategy', 'mask-observations', '--keep-observations', '0']);
    expect([r.code, r.out, r.err]).toEqual([
      2,
      '',
      'compaction-playground: --keep-observations: 0 is out of range: mask-observations takes 1 to 100,000,000 tool results\n',
    ]);
  });

  it('prints the threshold formula, what it clears and every strategy in the table', async () => {
    const { out } = await run([
      'inspect',
      twelve,
      '--strategy',
      'mask-observations',
      '--tokenizer',
      'chars4',
    ]);
    expect(out).toContain('verdict     1,246 tokens; mask-observations acts at every call');
    expect(out).toContain('threshold   every call');
    expect(out).toContain('cleared     2 messages (178 tokens): #3 100 → 11, #5 100 → 11');
    expect(out).toContain('cut         none; 1,068 tokens after clearing');
    expect(out).toContain(
      '  mask-observations threshold every call (fires), clears 2, no cut, 1,068 tokens after',
    );
    // It would summarize all 27 messages, but at 1,246 tokens it does not act yet.
    expect(out).toContain('  claude-code       threshold ≥ 95,000, keeps nothing verbatim, does not act yet');
  });
});

describe('preset options refused', () => {
  const cases: [string, string[], string][] = [
    [
      'a shared parameter without a preset that has it',
      ['inspect', chatFile, '--threshold-fraction', '0.5'],
      '--threshold-fraction is a parameter of gemini-cli or codex: choose one with --strategy',
    ],
    [
      'a share above 1',
      ['inspect', chatFile, '--strategy', 'gemini-cli', '--threshold-fraction', '2'],
      "--threshold-fraction: expected a share above 0 and at most 1, like 0.5, got '2'",
    ],
    [
      'a count that is not a whole number',
      ['inspect', chatFile, '--strategy', 'opencode', '--protect', '40k'],
      "--protect: expected a whole number of tokens, got '40k'",
    ],
    [
      'a negative number of tool uses',
      ['inspect', chatFile, '--keep-tool-uses=-1', '--strategy', 'clear-tool-uses'],
      "--keep-tool-uses: expected a whole number of tool uses, got '-1'",
    ],
  ];
  for (const [name, argv, message] of cases) {
    it(`${name}, in one line with exit code 2`, async () => {
      const { code, out, err } = await run(argv);
      expect([code, out, err]).toEqual([2, '', `compaction-playground: ${message}\n`]);
    });
  }
});

describe('compact with a preset that only clears', () => {
  it('needs no provider and reports what it cleared', async () => {
    const { code, out, err } = await run([
      'compact',
      twelve,
      '--strategy',
      'mask-observations',
      '--tokenizer',
      'chars4',
    ]);
    expect([code, err]).toEqual([0, '']);
    expect(out.split('\n')).toEqual([
      'strategy    mask-observations: clears in place, no model called',
      'cleared     2 messages, 178 tokens: #3 #5',
      'tokens      1,246 → 1,068',
      'messages    27 → 27 (every message keeps its place)',
      '',
    ]);
  });

  it('gives the cleared messages and the counts as JSON', async () => {
    const { code, out } = await run([
      'compact',
      twelve,
      '--strategy',
      'mask-observations',
      '--tokenizer',
      'chars4',
      '--json',
    ]);
    expect(code).toBe(0);
    const doc = JSON.parse(out);
    expect(doc).toMatchObject({
      strategy: 'mask-observations',
      threshold: 0,
      fires: true,
      cleared: [
        { index: 3, tokensBefore: 100, tokensAfter: 11 },
        { index: 5, tokensBefore: 100, tokensAfter: 11 },
      ],
      tokensBefore: 1_246,
      tokensAfter: 1_068,
      messagesBefore: 27,
      messagesAfter: 27,
    });
    expect(doc.messages[3]).toEqual({
      id: 't0',
      role: 'tool',
      content: 'Old environment output: (1 lines omitted)',
      toolCallId: 'c0',
      toolName: 'read_file',
      source: { path: '$.messages[3]' },
    });
  });

  it('says why nothing was cleared, with exit code 1', async () => {
    const few = file('few.json', reads(3));
    const { code, out, err } = await run(['compact', few, '--strategy', 'clear-tool-uses']);
    expect([code, out]).toEqual([1, '']);
    expect(err).toBe(
      'compaction-playground: nothing to clear: 3 tool results, and clear-tool-uses keeps the newest 3 (--keep-tool-uses)\n',
    );
  });

  it('notes that a provider given anyway is not used', async () => {
    const { code, err } = await run([
      'compact',
      twelve,
      '--strategy',
      'mask-observations',
      '--provider',
      'offline',
    ]);
    expect([code, err]).toEqual([
      0,
      'compaction-playground: note: --strategy mask-observations clears in place and calls no model; --provider is not used\n',
    ]);
  });
});

describe('compact with a summarizing preset', () => {
  it('codex carries the prompts over before the summary', async () => {
    const { code, out } = await run([
      'compact',
      chatFile,
      '--strategy',
      'codex',
      '--provider',
      'offline',
      '--json',
    ]);
    expect(code).toBe(0);
    const doc = JSON.parse(out);
    expect(
      doc.messages.map((m: { role: string; kind?: string; content: string }) => m.kind ?? m.content),
    ).toEqual([
      'You are a helpful coding agent.',
      'Fix the failing test in src/a.ts',
      'Thanks! Now the docs.',
      'summary',
    ]);
  });
});

describe('share with preset parameters', () => {
  it('puts the parameters that differ into the link, and the reader sees the same threshold', async () => {
    const shared = await run(['share', chatFile, '--strategy', 'opencode', '--max-output', '8192']);
    expect(shared.code).toBe(0);
    const reader = await inspectJson('--link', shared.out.trim());
    expect(reader.settings.strategy).toBe('opencode');
    expect(reader.settings.harness.opencode.maxOutputTokens).toBe(8_192);
    expect(reader.threshold).toBe(128_000 - 8_192);
  });
});
