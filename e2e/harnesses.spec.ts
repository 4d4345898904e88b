/**
 * The agents' presets on the page: the strategy table, cleared bars on the
 * strip, the preset's own settings, a preview that only clears, and an exact
 * count against the local mock server setting the scale.
 */
import type { Page } from '@playwright/test';
import { ALONE_MOCK_PORT } from '../playwright.config';
import {
  CHAT,
  expect,
  mockRequests,
  openFresh as openFreshPage,
  paste,
  STRATEGY_ROWS,
  test,
  compareAllStrategies,
} from './fixtures';

/**
 * A fresh page with the default sample at a typed window of 128,000: the
 * numbers here were made for that window (the sample's model has 200,000).
 */
async function openFresh(page: Page) {
  await openFreshPage(page);
  // Once the sample is in (the saved settings restored), so the typed window is not replaced.
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('setting-window').fill('128000');
}

const MOCK = `http://127.0.0.1:${ALONE_MOCK_PORT}`;
const KEY = 'sk-test-harness-0123456789abcdef';

/** The default sample (198 messages, 130,834 o200k_base tokens), cut at #185 by budget. */
async function openDefault(page: Page) {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
}

const row = (page: Page, strategy: string) =>
  page.locator(`[data-testid="strategy-row"][data-strategy="${strategy}"]`);

async function expectRow(
  page: Page,
  strategy: string,
  cells: { threshold: string; fires: string; cut: string; cleared: string; after: string },
) {
  const r = row(page, strategy);
  await expect(r.getByTestId('strategy-threshold')).toHaveText(cells.threshold);
  await expect(r.getByTestId('strategy-fires')).toHaveText(cells.fires);
  await expect(r.getByTestId('strategy-cut')).toHaveText(cells.cut);
  await expect(r.getByTestId('strategy-cleared')).toHaveText(cells.cleared);
  await expect(r.getByTestId('strategy-after')).toHaveText(cells.after);
}

async function useAnthropicMock(page: Page, model: string, key = KEY) {
  await page.getByTestId('provider-select').selectOption('anthropic');
  await page.getByTestId('provider-base-url').fill(MOCK);
  await page.getByTestId('provider-model').fill(model);
  await page.getByTestId('provider-key').fill(key);
}

