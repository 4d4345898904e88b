/**
 * Nothing the user loads can hang the page: a worker that stops responding
 * is replaced, Cancel always cancels, a server that never answers ends in an
 * error, and a link that hung the page is not reopened by a reload.
 *
 * The worker is frozen for real (an endless loop in it, so it answers
 * nothing, not even the watchdog's pings) and the watchdog runs with its
 * real 15 s timeout: these tests wait for what the page shows, with
 * timeouts sized for a busy 2-core machine.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Worker } from '@playwright/test';
import { generateClaudeCode } from '../testing/transcripts';
import { DEFAULT_SETTINGS } from '../src/core/settings';
import { importTranscript } from '../src/formats/registry';
import { encodeShare } from '../src/share/codec';
import { buildSharePayload } from '../src/share/payload';
import { CHAT, expect, openFresh, paste, test } from './fixtures';

/** The watchdog's 15 s, the ping before it, and a loaded machine. */
const WATCHDOG = { timeout: 60_000 };
/** A load into a fresh worker, which first loads the tokenizer again. */
const LOAD = { timeout: 30_000 };

test.describe.configure({ timeout: 180_000 });

async function compactionWorker(page: Page): Promise<Worker> {
  await expect.poll(() => page.workers().some((w) => w.url().includes('compaction.worker'))).toBe(true);
  return page.workers().find((w) => w.url().includes('compaction.worker'))!;
}

/** From its next task on, the worker runs an endless loop: stuck, as a pathological input leaves it. */
async function freeze(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    setTimeout(() => {
      for (;;) {
        // Never yields: no message, no ping, no cancel is read again.
      }
    }, 0);
  });
}

/** The second message of CHAT, read through the worker: proof that the worker holds the transcript. */
async function expectDetailFromWorker(page: Page) {
  await page.locator('[data-testid="message-row"][data-index="1"]').click();
  await expect(page.getByTestId('message-detail')).toContainText('Fix the failing test in src/a.ts', LOAD);
  await expect(page.getByTestId('raw-source')).toContainText('"role": "user"');
}

test('a worker that stops responding is replaced: the page keeps its transcript and the next loads work', async ({
  page,
}) => {
  await openFresh(page);
  await paste(page, CHAT);
  await expect(page.getByTestId('message-count')).toHaveText('7', LOAD);
  // The address bar's link is made by the worker too: once it is there, the
  // load below is the only thing the frozen worker was asked to do.
  await expect(page).toHaveURL(/#v3\./, LOAD);
  // …and no longer changing (the window follows the pasted file's model, and the link follows it).
  let last = '';
  await expect
    .poll(
      () => {
        const same = page.url() === last;
        last = page.url();
        return same;
      },
      { ...LOAD, intervals: [500, 500, 1000] },
    )
    .toBe(true);
  const stuck = await compactionWorker(page);
  await freeze(stuck);

  await page.getByTestId('file-input').setInputFiles('src/formats/fixtures/codex.jsonl');
  await expect(page.getByRole('status', { name: 'Loading' })).toContainText('Reading');
  await expect(page.getByTestId('import-error')).toHaveText(
    'The background worker stopped responding while loading a transcript; it was restarted.',
    WATCHDOG,
  );
  await expect.poll(() => page.workers().includes(stuck)).toBe(false);
  await expect(page.getByRole('status', { name: 'Loading' })).toBeHidden();

  // The transcript on the page is still the one the worker answers for.
  await expect(page.getByTestId('format')).toHaveText('openai-chat', LOAD);
  await expectDetailFromWorker(page);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('format')).toHaveText('codex', LOAD);
  await expect(page.getByTestId('message-count')).toHaveText('9');

  const sample = readFileSync('public/samples/openai-chat-revenue.json', 'utf8');
  const count = importTranscript(sample).messages.length;
  await page.getByTestId('sample-select').selectOption('openai-chat-revenue');
  await expect(page.getByTestId('message-count')).toHaveText(String(count), LOAD);
  await expect(page.getByTestId('token-strip-summary')).toContainText(`${count} messages`);
});

