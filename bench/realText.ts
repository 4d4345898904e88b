/**
 * Counting on real text: the installed files' corpus (`realCorpus.ts`)
 * counted by js-tiktoken alone, the core's estimator in one thread and over
 * the worker pool, and gpt-tokenizer, each in a process of its own. Rounds
 * are alternated (each round in a rotated order) so that a shared machine's
 * load falls on every counter alike; best and median of each are reported,
 * and the run fails if any counter's tokens differ from js-tiktoken's.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CounterName } from './countRunner';
import { parseBpeRanks } from '../src/core/bpeRanks';
import { writeTable } from './rankBinary';
import { realCorpus } from './realCorpus';
import { median, type Figure } from './stats';

const COUNTERS: CounterName[] = ['js-tiktoken', 'estimator', 'pool', 'gpt-tokenizer'];

interface Runner {
  name: CounterName;
  child: ChildProcess;
  times: number[];
  cpuTimes: number[];
  tokens: number;
}

function start(name: CounterName, corpusPath: string): Promise<Runner> {
  const child = fork('bench/countRunner.ts', [name, corpusPath], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve({ name, child, times: [], cpuTimes: [], tokens: 0 }));
    child.once('exit', (code) => reject(new Error(`${name} runner exited (${code}) before it was ready`)));
  });
}

function run(runner: Runner): Promise<void> {
  return new Promise((resolve) => {
    runner.child.once('message', (reply: { ms: number; cpuMs: number; tokens: number }) => {
      runner.times.push(reply.ms);
      runner.cpuTimes.push(reply.cpuMs);
      runner.tokens = reply.tokens;
      resolve();
    });
    runner.child.send({ type: 'run' });
  });
}

type ColdCounter = 'ours' | 'preprocessed' | 'js-tiktoken' | 'gpt-tokenizer';

/**
 * Load + first count of each library in fresh processes, alternated; the
 * core twice: from the packaged ranks as it ships, and from a pre-processed
 * table file written here, as a build step could make it.
 */
async function coldStarts(rounds: number, dir: string): Promise<Record<ColdCounter, number[]>> {
  const { default: ranks } = await import('js-tiktoken/ranks/o200k_base');
  const tablePath = join(dir, 'o200k.table');
  writeTable(tablePath, parseBpeRanks(ranks.bpe_ranks));
  const out: Record<ColdCounter, number[]> = {
    ours: [],
    preprocessed: [],
    'js-tiktoken': [],
    'gpt-tokenizer': [],
  };
  for (let r = 0; r < rounds; r++) {
    for (const name of Object.keys(out) as ColdCounter[]) {
      const args = name === 'ours' ? [] : name === 'preprocessed' ? [name, tablePath, ranks.pat_str] : [name];
      const text = execFileSync(
        process.execPath,
        ['--import', 'tsx', 'bench/coldStart.ts', 'o200k_base', ...args],
        { encoding: 'utf8' },
      );
      out[name].push((JSON.parse(text) as { ms: number }).ms);
    }
  }
  return out;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const mtps = (tokens: number, ms: number) => Math.round((tokens / ms / 1000) * 100) / 100;

export async function realTextBench(options: { quick: boolean }): Promise<Figure[]> {
  const section = 'real text';
  const chars = options.quick ? 2_000_000 : 10_000_000;
  const rounds = options.quick ? 3 : 5;
  const corpus = realCorpus(chars);
  const dir = mkdtempSync(join(tmpdir(), 'bench-real-'));
  const corpusPath = join(dir, 'corpus.json');
  writeFileSync(corpusPath, JSON.stringify({ messages: corpus.messages, texts: corpus.texts }));
  const runners: Runner[] = [];
  let cold: Record<ColdCounter, number[]>;
  try {
    // Started one after another, so no runner's warm-up competes with another's.
    for (const name of COUNTERS) runners.push(await start(name, corpusPath));
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < runners.length; k++) await run(runners[(k + r) % runners.length]!);
    }
    cold = await coldStarts(options.quick ? 2 : 5, dir);
  } finally {
    for (const r of runners) r.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  const byName = Object.fromEntries(runners.map((r) => [r.name, r])) as Record<CounterName, Runner>;
  const reference = byName['js-tiktoken'].tokens;
  const figures: Figure[] = [
    {
      section,
      name: `corpus: ${corpus.files} installed files, ${(corpus.chars / 1e6).toFixed(1)} M chars (${(corpus.kinds.sources / 1e6).toFixed(1)} M sources, ${(corpus.kinds.declarations / 1e6).toFixed(1)} M lib.*.d.ts, ${(corpus.kinds.docs / 1e6).toFixed(1)} M READMEs), ${corpus.messages.length} messages`,
      value: reference,
      unit: 'o200k tokens',
    },
  ];
  for (const r of runners) {
    figures.push({
      section,
      name: `${r.name === 'estimator' ? 'core estimator, one thread' : r.name === 'pool' ? `core estimator, worker pool` : r.name}: best (median) of ${rounds}`,
      value: mtps(reference, Math.min(...r.times)),
      unit: `M tokens/s (median ${mtps(reference, median(r.times))})`,
      note: `runs ms: ${r.times.map(Math.round).join(', ')}`,
    });
  }
  for (const r of runners) {
    if (r.name === 'pool') continue;
    figures.push({
      section,
      name: `${r.name === 'estimator' ? 'core estimator, one thread' : r.name}: per CPU second (process CPU time, best of ${rounds}; load-independent)`,
      value: mtps(reference, Math.min(...r.cpuTimes)),
      unit: 'M tokens/s',
    });
  }
  for (const r of runners) {
    if (r.name === 'js-tiktoken') continue;
    figures.push({
      section,
      name: `identical count: ${r.name} = js-tiktoken`,
      value: r.tokens,
      unit: 'tokens',
      target: reference.toLocaleString('en-US'),
      meets: r.tokens === reference,
    });
  }
  const gptCpu = Math.min(...byName['gpt-tokenizer'].cpuTimes);
  const cpuRatio = gptCpu / Math.min(...byName.estimator.cpuTimes);
  figures.push({
    section,
    name: 'one thread vs gpt-tokenizer, per CPU second',
    value: Math.round(cpuRatio * 100) / 100,
    unit: '×',
  });
  const gptBest = Math.min(...byName['gpt-tokenizer'].times);
  const gptMedian = median(byName['gpt-tokenizer'].times);
  for (const name of ['estimator', 'pool'] as const) {
    const best = gptBest / Math.min(...byName[name].times);
    figures.push({
      section,
      name: `${name === 'pool' ? 'pool' : 'one thread'} vs gpt-tokenizer: best (median)`,
      value: Math.round(best * 100) / 100,
      unit: `× (${(gptMedian / median(byName[name].times)).toFixed(2)}×)`,
      target: '≥ 1.5×',
      meets: best >= 1.5,
    });
  }
  for (const [name, times] of Object.entries(cold)) {
    figures.push({
      section,
      name: `cold start, o200k (import + ranks + first count), fresh process: ${name === 'ours' ? 'core, packaged ranks' : name === 'preprocessed' ? 'core, pre-processed table file' : name}, best (median)`,
      value: round1(Math.min(...times)),
      unit: `ms (${round1(median(times))})`,
      ...(name === 'ours'
        ? {
            target: '≤ gpt-tokenizer',
            meets: median(times) <= median(cold['gpt-tokenizer']),
          }
        : {}),
    });
  }
  return figures;
}
