/**
 * The core's hot paths at transcript sizes people load: recomputing the cut
 * after a budget change (the drag path) and a full prepare.
 */
import { performance } from 'node:perf_hooks';
import { buildCutIndex, cutAt } from '../src/core/cutPoint';
import { createEstimator } from '../src/core/estimate';
import type { Message } from '../src/core/message';
import { prepare } from '../src/core/prepare';
import { countChars4 } from '../src/core/tokenizer';
import { importTranscript } from '../src/formats/registry';
import { generateOpenAIChat } from '../testing/transcripts';
import { rng } from '../testing/rng';
import { median, percentile, type Figure } from './stats';

export async function coreBench(options: { quick: boolean }): Promise<Figure[]> {
  const sizes = options.quick ? [1_000, 10_000, 50_000] : [1_000, 10_000, 50_000, 100_000];
  const figures: Figure[] = [];
  const section = 'core';
  // chars4 keeps the data set's tokenization out of what is measured here.
  const estimator = createEstimator('chars4', countChars4);
  const cutMedians: number[] = [];
  const prepareMedians: number[] = [];
  for (const n of sizes) {
    const messages: Message[] = importTranscript(
      generateOpenAIChat({ seed: 5, messages: n, roundsPerTurn: 6 }),
    ).messages;
    const counts = messages.map((m) => estimator.countMessage(m));
    const total = counts.reduce((a, b) => a + b, 0);
    const index = buildCutIndex(
      messages.map((m) => m.role),
      counts,
    );
    const random = rng(n);
    const cutTimes: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const keep = Math.max(1, Math.floor(random() * total));
      const start = performance.now();
      cutAt(index, 1, keep, 'budget');
      cutAt(index, 1, keep, 'pi');
      cutAt(index, 1, keep, 'turns');
      cutTimes.push((performance.now() - start) / 3);
    }
    const cutP50 = median(cutTimes) * 1000;
    cutMedians.push(cutP50);
    figures.push({
      section,
      name: `cut point after a budget change, ${n.toLocaleString('en-US')} messages (p95)`,
      value: Math.round(percentile(cutTimes, 95) * 1000 * 100) / 100,
      unit: 'µs',
      target: '< 1,000 µs',
      meets: percentile(cutTimes, 95) < 1,
    });
    const prepTimes: number[] = [];
    for (let i = 0; i < (options.quick ? 2 : 3); i++) {
      const start = performance.now();
      prepare(
        messages,
        { maxContextTokens: 200000, keepRecentTokens: 20000, tokenizer: 'chars4' },
        estimator,
      );
      prepTimes.push(performance.now() - start);
    }
    prepareMedians.push(median(prepTimes));
    figures.push({
      section,
      name: `prepare (cut, ranges, file ops, input fitting), ${n.toLocaleString('en-US')} messages`,
      value: Math.round(median(prepTimes) * 100) / 100,
      unit: 'ms',
    });
  }
  const growth = (values: number[]) => Math.round((values[values.length - 1] / values[0]) * 10) / 10;
  const sizeRatio = sizes[sizes.length - 1] / sizes[0];
  figures.push(
    {
      section,
      name: `cut point growth from ${sizes[0].toLocaleString('en-US')} to ${sizes[sizes.length - 1].toLocaleString('en-US')} messages (${sizeRatio}× the messages)`,
      value: growth(cutMedians),
      unit: '×',
      note: 'binary search: should stay near 1×',
    },
    {
      section,
      name: `prepare growth over the same sizes`,
      value: growth(prepareMedians),
      unit: '×',
      note: 'linear in messages',
    },
  );
  return figures;
}
