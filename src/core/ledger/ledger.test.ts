import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user } from '../__fixtures__/transcripts';
import type { Message } from '../message';
import type { RecordedCompaction, SessionHistory } from '../session/history';
import { compactionLedger } from './ledger';
import { survivalLine } from './survival';

const PRICE = { model: 'test-model', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

const summaryOf = (content: string): Message => ({
  id: `s-${content.length}`,
  role: 'user',
  content,
  kind: 'summary',
});

const compaction = (atMessage: number, contextAfter: number[], more: Partial<RecordedCompaction> = {}) => ({
  atMessage,
  contextAfter,
  trigger: 'auto' as const,
  tokensBefore: null,
  tokensAfter: null,
  source: 'test',
  ...more,
});

/** A session that read two files, ran two commands, then compacted, keeping its last read verbatim. */
function retrySession(): { history: SessionHistory; counts: number[] } {
  const readRetry = call('r1', 'Read', { file_path: '/repo/src/net/retry.ts' });
  const test = call('b1', 'Bash', { command: 'npm test -- src/net/retry.test.ts' });
  const readBackoff = call('r2', 'Read', { file_path: '/repo/src/net/backoff.ts' });
  const probe = call('b2', 'Bash', { command: 'node scripts/probe.js' });
  const readConfig = call('r3', 'Read', { file_path: '/repo/src/net/config.ts' });
  const again = call('r4', 'Read', { file_path: '/repo/src/net/backoff.ts' });
  const config = call('r5', 'Read', { file_path: 'src/net/config.ts' });
  const messages: Message[] = [
    /* 0 */ user(
      'Fix the flaky retry in src/net/retry.ts. Never change the public API. The timeout must stay at 30 seconds.',
    ),
    /* 1 */ assistant('', [readRetry]),
    /* 2 */ toolResult(readRetry, 'export const attempts = 12;'),
    /* 3 */ assistant('', [test]),
    /* 4 */ toolResult(test, 'FAIL src/net/retry.test.ts\nTests: 1 failed, 41 passed'),
    /* 5 */ assistant('', [readBackoff, probe]),
    /* 6 */ toolResult(probe, 'Error: connect ECONNREFUSED 127.0.0.1:8080'),
    /* 7 */ assistant('', [readConfig]),
    /* 8 */ toolResult(readConfig, 'export const base = 250;'),
    /* 9 */ summaryOf(
      'Working on src/net/retry.ts. `npm test -- src/net/retry.test.ts` fails: 1 failed, 41 passed. Keep the public API unchanged.',
    ),
    /* 10 */ assistant('', [again]),
    /* 11 */ toolResult(again, 'export function backoff() {}'),
    /* 12 */ assistant('', [config]),
    /* 13 */ toolResult(config, 'export const base = 250;'),
    /* 14 */ assistant('Done.'),
  ];
  const counts = messages.map((m) => (m.kind === 'summary' ? 20 : 100));
  const history: SessionHistory = {
    messages,
    compactions: [compaction(9, [9, 7, 8], { tokensBefore: 150_000, durationMs: 4_200 })],
    calls: [
      {
        atMessage: 10,
        contextTokens: 12_000,
        inputTokens: 7_000,
        cacheReadTokens: 0,
        cacheWriteTokens: 5_000,
        outputTokens: 50,
      },
    ],
  };
  return { history, counts };
}

const texts = (list: { text: string }[]) => list.map((f) => f.text);

describe('compactionLedger: one compaction', () => {
  const { history, counts } = retrySession();
  const ledger = compactionLedger(history, counts, { price: PRICE });
  const entry = ledger.compactions[0]!;

  it('says where it sits, what it replaced and what it wrote, with the sizes the file records', () => {
    expect(entry).toMatchObject({
      index: 0,
      atMessage: 9,
      trigger: 'auto',
      tokensBefore: 150_000,
      // Not recorded by the compaction: the first call after records its size.
      tokensAfter: 12_000,
      durationMs: 4_200,
      summaryTokens: 20,
      summarized: { messages: 7, from: 0, to: 6, tokens: 700 },
      summaryAt: 9,
      cacheWriteAfter: 5_000,
      callsUntilNext: 3,
    });
    expect(entry.summary).toMatch(/^Working on src\/net\/retry\.ts\./);
  });

  it('checks each fact of the summarized part against the summary: kept and lost, each at its message', () => {
    expect(texts(entry.facts.paths.kept)).toEqual(['/repo/src/net/retry.ts', 'src/net/retry.test.ts']);
    expect(entry.facts.paths.lost).toEqual([
      { text: '/repo/src/net/backoff.ts', atMessage: 5 },
      { text: 'scripts/probe.js', atMessage: 5 },
    ]);
    expect(texts(entry.facts.commands.kept)).toEqual(['npm test -- src/net/retry.test.ts']);
    expect(texts(entry.facts.commands.lost)).toEqual(['node scripts/probe.js']);
    expect(texts(entry.facts.errors.kept)).toEqual(['FAIL src/net/retry.test.ts']);
    expect(entry.facts.errors.lost).toEqual([
      { text: 'Error: connect ECONNREFUSED 127.0.0.1:8080', atMessage: 6 },
    ]);
    expect(texts(entry.facts.instructions.kept)).toEqual(['Never change the public API.']);
    expect(texts(entry.facts.instructions.lost)).toEqual([
      'Fix the flaky retry in src/net/retry.ts. Never change the public API. The timeout must stay at 30 seconds.',
      'The timeout must stay at 30 seconds.',
    ]);
    // 30 from the user; 41 beside "passed"; nothing from the file read at message 2 (12).
    expect(entry.facts.numbers).toEqual({
      kept: [{ text: '41', atMessage: 4 }],
      lost: [{ text: '30', atMessage: 0 }],
    });
  });

  it('counts a read after it of a file only the summarized part had touched as a re-read, not one the kept part had', () => {
    expect(entry.rereads).toEqual([{ path: '/repo/src/net/backoff.ts', atMessage: 10 }]);
  });

  it('prices the summary call and the cache write, against the tokens the calls after no longer sent', () => {
    expect(entry.cost).toEqual({
      summaryInputTokens: 150_000,
      summaryOutputTokens: 20,
      cacheWriteTokens: 5_000,
      // The recorded sizes on both sides (150,000 before, 12,000 at the first call after: the size the
      // entry shows), over the 3 calls until the end; those calls read no cache, so input prices.
      savedTokens: 414_000,
      model: 'test-model',
      usd: 0.45 + 0.0003 + 0.01875,
      savedUsd: expect.closeTo((414_000 * 3) / 1_000_000, 12),
      paidForItself: true,
    });
  });

  it('bills the compaction: the files read again after it, their results in our counts at the session price, the facts lost', () => {
    expect(entry.bill).toEqual({
      // Two reads after it and no edit.
      actionsToFirstEdit: null,
      actionsAfter: 2,
      paceBefore: null,
      freshStart: null,
      // backoff.ts and config.ts (spelled from the repository there, from the root before).
      filesReRead: 2,
      commandsReRun: 0,
      verificationsReRun: 0,
      regatherTokens: 200,
      regatherCost: (200 * 3) / 1_000_000,
      // 2 paths, 1 command, 1 error, 2 instructions, 1 number.
      factsLost: 7,
    });
    expect(ledger.bill).toMatchObject({ compactions: 1, filesReRead: 2, regatherTokens: 200, factsLost: 7 });
  });

  it('counts the re-gathered results with the counter it is given, asking only for those', () => {
    const asked: number[] = [];
    const bill = compactionLedger(history, [], {
      tokensOf: (i) => (asked.push(i), 1_000 + i),
    }).compactions[0]!.bill;
    expect(asked).toEqual([11, 13]);
    expect([bill.regatherTokens, bill.regatherCost]).toEqual([2_024, null]);
  });

  it('pools the shares of every kind over the session, and says so in one line', () => {
    expect(ledger.survival).toEqual({
      paths: 0.5,
      commands: 0.5,
      errors: 0.5,
      instructions: 1 / 3,
      numbers: 0.5,
      todos: null,
    });
    expect(survivalLine(ledger.survival, 1)).toBe(
      'paths 50% · commands 50% · errors 50% · instructions 33.3% · numbers 50% kept over 1 compaction',
    );
  });

  it('prices the summary at the model in use before it, and the cache write and each call after at their own models', () => {
    const big = { model: 'big', input: 10, output: 50, cacheRead: 1, cacheWrite: 12.5 };
    const small = { model: 'small', input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 };
    const before = {
      atMessage: 7,
      contextTokens: 9_000,
      inputTokens: 9_000,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      outputTokens: 30,
      model: 'big',
    };
    const switched: SessionHistory = {
      ...history,
      calls: [before, { ...history.calls[0]!, model: 'small' }],
    };
    const priceOf = (model: string) => ({ big, small })[model] ?? null;
    const cost = compactionLedger(switched, counts, { price: PRICE, priceOf }).compactions[0]!.cost;
    expect(cost).toEqual({
      summaryInputTokens: 150_000,
      summaryOutputTokens: 20,
      cacheWriteTokens: 5_000,
      savedTokens: 414_000,
      // The summary by the model of the call before it: 150,000 × $10 + 20 × $50; the cache write by the
      // call after it, on the small model: 5,000 × $1.25.
      model: 'big',
      usd: expect.closeTo(1.5 + 0.001 + 0.00625, 12),
      // 138,000 tokens fewer in each of the 3 calls after: the small model's call at $1, the two that
      // name no model at the session's $3: less than the big model's summary call.
      savedUsd: expect.closeTo((138_000 * 1 + 138_000 * 3 * 2) / 1_000_000, 12),
      paidForItself: false,
    });
  });

  it('leaves every amount in dollars null without a price', () => {
    const unpriced = compactionLedger(history, counts).compactions[0]!.cost;
    expect([unpriced.usd, unpriced.savedUsd, unpriced.paidForItself, unpriced.model]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

/** A task, then summaries each followed by `gaps[k]` single-call rounds. */
function loopingSession(gaps: number[]): { history: SessionHistory; counts: number[] } {
  const messages: Message[] = [user('Port the parser.'), assistant('Reading.')];
  const compactions: RecordedCompaction[] = [];
  gaps.forEach((gap, k) => {
    const at = messages.length;
    messages.push(summaryOf(`Summary ${k}: porting the parser.`));
    compactions.push(compaction(at, [at]));
    for (let i = 0; i < gap; i++) messages.push(assistant(`step ${k}.${i}`), user('go on'));
  });
  const counts = messages.map((m) => (m.kind === 'summary' ? 1_000 : 10));
  return { history: { messages, compactions, calls: [] }, counts };
}

describe('compactionLedger: loops', () => {
  it('finds three or more compactions in a row, each followed by fewer than three calls, and what they summarized again', () => {
    const { history, counts } = loopingSession([5, 1, 2, 1, 4, 3]);
    const ledger = compactionLedger(history, counts, { price: PRICE });
    expect(ledger.compactions.map((c) => c.callsUntilNext)).toEqual([5, 1, 2, 1, 4, 3]);
    // Compactions 1, 2 and 3 are each followed by fewer than three calls; 4 has four.
    expect(ledger.loops).toEqual([
      {
        from: 1,
        to: 3,
        compactions: 3,
        calls: 4,
        // Compactions 2 and 3 each summarized the 1,000-token summary before them.
        tokensSummarizedAgain: 2_000,
        usd: [1, 2, 3].reduce((sum, k) => sum + ledger.compactions[k]!.cost.usd!, 0),
      },
    ]);
  });

  it('counts a session that stops inside a loop as ending in one', () => {
    const ledger = compactionLedger(...args(loopingSession([4, 0, 2, 1])));
    expect(ledger.loops.map((l) => [l.from, l.to, l.calls, l.usd])).toEqual([[1, 3, 3, null]]);
  });

  it('sees no loop in two short gaps, nor in a session of long gaps', () => {
    expect(compactionLedger(...args(loopingSession([1, 1, 5]))).loops).toEqual([]);
    expect(compactionLedger(...args(loopingSession([3, 4, 3, 5]))).loops).toEqual([]);
  });
});

const args = (s: { history: SessionHistory; counts: number[] }) => [s.history, s.counts] as const;
