/** Judging the summary on the page: the checklist, two summarizers side by side, and the prompt open to edit. */
import { MOCK_LLM_PORT } from '../playwright.config';
import {
  chooseProvider,
  expect,
  loadChat,
  openFresh,
  openFullLinkElsewhere,
  openWithPreview,
  test,
} from './fixtures';

const MOCK = `http://127.0.0.1:${MOCK_LLM_PORT}`;
const KEY = 'sk-test-e2e-eval-0123456789abcdef';
const SYSTEM = 'You are a meticulous archivist of agent sessions.';

test('after a preview, a checklist beside the summary shows each fact kept or lost, and a click shows its message', async ({
  page,
}) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('preview-run').click();
  const checklist = page.getByTestId('eval-checklist');
  await expect(checklist).toBeVisible();
  // The offline summarizer keeps every file of the default sample, and none of the names its edits declared;
  // `compact --eval` on the same sample prints the same 78%.
  const files = checklist.locator('[data-testid="eval-item"][data-kind="artifact"]');
  await expect(files).toHaveCount(29);
  await expect(checklist.locator('[data-kind="artifact"][data-kept="false"]')).toHaveCount(0);
  await expect(checklist.locator('[data-kind="identifier"][data-kept="false"]')).toHaveCount(7);
  await expect(page.getByTestId('eval-score')).toContainText('78% of facts kept');
  await checklist.locator('[data-testid="eval-item"]', { hasText: 'zonedTimeToUtc' }).click();
  await expect(page.locator('[data-testid="message-row"][data-index="35"]')).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('two summarizers side by side against the local server: both summaries, both scored, and a diff', async ({
  page,
}) => {
  await loadChat(page);
  await chooseProvider(page, 'openai', `${MOCK}/v1`, 'mock-summarizer', KEY);
  await page.getByTestId('tab-compare').click();
  await expect(page.getByTestId('compare-b-summarizer')).toHaveValue('offline');
  await page.getByTestId('compare-start').click();
  const compare = page.getByTestId('compare-run');
  await expect(compare).toBeVisible();
  const sides = compare.getByTestId('compare-side');
  await expect(sides).toHaveCount(2);
  await expect(sides.nth(0).getByTestId('compare-summarizer')).toHaveText('openai:mock-summarizer');
  await expect(sides.nth(1).getByTestId('compare-summarizer')).toHaveText('offline');
  await expect(sides.nth(0).getByTestId('compare-summary')).toContainText(
    'Written by the local mock LLM server',
  );
  await expect(sides.nth(1).getByTestId('compare-summary')).toContainText(
    'generated offline by the playground',
  );
  // Both keep src/a.ts (the file lists) and the first request: every fact of messages 1–4.
  await expect(sides.nth(0).getByTestId('compare-score')).toHaveText('100%');
  await expect(sides.nth(1).getByTestId('compare-score')).toHaveText('100%');
  await expect(sides.nth(0).getByTestId('compare-tokens')).toContainText('84 →');
  await expect(sides.nth(1).getByTestId('compare-cost')).toHaveText('free (no model)');
  await expect(compare.getByTestId('compare-diff')).toContainText('## Goal');
  // Both runs joined this visit's history.
  await expect(page.getByTestId('run-row')).toHaveCount(2);
});

test('a judge model answers probe questions from the summary alone, graded, with its requests shown', async ({
  page,
}) => {
  await loadChat(page);
  await chooseProvider(page, 'openai', `${MOCK}/v1`, 'mock-summarizer', KEY);
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('eval-checklist')).toBeVisible();
  await page.getByTestId('judge-run').click();
  // CHAT's summarized part has a first request and a file: one recall and one file probe.
  await expect(page.getByTestId('judge-score')).toContainText('2/2 probes passed');
  await expect(page.getByTestId('judge-probe')).toHaveCount(2);
  await expect(page.locator('[data-testid="judge-probe"][data-kind="artifact"]')).toHaveAttribute(
    'data-verdict',
    'pass',
  );
  const requests = page.getByTestId('judge-requests');
  await requests.locator('summary').click();
  await expect(requests).toContainText('/v1/chat/completions');
  await expect(requests).toContainText('<questions>');
  await expect(requests).not.toContainText(KEY);
});

