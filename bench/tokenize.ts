/**
 * Tokenization throughput: the core's estimator against js-tiktoken alone and
 * gpt-tokenizer on the same messages, in the same process, plus cold start
 * (in fresh processes, ours and js-tiktoken's), the cached second pass, and
 * one long run of a single character (one BPE piece), where js-tiktoken's
 * merge is quadratic.
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { createEstimator } from '../src/core/estimate';
import type { Message } from '../src/core/message';
import { countPieceTokens } from '../src/core/bpe';
import { parseBpeRanks } from '../src/core/bpeRanks';
import { loadTokenizer, pieceCachedCounter } from '../src/core/tokenizer';
import { corpus } from '../testing/corpus';
import { median, timeRuns, type Figure } from './stats';

const toMessages = (pieces: string[]): Message[] =>
  pieces.map((content, i) => ({ id: `b${i}`, role: i % 2 ? 'assistant' : 'user', content }));

export async function tokenizeBench(options: { quick: boolean }): Promise<Figure[]> {
  const megabytes = options.quick ? 1 : 10;
  const runs = options.quick ? 2 : 3;
  const pieces = corpus(7, megabytes * 1_000_000);
  const section = 'tokenize';
  const figures: Figure[] = [];

  const coldStart = (...args: string[]) => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'bench/coldStart.ts', 'o200k_base', ...args],
      { encoding: 'utf8' },
    );
    return JSON.parse(out) as { ms: number; heapMB: number };
  };
  const cold: number[] = [];
  const coldJsTiktoken: number[] = [];
  let coldHeap = 0;
  let coldHeapJsTiktoken = 0;
  for (let i = 0; i < (options.quick ? 1 : 3); i++) {
    const ours = coldStart();
    cold.push(ours.ms);
    coldHeap = ours.heapMB;
    const theirs = coldStart('js-tiktoken');
    coldJsTiktoken.push(theirs.ms);
    coldHeapJsTiktoken = theirs.heapMB;
  }
  figures.push(
    { section, name: 'o200k_base cold start (load ranks + first count)', value: median(cold), unit: 'ms' },
    { section, name: 'o200k_base heap after load', value: coldHeap, unit: 'MB' },
    {
      section,
      name: "the same with js-tiktoken's encoder (new Tiktoken + first encode)",
      value: median(coldJsTiktoken),
      unit: 'ms',
    },
    { section, name: 'js-tiktoken heap after load', value: coldHeapJsTiktoken, unit: 'MB' },
  );

  const encoder = new Tiktoken(o200k);
  const table = parseBpeRanks(o200k.bpe_ranks);
  const freshCounter = () => pieceCachedCounter(o200k.pat_str, (piece) => countPieceTokens(table, piece));
  const count = await loadTokenizer('o200k_base');
  let tokens = 0;
  let cachedTokens = 0;
  for (const p of pieces) {
    tokens += encoder.encode(p, [], []).length;
    cachedTokens += count(p);
  }
  // The estimator's counter must agree with the encoder exactly, or its speed means nothing.
  if (cachedTokens !== tokens)
    throw new Error(`piece-cached count ${cachedTokens} differs from js-tiktoken's ${tokens}`);

  // Interleaved, so that noise from a shared machine falls on all three alike.
  const raw: number[] = [];
  const ours: number[] = [];
  const gpt: number[] = [];
  for (let run = 0; run < runs; run++) {
    raw.push(
      ...(await timeRuns(1, () => {
        let n = 0;
        for (const p of pieces) n += encoder.encode(p, [], []).length;
        return n;
      })),
    );
    ours.push(
      ...(await timeRuns(1, () => {
        // A fresh counter, estimator and messages each run: nothing cached from an earlier run.
        const est = createEstimator('o200k_base', freshCounter());
        let n = 0;
        for (const m of toMessages(pieces)) n += est.countMessage(m);
        return n;
      })),
    );
    gpt.push(
      ...(await timeRuns(1, () => {
        let n = 0;
        for (const p of pieces) n += countTokens(p, { disallowedSpecial: new Set() });
        return n;
      })),
    );
  }
  const messages = toMessages(pieces);
  const est = createEstimator('o200k_base', count);
  for (const m of messages) est.countMessage(m);
  const cached = await timeRuns(runs, () => {
    let n = 0;
    for (const m of messages) n += est.countMessage(m);
    return n;
  });

  const tps = (ms: number) => Math.round(tokens / (ms / 1000));
  const [rawMs, oursMs, gptMs] = [median(raw), median(ours), median(gpt)];
  figures.push(
    { section, name: `corpus (${megabytes} MB, ${pieces.length} messages)`, value: tokens, unit: 'tokens' },
    { section, name: 'js-tiktoken alone', value: tps(rawMs), unit: 'tokens/s' },
    {
      section,
      name: 'core estimator (each distinct piece merged once, message rule)',
      value: tps(oursMs),
      unit: 'tokens/s',
    },
    { section, name: 'gpt-tokenizer', value: tps(gptMs), unit: 'tokens/s' },
    {
      section,
      name: 'core estimator time relative to js-tiktoken alone (negative: faster)',
      value: Math.round((oursMs / rawMs - 1) * 1000) / 10,
      unit: '%',
      target: '≤ +10%',
      meets: oursMs / rawMs - 1 <= 0.1,
    },
    {
      section,
      name: 'gpt-tokenizer speed vs js-tiktoken',
      value: Math.round((rawMs / gptMs) * 100) / 100,
      unit: '×',
    },
    {
      section,
      name: 'second pass over the same messages (cache)',
      value: Math.round(median(cached) * 100) / 100,
      unit: 'ms',
    },
  );
  figures.push(...longRunFigures(encoder, count, options));
  return figures;
}

/**
 * One piece of a single repeated character. js-tiktoken rescans every pair
 * after each merge, so it gets a run a fortieth as long (it would need about
 * an hour for the whole run); the core counts the full 200,000.
 */
function longRunFigures(
  encoder: Tiktoken,
  count: (text: string) => number,
  options: { quick: boolean },
): Figure[] {
  const section = 'tokenize';
  const short = options.quick ? 2_000 : 5_000;
  const [jsTiktokenMs] = timeSync(() => encoder.encode('a'.repeat(short), [], []).length);
  const [oursMs, tokens] = timeSync(() => count('a'.repeat(200_000)));
  if (tokens !== 25_000) throw new Error(`200,000 'a' counted as ${tokens} tokens, not 25,000`);
  return [
    {
      section,
      name: `js-tiktoken on one run of ${short.toLocaleString('en-US')} 'a'`,
      value: Math.round(jsTiktokenMs),
      unit: 'ms',
    },
    {
      section,
      name: "core counter on one run of 200,000 'a'",
      value: Math.round(oursMs),
      unit: 'ms',
      target: '< 1,000 ms',
      meets: oursMs < 1000,
    },
  ];
}

/** The duration of `run` in ms, and what it returned. */
function timeSync<T>(run: () => T): [number, T] {
  const started = performance.now();
  const result = run();
  return [performance.now() - started, result];
}
