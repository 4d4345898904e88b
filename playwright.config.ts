import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { BROWSER_ARGS } from './testing/browser-args.mjs';
import { findBrowser } from './testing/find-browser.mjs';

/** Overridable so two checkouts can run their suites side by side. */
const PORT = Number(process.env.E2E_PORT ?? 4319);
/** The local LLM test server the preview tests call instead of real providers. */
export const MOCK_LLM_PORT = Number(process.env.E2E_MOCK_PORT ?? 4320);
/**
 * A second one, only for the specs that count every request their server has
 * received: no other test's request lands in its log, so they run beside the rest.
 */
export const ALONE_MOCK_PORT = Number(process.env.E2E_ALONE_MOCK_PORT ?? MOCK_LLM_PORT + 3);
/** The development server (`npm run dev`), which runs without the Content-Security-Policy. */
export const DEV_PORT = Number(process.env.E2E_DEV_PORT ?? 4321);
const executablePath = findBrowser() ?? undefined;
/** `npm run test:quick`: the smoke spec needs only the built app, not the mock server or the dev server. */
const QUICK = process.env.E2E_QUICK === '1';
/**
 * One browser per core, all projects together; `E2E_WORKERS` overrides.
 * Playwright's `workers` bounds the worker processes of every project at
 * once (its dispatcher has that many slots, and a project's own `workers`
 * only narrows which of its tests may take a free one), so `alone`'s single
 * browser is one of these, never one more. A test's page keeps two threads
 * busy while it counts (the page and its tokenizer worker): more browsers
 * than cores only queue for them.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? availableParallelism());
/**
 * Specs that count every request the mock server has received ("nothing was
 * sent"): they call a server of their own, one test at a time, while the
 * rest run beside them.
 */
const ALONE = ['guard-rails', 'harnesses', 'keys', 'link-visit', 'preview'].map(
  (name) => `**/${name}.spec.ts`,
);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  forbidOnly: !!process.env.CI,
  // One more attempt on CI, where the machine is shared: a test that needs it is
  // reported as flaky, with its steps' times and the page from the failed attempt.
  retries: process.env.CI ? 1 : 0,
  workers: WORKERS,
  // `alone` first: its specs are queued first, so one browser works through them
  // while the other takes the rest, instead of leaving them to the end, one at a time.
  projects: [
    { name: 'alone', testMatch: ALONE, workers: 1 },
    { name: 'shared', testIgnore: ALONE },
  ],
  // Sized for a shared two-core machine under load, where loading the tokenizer and
  // counting the first sample can take longer than Playwright's 5 s default.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [
    ...(process.env.CI ? ([['line'], ['./testing/failure-context.ts']] as const) : ([['list']] as const)),
    // `E2E_JSON=report.json`: the run's times too, for `scripts/e2e-times.ts`.
    ...(process.env.E2E_JSON ? ([['json', { outputFile: process.env.E2E_JSON }]] as const) : []),
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1400, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: BROWSER_ARGS,
    },
  },
  webServer: [
    {
      // Always the built app, on a port nothing else uses, never a stray dev server.
      // `vite build` alone: the types are `npm run typecheck`'s job, which `npm test` runs first.
      command: `npx vite build && npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
    },
    ...(QUICK
      ? []
      : [
          {
            command: `npx tsx testing/mock-llm/server.ts --port ${MOCK_LLM_PORT} --slow-ms 400`,
            url: `http://127.0.0.1:${MOCK_LLM_PORT}/health`,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: 'ignore' as const,
          },
          {
            command: `npx tsx testing/mock-llm/server.ts --port ${ALONE_MOCK_PORT} --slow-ms 400`,
            url: `http://127.0.0.1:${ALONE_MOCK_PORT}/health`,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: 'ignore' as const,
          },
          {
            // The source served as `npm start` serves it, for the test that development still works.
            command: `npx vite --port ${DEV_PORT} --strictPort --host 127.0.0.1`,
            url: `http://127.0.0.1:${DEV_PORT}`,
            reuseExistingServer: false,
            timeout: 120_000,
            stdout: 'ignore' as const,
          },
        ]),
  ],
});