test('an edited system prompt reaches the request and survives a share link; the default is one click away', async ({
  page,
  browser,
}) => {
  await loadChat(page);
  const editor = page.getByTestId('prompt-editor');
  await editor.locator('summary').click();
  await page.getByTestId('prompt-which').selectOption('system');
  await page.getByTestId('prompt-text').fill(SYSTEM);
  await expect(page.getByTestId('prompt-status')).toHaveText('1 edited: System prompt');
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('eval-checklist')).toBeVisible();
  await page.getByTestId('tab-request').click();
  await expect(page.getByTestId('preview-request')).toContainText(SYSTEM);

  const other = await openFullLinkElsewhere(page, browser);
  await expect(other.getByTestId('message-count')).toHaveText('7');
  await expect(other.getByTestId('prompt-status')).toHaveText('1 from the link: System prompt');
  await other.getByTestId('prompt-which').selectOption('system');
  await expect(other.getByTestId('prompt-text')).toHaveValue(SYSTEM);
  await other.getByTestId('prompt-reset').click();
  await expect(other.getByTestId('prompt-status')).toHaveText('defaults');
  await expect(other.getByTestId('prompt-text')).toHaveValue(/^You write context checkpoints/);
});

for (const viewport of [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`screenshots of the checklist, the side-by-side view and the prompt editor at ${viewport.width}px`, async ({
    page,
  }, info) => {
    await page.setViewportSize(viewport);
    const shot = (name: string) =>
      page
        .getByTestId('preview-run')
        .locator('xpath=ancestor::section[1]')
        .screenshot({
          path: info.outputPath(`${name}-${viewport.width}.png`),
        });
    await openWithPreview(page);
    await shot('eval-checklist');
    await page.getByTestId('prompt-editor').locator('summary').click();
    await page
      .getByTestId('prompt-text')
      .fill('Summarize the session for the next agent. List every file path.');
    await shot('prompt-editor');
    await page.getByTestId('tab-compare').click();
    // The edit makes the offline preview run again by itself; Run A and B waits for it
    // (disabled meanwhile), so a click must come after that second run is in the history.
    await expect(page.getByRole('checkbox', { name: 'Compare run 2' })).toBeVisible();
    await expect(page.getByTestId('compare-start')).toBeEnabled();
    await page.getByTestId('compare-b-prompts').selectOption('default');
    await page.getByTestId('compare-start').click();
    await expect(page.getByTestId('compare-run')).toBeVisible();
    await shot('compare-run');
  });
}

test('Stop aborts a judge that does not answer, and a judge that never stops writing is stopped at the cap', async ({
  page,
}) => {
  await loadChat(page);
  await chooseProvider(page, 'openai', `${MOCK}/v1`, 'mock-summarizer', KEY);
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('eval-checklist')).toBeVisible();
  await expect(page.getByTestId('judge-stop')).toBeDisabled();
  await page.getByTestId('provider-model').fill('no-answer');
  await page.getByTestId('judge-run').click();
  await expect(page.getByTestId('judge-run')).toHaveText('Asking…');
  await page.getByTestId('judge-stop').click();
  await expect(page.getByTestId('judge-stopped')).toHaveText('Stopped. No probe was graded.');
  await expect(page.getByTestId('judge-run')).toBeEnabled();
  await page.getByTestId('provider-model').fill('endless');
  await page.getByTestId('judge-run').click();
  await expect(page.getByTestId('judge-error')).toContainText('would not end', { timeout: 20_000 });
  await expect(page.getByTestId('judge-stop')).toBeDisabled();
});

