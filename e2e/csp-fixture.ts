/**
 * The `test` every spec uses: it fails a test that ran into the
 * Content-Security-Policy, in the page or in its worker.
 */
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';

export { expect };

/** What every test can see of the policy violations it caused. */
export interface CspViolations {
  /** Each violation event and each browser message about the policy so far, as one line of text. */
  readonly seen: readonly string[];
  /**
   * Lets lines matching `pattern` pass, for a test that provokes a violation on
   * purpose (the test still checks that it happened). Filtering rather than
   * clearing: one violation arrives as several lines, one per policy (the meta
   * and the header) and per channel, some of them late.
   */
  allow(pattern: RegExp): void;
}

/** Starts the lines our own listeners log, so they can be told from the app's messages. */
const MARK = '[csp-violation]';
/** Chromium's own messages about the policy: refusals, and directives it ignores or does not know. */
const POLICY_MESSAGE = /Content[- ]Security[- ]Policy/i;

/**
 * Runs in every document and in every worker: reports each violation event on
 * the console. Self-contained, since Playwright sends it as source text.
 */
function reportViolations(mark: string): void {
  const report = console.error.bind(console);
  globalThis.addEventListener('securitypolicyviolation', (event) => {
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
    report(`${mark} ${event.effectiveDirective} refused ${event.blockedURI || '(no URL)'}${where}`);
  });
}

/**
 * Records the policy trouble of one page: its violation events and those of
 * its workers (through the console), and the browser's messages about the
 * policy. A worker's messages reach Playwright's console only when a script
 * logs them, so the browser's own are read from the page's log over CDP.
 */
async function watchPage(page: Page, record: (line: string) => void): Promise<void> {
  page.on('console', (message) => {
    if (message.text().startsWith(MARK) || POLICY_MESSAGE.test(message.text())) record(message.text());
  });
  // The worker may run briefly before this lands; the log below still sees its refusals.
  page.on('worker', (worker) => void worker.evaluate(reportViolations, MARK).catch(() => undefined));
  await page.addInitScript(reportViolations, MARK);
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => {
    // The page's own entries already arrived as console messages above.
    if (entry.source === 'worker' && !entry.text.startsWith(MARK) && POLICY_MESSAGE.test(entry.text)) {
      record(`worker: ${entry.text}`);
    }
  });
  // Enabling the log replays what it already holds, so nothing logged before is lost.
  await cdp.send('Log.enable');
}

export const test = base.extend<{ cspViolations: CspViolations }>({
  cspViolations: [
    async ({ page, browser }, use) => {
      const seen: string[] = [];
      const record = (line: string) => void seen.push(line);
      const watchOther = (other: Page) => {
        if (other !== page) void watchPage(other, record).catch(() => undefined);
      };
      // Pages a test opens itself: popups, and pages in a fresh context of their own.
      const onContext = (context: BrowserContext) => context.on('page', watchOther);
      page.context().on('page', watchOther);
      browser.on('context', onContext);
      await watchPage(page, record);
      const allowed: RegExp[] = [];
      await use({ seen, allow: (pattern) => void allowed.push(pattern) });
      browser.off('context', onContext);
      const unexpected = seen.filter((line) => !allowed.some((pattern) => pattern.test(line)));
      expect(unexpected, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
