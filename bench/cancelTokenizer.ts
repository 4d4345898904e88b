/**
 * Cancel during the tokenizer's load, before and after this branch: the
 * worker of `git merge-base HEAD main` (as `import-compare` extracts it)
 * against the working tree's, each run in a fresh process (a cold table),
 * alternated. The figure is the time from Cancel to the load's answer in
 * the worker; the page's client replaces a worker that has not answered a
 * Cancel within 1 s (`worker/client.ts`).
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { beforeTree } from './importCompare';
import { median, type Figure } from './stats';

function cancelOnce(root: string): { ms: number; outcome: string } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/cancelOnce.ts', root], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as { ms: number; outcome: string };
}

export async function cancelTokenizerBench(options: { quick: boolean }): Promise<Figure[]> {
  const section = 'Cancel while the tokenizer loads (before/after)';
  const before = beforeTree(process.env.BENCH_BEFORE_REF ?? 'main');
  const roots = { before: before.dir, after: resolve('.') };
  const runs = options.quick ? 2 : 6;
  const times = { before: [] as number[], after: [] as number[] };
  const outcomes = { before: new Set<string>(), after: new Set<string>() };
  for (let k = 0; k < runs; k++) {
    const order = k % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
    for (const which of order) {
      const run = cancelOnce(roots[which]);
      times[which].push(run.ms);
      outcomes[which].add(run.outcome);
    }
  }
  const list = (v: number[]) => v.map((x) => Math.round(x)).join(', ');
  return (['before', 'after'] as const).map((which) => ({
    section,
    name: `${which === 'before' ? `before (${before.commit.slice(0, 8)})` : 'after (this tree)'}: Cancel → the load's answer, median of ${runs}`,
    value: Math.round(median(times[which]) * 10) / 10,
    unit: 'ms',
    note: `runs ${list(times[which])}; ended ${[...outcomes[which]].join(', ')}`,
  }));
}
