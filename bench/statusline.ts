/**
 * Claude Code's status line (`statusline`) as the installed package runs
 * it: a fresh Node process per run, the compiled JavaScript of lib/ (built
 * here), on the 20 MB sessions of the import and audit benchmarks.
 * Three cases: no compaction in the tail (context and auto-compact only);
 * the first run after a compaction, which starts the count of the facts it
 * lost in a process of its own; and the runs after, which read the count
 * back. Then the count itself, which no status line waits for.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateClaudeCode } from '../testing/transcripts';
import { withCompactions } from './audit';
import { ensureData } from './importCli';
import { median, percentile, type Figure } from './stats';

const TARGET_MS = 300;
const ROOT = resolve(import.meta.dirname, '..');

/** The audit benchmark's session, whose last line is its tenth compaction's summary, and a call after it. */
function justCompacted(text: string): string {
  const lines = text.trimEnd().split('\n');
  const summary = JSON.parse(lines[lines.length - 1]!) as { uuid: string; isCompactSummary?: boolean };
  if (!summary.isCompactSummary) throw new Error('the audit session no longer ends in a compaction');
  const call = {
    isSidechain: false,
    userType: 'external',
    cwd: '/home/dev/app',
    sessionId: 'gen-session',
    parentUuid: summary.uuid,
    type: 'assistant',
    message: {
      id: 'm-bench',
      role: 'assistant',
      content: [{ type: 'text', text: 'Continuing.' }],
      usage: { input_tokens: 12_000, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
    },
    uuid: 'bench-a',
  };
  return `${lines.join('\n')}\n${JSON.stringify(call)}\n`;
}

/** The package as npm installs it: bin/ and lib/ without the sources, so the executable runs lib/. */
function installedPackage(): string {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-package.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the package did not build');
  const dir = mkdtempSync(join(tmpdir(), 'cp-installed-'));
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(ROOT, 'bin/compaction-playground.mjs'), join(dir, 'bin/compaction-playground.mjs'));
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'lib'), join(dir, 'lib'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return join(dir, 'bin/compaction-playground.mjs');
}

/**
 * One run in a fresh process; `cacheDir` is its temporary folder, where the
 * lost-fact count is kept. A run that starts a count waits for it after the
 * measure, so no count runs beside the next measure.
 */
function runOnce(bin: string, transcript: string, cacheDir: string): { ms: number; line: string } {
  const stdin = JSON.stringify({ transcript_path: transcript, model: { id: 'claude-sonnet-4-5' } });
  const start = performance.now();
  const run = spawnSync(process.execPath, [bin, 'statusline'], {
    input: stdin,
    encoding: 'utf8',
    env: { ...process.env, TMPDIR: cacheDir },
  });
  const ms = performance.now() - start;
  const line = run.stdout.trim();
  if (line.includes('counting')) waitForCount(cacheDir);
  return { ms, line };
}

/** Until the counting process has given its claim up (polled: it is another process). */
function waitForCount(cacheDir: string): void {
  const folder = join(cacheDir, 'compaction-playground-statusline');
  const claimed = () => existsSync(folder) && readdirSync(folder).some((f) => f.endsWith('.counting'));
  const until = Date.now() + 60_000;
  while (claimed() && Date.now() < until) spawnSync('sleep', ['0.05']);
}

/** The count alone, as the status line's counting process makes it. */
function countOnce(bin: string, transcript: string, cacheDir: string): number {
  const size = statSync(transcript).size;
  const text = readFileSync(transcript, 'utf8');
  const at = Buffer.byteLength(
    text.slice(0, text.lastIndexOf('\n', text.lastIndexOf('compact_boundary')) + 1),
  );
  const start = performance.now();
  spawnSync(
    process.execPath,
    [bin, 'statusline', '--count-lost', transcript, String(at), String(size), 'b10'],
    {
      env: { ...process.env, TMPDIR: cacheDir },
    },
  );
  return performance.now() - start;
}

export async function statuslineBench(options: { quick: boolean }): Promise<Figure[]> {
  const plain = ensureData('claude-code-20mb.jsonl', () =>
    generateClaudeCode({ seed: 11, bytes: 20_000_000 }),
  );
  const audited = ensureData('claude-code-20mb-compacted.jsonl', () =>
    withCompactions(generateClaudeCode({ seed: 11, bytes: 20_000_000 })),
  );
  const compacted = ensureData('claude-code-20mb-just-compacted.jsonl', () =>
    justCompacted(readFileSync(audited, 'utf8')),
  );
  const bin = installedPackage();
  const runs = options.quick ? 3 : 15;
  const section = 'statusline';
  const load = loadavg()[0]!.toFixed(1);
  const baseline: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    baseline.push(performance.now() - start);
  }
  const cases: { name: string; file: string; cache: () => string }[] = [
    { name: 'no compaction in the tail', file: plain, cache: () => mkdtempSync(join(tmpdir(), 'cp-sl-')) },
    {
      name: 'first run after a compaction (starts the count)',
      file: compacted,
      cache: () => mkdtempSync(join(tmpdir(), 'cp-sl-')),
    },
  ];
  const warm = mkdtempSync(join(tmpdir(), 'cp-sl-'));
  cases.push({ name: 'later runs after a compaction (count read back)', file: compacted, cache: () => warm });
  const figures: Figure[] = [
    {
      section,
      name: `node -e 0 alone (load average ${load})`,
      value: Math.round(median(baseline)),
      unit: 'ms',
    },
  ];
  for (const c of cases) {
    const times: number[] = [];
    let line = '';
    for (let i = 0; i < runs; i++) {
      const r = runOnce(bin, c.file, c.cache());
      times.push(r.ms);
      line = r.line;
    }
    process.stderr.write(`statusline, ${c.name}: ${line}\n`);
    const p90 = percentile(times, 90);
    figures.push(
      {
        section,
        name: `20 MB Claude Code session, ${c.name}: median`,
        value: Math.round(median(times)),
        unit: 'ms',
        target: `≤ ${TARGET_MS} ms`,
        meets: median(times) <= TARGET_MS,
        note: line,
      },
      { section, name: `… p90`, value: Math.round(p90), unit: 'ms' },
    );
  }
  const counts: number[] = [];
  for (let i = 0; i < (options.quick ? 1 : 5); i++)
    counts.push(countOnce(bin, compacted, mkdtempSync(join(tmpdir(), 'cp-sl-'))));
  figures.push({
    section,
    name: 'the lost-fact count, in its own process (2 MB summarized, once per compaction): median',
    value: Math.round(median(counts)),
    unit: 'ms',
  });
  return figures;
}
