/**
 * Import time of the 20 MB Claude Code file before and after this branch:
 * the importer of `git merge-base HEAD main` (extracted into a scratch copy
 * under the system's temporary folder, never committed) against the working
 * tree's, each run in a fresh process, the two alternated so that the
 * machine's load falls on both alike. Import only: streaming the file
 * through `importChunks`, as the command line reads it, without tokenizing.
 *
 * `BENCH_BEFORE_REF` names another base than `main`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateClaudeCode } from '../testing/transcripts';
import { ensureData } from './importCli';
import { median, type Figure } from './stats';

/** The base's sources in a scratch folder, with this checkout's node_modules linked in. */
export function beforeTree(ref: string): { dir: string; commit: string } {
  const commit = execFileSync('git', ['merge-base', 'HEAD', ref], { encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `compaction-playground-before-${commit.slice(0, 12)}`);
  if (!existsSync(join(dir, 'src/formats/registry.ts'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['archive', '--format=tar', commit], { maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  }
  return { dir, commit };
}

interface Run {
  ms: number;
  cpuMs: number;
  messages: number;
}

function importOnce(root: string, file: string): Run {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/importOnce.ts', root, file], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out) as Run;
}

export async function importCompareBench(options: { quick: boolean }): Promise<Figure[]> {
  const section = 'import before/after (20 MB Claude Code)';
  const file = ensureData('claude-code-20mb.jsonl', () =>
    generateClaudeCode({ seed: 11, bytes: 20_000_000 }),
  );
  const before = beforeTree(process.env.BENCH_BEFORE_REF ?? 'main');
  const after = resolve('.');
  const runs = options.quick ? 2 : 8;
  const times = { before: [] as number[], after: [] as number[] };
  const cpu = { before: [] as number[], after: [] as number[] };
  const counts = new Set<string>();
  for (let k = 0; k < runs; k++) {
    // Alternate which goes first, so neither always runs on a warmer disk cache.
    const order = k % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
    for (const which of order) {
      const run = importOnce(which === 'before' ? before.dir : after, file);
      times[which].push(run.ms);
      cpu[which].push(run.cpuMs);
      counts.add(`${which}:${run.messages}`);
    }
  }
  const mb = (statSync(file).size / 1e6).toFixed(1);
  const messages = [...counts].join(', ');
  const figure = (name: string, value: number, unit = 'ms', note?: string): Figure => ({
    section,
    name,
    value,
    unit,
    note,
  });
  const ms = (values: number[]) => values.map((v) => Math.round(v)).join(', ');
  // On a shared machine the fastest run is the least disturbed one; the median shows the spread's middle.
  return [
    figure(
      `${mb} MB, before (${before.commit.slice(0, 8)}): wall time, median of ${runs}`,
      Math.round(median(times.before)),
      'ms',
      `runs ${ms(times.before)}; ${messages}`,
    ),
    figure(
      `${mb} MB, after (this tree): wall time, median of ${runs}`,
      Math.round(median(times.after)),
      'ms',
      `runs ${ms(times.after)}; ${messages}`,
    ),
    figure(`${mb} MB, before: wall time, fastest`, Math.round(Math.min(...times.before))),
    figure(`${mb} MB, after: wall time, fastest`, Math.round(Math.min(...times.after))),
    figure(
      `${mb} MB, before: CPU time, median`,
      Math.round(median(cpu.before)),
      'ms',
      `runs ${ms(cpu.before)}`,
    ),
    figure(`${mb} MB, after: CPU time, median`, Math.round(median(cpu.after)), 'ms', `runs ${ms(cpu.after)}`),
    figure(
      'after / before (CPU time medians)',
      Math.round((median(cpu.after) / median(cpu.before)) * 100) / 100,
      '×',
    ),
    figure(
      'after / before (wall time medians)',
      Math.round((median(times.after) / median(times.before)) * 100) / 100,
      '×',
    ),
  ];
}
