/**
 * The built page in Chromium: the first screen (navigation to the default
 * sample's first bars, drawn from the estimate, and to its exact bars),
 * load-to-bars for a 20 MB transcript with the main-thread tasks over 50 ms,
 * drag latency at 50,000 messages, and what the browser downloads before the
 * page works. `BENCH_PORT` moves the page's server off the default port, so
 * the bench can run beside an end-to-end suite.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { BROWSER_ARGS } from '../testing/browser-args.mjs';
import { findBrowser } from '../testing/find-browser.mjs';
import { dragFigures } from './browserDrag';
import { loadFigures } from './browserLoad';
import { browserData, startPreview } from './browserPage';
import { firstScreen } from './firstScreen';
import type { Figure } from './stats';

/** Gzip sizes of what index.html loads up front, and of the lazy chunks. */
function bundleFigures(): Figure[] {
  const section = 'bundle';
  const html = readFileSync('dist/index.html', 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const gz = (file: string) => gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length;
  // What index.html loads before any lazy import; `scripts/initial-js.ts` prints the same total per file.
  const initialJs = initial.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
  const figures: Figure[] = [
    {
      section,
      name: 'initial JavaScript (gzip)',
      value: Math.round(initialJs / 1024),
      unit: 'KB',
      target: '≤ 180 KB',
      meets: initialJs <= 180 * 1024,
    },
  ];
  for (const file of readdirSync('dist/assets')) {
    // The tokenizers' ranks load as rank files; their packaged modules are built but never fetched by the page.
    const match = /^(compaction\.worker|Charts)-.*\.js$|^(o200k_base|cl100k_base)-.*\.bpe$/.exec(file);
    if (!match) continue;
    figures.push({
      section,
      name: `${match[1] ?? `${match[2]} rank file`}${match[1] ? ' chunk' : ''}, loaded lazily (raw / gzip)`,
      value: Math.round(statSync(`dist/assets/${file}`).size / 1024),
      unit: `KB raw, ${Math.round(gz(`assets/${file}`) / 1024)} KB gzip`,
    });
  }
  return figures;
}

export async function browserBench(options: { quick: boolean }): Promise<Figure[]> {
  execFileSync('npx', ['vite', 'build'], { stdio: 'ignore' });
  const figures = bundleFigures();
  const { big, many, bigCount } = browserData();
  const server = await startPreview();
  const browser = await chromium.launch({
    executablePath: findBrowser() ?? undefined,
    args: BROWSER_ARGS,
  });
  try {
    figures.push(...(await firstScreen(browser, options.quick ? 1 : 3)));
    figures.push(...(await loadFigures(browser, big, bigCount, options.quick ? 1 : 3)));
    figures.push(...(await dragFigures(browser, many, options.quick)));
  } finally {
    await browser.close();
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      server.kill();
    }
  }
  return figures;
}
