#!/usr/bin/env node
/**
 * Finds the Chromium the end-to-end tests and benchmarks drive, in order:
 * $CHROMIUM_PATH, Debian's /usr/bin/chromium, Playwright's own installed
 * browser. When none is there and this is Debian as root, installs the
 * `chromium` package with apt. Otherwise says how to get one.
 *
 *   node testing/find-browser.mjs            print the path (install if needed)
 *   node testing/find-browser.mjs --check    the same, quietly, for npm test
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Playwright's own download, if someone ran `npx playwright install chromium`. */
function playwrightBrowser() {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

export function findBrowser() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return playwrightBrowser();
}

function isDebian() {
  try {
    return /^ID(_LIKE)?=.*debian/m.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

function installWithApt() {
  console.error('No Chromium found: installing Debian\u2019s chromium package with apt…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
    stdio: 'inherit',
    env,
  });
}

function main() {
  const quiet = process.argv.includes('--check');
  let path;
  try {
    path = findBrowser();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  if (!path && isDebian() && process.getuid?.() === 0) {
    installWithApt();
    path = findBrowser();
  }
  if (!path) {
    console.error(
      [
        'No Chromium found for the end-to-end tests. Any one of these works:',
        '  - on Debian or Ubuntu: sudo apt-get install chromium',
        '  - set CHROMIUM_PATH to a Chromium or Chrome executable',
        '  - let Playwright download its own browser: npx playwright install chromium',
      ].join('\n'),
    );
    process.exit(1);
  }
  if (!quiet) console.log(path);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