test('the strategy table lists every cut rule and preset with its own threshold, what it clears and what is left', async ({
  page,
}, info) => {
  await openDefault(page);
  await compareAllStrategies(page);
  await expect(page.getByTestId('strategy-row')).toHaveCount(STRATEGY_ROWS);
  const names = await page
    .getByTestId('strategy-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-strategy')));
  expect(names).toEqual([
    'budget',
    'pi',
    'turns',
    'claude-code',
    'codex',
    'opencode',
    'gemini-cli',
    'clear-tool-uses',
    'mask-observations',
    'anthropic-compaction',
    'openai-compaction',
    'roo-code',
    'kilo',
    'goose',
    'cline',
    'langchain-summarization',
    'adk',
    'letta',
  ]);
  // 130,834 tokens, window 128,000: every threshold is below, so everything fires, but the
  // server compactions' triggers, which do not depend on the window, and LangChain's, which
  // has none until one is set.
  await expectRow(page, 'budget', {
    threshold: '> 111,616',
    fires: 'fires',
    cut: '#185, splits #98',
    cleared: '–',
    after: '26,244',
  });
  // 13,110 as the summary leaves it, and 3,895 that Claude Code re-attaches: its newest 5 file
  // reads (5,000 tokens each at most) and its newest todo list.
  await expectRow(page, 'claude-code', {
    threshold: '≥ 95,000',
    fires: 'fires',
    cut: 'summarizes all',
    cleared: '0',
    after: '17,005',
  });
  await expectRow(page, 'codex', {
    threshold: '≥ 115,200',
    fires: 'fires',
    cut: 'summarizes all',
    cleared: '0',
    after: '13,559',
  });
  await expectRow(page, 'clear-tool-uses', {
    threshold: '> 100,000',
    fires: 'fires',
    cut: 'no cut',
    cleared: '112',
    after: '23,139',
  });
  await expectRow(page, 'mask-observations', {
    threshold: 'every call',
    fires: 'fires',
    cut: 'no cut',
    cleared: '105',
    after: '38,693',
  });
  // It does not act below its trigger: the context stays as it is, and the cell says what it would leave.
  await expectRow(page, 'anthropic-compaction', {
    threshold: '> 150,000',
    fires: 'no',
    cut: 'summarizes all',
    cleared: '0',
    after: 'would be 13,110',
  });
  // 128,000 × 0.9 − 8,192, passed; a fresh start from the summary alone.
  await expectRow(page, 'roo-code', {
    threshold: '≥ 107,009',
    fires: 'fires',
    cut: 'summarizes all',
    cleared: '0',
    after: '13,110',
  });
  // 128,000 − 32,000; its prune is off unless set. Its tail budget, a quarter of the usable window
  // capped at 15,000, holds no whole turn of the last 100 messages: it keeps their end from #185.
  await expectRow(page, 'opencode', {
    threshold: '≥ 96,000',
    fires: 'fires',
    cut: '#185',
    cleared: '0',
    after: '26,244',
  });
  // ADK's token_threshold (4,000, from its documentation) does not depend on the window; it keeps
  // its newest 5 events raw, a run of tool results counting as one.
  await expectRow(page, 'adk', {
    threshold: '≥ 4,000',
    fires: 'fires',
    cut: '#192',
    cleared: '0',
    after: '17,672',
  });
  // Past 90% of 128,000; Letta evicts the oldest 40% of its messages, up to an assistant message,
  // which leaves less than 70% of the window.
  await expectRow(page, 'letta', {
    threshold: '> 115,200',
    fires: 'fires',
    cut: '#79',
    cleared: '0',
    after: '78,391',
  });
  // 128,000 × 0.9 × 0.9, reached; the newest prompt's 38-round turn (#98) is kept whole.
  await expectRow(page, 'cline', {
    threshold: '≥ 103,680',
    fires: 'fires',
    cut: '#98',
    cleared: '0',
    after: '72,274',
  });
  // No trigger: it never acts, though its plan keeps the newest 20 messages.
  await expectRow(page, 'langchain-summarization', {
    threshold: 'off',
    fires: 'no',
    cut: '#178',
    cleared: '0',
    after: 'would be 34,313',
  });
  await expect(row(page, 'langchain-summarization').getByTestId('strategy-threshold')).toHaveAttribute(
    'title',
    'No trigger set: it never acts on its own.',
  );
  // The formula behind a threshold is in its tooltip.
  await expect(row(page, 'claude-code').getByTestId('strategy-threshold')).toHaveAttribute(
    'title',
    /^128,000 window − min\(32,000 max output, 20,000 output cap\) − 13,000 buffer = 95,000/,
  );
  await page.getByTestId('strategy-table').screenshot({ path: info.outputPath('harness-table.png') });

  // A bigger window: the presets with a higher threshold stop firing, each by its own formula.
  await page.getByTestId('setting-window').fill('200000');
  await expect(row(page, 'claude-code').getByTestId('strategy-threshold')).toHaveText('≥ 167,000');
  await expect(row(page, 'claude-code').getByTestId('strategy-fires')).toHaveText('no');
  await expect(row(page, 'gemini-cli').getByTestId('strategy-threshold')).toHaveText('≥ 100,000');
  await expect(row(page, 'gemini-cli').getByTestId('strategy-fires')).toHaveText('fires');
});

