/**
 * Import through the command line, as a user runs it: wall time and peak
 * memory of `inspect --json` on generated files.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { generateClaudeCode, generateOpenAIChat } from '../testing/transcripts';
import { median, type Figure } from './stats';

export const DATA_DIR = 'bench-results/data';

export function ensureData(name: string, make: () => string): string {
  mkdirSync(DATA_DIR, { recursive: true });
  const path = `${DATA_DIR}/${name}`;
  if (!existsSync(path)) writeFileSync(path, make());
  return path;
}

/** Seconds and peak RSS of one CLI run, from GNU time when it is there, else wall time only. */
function runCli(file: string): { ms: number; peakMB: number | null } {
  const args = ['bin/compaction-playground.mjs', 'inspect', file, '--json'];
  if (existsSync('/usr/bin/time')) {
    const run = spawnSync('/usr/bin/time', ['-f', '__TIME__ %e %M', process.execPath, ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const match = /__TIME__ ([\d.]+) (\d+)/.exec(run.stderr ?? '');
    if (match) return { ms: Number(match[1]) * 1000, peakMB: Number(match[2]) / 1024 };
  }
  const start = Date.now();
  execFileSync(process.execPath, args, { stdio: 'ignore', maxBuffer: 1 << 30 });
  return { ms: Date.now() - start, peakMB: null };
}

export async function importBench(options: { quick: boolean }): Promise<Figure[]> {
  const section = 'import (CLI inspect --json)';
  const claude = ensureData('claude-code-20mb.jsonl', () =>
    generateClaudeCode({ seed: 11, bytes: 20_000_000 }),
  );
  const openai = ensureData('openai-20000.json', () => generateOpenAIChat({ seed: 12, messages: 20_000 }));
  const figures: Figure[] = [];
  for (const [label, file] of [
    [`Claude Code JSONL, ${(statSync(claude).size / 1e6).toFixed(1)} MB`, claude],
    [`OpenAI Chat JSON, 20,000 messages (${(statSync(openai).size / 1e6).toFixed(1)} MB)`, openai],
  ] as const) {
    const runs = Array.from({ length: options.quick ? 1 : 3 }, () => runCli(file));
    figures.push({
      section,
      name: `${label}: time (import + o200k tokenize + analyze)`,
      value: Math.round(median(runs.map((r) => r.ms))),
      unit: 'ms',
    });
    const peaks = runs.map((r) => r.peakMB).filter((p): p is number => p !== null);
    if (peaks.length)
      figures.push({ section, name: `${label}: peak memory`, value: Math.round(median(peaks)), unit: 'MB' });
  }
  return figures;
}
