/**
 * The Content-Security-Policy of the built app: where it comes from, that it
 * is enforced in the page and in the worker, and what it lets the preview
 * reach. Every other test checks, through the fixture, that it ran into none.
 */
import { CSP_HEADER, CSP_META } from '../src/security/contentSecurityPolicy';
import { MOCK_LLM_PORT } from '../playwright.config';
import { CHAT, expect, openFresh, paste, test, type CspViolations } from './fixtures';

/**
 * Lets through the violations a test provokes on purpose, then waits until each
 * pattern has been seen: the violation event, and the browser's message about
 * it (worded "Refused to …" in older Chromium, "… violates …" in newer).
 */
async function expectViolations(csp: CspViolations, ...patterns: RegExp[]): Promise<void> {
  for (const pattern of patterns) csp.allow(pattern);
  for (const pattern of patterns) {
    await expect
      .poll(() => csp.seen.some((line) => pattern.test(line)), { message: `seen ${pattern}` })
      .toBe(true);
  }
}

test('the built page carries the policy in a meta and in the headers of the page and of its worker', async ({
  page,
}) => {
  const worker = page.waitForEvent('worker');
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toBe(CSP_HEADER);
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    'content',
    CSP_META,
  );
  const script = await page.request.get((await worker).url());
  expect(script.headers()['content-type']).toContain('javascript');
  expect(script.headers()['content-security-policy']).toBe(CSP_HEADER);
});

test('an inline script, an inline handler, eval and an inline style injected into the page are refused', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const outcome = await page.evaluate(async () => {
    const probe = window as unknown as { __script?: boolean; __handler?: boolean };
    const script = document.createElement('script');
    script.textContent = 'window.__script = true';
    document.head.append(script);
    const host = document.createElement('div');
    host.innerHTML = '<p style="color: rgb(1, 2, 3)" onclick="window.__handler = true">injected</p>';
    document.body.append(host);
    const injected = host.firstElementChild as HTMLElement;
    injected.click();
    const color = getComputedStyle(injected).color;
    host.remove();
    // In a later task: code evaluated by the test itself is exempt from the eval rule.
    const evaluated = await new Promise<string>((resolve) =>
      setTimeout(() => {
        try {
          resolve(String((0, eval)('"ran"')));
        } catch (error) {
          resolve((error as Error).name);
        }
      }),
    );
    return { script: probe.__script, handler: probe.__handler, color, evaluated };
  });
  expect(outcome).toEqual({
    script: undefined,
    handler: undefined,
    color: expect.not.stringContaining('1, 2, 3'),
    evaluated: 'EvalError',
  });
  await expectViolations(
    cspViolations,
    /^\[csp-violation\] script-src-elem refused inline/,
    /execut\w* inline script/i,
    /^\[csp-violation\] script-src-attr refused inline/,
    /execut\w* inline event handler/i,
    /^\[csp-violation\] style-src-attr refused inline/,
    /appl\w* inline style/i,
    /^\[csp-violation\] script-src refused eval/,
  );
  // Chromium 156 logs no message for a refused eval; others word it like this.
  cspViolations.allow(/evaluat\w* a string as JavaScript/i);
});

test('the worker runs under the policy from its own response', async ({ page, cspViolations }) => {
  const started = page.waitForEvent('worker');
  await page.goto('/');
  const worker = await started;
  // TEST-NET-1 (192.0.2.0/24) is reserved for documentation and never routed.
  const outcome = await worker.evaluate(async () => {
    const settle = (work: Promise<unknown>) =>
      work.then(
        () => 'done',
        (error: Error) => error.name,
      );
    const module: string = 'data:text/javascript,export default 1';
    const evaluated = await new Promise<string>((resolve) =>
      setTimeout(() => settle(Promise.resolve().then(() => (0, eval)('"ran"'))).then(resolve)),
    );
    return {
      fetched: await settle(fetch('http://192.0.2.1:8000/')),
      imported: await settle(import(module)),
      evaluated,
    };
  });
  expect(outcome).toEqual({ fetched: 'TypeError', imported: 'TypeError', evaluated: 'EvalError' });
  await expectViolations(
    cspViolations,
    /^\[csp-violation\] connect-src refused http:\/\/192\.0\.2\.1:8000/,
    /^worker: .*http:\/\/192\.0\.2\.1:8000/,
    /^\[csp-violation\] script-src-elem refused data/,
    /^worker: .*'data:text\/javascript/,
    /^\[csp-violation\] script-src refused eval/,
  );
  cspViolations.allow(/evaluat\w* a string as JavaScript/i);
});

test('another site cannot frame the app', async ({ page, baseURL, cspViolations }) => {
  await page.setContent(`<iframe src="${baseURL}/"></iframe>`);
  await expectViolations(cspViolations, /frame-ancestors 'none'/);
  await expect(page.frameLocator('iframe').getByRole('heading', { level: 1 })).toHaveCount(0);
});

test.describe('custom base URLs', () => {
  test.beforeEach(async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-keep-recent').fill('16');
    await expect(page.getByTestId('cut-index')).toHaveText('5');
    await page.getByTestId('provider-select').selectOption('custom');
    await page.getByTestId('provider-model').fill('mock-summarizer');
  });

  test('a local server named localhost is reachable', async ({ page }) => {
    await page.getByTestId('provider-base-url').fill(`http://localhost:${MOCK_LLM_PORT}/v1`);
    await page.getByTestId('preview-run').click();
    await expect(page.getByTestId('preview-summary')).toContainText('"Fix the failing test in src/a.ts"');
  });

  test('plain http to another machine is refused by the policy, and the page says so before anything is sent', async ({
    page,
    cspViolations,
  }) => {
    // TEST-NET-1: reserved for documentation, never routed, so nothing leaves if the policy let it through.
    await page.getByTestId('provider-base-url').fill('http://192.0.2.1:8000/v1');
    await expect(page.getByTestId('provider-base-url-error')).toHaveText(
      'Base URL: this page reaches plain http only on this machine (localhost or 127.0.0.1), not 192.0.2.1: ' +
        'serve it over https, or forward its port here (ssh -L 8000:192.0.2.1:8000 …, then http://localhost:8000/v1).',
    );
    await expect(page.getByTestId('preview-run')).toBeDisabled();

    // A transcript address on another machine is refused the same way, before the worker fetches it.
    await page.getByLabel('Transcript URL').fill('http://192.0.2.1:8000/chat.json');
    await page.getByLabel('Transcript URL').press('Enter');
    await expect(page.getByTestId('url-problem')).toContainText(
      'this page reaches plain http only on this machine (localhost or 127.0.0.1), not 192.0.2.1',
    );
    // The chat stays loaded.
    await expect(page.getByTestId('message-count')).toHaveText('7');

    // What the page says is the policy's own rule: a call made anyway is refused by the browser.
    await page.evaluate(() => fetch('http://192.0.2.1:8000/v1/models').catch(() => null));
    await expectViolations(
      cspViolations,
      /^\[csp-violation\] connect-src refused http:\/\/192\.0\.2\.1:8000/,
      /^Connecting to 'http:\/\/192\.0\.2\.1:8000\/v1\/models' violates/,
      /^Fetch API cannot load http:\/\/192\.0\.2\.1:8000\/v1\/models/,
    );
  });
});