test('picking a preset that clears changes the strip, the table and the header', async ({ page }, info) => {
  await openDefault(page);
  await expect(page.getByTestId('strip-cleared')).toHaveCount(0);
  // Only strategies that cut inside the list get a line: turns and pi, not the presets that summarize all.
  await compareAllStrategies(page);
  await expect(page.getByTestId('strategy-marker-turns')).toBeAttached();
  await expect(page.getByTestId('strategy-marker-claude-code')).toHaveCount(0);
  await expect(page.getByTestId('strategy-marker-mask-observations')).toHaveCount(0);

  await page.getByTestId('setting-strategy').selectOption('mask-observations');
  await expect(row(page, 'mask-observations')).toHaveClass('current');
  await expect(page.getByTestId('strip-cleared')).toHaveAttribute('data-count', '105');
  await expect(page.getByTestId('strip-cleared')).toHaveText(
    /^105 messages cleared in place, [\d,]+ tokens down to [\d,]+$/,
  );
  await expect(page.getByTestId('legend-cleared')).toBeVisible();
  await expect(page.getByTestId('cleared-count')).toHaveText('105');
  await expect(page.getByTestId('verdict')).toHaveText(
    '130,834 tokens; mask-observations acts at every call',
  );
  await expect(page.getByTestId('threshold')).toHaveText('every call');
  // Now budget cuts inside the list and is not chosen: it gets a line.
  await expect(page.getByTestId('strategy-marker-budget')).toBeAttached();
  // A cleared message is marked as such in the message list.
  await expect(page.locator('[data-testid="message-row"][data-index="2"]')).toContainText('cleared');
  await page.locator('#token-view').screenshot({ path: info.outputPath('cleared-strip.png') });

  // Keeping more observations clears fewer: 65 with the newest 50 kept.
  await page.getByTestId('param-keepObservations').fill('50');
  await expect(page.getByTestId('strip-cleared')).toHaveAttribute('data-count', '65');
  await expectRow(page, 'mask-observations', {
    threshold: 'every call',
    fires: 'fires',
    cut: 'no cut',
    cleared: '65',
    after: '64,024',
  });
});

test("a preset's parameter its rule refuses stays in its field with the reason; a valid one travels in a link", async ({
  page,
  browser,
}) => {
  await openFresh(page);
  await paste(page, CHAT);
  await expect(page.getByTestId('message-count')).toHaveText('7');
  await page.getByTestId('setting-strategy').selectOption('gemini-cli');
  const params = page.getByTestId('harness-params');
  await expect(params).toHaveAttribute('data-harness', 'gemini-cli');
  await expect(page.getByTestId('param-thresholdFraction')).toHaveValue('0.5');
  await page.getByTestId('param-thresholdFraction').fill('7');
  await expect(params.getByTestId('setting-error')).toHaveText(
    'A share of the window: above 0 and at most 1, like 0.5.',
  );
  await expect(page.getByTestId('param-thresholdFraction')).toHaveValue('7');
  // The last valid value still applies: half of 128,000.
  await expect(page.getByTestId('threshold')).toHaveText('64,000');
  await page.getByTestId('param-thresholdFraction').fill('0.25');
  await expect(params.getByTestId('setting-error')).toHaveCount(0);
  await expect(page.getByTestId('threshold')).toHaveText('32,000');

  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-full')).toHaveValue(/#v3\./);
  const link = await page.getByTestId('share-full').inputValue();
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByTestId('message-count')).toHaveText('7');
  await expect(other.getByTestId('setting-strategy')).toHaveValue('gemini-cli');
  await expect(other.getByTestId('param-thresholdFraction')).toHaveValue('0.25');
  await expect(other.getByTestId('threshold')).toHaveText('32,000');
  await fresh.close();
});

test('a preset that only clears previews its placeholders without calling any model', async ({ page }) => {
  await openDefault(page);
  // A provider is chosen but has no key: a clearing never needs one.
  await page.getByTestId('provider-select').selectOption('anthropic');
  await page.getByTestId('provider-base-url').fill(MOCK);
  await page.getByTestId('setting-strategy').selectOption('mask-observations');
  await expect(page.getByTestId('preview-clears-only')).toBeVisible();
  const before = (await mockRequests(page, MOCK)).length;
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-tokens')).toHaveText('130,834 → 38,693 tokens');
  await expect(page.getByTestId('flag-cleared')).toHaveText('105 cleared in place');
  await expect(page.getByTestId('preview-no-summary')).toContainText(
    'mask-observations cleared 105 messages',
  );
  await page.getByTestId('tab-result').click();
  await expect(page.getByTestId('preview-row-cleared')).toHaveCount(105);
  const first = page.getByTestId('preview-row-cleared').first();
  await expect(first).toContainText('#2');
  await expect(first).toContainText('710 → 32');
  await expect(first).toContainText('Old environment output: (50 lines omitted)');
  expect((await mockRequests(page, MOCK)).length).toBe(before);
});

