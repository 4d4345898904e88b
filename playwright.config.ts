import { defineConfig } from '@playwright/test';
import { findBrowser } from './testing/find-browser.mjs';

/** Overridable so two checkouts can run their suites side by side. */
const PORT = Number(process.env.E2E_PORT ?? 4319);
/** The local LLM test server the preview tests call instead of real providers. */
export const MOCK_LLM_PORT = Number(process.env.E2E_MOCK_PORT ?? 4320);
const executablePath = findBrowser() ?? undefined;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  // Sized for a shared 2-core machine under load: tests wait for states, never for fixed times.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1400, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      // This network is closed: background fetches would only fail, many at a time.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // Always the built app, on a port nothing else uses, never a stray dev server.
      command: `npm run build && npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
    },
    {
      command: `npx tsx e2e/mock-llm/server.ts --port ${MOCK_LLM_PORT} --slow-ms 400`,
      url: `http://127.0.0.1:${MOCK_LLM_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
    },
  ],
});
