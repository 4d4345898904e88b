import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { STRATEGIES } from '../core';
import { SMALL_CHAT } from '../formats/fixtures/smallChat';
import { longClaudeCodeSession } from '../formats/testSupport.node';
import type { Io } from './io';
import { main } from './main';

const dir = mkdtempSync(join(tmpdir(), 'cp-cli-'));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`) };
  const code = await main(argv, io);
  return { code, out, err };
}

const chat = SMALL_CHAT.messages;
const chatFile = file('chat.json', JSON.stringify(SMALL_CHAT));
const canonicalFile = file(
  'canonical.json',
  JSON.stringify({
    format: 'compaction-playground',
    version: 1,
    messages: chat.map((m, i) => ({
      id: `c${i}`,
      role: m.role,
      content: m.content,
      ...(m.tool_calls
        ? {
            toolCalls: m.tool_calls.map((c) => ({
              id: c.id,
              name: c.function.name,
              arguments: c.function.arguments,
            })),
          }
        : {}),
      ...(m.tool_call_id ? { toolCallId: m.tool_call_id, toolName: 'read_file' } : {}),
    })),
  }),
);

describe('inspect --json', () => {
  it('gives the stable document for an OpenAI Chat Completions file (o200k_base)', async () => {
    const { code, out } = await run('inspect', chatFile, '--json', '--keep-recent', '30');
    expect(code).toBe(0);
    const doc = JSON.parse(out);
    expect(Object.keys(doc)).toEqual([
      'format',
      'import',
      'tokenizer',
      'settings',
      'adjustments',
      'messages',
      'totalTokens',
      'framingTokens',
      'unseenTokens',
      'unseenSource',
      'unseenKnownTokens',
      'unseenKnownSource',
      'unseenInferredTokens',
      'unseenLab',
      'unseenLikelyMissing',
      'lastCallTokens',
      'windowSource',
      'contextTokens',
      'threshold',
      'shouldCompact',
      'cut',
      'toSummarize',
      'turnPrefix',
      'keptTokens',
      'cleared',
      'tokensAfter',
      'summaryBudget',
      'overflow',
      'strategies',
    ]);
    expect(doc.format).toBe('openai-chat');
    expect(doc.import).toEqual({
      problems: [],
      notes: [],
      detection: { format: 'openai-chat', confidence: expect.any(Number), reason: expect.any(String) },
    });
    expect(doc.tokenizer).toBe('o200k_base');
    expect(doc.messages.map((m: { tokens: number; fate: string }) => [m.tokens, m.fate])).toEqual([
      [11, 'system'],
      [12, 'turn-prefix'],
      [22, 'turn-prefix'],
      [14, 'turn-prefix'],
      [6, 'kept'],
      [10, 'kept'],
      [6, 'kept'],
    ]);
    // The rows add up to 81; the list's framing (3) makes the context the threshold is compared with.
    expect([doc.totalTokens, doc.framingTokens, doc.unseenTokens, doc.unseenSource]).toEqual([
      81,
      3,
      0,
      'none',
    ]);
    expect([doc.contextTokens, doc.threshold, doc.shouldCompact]).toEqual([84, 111616, false]);
    expect(doc.cut).toEqual({ firstKeptIdx: 4, turnStartIdx: 1, isSplitTurn: true });
    expect(doc.toSummarize).toEqual({ from: 1, to: 1 });
    expect(doc.turnPrefix).toEqual({ from: 1, to: 4 });
    // Nothing fires at 84 tokens, so nothing changes: after is before (a cut would leave 11 + 22 + a
    // 1,024-token summary + 3, more than the 84 it started from).
    expect([doc.keptTokens, doc.cleared, doc.tokensAfter, doc.summaryBudget]).toEqual([22, [], 84, 1024]);
    // Every strategy on the same transcript, where it would cut; none acts, so each leaves the 84.
    // Here budget and pi cut at the same place: #3 is a tool result, so pi's floor moves on to #4.
    const cutRule = { threshold: 111_616, comparison: 'exceed', fires: false };
    const splitAt4 = {
      ...cutRule,
      nothingToCompact: false,
      cut: { firstKeptIdx: 4, turnStartIdx: 1, isSplitTurn: true },
      toSummarize: { from: 1, to: 1 },
      turnPrefix: { from: 1, to: 4 },
      keptTokens: 22,
      cleared: [],
      tokensAfter: 84,
      overflow: null,
    };
    const nothing = {
      fires: false,
      nothingToCompact: true,
      cut: { firstKeptIdx: 1, turnStartIdx: -1, isSplitTurn: false },
      toSummarize: { from: 1, to: 1 },
      turnPrefix: null,
      keptTokens: 70,
      cleared: [],
      tokensAfter: 84,
      overflow: null,
    };
    const summarizedFrom = (firstKeptIdx: number, keptTokens: number) => ({
      fires: false,
      nothingToCompact: false,
      cut: { firstKeptIdx, turnStartIdx: -1, isSplitTurn: false },
      toSummarize: { from: 1, to: firstKeptIdx },
      turnPrefix: null,
      keptTokens,
      cleared: [],
      tokensAfter: 84,
      overflow: null,
    });
    const expectedStrategies = {
      budget: splitAt4,
      pi: splitAt4,
      turns: { ...cutRule, ...nothing },
      // 128,000 − min(32,000, 20,000) − 13,000; everything summarized.
      'claude-code': { threshold: 95_000, comparison: 'reach', ...summarizedFrom(7, 0) },
      // 90% of 128,000; both prompts (12 + 10) carried before the summary.
      codex: { threshold: 115_200, comparison: 'reach', ...summarizedFrom(7, 0) },
      // 128,000 − 32,000; prune is off unless set; every turn fits its tail, and a tail that would
      // be the whole conversation is no tail: everything summarized.
      opencode: { threshold: 96_000, comparison: 'reach', ...summarizedFrom(7, 0) },
      // Half the window; the user message at #5 has 54 of the 70 tokens before it (≥ 70%).
      'gemini-cli': { threshold: 64_000, comparison: 'reach', ...summarizedFrom(5, 16) },
      'clear-tool-uses': { threshold: 100_000, comparison: 'exceed', ...nothing },
      'mask-observations': { threshold: 0, comparison: 'always', ...nothing },
      // Its trigger does not depend on the window; the block would replace everything.
      'anthropic-compaction': { threshold: 150_000, comparison: 'exceed', ...summarizedFrom(7, 0) },
      'openai-compaction': { threshold: 200_000, comparison: 'exceed', ...summarizedFrom(7, 0) },
      // 128,000 × 0.9 − 8,192, passed: 107,009; a fresh start from the summary.
      'roo-code': { threshold: 107_009, comparison: 'reach', ...summarizedFrom(7, 0) },
      // 128,000 − 32,000 − 20,000; no prune first unless compaction.prune is true: as OpenCode,
      // everything summarized.
      kilo: { threshold: 76_000, comparison: 'reach', ...summarizedFrom(7, 0) },
      // Past 80% of 128,000; everything summarized, the newest prompt copied back.
      // 128,000 × 0.9 × 0.9; the 84 tokens are all within the 20,000 it keeps.
      cline: { threshold: 103_680, comparison: 'reach', ...nothing },
      // No trigger until one is set; 6 messages are fewer than the 20 it keeps.
      'langchain-summarization': { threshold: 0, comparison: 'reach', ...nothing },
      goose: { threshold: 102_400, comparison: 'exceed', ...summarizedFrom(7, 0) },
      // token_threshold 4,000, whatever the window; six events, the newest 5 kept raw from #2.
      adk: { threshold: 4_000, comparison: 'reach', ...summarizedFrom(2, 58) },
      // Past 90% of 128,000; round(0.4 × 7) = 3, and the nearest assistant message at or before it is #2.
      letta: { threshold: 115_200, comparison: 'exceed', ...summarizedFrom(2, 58) },
    };
    // Every strategy is in the document; each named here by its figures (a new preset's are its own test's).
    expect(Object.keys(doc.strategies)).toEqual(STRATEGIES);
    expect(Object.fromEntries(Object.keys(expectedStrategies).map((s) => [s, doc.strategies[s]]))).toEqual(
      expectedStrategies,
    );
  });

  it('gives the same numbers for our own JSON message list', async () => {
    const { code, out } = await run('inspect', canonicalFile, '--json', '--keep-recent', '30');
    expect(code).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.format).toBe('canonical');
    expect(doc.messages[2]).toEqual({
      index: 2,
      id: 'c2',
      role: 'assistant',
      tokens: 22,
      fate: 'turn-prefix',
    });
    expect([doc.totalTokens, doc.contextTokens, doc.cut.firstKeptIdx]).toEqual([81, 84, 4]);
  });

  it('applies every setting option and reports the normalized settings', async () => {
    const { out } = await run(
      'inspect',
      chatFile,
      '--json',
      '--window',
      '120',
      '--reserve',
      '100',
      '--keep-recent',
      '110',
      '--max-summary',
      '64',
      '--strategy',
      'turns',
      '--tokenizer',
      'chars4',
      '--scale',
      '1.2',
    );
    const doc = JSON.parse(out);
    expect(doc.settings).toMatchObject({
      maxContextTokens: 120,
      reserveTokens: 100,
      keepRecentTokens: 5,
      maxSummaryTokens: 1024,
      strategy: 'turns',
      tokenizer: 'chars4',
      scale: 1.2,
    });
    expect([doc.threshold, doc.shouldCompact, doc.cut.firstKeptIdx]).toEqual([20, true, 5]);
    expect(doc.toSummarize).toEqual({ from: 1, to: 5 });
    expect(
      doc.adjustments.map((a: { field: string; from: number; to: number }) => [a.field, a.from, a.to]),
    ).toEqual([
      ['maxSummaryTokens', 64, 1024],
      ['keepRecentTokens', 110, 5],
    ]);
  });
});

describe('inspect on one long run of a character', () => {
  // One piece of 200,000 bytes: a quadratic merge took minutes here; the
  // timeout, not a clock, is the check, so a busy machine does not fail it.
  it('counts a 200 KB message of "a" exactly, in seconds', async () => {
    const longRun = file(
      'long-run.json',
      JSON.stringify({ messages: [{ role: 'user', content: 'a'.repeat(200_000) }] }),
    );
    const { code, out } = await run('inspect', longRun, '--json');
    expect(code).toBe(0);
    const doc = JSON.parse(out);
    // 25,000 tokens of 'aaaaaaaa', 3 framing, 1 for the role; the list's 3 are the context's framing.
    expect([doc.messages[0].tokens, doc.totalTokens, doc.contextTokens]).toEqual([25_004, 25_004, 25_007]);
  }, 20_000);
});

/** A Claude Code session of two calls whose usage counts 15,000 tokens the file does not show. */
function claudeCodeWithUsage(): string {
  const lines: string[] = [];
  let parentUuid: string | null = null;
  const write = (uuid: string, type: 'user' | 'assistant', message: object) => {
    lines.push(
      JSON.stringify({
        type,
        uuid,
        parentUuid,
        sessionId: 's1',
        timestamp: '2026-03-18T22:00:00.000Z',
        message,
      }),
    );
    parentUuid = uuid;
  };
  const reply = (id: string, text: string, usage: object) => ({
    id,
    role: 'assistant',
    content: [{ type: 'text', text }],
    usage,
  });
  write('u0', 'user', { role: 'user', content: 'x'.repeat(400) });
  write(
    'a0',
    'assistant',
    reply('m0', 'ok', {
      input_tokens: 5,
      cache_read_input_tokens: 15_095,
      cache_creation_input_tokens: 0,
      output_tokens: 2,
    }),
  );
  write('u1', 'user', { role: 'user', content: 'y'.repeat(400) });
  // A call that records nothing: left out of the measure, or it would drive the gap to 0.
  write(
    'a1',
    'assistant',
    reply('m1', 'done', { input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0 }),
  );
  return `${lines.join('\n')}\n`;
}

describe('inspect: what the request holds that the file does not show', () => {
  const session = file('usage.jsonl', claudeCodeWithUsage());

  it("measures it from the file's recorded usage and compares the context with the threshold", async () => {
    const doc = JSON.parse(
      (
        await run(
          'inspect',
          session,
          '--json',
          '--tokenizer',
          'chars4',
          '--window',
          '16000',
          '--reserve',
          '1000',
          '--keep-recent',
          '100',
        )
      ).out,
    );
    // 100 + 1 + 100 + 1 tokens in messages (chars4: no framing); the first call's 15,100 less the 100 before it.
    expect([
      doc.totalTokens,
      doc.framingTokens,
      doc.unseenTokens,
      doc.unseenSource,
      doc.contextTokens,
    ]).toEqual([202, 0, 15_000, 'recorded-usage', 15_202]);
    expect([doc.threshold, doc.shouldCompact, doc.strategies.budget.fires]).toEqual([15_000, true, true]);
  });

  it('takes it from --unseen instead, and says so in the table', async () => {
    const doc = JSON.parse(
      (
        await run(
          'inspect',
          session,
          '--json',
          '--tokenizer',
          'chars4',
          '--window',
          '16000',
          '--reserve',
          '1000',
          '--keep-recent',
          '100',
          '--unseen',
          '500',
        )
      ).out,
    );
    expect([doc.unseenTokens, doc.unseenSource, doc.contextTokens, doc.shouldCompact]).toEqual([
      500,
      'setting',
      702,
      false,
    ]);
    const table = (await run('inspect', session, '--tokenizer', 'chars4', '--unseen', '500')).out;
    expect(table).toContain(
      'context     202 in messages + 500 system prompt and tools (as set with --unseen) = 702 tokens',
    );
    expect(table).toContain(
      'verdict     702 tokens (500 system prompt and tools) ≤ threshold 111,616: compaction does not fire',
    );
  });

  it('under the threshold, says the cut is what would happen if it fired, before the cut', async () => {
    const table = (await run('inspect', chatFile, '--keep-recent', '16')).out;
    expect(table).toContain(
      [
        'verdict     84 tokens ≤ threshold 111,616: compaction does not fire',
        '            if it fired, it would cut at #5 and keep 16 tokens verbatim',
        'cut         first kept #5; 16 tokens kept',
      ].join('\n'),
    );
  });

  it('says none is known for a file without usage', async () => {
    const table = (await run('inspect', chatFile)).out;
    expect(table).toContain(
      'context     81 in messages + 3 framing + 0 not in the file (none known: the file records no usage; set one with --unseen) = 84 tokens',
    );
  });

  it('refuses a --unseen that is not a whole number', async () => {
    const { code, err } = await run('inspect', session, '--unseen', 'many');
    expect([code, err.trim()]).toEqual([
      2,
      "compaction-playground: --unseen: expected a whole number of tokens, got 'many'",
    ]);
  });
});

describe('inspect on a long session', () => {
  // A spread of the whole message list into one call overflowed the stack, and the
  // command stopped with "nested too deeply" on a flat file of this size (about 46 MB).
  it('reads a Claude Code session of 200,000 messages and says where it would cut', async () => {
    const session = file('long-session.jsonl', longClaudeCodeSession(200_000));
    const { code, out, err } = await run('inspect', session, '--json');
    expect([code, err]).toEqual([0, '']);
    const doc = JSON.parse(out);
    expect([doc.format, doc.messages.length, doc.totalTokens, doc.shouldCompact]).toEqual([
      'claude-code',
      200_000,
      1_995_000,
      true,
    ]);
    // The default 20,000 recent tokens are the last 500 turns of ten-token messages, from a prompt.
    expect(doc.cut).toEqual({ firstKeptIdx: 198_000, turnStartIdx: -1, isSplitTurn: false });
  }, 120_000);
});

describe('inspect table', () => {
  it('prints each message with its fate and the verdict', async () => {
    const { code, out } = await run('inspect', chatFile, '--keep-recent', '30');
    expect(code).toBe(0);
    expect(out).toContain('    2  assistant         22  turn-prefix  Let me read it.');
    expect(out).toContain('verdict     84 tokens ≤ threshold 111,616: compaction does not fire');
    expect(out).toContain('cut         first kept #4, splits the turn that starts at #1; 22 tokens kept');
  });

  it('says why --max-summary 5 is raised to 1024', async () => {
    const { out } = await run('inspect', chatFile, '--max-summary', '5');
    expect(out).toContain(
      '\n            --max-summary 5 → 1,024: raised to 1024, the smallest summary budget: a shorter summary stops mid-sentence\n',
    );
  });

  it('says when the compacted context would still be over the threshold, and by how much', async () => {
    // Threshold 70; the newest message (6) is kept, and a summary no longer than the 64 tokens it
    // replaces leaves the context at its 84: over the threshold, and over the window.
    const { code, out } = await run(
      'inspect',
      chatFile,
      '--window',
      '80',
      '--reserve',
      '10',
      '--keep-recent',
      '6',
    );
    expect(code).toBe(0);
    expect(out).toContain(
      '\noverflow    after compaction the context is up to 84 tokens, 4 over the window (80): it cannot be sent\n',
    );
  });

  it('says when compaction fires', async () => {
    const { out } = await run(
      'inspect',
      chatFile,
      '--window',
      '80',
      '--reserve',
      '10',
      '--keep-recent',
      '30',
    );
    expect(out).toContain('verdict     84 tokens > threshold 70: compaction fires');
  });
});

describe('inspect --format', () => {
  const fixtures = join(import.meta.dirname, '../formats/fixtures');
  const FIXTURES: [string, string, number][] = [
    ['claude-code.jsonl', 'claude-code', 9],
    ['codex.jsonl', 'codex', 9],
    ['pi.jsonl', 'pi', 7],
    ['opencode.json', 'opencode', 6],
    ['gemini-cli.jsonl', 'gemini-cli', 9],
    ['openai-chat.json', 'openai-chat', 8],
    ['openai-responses.json', 'openai-responses', 11],
    ['anthropic.json', 'anthropic', 9],
    ['gemini.json', 'gemini', 8],
    ['langchain.json', 'langchain', 7],
    ['plain.txt', 'text', 5],
  ];
  for (const [name, format, messages] of FIXTURES) {
    it(`forces ${format} on ${name} and imports the same ${messages} messages detection finds`, async () => {
      const path = join(fixtures, name);
      const forced = await run('inspect', path, '--format', format, '--json');
      const detected = await run('inspect', path, '--json');
      expect([forced.code, forced.err]).toEqual([0, '']);
      const doc = JSON.parse(forced.out);
      expect([doc.format, doc.messages.length]).toEqual([format, messages]);
      expect(doc.messages).toEqual(JSON.parse(detected.out).messages);
      expect((await run('inspect', path, '--format', format)).out).toContain(
        `format      ${format} (chosen explicitly)\n`,
      );
    });
  }

  it('reports a forced JSON format on a text file in one line with exit code 2', async () => {
    const { code, err } = await run('inspect', join(fixtures, 'plain.txt'), '--format', 'openai-chat');
    expect([code, err]).toEqual([
      2,
      'compaction-playground: plain.txt: line 1, column 1: Expected OpenAI Chat Completions (JSON), but the text does not start with "{" or "["\n',
    ]);
  });
});

describe('bad input', () => {
  const cases: [string, string[], string][] = [
    ['a missing file', ['inspect', join(dir, 'missing.json')], `${join(dir, 'missing.json')}: no such file`],
    ['an unknown option', ['inspect', chatFile, '--bogus'], 'unknown option --bogus (see --help)'],
    [
      'an unknown command',
      ['frobnicate'],
      "unknown command 'frobnicate' (commands: inspect, compact, share, count, replay, audit, watch, statusline, archive, config, cases, check)",
    ],
    [
      'a bad number',
      ['inspect', chatFile, '--window', '12k'],
      "--window: expected a whole number of tokens, got '12k'",
    ],
    [
      'a bad strategy',
      ['inspect', chatFile, '--strategy', 'all'],
      `--strategy: expected one of ${STRATEGIES.join(', ')}, got 'all'`,
    ],
    ['a missing value', ['inspect', chatFile, '--window'], 'option --window needs a value'],
    [
      'a reserve at or above the window',
      ['inspect', chatFile, '--window', '8192', '--reserve', '8192', '--keep-recent', '2000'],
      '--reserve 8192 and --window 8192: The reserve (8,192) must be smaller than the window (8,192): otherwise no room is left for the conversation and every message would compact.',
    ],
    [
      'a window below the default reserve and keep-recent',
      ['inspect', chatFile, '--window', '8192'],
      '--window 8192 (with --reserve 16384, the default): The reserve (16,384) must be smaller than the window (8,192): otherwise no room is left for the conversation and every message would compact. ' +
        '--window 8192 (with --keep-recent 20000, the default): Keep-recent (20,000) cannot be larger than the window (8,192): the kept messages alone would not fit.',
    ],
    [
      'a keep-recent larger than the window',
      ['inspect', chatFile, '--window', '8192', '--reserve', '2048', '--keep-recent', '9000'],
      '--keep-recent 9000 and --window 8192: Keep-recent (9,000) cannot be larger than the window (8,192): the kept messages alone would not fit.',
    ],
    [
      'a scale out of range',
      ['inspect', chatFile, '--scale', '3'],
      '--scale 3: Scale must be from 0.5 to 1.5.',
    ],
    ['no file', ['inspect'], 'inspect needs exactly one FILE (see --help)'],
    [
      'truncated JSON',
      ['inspect', file('broken.json', '{"messages": [\n  {"role": "user",\n')],
      'broken.json: line 3, column 1:',
    ],
    [
      'JSON that is not a transcript',
      ['inspect', file('other.json', '{"a": 1}')],
      'other.json: This is valid JSON but not a transcript',
    ],
  ];
  for (const [name, argv, message] of cases) {
    it(`reports ${name} in one line with exit code 2`, async () => {
      const { code, out, err } = await run(...argv);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err.split('\n').filter(Boolean)).toHaveLength(1);
      expect(err).toContain(`compaction-playground: ${message}`);
      expect(err).not.toMatch(/\n\s+at /);
    });
  }
});

describe('the installed command', () => {
  it('runs through the bin entry and exits 2 on bad input without a stack trace', async () => {
    const bin = join(import.meta.dirname, '../../bin/compaction-playground.mjs');
    const ok = await promisify(execFile)(process.execPath, [bin, 'inspect', chatFile, '--json']);
    expect(JSON.parse(ok.stdout).contextTokens).toBe(84);
    const bad = await promisify(execFile)(process.execPath, [bin, 'inspect', 'nope.json'], {
      cwd: dir,
    }).catch((e) => e);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('compaction-playground: nope.json: no such file\n');
  });
});

describe('the import report', () => {
  it('inspect --json carries problems, notes and the detection', async () => {
    const session = [
      { type: 'permission-mode', permissionMode: 'default', sessionId: 's' },
      {
        type: 'user',
        uuid: 'u1',
        parentUuid: null,
        sessionId: 's',
        message: { role: 'user', content: 'hi' },
      },
      {
        type: 'user',
        uuid: 'u2',
        parentUuid: 'u1',
        sessionId: 's',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'nope', content: 'x' }] },
      },
    ];
    const path = file('report.jsonl', session.map((r) => JSON.stringify(r)).join('\n'));
    const { code, out } = await run('inspect', path, '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out).import).toEqual({
      problems: [{ code: 'orphan-tool-result', message: expect.any(String), line: 3 }],
      notes: [
        {
          code: 'metadata-line',
          message:
            'Lines of type "permission-mode" carry no message (session state for the app) and were left out',
          line: 1,
        },
      ],
      detection: {
        format: 'claude-code',
        confidence: 0.98,
        reason: 'lines with uuid, parentUuid and sessionId',
      },
    });
  });

  it('a file that yields no messages exits 2 with one line that says so', async () => {
    const line = (type: string, payload: object) => JSON.stringify({ timestamp: 't', type, payload });
    const path = file(
      'usage-only.jsonl',
      [line('turn_context', { model: 'gpt-5' }), line('event_msg', { type: 'token_count', info: null })].join(
        '\n',
      ),
    );
    const { code, out, err } = await run('inspect', path, '--json');
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(
      'compaction-playground: no messages: usage-only.jsonl: read as Codex CLI rollout (JSONL) (every line is {timestamp, type, payload} with a Codex line type), the file holds nothing the model would see\n',
    );
  });
});