test('a summary of another call’s context is stale, and the judge grades against the context the preview compacted', async ({
  page,
}) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
  await expect(page.getByTestId('message-count')).toHaveText('12');
  await page.getByTestId('setting-keep-recent').fill('100');
  await chooseProvider(page, 'openai', `${MOCK}/v1`, 'mock-summarizer', KEY);
  // The context before call 7: the whole first turn, 19 messages (the file holds the 12 sent now).
  await page.getByTestId('timeline-toggle').click();
  await page.locator('[data-testid="timeline-call"][data-call="6"]').click();
  await expect(page.getByTestId('timeline-pinned')).toContainText('before call 7');
  await expect(page.getByTestId('message-count')).toHaveText('19');
  await page.getByTestId('preview-run').click();
  // The decision probe asks about a name first written in message 9 of this context.
  await expect(
    page.locator('[data-testid="eval-item"][data-kind="identifier"]', { hasText: 'RetryOptions' }),
  ).toContainText('#9');
  await page.getByTestId('judge-run').click();
  await expect(page.getByTestId('judge-score')).toBeVisible();
  const requests = page.getByTestId('judge-requests');
  await requests.locator('summary').click();
  // The grader reads message 9 of the context compacted (the file's own messages are another 12),
  // with the tool call that wrote the name.
  await expect(requests).toContainText(
    '<source>\\n[Assistant tool calls]: Edit(file_path=\\"/home/lee/code/linkcheck/src/fetch.ts\\", new_string=\\"export interface RetryOptions {',
  );

  // Back to the context now: other messages than the summary was made from.
  await page.getByTestId('timeline-now').click();
  await expect(page.getByTestId('preview-stale')).toContainText(
    'another call’s context is shown since this run',
  );
  await expect(page.getByTestId('judge-run')).toBeDisabled();
  await expect(page.getByTestId('judge-note')).toHaveText(
    'Run the preview again to judge it: this summary was made from other messages than those shown.',
  );
  await page.getByTestId('preview-rerun').click();
  await expect(page.getByTestId('preview-stale')).toHaveCount(0);
  await expect(page.getByTestId('judge-run')).toBeEnabled();
});

test('a run joins the history with the settings it was started with, even when they change while it runs', async ({
  page,
}) => {
  await loadChat(page);
  // A model that streams a frame every 300 ms: the budget changes before the summary is back.
  await chooseProvider(page, 'openai', `${MOCK}/v1`, 'mock-slow-300', KEY);
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-stop')).toBeEnabled();
  await page.getByTestId('setting-keep-recent').fill('40');
  await expect(page.getByTestId('eval-checklist')).toBeVisible();
  await page.getByTestId('tab-compare').click();
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await expect(page.getByTestId('run-row')).toContainText('budget, keep 16');
});

test('typing a prompt across the offline preview’s own re-run keeps the focus and every keystroke', async ({
  page,
}) => {
  await openWithPreview(page);
  await page.getByTestId('prompt-editor').locator('summary').click();
  await page.getByTestId('prompt-which').selectOption('system');
  const text = page.getByTestId('prompt-text');
  // The stale notice lasts the pause before the re-run and the re-run itself: a busy machine
  // can miss it between two looks, so the page notes that it was shown.
  await page.evaluate(() => {
    const seen = window as unknown as { __staleSeen?: boolean };
    seen.__staleSeen = false;
    new MutationObserver(() => {
      const notice = document.querySelector('[data-testid="preview-stale"]');
      if (notice?.textContent?.includes('prompt changed since this run')) seen.__staleSeen = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await text.fill('Keep every path.');
  await text.press('End');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __staleSeen?: boolean }).__staleSeen))
    .toBe(true);
  // The pause lets the offline summarizer run again by itself; the typing goes on meanwhile.
  await expect(page.getByTestId('preview-stale')).toHaveCount(0);
  await page.keyboard.type(' And every test name.');
  await expect(text).toBeFocused();
  await expect(text).toHaveValue('Keep every path. And every test name.');
  await expect(page.getByTestId('preview-run')).toBeEnabled();
});
