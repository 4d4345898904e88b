import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_ARGS, NEVER_SHOWN, PLAYWRIGHT_DISABLED } from './browser-args.mjs';

/** The feature names in the installed Playwright's own `disabledFeatures` list, read from its source. */
function installedPlaywrightList(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const source = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
  const start = source.indexOf('disabledFeatures = [');
  expect(
    start,
    "Playwright's disabledFeatures list was not found: check browser-args.mjs by hand",
  ).toBeGreaterThan(-1);
  const body = source.slice(start, source.indexOf('].filter(Boolean)', start));
  const code = body.replace(/\/\/.*$/gm, '');
  return [...code.matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]!);
}

describe('the switches the test browser gets', () => {
  it('repeat every feature the installed Playwright turns off, since Chromium keeps only the last --disable-features', () => {
    expect([...PLAYWRIGHT_DISABLED].sort()).toEqual(installedPlaywrightList().sort());
  });

  it('turn off the address bar popups in one --disable-features with Playwright’s', () => {
    const lists = BROWSER_ARGS.filter((a) => a.startsWith('--disable-features='));
    expect(lists).toHaveLength(1);
    const features = lists[0]!.slice('--disable-features='.length).split(',');
    expect(features).toEqual([...PLAYWRIGHT_DISABLED, ...NEVER_SHOWN]);
    expect(NEVER_SHOWN).toEqual(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']);
  });
});
