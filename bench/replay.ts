/**
 * Replaying a whole session: a 50,000-message transcript under every
 * strategy at a 200,000-token window, and with compaction off. The shape is
 * built once (as the worker holds it); what is measured is the replay alone,
 * the part that runs again when a setting changes.
 */
import { performance } from 'node:perf_hooks';
import { createEstimator } from '../src/core/estimate';
import { STRATEGIES } from '../src/core/settings';
import { sessionShapeOf } from '../src/core/session/calls';
import { replay } from '../src/core/session/replay';
import { countChars4 } from '../src/core/tokenizer';
import { importTranscript } from '../src/formats/registry';
import { generateOpenAIChat } from '../testing/transcripts';
import { median, type Figure } from './stats';

export async function replayBench(options: { quick: boolean }): Promise<Figure[]> {
  const n = 50_000;
  const estimator = createEstimator('chars4', countChars4);
  const messages = importTranscript(generateOpenAIChat({ seed: 7, messages: n, roundsPerTurn: 6 })).messages;
  const shape = sessionShapeOf({ messages, compactions: [], calls: [] }, estimator);
  const runs = options.quick ? 2 : 5;
  const figures: Figure[] = [];
  const settings = { maxContextTokens: 200_000, keepRecentTokens: 20_000, tokenizer: 'chars4' as const };
  for (const strategy of [...STRATEGIES, 'off'] as const) {
    const input = strategy === 'off' ? { ...settings, enabled: false } : { ...settings, strategy };
    const times: number[] = [];
    let compactions = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      compactions = replay(shape, input).compactions.length;
      times.push(performance.now() - start);
    }
    const ms = median(times);
    figures.push({
      section: 'replay',
      name: `replay of ${n.toLocaleString('en-US')} messages (${shape.calls.length.toLocaleString('en-US')} calls), ${strategy === 'off' ? 'compaction off' : strategy}: ${compactions} compactions`,
      value: Math.round(ms * 10) / 10,
      unit: 'ms',
      target: '< 1,000 ms',
      meets: ms < 1000,
    });
  }
  return figures;
}
