/**
 * The shipped gold-fact cases (`cases/`) under every strategy with the
 * offline summarizer, as `compaction-playground cases cases/` runs them: the
 * command's whole wall time as a process (start, tokenizer, import, every
 * compaction and score), and the same run in-process after the start.
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadCases } from '../src/cli/caseFile';
import { runCases } from '../src/cases/caseRun';
import { estimatorFor } from '../src/cli/estimator';
import { STRATEGIES } from '../src/core/settings';
import { createOfflineSummarizer } from '../src/providers/offline';
import { median, type Figure } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const TARGET_MS = 30_000;

export async function casesBench(options: { quick: boolean }): Promise<Figure[]> {
  const section = 'Gold-fact cases (all strategies, offline)';
  const runs = options.quick ? 1 : 3;
  const bin = join(ROOT, 'bin/compaction-playground.mjs');
  const command = median(
    Array.from({ length: runs }, () => {
      const start = performance.now();
      execFileSync(process.execPath, [bin, 'cases', 'cases/'], { cwd: ROOT, stdio: 'ignore' });
      return performance.now() - start;
    }),
  );
  const cases = await loadCases(join(ROOT, 'cases'));
  const estimator = await estimatorFor({});
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    count = (
      await runCases(cases, STRATEGIES, { summarizer: createOfflineSummarizer(), offline: true, estimator })
    ).length;
    times.push(performance.now() - start);
  }
  const inProcess = median(times);
  return [
    {
      section,
      name: `cases cases/ as a command (${cases.length} cases, ${count} runs)`,
      value: Math.round(command),
      unit: 'ms',
      target: `≤ ${TARGET_MS.toLocaleString('en-US')} ms`,
      meets: command <= TARGET_MS,
    },
    { section, name: 'the same runs in-process, after loading', value: Math.round(inProcess), unit: 'ms' },
  ];
}