test('a count against the mock server sets the scale for that model, remembered on this device', async ({
  page,
}) => {
  // A page that has not had its idle moment yet (a busy machine): the start's writes still wait, and only
  // the announced ones may go through; without an idle moment they wait for the page to be left.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await openDefault(page);
  await expect(page.getByTestId('count-exact')).toBeDisabled();
  await useAnthropicMock(page, 'claude-haiku-4-5');
  await page.getByTestId('count-exact').click();
  const result = page.getByTestId('count-result');
  // The mock's rule: ⌈characters of the request's content / 3⌉, against 130,834 o200k_base tokens.
  await expect(page.getByTestId('count-provider')).toHaveText('127,167');
  await expect(page.getByTestId('count-estimate')).toHaveText('130,834');
  await expect(page.getByTestId('count-scale')).toHaveText('0.972');
  await expect(result).toContainText('for claude-haiku-4-5, set and remembered on this device');
  // Remembered means stored: a reload the moment it is said finds the count and the scale.
  await page.reload();
  await expect(page.getByTestId('count-saved')).toContainText(
    'Counted on this device for claude-haiku-4-5: scale 0.972 (127,167 against 130,834)',
  );
  await expect(page.getByTestId('setting-scale')).toHaveValue('0.972');
  // Recounted at the new scale, the messages are the provider's count; the recorded usage then measures
  // 2,165 tokens of the newest request that the file does not show: 127,164 + 3 framing + 2,165 in
  // context (`inspect --scale 0.972` gives the same).
  await expect(page.getByTestId('total-tokens')).toHaveText('127,164');
  await expect(page.getByTestId('unseen-tokens')).toHaveText('2,165');
  await expect(page.getByTestId('context-tokens')).toHaveText('129,332');
  await expect(page.getByTestId('total-tokens-unit')).toHaveText('tokens in messages (o200k_base × 0.972)');

  // One count (after the browser's preflight), with the browser-access header and the key in its header.
  const counts = (await mockRequests(page, MOCK)).filter(
    (r) => r.url === '/v1/messages/count_tokens' && r.method === 'POST',
  );
  expect(counts).toHaveLength(1);
  expect(counts[0].headers['anthropic-dangerous-direct-browser-access']).toBe('true');
  expect(counts[0].headers['x-api-key']).toBe(KEY);

  // Another Claude preset brings the published correction; the counted one comes back with its model.
  await page.getByTestId('model-preset').selectOption('claude-sonnet-4-5');
  await expect(page.getByTestId('setting-scale')).toHaveValue('1.3');
  await page.getByTestId('model-preset').selectOption('claude-haiku-4-5');
  await expect(page.getByTestId('setting-scale')).toHaveValue('0.972');
  await page.getByTestId('model-preset').selectOption('gpt-5');
  await expect(page.getByTestId('setting-scale')).toHaveValue('1');
});

test('a count the provider refuses says why and leaves the scale alone', async ({ page }) => {
  await openDefault(page);
  await useAnthropicMock(page, 'unauthorized');
  await page.getByTestId('count-exact').click();
  // The mock server is not Anthropic's own address: the error names the server that refused.
  await expect(page.getByTestId('count-error')).toContainText(`The server at ${MOCK} refused the API key`);
  await expect(page.getByTestId('count-error')).not.toContainText(KEY);
  await expect(page.getByTestId('setting-scale')).toHaveValue('1');
});

test('a count the server never answers can be cancelled, and gives up by itself after the stall timeout', async ({
  page,
}) => {
  await openDefault(page);
  await useAnthropicMock(page, 'no-answer');
  await page.getByTestId('count-exact').click();
  await expect(page.getByTestId('count-exact')).toHaveText('Counting…');
  await page.getByTestId('count-cancel').click();
  await expect(page.getByTestId('count-stopped')).toHaveText('Stopped. The scale was not changed.');
  await expect(page.getByTestId('count-cancel')).toHaveCount(0);
  await expect(page.getByTestId('count-error')).toHaveCount(0);

  // Left alone, it gives up after the preview's stall timeout, naming the address it waited for.
  await page.getByTestId('setting-stall').fill('800');
  await page.getByTestId('count-exact').click();
  const error = page.getByTestId('count-error');
  await expect(error).toContainText(`The server at ${MOCK} did not answer`);
  await expect(error).toContainText(`${MOCK}/v1/messages/count_tokens did not answer within 800 ms`);
  await expect(error).toContainText('raise the stall timeout in the settings');
  await expect(page.getByTestId('count-exact')).toHaveText('Count exactly');
  await expect(page.getByTestId('setting-scale')).toHaveValue('1');
});
