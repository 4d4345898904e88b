/**
 * "Replay all" for one session as a page's archive worker answers it: the
 * worker of `git merge-base HEAD main` (extracted as `import-compare` does)
 * against the working tree's, both loaded into this process, runs
 * alternated so that the machine's load falls on both alike. A 5 MB Claude
 * Code session, replayed under the default settings (o200k_base); the first
 * run of each warms its tokenizer and is not counted.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { placeOf } from '../src/archive/layout';
import { DEFAULT_SETTINGS } from '../src/core/settings';
import type { ArchiveReply, ArchiveRequest } from '../src/worker/archiveProtocol';
import { generateClaudeCode } from '../testing/transcripts';
import { beforeTree } from './importCompare';
import { ensureData } from './importCli';
import { median, type Figure } from './stats';

type Handler = (event: { data: ArchiveRequest }) => unknown;
const replies: ArchiveReply[] = [];

/** The worker module of `root`, loaded with a `self` that keeps its replies; its message handler. */
async function workerOf(root: string): Promise<Handler> {
  const scope = { onmessage: null as Handler | null, postMessage: (r: ArchiveReply) => replies.push(r) };
  (globalThis as { self?: unknown }).self = scope;
  await import(resolve(root, 'src/worker/archive.worker.ts'));
  if (!scope.onmessage) throw new Error(`${root}: the archive worker set no handler`);
  return scope.onmessage;
}

let nextId = 0;
async function replayOnce(
  handler: Handler,
  path: string,
  file: File,
): Promise<{ ms: number; cpuMs: number }> {
  const id = nextId++;
  const request: ArchiveRequest = {
    id,
    path,
    place: placeOf(path)!,
    size: file.size,
    source: { kind: 'files', files: { [path]: file } },
    replay: { ...DEFAULT_SETTINGS },
  };
  const cpu = process.cpuUsage();
  const start = performance.now();
  void handler({ data: request });
  while (!replies.some((r) => r.id === id && r.type !== 'bytes')) await new Promise((r) => setTimeout(r, 1));
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const reply = replies.find((r) => r.id === id && r.type !== 'bytes')!;
  if (reply.type !== 'done' || !reply.replay) throw new Error(`replay failed: ${JSON.stringify(reply)}`);
  replies.length = 0;
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

export async function archiveReplayBench(options: { quick: boolean }): Promise<Figure[]> {
  const section = 'Replay all, one session (before/after)';
  const data = ensureData('claude-code-5mb.jsonl', () => generateClaudeCode({ seed: 5, bytes: 5_000_000 }));
  const path = '.claude/projects/-home-dev-app/bench.jsonl';
  const file = new File([readFileSync(data)], 'bench.jsonl');
  const before = beforeTree(process.env.BENCH_BEFORE_REF ?? 'main');
  const handlers = { before: await workerOf(before.dir), after: await workerOf(resolve('.')) };
  await replayOnce(handlers.before, path, file);
  await replayOnce(handlers.after, path, file);
  const runs = options.quick ? 2 : 8;
  const wall = { before: [] as number[], after: [] as number[] };
  const cpu = { before: [] as number[], after: [] as number[] };
  for (let k = 0; k < runs; k++) {
    const order = k % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
    for (const which of order) {
      const run = await replayOnce(handlers[which], path, file);
      wall[which].push(run.ms);
      cpu[which].push(run.cpuMs);
    }
  }
  const list = (v: number[]) => v.map((x) => Math.round(x)).join(', ');
  const mb = (file.size / 1e6).toFixed(1);
  return (['before', 'after'] as const).flatMap((which) => [
    {
      section,
      name: `${mb} MB, ${which === 'before' ? `before (${before.commit.slice(0, 8)})` : 'after (this tree)'}: wall time, median of ${runs}`,
      value: Math.round(median(wall[which])),
      unit: 'ms',
      note: `runs ${list(wall[which])}`,
    },
    {
      section,
      name: `${mb} MB, ${which}: CPU time, median`,
      value: Math.round(median(cpu[which])),
      unit: 'ms',
      note: `runs ${list(cpu[which])}`,
    },
  ]);
}
