/**
 * What a request holds that the file does not show, on the Claude Code
 * sample at window 12,000, reserve 2,000, keep-recent 2,000: the header, the
 * strategy table, the preview and the timeline all count the 17,123 tokens
 * its newest call sent beyond the file's messages (19,921 sent, 2,798 of them
 * the messages), labelled as inferred, apart from what is known of the
 * system prompt and tools; the setting that replaces them says where its
 * figure came from. The default sample opens in its model's window.
 */
import { expect, test, compareAllStrategies } from './fixtures';
import { chatMessages, linkFor, openFresh, paste } from './fixtures';
import type { Page } from '@playwright/test';

async function openLinkcheck(page: Page) {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
  await expect(page.getByTestId('message-count')).toHaveText('12');
  await page.getByTestId('setting-window').fill('12000');
  await page.getByTestId('setting-reserve').fill('2000');
  await page.getByTestId('setting-keep-recent').fill('2000');
}

test.describe('the part of the request not in the file', () => {
  test("the header counts what the file's usage measures, and the verdict fires", async ({ page }) => {
    await openLinkcheck(page);
    await expect(page.getByTestId('total-tokens')).toHaveText('2,943');
    await expect(page.getByTestId('framing-tokens')).toHaveText('3');
    await expect(page.getByTestId('unseen-tokens')).toHaveText('17,123');
    await expect(page.getByTestId('unseen-tokens')).toHaveAttribute('data-source', 'recorded-usage');
    await expect(page.getByTestId('context-tokens')).toHaveText('20,069');
    await expect(page.getByTestId('unseen-label')).toHaveText(' not explained by the file (inferred) ');
    await expect(page.getByTestId('verdict')).toHaveText(
      '20,069 tokens (17,123 not explained by the file) > threshold 10,000: compaction fires',
    );
    await expect(page.getByTestId('unseen-source')).toHaveText(
      "not explained by the file, inferred from its newest call's usage: 17,123 tokens",
    );
    // Every strategy's row compares the same context: each with a threshold under 20,069 fires
    // (the three cut rules, Claude Code, Codex, OpenCode, Gemini CLI, Roo Code, Kilo, Goose, Cline,
    // ADK at its token_threshold of 4,000 and Letta past 90% of the window, 10,800; LangChain has
    // no trigger until one is set).
    await compareAllStrategies(page);
    const fires = page.locator('[data-testid="strategy-row"] [data-testid="strategy-fires"]');
    await expect(page.locator('[data-strategy="budget"] [data-testid="strategy-fires"]')).toHaveText('fires');
    await expect(page.locator('[data-strategy="codex"] [data-testid="strategy-fires"]')).toHaveText('fires');
    await expect(fires.filter({ hasText: 'fires' })).toHaveCount(13);
    // Under its own trigger (100,000), clear-tool-uses does not act: its context stays at 20,069, and
    // the cell says what its clearing would leave.
    await expect(page.locator('[data-strategy="clear-tool-uses"] [data-testid="strategy-fires"]')).toHaveText(
      'no',
    );
    await expect(page.locator('[data-strategy="clear-tool-uses"] [data-testid="strategy-after"]')).toHaveText(
      'would be 19,016',
    );
  });

  test('a typed figure replaces the measure, says so, and the verdict follows it', async ({ page }) => {
    await openLinkcheck(page);
    await page.getByTestId('setting-unseen').fill('1000');
    await expect(page.getByTestId('unseen-source')).toHaveText(
      "typed; the file's usage measures 17,123 (empty to use it)",
    );
    await expect(page.getByTestId('unseen-tokens')).toHaveAttribute('data-source', 'setting');
    await expect(page.getByTestId('context-tokens')).toHaveText('3,946');
    await expect(page.getByTestId('verdict')).toHaveText(
      '3,946 tokens (1,000 system prompt and tools) ≤ threshold 10,000: compaction does not fire',
    );
    // Emptied, the file decides again.
    await page.getByTestId('setting-unseen').fill('');
    await expect(page.getByTestId('context-tokens')).toHaveText('20,069');
  });

  test("the preview's before → after and the judge's share removed count it", async ({ page }) => {
    await openLinkcheck(page);
    await page.getByTestId('preview-run').click();
    // What `compact` prints for the same file and settings: 2,946 → 2,370 in the file, 17,123 on top of each.
    await expect(page.getByTestId('preview-tokens')).toHaveText('20,069 → 19,493 tokens');
    // (20,069 − 19,493) / 20,069, where the file alone would say 19.6%.
    await expect(page.getByTestId('eval-checklist')).toContainText('2.9% of tokens removed');
  });

  test('the timeline replays with it, and "where the tokens went" keeps it as its own row', async ({
    page,
  }) => {
    await openLinkcheck(page);
    await page.getByTestId('timeline-toggle').click();
    await expect(
      page.getByTestId('category-breakdown').locator('tr[data-category="unrecorded"]'),
    ).toContainText('17,123');
    // Typed, the row and the replay's estimates follow the setting.
    await page.getByTestId('setting-unseen').fill('1000');
    await expect(
      page.getByTestId('category-breakdown').locator('tr[data-category="unrecorded"]'),
    ).toContainText('1,000');
  });

  test('a link carries it, and a file without usage has none until it is typed', async ({ page }) => {
    await openFresh(page);
    await page.goto(`/${await linkFor(chatMessages(), { settings: { unseenTokens: 15_000 } })}`);
    await expect(page.getByTestId('total-tokens')).toHaveText('81');
    await expect(page.getByTestId('unseen-tokens')).toHaveText('15,000');
    await expect(page.getByTestId('context-tokens')).toHaveText('15,084');
    await expect(page.getByTestId('unseen-source')).toHaveText('typed; empty leaves it to the file');
    await page.getByTestId('setting-unseen').fill('');
    await expect(page.getByTestId('unseen-source')).toHaveText(
      'none: the file records no usage to measure it from; type it if you know it',
    );
    await expect(page.getByTestId('unseen-tokens')).toHaveCount(0);
    await expect(page.getByTestId('context-tokens')).toHaveText('84');
  });

  test('the known and the inferred parts are told apart, with the newest call they come from', async ({
    page,
  }) => {
    await openLinkcheck(page);
    await expect(page.getByTestId('unseen-known')).toHaveText(
      'System prompt and tools (known): none recorded in the file',
    );
    await expect(page.getByTestId('unseen-inferred')).toContainText(
      'Not explained by the file (inferred): 17,123',
    );
    // What `statusline` shows for the same file: 19.9k of its 200k.
    await expect(page.getByTestId('last-call')).toHaveText(
      'Newest call sent 19,921 (input + cache read + cache creation), as statusline shows it',
    );
    await expect(page.getByTestId('unseen-missing')).toHaveCount(0);
  });

  test('a file whose usage dwarfs its messages says it likely misses part of the conversation', async ({
    page,
  }) => {
    await openFresh(page);
    const line = (record: object) => JSON.stringify({ isSidechain: false, sessionId: 's', ...record });
    await paste(
      page,
      [
        line({
          type: 'user',
          uuid: 'u1',
          parentUuid: null,
          message: { role: 'user', content: 'What did it find?' },
        }),
        line({
          type: 'assistant',
          uuid: 'a1',
          parentUuid: 'u1',
          message: {
            id: 'm1',
            role: 'assistant',
            model: 'claude-opus-4-1',
            content: [{ type: 'text', text: 'Three call sites.' }],
            usage: { input_tokens: 5, cache_read_input_tokens: 140_000, cache_creation_input_tokens: 1_000 },
          },
        }),
      ].join('\n'),
    );
    await expect(page.getByTestId('unseen-missing')).toContainText(
      'the file likely misses part of the conversation',
    );
    await expect(page.getByTestId('unseen-label')).toHaveText(' not explained by the file (inferred) ');
  });

  test("the default sample opens in its model's window, with no part past it, and says where the window came from", async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('window-source')).toHaveText(
      "Window 200,000 from the file's model claude-sonnet-4-5-20250929",
    );
    await expect(page.getByTestId('setting-window')).toHaveValue('200000');
    await expect(page.getByTestId('context-bar-summary')).not.toContainText('past the window');
    // Typed, the window is the user's, and the file's can be taken back.
    await page.getByTestId('setting-window').fill('150000');
    await expect(page.getByTestId('window-source')).toHaveText('Window 150,000 as typed');
    await page.getByTestId('window-use-file').click();
    await expect(page.getByTestId('setting-window')).toHaveValue('200000');
  });

  test('a file of a Claude Code version the lab has run names what that version sends', async ({ page }) => {
    await openFresh(page);
    const common = { isSidechain: false, sessionId: 's-lab', version: '2.1.328' };
    const usage = {
      input_tokens: 9_000,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
      output_tokens: 10,
    };
    const session = [
      {
        ...common,
        type: 'user',
        uuid: 'u1',
        parentUuid: null,
        message: { role: 'user', content: 'Fix the test.' },
      },
      {
        ...common,
        type: 'assistant',
        uuid: 'a1',
        parentUuid: 'u1',
        message: {
          id: 'm1',
          role: 'assistant',
          model: 'claude-sonnet-4-5-20250929',
          content: [{ type: 'text', text: 'Fixed.' }],
          usage,
        },
      },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
    await paste(page, session);
    await expect(page.getByTestId('message-count')).toHaveText('2');
    await expect(page.getByTestId('unseen-known')).toHaveText(
      'System prompt and tools (known): Claude Code 2.1.328 sends 8,588 tokens of system prompt and tools (1,524 + 7,064, claude -p, 12 tools), measured by the lab',
    );
    // The measured figure is what the header adds, in place of the 9,000 − 3 inferred from the call's usage.
    await expect(page.getByTestId('unseen-tokens')).toHaveText('8,588');
    await expect(page.getByTestId('unseen-tokens')).toHaveAttribute('data-source', 'lab');
    await expect(page.getByTestId('unseen-label')).toHaveText(
      ' system prompt and tools (measured by the lab) ',
    );
  });

  test('an OpenCode file names its version, and the lab figure for it is the part the header adds', async ({
    page,
  }) => {
    await openFresh(page);
    await page
      .getByTestId('file-input')
      .setInputFiles('src/formats/fixtures/lab/opencode/export-1.18.33.json');
    await expect(page.getByTestId('format')).toHaveText('opencode');
    await expect(page.getByTestId('unseen-known')).toHaveText(
      'System prompt and tools (known): OpenCode 1.18.33 sends 6,733 tokens of system prompt and tools (2,012 + 4,721, opencode run, 10 tools), measured by the lab',
    );
    await expect(page.getByTestId('unseen-tokens')).toHaveText('6,733');
    await expect(page.getByTestId('unseen-tokens')).toHaveAttribute('data-source', 'lab');
  });
});
