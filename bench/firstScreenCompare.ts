/**
 * `npx tsx bench/firstScreenCompare.ts <url A> <url B> [runs]`: the first
 * screen of two served builds (say the last release's `vite preview --outDir`
 * on one port and this one's on another), visited in turn, A then B, each in
 * a fresh profile, so load from other work on the machine falls on both
 * alike. Prints each build's runs and medians of navigation → first bars
 * and → exact bars.
 */
import { chromium } from 'playwright-core';
import { BROWSER_ARGS } from '../testing/browser-args.mjs';
import { findBrowser } from '../testing/find-browser.mjs';
import { EXACT_BARS_TARGET_MS, FIRST_BARS_TARGET_MS, firstScreenOnce } from './firstScreen';
import { median } from './stats';

const [a, b, runsText = '7'] = process.argv.slice(2);
const runs = Number(runsText);
if (!a || !b || !Number.isInteger(runs) || runs < 1) {
  process.stderr.write('usage: tsx bench/firstScreenCompare.ts <url A> <url B> [runs, a whole number ≥ 1]\n');
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: findBrowser() ?? undefined,
  args: BROWSER_ARGS,
});
const seen: Record<string, { bars: number[]; exact: number[] }> = {
  [a]: { bars: [], exact: [] },
  [b]: { bars: [], exact: [] },
};
try {
  // One visit each first, not counted: the servers and the browser warm up.
  for (const url of [a, b]) await firstScreenOnce(browser, url);
  for (let run = 0; run < runs; run++) {
    for (const url of run % 2 ? [b, a] : [a, b]) {
      const times = await firstScreenOnce(browser, url);
      seen[url]!.bars.push(times.bars);
      seen[url]!.exact.push(times.exact);
    }
  }
} finally {
  await browser.close();
}
const ms = (values: number[]) => values.map(Math.round).join(', ');
for (const url of [a, b]) {
  const { bars, exact } = seen[url]!;
  console.log(
    `${url}\n  first bars: median ${Math.round(median(bars))} ms (target ≤ ${FIRST_BARS_TARGET_MS}); runs ${ms(bars)}` +
      `\n  exact bars: median ${Math.round(median(exact))} ms (target ≤ ${EXACT_BARS_TARGET_MS}); runs ${ms(exact)}`,
  );
}
