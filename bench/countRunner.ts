/**
 * One counter of the real-text comparison, in a process of its own (so no
 * counter's garbage or JIT state slows another): forked by `realText.ts`, it
 * reads the corpus, warms its counter up, and answers each `run` with the
 * time of one full count from cold caches and the tokens it found.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Message } from '../src/core/message';
import { createEstimator, framingTokens } from '../src/core/estimate';
import { countPieceTokens } from '../src/core/bpe';
import { loadEncoding, pieceCachedCounter } from '../src/core/tokenizer';
import { createCountPool } from './countPool';

export type CounterName = 'js-tiktoken' | 'estimator' | 'pool' | 'gpt-tokenizer';

const [name, corpusPath] = process.argv.slice(2) as [CounterName, string];
const { messages, texts } = JSON.parse(readFileSync(corpusPath, 'utf8')) as {
  messages: Message[];
  texts: string[];
};

/** Counts the whole corpus once, from cold caches, and resolves to its tokens. */
async function counter(): Promise<() => Promise<number> | number> {
  switch (name) {
    case 'js-tiktoken': {
      const [{ Tiktoken }, { default: ranks }] = await Promise.all([
        import('js-tiktoken/lite'),
        import('js-tiktoken/ranks/o200k_base'),
      ]);
      const encoder = new Tiktoken(ranks);
      return () => {
        let n = 0;
        for (const t of texts) n += encoder.encode(t, [], []).length;
        return n;
      };
    }
    case 'gpt-tokenizer': {
      const gpt = await import('gpt-tokenizer/encoding/o200k_base');
      const options = { disallowedSpecial: new Set<string>() };
      return () => {
        // Its merge cache would otherwise carry the previous round's pieces.
        gpt.clearMergeCache();
        let n = 0;
        for (const t of texts) n += gpt.countTokens(t, options);
        return n;
      };
    }
    case 'estimator': {
      const { table, pattern } = await loadEncoding('o200k_base');
      return () => {
        // A fresh piece cache and estimator each round: nothing remembered from the last.
        const est = createEstimator(
          'o200k_base',
          pieceCachedCounter(pattern, (p) => countPieceTokens(table, p)),
        );
        let n = 0;
        for (const m of messages) n += est.countMessage(m) - framingTokens(m);
        return n;
      };
    }
    case 'pool': {
      const pool = await createCountPool('o200k_base');
      process.on('disconnect', () => void pool.close());
      return async () => {
        const parts = await pool.countMessages(messages, { fresh: true });
        let n = 0;
        for (const strings of parts) for (const s of strings) n += s;
        return n;
      };
    }
  }
}

const count = await counter();
// One untimed pass, so every counter runs with its code already compiled.
await count();
process.send!({ type: 'ready' });
process.on('message', async (message: { type: string }) => {
  if (message.type !== 'run') return;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const tokens = await count();
  const ms = performance.now() - started;
  // The process's CPU time, its worker threads' included: what the count costs
  // whatever else the machine runs, where wall time measures the neighbours too.
  const cpu = process.cpuUsage(cpuBefore);
  process.send!({ type: 'done', ms, cpuMs: (cpu.user + cpu.system) / 1000, tokens });
});
