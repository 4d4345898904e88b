/**
 * How fast the command starts: `inspect` of a small file as an installed
 * package runs it (compiled JavaScript from lib/, nothing transpiled at
 * start-up) and as a checkout runs it (the TypeScript sources through tsx).
 * With `chars4` no tokenizer is loaded, so that figure is the command's own
 * start; with `o200k_base` it includes the tokenizer's cold start.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateOpenAIChat } from '../testing/transcripts';
import { ensureData } from './importCli';
import { median, type Figure } from './stats';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * The package's layout without the sources beside it: the bin copied (it
 * decides by its own location), lib/ and node_modules linked, so the bin takes
 * the compiled path exactly as it does once installed.
 */
function installedLayout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'compaction-playground-bench-'));
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(ROOT, 'bin/compaction-playground.mjs'), join(dir, 'bin/compaction-playground.mjs'));
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'lib'), join(dir, 'lib'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

function timeRun(bin: string, args: readonly string[]): number {
  const start = performance.now();
  execFileSync(process.execPath, [bin, ...args], { stdio: 'ignore' });
  return performance.now() - start;
}

export async function cliBench(options: { quick: boolean }): Promise<Figure[]> {
  const section = 'CLI start (inspect, 15 messages)';
  // The package as `npm pack` builds it, so the figure is of this code.
  execFileSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build-package.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const file = resolve(ensureData('openai-15.json', () => generateOpenAIChat({ seed: 13, messages: 15 })));
  const installed = installedLayout();
  const runs = options.quick ? 3 : 7;
  const figures: Figure[] = [];
  try {
    for (const [how, bin] of [
      ['compiled (installed package)', join(installed, 'bin/compaction-playground.mjs')],
      ['TypeScript through tsx (checkout)', join(ROOT, 'bin/compaction-playground.mjs')],
    ] as const) {
      for (const tokenizer of ['chars4', 'o200k_base'] as const) {
        const args = ['inspect', file, '--tokenizer', tokenizer];
        timeRun(bin, args); // the first run fills the file system cache and tsx's transform cache
        const ms = Math.round(median(Array.from({ length: runs }, () => timeRun(bin, args))));
        const own = tokenizer === 'chars4';
        figures.push({
          section,
          name: `${how}, ${own ? 'chars4 (no tokenizer to load)' : 'o200k_base (tokenizer cold start included)'}`,
          value: ms,
          unit: 'ms',
          ...(how.startsWith('compiled') && own ? { target: '< 1000 ms', meets: ms < 1000 } : {}),
        });
      }
    }
  } finally {
    rmSync(installed, { recursive: true, force: true });
  }
  return figures;
}