test('Cancel stops a load even when the worker no longer listens; the previous transcript stays usable', async ({
  page,
}) => {
  const file = join(mkdtempSync(join(tmpdir(), 'cp-e2e-')), 'big.jsonl');
  writeFileSync(file, generateClaudeCode({ seed: 5, bytes: 20_000_000 }));
  await openFresh(page);
  await paste(page, CHAT);
  await expect(page.getByTestId('message-count')).toHaveText('7', LOAD);

  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.getByTestId('load-progress')).toBeVisible();
  const stuck = await compactionWorker(page);
  await freeze(stuck);
  await page.getByTestId('load-cancel').click();
  await expect(page.getByTestId('load-progress')).toBeHidden({ timeout: 30_000 });
  await expect.poll(() => page.workers().includes(stuck)).toBe(false);
  // Cancelled, not failed: no error, and the transcript that was there stays.
  await expect(page.getByTestId('import-error')).toBeHidden();
  await expect(page.getByTestId('format')).toHaveText('openai-chat', LOAD);
  await expect(page.getByTestId('message-count')).toHaveText('7', LOAD);
  await expectDetailFromWorker(page);

  await page.getByTestId('file-input').setInputFiles('src/formats/fixtures/pi.jsonl');
  await expect(page.getByTestId('format')).toHaveText('pi', LOAD);
});

// The 30 s deadline on a server that never answers is timed in src/worker/download.test.ts;
// here the page shows how any failed download ends.
test('a server that hangs up mid-request ends in an error with Try again, not an endless "Reading"', async ({
  page,
}) => {
  // Accepts the connection and says nothing until the test hangs up; a retry is hung up on at once.
  const sockets: Socket[] = [];
  let hungUp = false;
  const server = createServer((socket) => (hungUp ? socket.destroy() : void sockets.push(socket)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/session.jsonl`;
  try {
    await openFresh(page);
    await paste(page, CHAT);
    await expect(page.getByTestId('message-count')).toHaveText('7', LOAD);
    await page.getByLabel('Transcript URL').fill(url);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Loading' })).toContainText('Reading');
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    hungUp = true;
    for (const socket of sockets) socket.destroy();
    await expect(page.getByTestId('import-error')).toContainText(`${url}: could not be fetched`, LOAD);
    await expect(page.getByRole('status', { name: 'Loading' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByTestId('message-count')).toHaveText('7', LOAD);
  } finally {
    for (const socket of sockets) socket.destroy();
    server.close();
  }
});

test('a link that hung the page is not reopened by a reload: the banner offers Try again', async ({
  page,
}) => {
  const messages = importTranscript(CHAT).messages;
  const payload = await buildSharePayload(
    {
      messages,
      transcriptName: 'hung.json',
      settings: DEFAULT_SETTINGS,
      provider: null,
      selectedIndex: null,
      preview: null,
    },
    'full',
  );
  const fragment = await encodeShare(payload);
  await openFresh(page);
  await expect(page.getByTestId('format')).toHaveText('claude-code', LOAD);

  // A real navigation (not a hash change) whose worker never starts: its script is held back,
  // so the link cannot finish opening, however fast or slow the machine is.
  // The held requests stay held for good: unrouting could let one through before the reload,
  // and the link would then finish opening. Only the reloaded page's requests go on.
  let holding = true;
  await page.goto('about:blank');
  await page.route('**/*compaction.worker*', (route) => (holding ? undefined : route.continue()));
  await page.goto(`/#${fragment}`);
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('compaction-playground:link-attempt')))
    .not.toBeNull();
  await expect(page.getByTestId('format')).toBeHidden();
  holding = false;
  await page.reload();

  await expect(page.getByTestId('link-error')).toContainText(
    'This link was not opened again, because the last attempt did not finish: The page was reloaded or closed while it was still opening.',
  );
  // The page falls back to the transcript it had.
  await expect(page.getByTestId('format')).toHaveText('claude-code', LOAD);

  await page.getByTestId('link-retry').click();
  await expect(page.getByTestId('link-error')).toBeHidden();
  await expect(page.getByTestId('format')).toHaveText('canonical', LOAD);
  await expect(page.getByTestId('message-count')).toHaveText('7', LOAD);
});

test('a message whose source item is nested 100,000 levels deep shows it cut short in the raw view', async ({
  page,
}) => {
  const deep = '['.repeat(100_000) + ']'.repeat(100_000);
  const text = `{"messages": [{"role": "user", "content": "hi", "extra": ${deep}}, {"role": "assistant", "content": "hello"}]}`;
  await openFresh(page);
  await paste(page, text);
  await expect(page.getByTestId('message-count')).toHaveText('2', LOAD);
  await page.locator('[data-testid="message-row"][data-index="0"]').click();
  await page.getByText('Raw source item').click();
  const raw = page.getByTestId('raw-source');
  await expect(raw).toContainText('"content": "hi"');
  await expect(raw).toContainText('[… nested deeper than 64 levels, not shown]');
});
