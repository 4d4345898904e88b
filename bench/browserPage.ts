/**
 * The built page for the browser benchmarks: served by `vite preview`, the
 * data files they load, and waits for the page's states (exact counts shown,
 * at rest). `BENCH_PORT` moves the page's server off the default port, so the
 * bench can run beside an end-to-end suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { importTranscript } from '../src/formats/registry';
import { generateClaudeCode } from '../testing/transcripts';
import { ensureData } from './importCli';

const PORT = Number(process.env.BENCH_PORT ?? 4331);
/** Where `startPreview` serves the page by default. */
export const PAGE_URL = `http://127.0.0.1:${PORT}/`;

/** `vite preview` of `outDir` (the build in `dist` unless told) on `port`. */
export async function startPreview(port = PORT, outDir = 'dist'): Promise<ChildProcess> {
  const url = `http://127.0.0.1:${port}/`;
  const server = spawn(
    'npx',
    ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1', '--outDir', outDir],
    {
      stdio: 'ignore',
      detached: true,
    },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('vite preview did not start');
}

/**
 * Resolves once the page is at rest: five idle periods in a row of at least
 * 40 ms each (Chromium grants up to 50 ms only when no task, timer or frame is
 * due), or after 10 s. What the page defers after showing its numbers (the
 * charts, the list, the held start-up writes) has then run, so a figure taken
 * next measures its own action, not the tail of the one before.
 */
export async function atRest(page: Page): Promise<void> {
  // As text: tsx would wrap a compiled function's named helpers in a helper the page does not have.
  await page.evaluate(`new Promise((resolve) => {
    let quiet = 0;
    const giveUp = setTimeout(resolve, 10000);
    const look = (deadline) => {
      quiet = deadline.timeRemaining() >= 40 ? quiet + 1 : 0;
      if (quiet < 5) return void requestIdleCallback(look);
      clearTimeout(giveUp);
      resolve();
    };
    requestIdleCallback(look);
  })`);
}

/** Resolves once the page shows exact counts: the estimate's mark is gone. */
export async function exactCounts(page: Page): Promise<void> {
  await page.getByTestId('total-tokens').waitFor({ timeout: 120_000 });
  await page.getByTestId('first-bars-estimate').waitFor({ state: 'detached', timeout: 120_000 });
}

/** The 20 MB Claude Code file, its message count as the page shows it, and the 50,000-message file. */
export function browserData(): { big: string; many: string; bigCount: string } {
  const big = ensureData('claude-code-20mb.jsonl', () => generateClaudeCode({ seed: 11, bytes: 20_000_000 }));
  const many = ensureData('openai-50000-short.json', () =>
    JSON.stringify(
      Array.from({ length: 50_000 }, (_, i) => ({
        role: i % 2 ? 'assistant' : 'user',
        content: `message ${i}: ${'lorem ipsum '.repeat(1 + (i % 30))}`,
      })),
    ),
  );
  const bigCount = importTranscript(readFileSync(big, 'utf8')).messages.length.toLocaleString('en-US');
  return { big, many, bigCount };
}
