/**
 * Tokenization throughput: the core's estimator against js-tiktoken alone and
 * gpt-tokenizer on the same messages, in the same process, plus cold start
 * (in fresh processes) and the cached second pass.
 */
import { execFileSync } from 'node:child_process';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { createEstimator } from '../src/core/estimate';
import type { Message } from '../src/core/message';
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

  const cold: number[] = [];
  let coldHeap = 0;
  for (let i = 0; i < (options.quick ? 1 : 3); i++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/coldStart.ts', 'o200k_base'], {
      encoding: 'utf8',
    });
    const parsed = JSON.parse(out) as { ms: number; heapMB: number };
    cold.push(parsed.ms);
    coldHeap = parsed.heapMB;
  }
  figures.push({
    section,
    name: 'o200k_base cold start (load ranks + first count)',
    value: median(cold),
    unit: 'ms',
  });
  figures.push({ section, name: 'o200k_base heap after load', value: coldHeap, unit: 'MB' });

  const encoder = new Tiktoken(o200k);
  const freshCounter = () =>
    pieceCachedCounter(o200k.pat_str, (piece) => encoder.encode(piece, [], []).length);
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
      name: 'core estimator (js-tiktoken once per distinct piece, message rule)',
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
  return figures;
}
