/**
 * `npx tsx bench/compareBuilds.ts OLD_DIST NEW_DIST [--rounds=5] [--only=drag|load]`:
 * two builds of the page served side by side (ports `BENCH_PORT` + 10 and + 11),
 * the 20 MB load and the drag at 50,000 messages measured on each in turn,
 * round after round, so that both builds see the same load on a shared machine.
 * Prints each round's figures and, per build, the median and range over the rounds.
 */
import type { ChildProcess } from 'node:child_process';
import { chromium } from 'playwright-core';
import { BROWSER_ARGS } from '../testing/browser-args.mjs';
import { findBrowser } from '../testing/find-browser.mjs';
import { dragFigures } from './browserDrag';
import { loadFigures } from './browserLoad';
import { browserData, startPreview } from './browserPage';
import { median, type Figure } from './stats';

const dirs = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 5);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
if (dirs.length !== 2 || !(rounds >= 1)) {
  process.stderr.write(
    'usage: tsx bench/compareBuilds.ts OLD_DIST NEW_DIST [--rounds=N] [--only=drag|load]\n',
  );
  process.exit(2);
}

const base = Number(process.env.BENCH_PORT ?? 4331) + 10;
const builds = dirs.map((dir, i) => ({ dir, port: base + i, label: i ? 'new' : 'old' }));
const { big, many, bigCount } = browserData();
const servers: ChildProcess[] = [];
const rows: Record<string, Record<string, number[]>> = { old: {}, new: {} };
const browser = await chromium.launch({
  executablePath: findBrowser() ?? undefined,
  args: BROWSER_ARGS,
});
try {
  for (const build of builds) servers.push(await startPreview(build.port, build.dir));
  for (let round = 0; round < rounds; round++) {
    // Alternate which build goes first, so neither always meets the other's leftovers.
    const order = round % 2 ? [...builds].reverse() : builds;
    for (const build of order) {
      const url = `http://127.0.0.1:${build.port}/`;
      const figures: Figure[] = [];
      if (only !== 'drag') figures.push(...(await loadFigures(browser, big, bigCount, 1, url)));
      if (only !== 'load') figures.push(...(await dragFigures(browser, many, false, url)));
      for (const f of figures) {
        (rows[build.label][f.name] ??= []).push(f.value);
        process.stdout.write(
          `round ${round + 1} ${build.label}: ${f.name}: ${f.value} ${f.unit}${f.note ? ` (${f.note})` : ''}\n`,
        );
      }
    }
  }
} finally {
  await browser.close();
  for (const server of servers) {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      server.kill();
    }
  }
}
for (const [label, figures] of Object.entries(rows)) {
  for (const [name, values] of Object.entries(figures)) {
    process.stdout.write(
      `${label}: ${name}: median ${median(values)} (${Math.min(...values)}–${Math.max(...values)}; ${values.join(', ')})\n`,
    );
  }
}
