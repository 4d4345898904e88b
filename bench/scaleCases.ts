/**
 * The real-scale cases (`scale-cases/`: six sessions of 50,000+ tokens) under
 * every strategy with the offline summarizer, as `compaction-playground cases
 * scale-cases/` runs them: the command's wall time and the CPU seconds its
 * processes used (the machine is shared, so wall alone says little), and the
 * same runs in-process after loading, wall and CPU.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadCases } from '../src/cli/caseFile';
import { runCases } from '../src/cases/caseRun';
import { estimatorFor } from '../src/cli/estimator';
import { STRATEGIES } from '../src/core/settings';
import { createOfflineSummarizer } from '../src/providers/offline';
import { median, type Figure } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const TARGET_MS = 60_000;
/** Linux's clock ticks per second, the unit of /proc's CPU times. */
const TICKS = 100;

/** CPU ms of the children this process has waited for (Linux /proc), or null elsewhere. */
function childrenCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3, so cutime and cstime (fields 16 and 17) are at 13 and 14 here.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS;
  } catch {
    return null;
  }
}

export async function scaleCasesBench(options: { quick: boolean }): Promise<Figure[]> {
  const section = 'Real-scale cases (6 × 50,000+ tokens, all strategies, offline)';
  const runs = options.quick ? 1 : 3;
  const bin = join(ROOT, 'bin/compaction-playground.mjs');
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuBefore = childrenCpuMs();
    const start = performance.now();
    execFileSync(process.execPath, [bin, 'cases', 'scale-cases/'], { cwd: ROOT, stdio: 'ignore' });
    walls.push(performance.now() - start);
    const cpuAfter = childrenCpuMs();
    if (cpuBefore !== null && cpuAfter !== null) cpus.push(cpuAfter - cpuBefore);
  }
  const command = median(walls);
  const cases = await loadCases(join(ROOT, 'scale-cases'));
  const estimator = await estimatorFor({});
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let count = 0;
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    count = (
      await runCases(cases, STRATEGIES, { summarizer: createOfflineSummarizer(), offline: true, estimator })
    ).length;
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  return [
    {
      section,
      name: `cases scale-cases/ as a command (${cases.length} cases, ${count} runs), wall`,
      value: Math.round(command),
      unit: 'ms',
      target: `≤ ${TARGET_MS.toLocaleString('en-US')} ms`,
      meets: command <= TARGET_MS,
    },
    ...(cpus.length
      ? [
          {
            section,
            name: 'the command, CPU (its processes, user + system)',
            value: Math.round(median(cpus)),
            unit: 'ms',
          },
        ]
      : []),
    {
      section,
      name: 'the same runs in-process after loading, wall',
      value: Math.round(median(times)),
      unit: 'ms',
    },
    { section, name: 'the same runs in-process, CPU', value: Math.round(median(cpuTimes)), unit: 'ms' },
  ];
}
