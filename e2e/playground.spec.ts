import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateClaudeCode } from '../testing/transcripts';
import { CHAT, expect, openFresh, paste, readIdb, settledBox, test, compareAllStrategies } from './fixtures';

test.describe('loading', () => {
  test("the default sample is shown at first start, in its model's window, with its last turn split", async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('format')).toHaveText('claude-code');
    await expect(page.getByTestId('message-count')).toHaveText('198');
    // The rows add up to 130,831; the request's framing (3) is its own figure in the context.
    await expect(page.getByTestId('total-tokens')).toHaveText('130,831');
    await expect(page.getByTestId('context-tokens')).toHaveText('130,834');
    await expect(page.getByTestId('verdict')).toHaveText(
      '130,834 tokens ≤ threshold 183,616: compaction does not fire',
    );
    await expect(page.getByTestId('setting-window')).toHaveValue('200000');
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await expect(page.getByTestId('kept-tokens')).toHaveText('13,134');
    await expect(page.getByText('splits turn #98')).toBeVisible();
    await page.getByTestId('setting-strategy').selectOption('turns');
    await expect(page.getByTestId('cut-index')).toHaveText('98');
  });

  test('a pasted Chat Completions request is detected, counted and cut', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await expect(page.getByTestId('format')).toHaveText('openai-chat');
    await expect(page.getByTestId('message-count')).toHaveText('7');
    await expect(page.getByTestId('total-tokens')).toHaveText('81');
    await expect(page.getByTestId('context-tokens')).toHaveText('84');
    await expect(page.getByTestId('threshold')).toHaveText('111,616');
    await expect(page.getByTestId('verdict')).toHaveText(
      '84 tokens ≤ threshold 111,616: compaction does not fire',
    );
    await expect(page.getByTestId('message-row')).toHaveCount(7);
  });

  test('a file from the file picker loads with its own format', async ({ page }) => {
    await openFresh(page);
    await page.getByTestId('file-input').setInputFiles('src/formats/fixtures/codex.jsonl');
    await expect(page.getByTestId('format')).toHaveText('codex');
    await expect(page.getByTestId('message-count')).toHaveText('9');
    // The two encrypted reasoning items count by their size (4 tokens each), as the model reads them.
    await expect(page.getByTestId('total-tokens')).toHaveText('705');
    // Codex records each call's input: its instructions and tools, not in the file, are measured from it.
    await expect(page.getByTestId('unseen-tokens')).toHaveText('10,700');
    await expect(page.getByTestId('context-tokens')).toHaveText('11,408');
  });

  test('a file dropped on the page loads', async ({ page }) => {
    await openFresh(page);
    const text = readFileSync('src/formats/fixtures/pi.jsonl', 'utf8');
    const transfer = await page.evaluateHandle((content) => {
      const dt = new DataTransfer();
      dt.items.add(new File([content], 'session.jsonl', { type: 'application/jsonl' }));
      return dt;
    }, text);
    await page.dispatchEvent('body', 'dragenter', { dataTransfer: transfer });
    await expect(page.getByTestId('drop-overlay')).toBeVisible();
    await page.dispatchEvent('body', 'drop', { dataTransfer: transfer });
    await expect(page.getByTestId('format')).toHaveText('pi');
    await expect(page.getByTestId('drop-overlay')).toBeHidden();
  });

  test('broken input says what and where, and the pasted text stays', async ({ page }) => {
    await openFresh(page);
    const broken = '{"messages": [\n  {"role": "user",\n';
    await paste(page, broken);
    await expect(page.getByTestId('import-error')).toContainText('line 3, column 1');
    await expect(page.getByTestId('paste-input')).toHaveValue(broken);
    // The page still works: a good paste replaces the error.
    await paste(page, CHAT);
    await expect(page.getByTestId('format')).toHaveText('openai-chat');
    await expect(page.getByTestId('import-error')).toBeHidden();
  });

  test('valid JSON that is not a transcript is refused with the reason', async ({ page }) => {
    await openFresh(page);
    await paste(page, '{"name": "my-package", "version": "1.0.0"}');
    await expect(page.getByTestId('import-error')).toContainText('not a transcript');
  });

  test('the detected format can be overridden, and a wrong choice says so', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await expect(page.getByTestId('format')).toHaveText('openai-chat');
    await page.getByTestId('format-override').selectOption('codex');
    await expect(page.getByTestId('import-error')).toContainText('Read as Codex CLI rollout (JSONL)');
    await expect(page.getByTestId('format')).toHaveText('openai-chat');
    await page.getByTestId('format-override').selectOption('text');
    await expect(page.getByTestId('format')).toHaveText('text');
    await page.getByTestId('format-override').selectOption('');
    await expect(page.getByTestId('format')).toHaveText('openai-chat');
  });

  test('a large file shows progress with a percentage and can be cancelled', async ({ page }) => {
    const dir = mkdtempSync(join(tmpdir(), 'cp-e2e-'));
    const file = join(dir, 'big.jsonl');
    writeFileSync(file, generateClaudeCode({ seed: 3, bytes: 40_000_000 }));
    await openFresh(page);
    await paste(page, CHAT);
    await expect(page.getByTestId('format')).toHaveText('openai-chat');
    await page.getByTestId('file-input').setInputFiles(file);
    await expect(page.getByTestId('load-progress')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading' })).toContainText('%');
    await page.getByTestId('load-cancel').click();
    await expect(page.getByTestId('load-progress')).toBeHidden();
    // The transcript that was there stays.
    await expect(page.getByTestId('format')).toHaveText('openai-chat');
    await expect(page.getByTestId('message-count')).toHaveText('7');
  });

  test('the validation report lists problems one click away', async ({ page }) => {
    await openFresh(page);
    const orphan = JSON.stringify([
      { role: 'user', content: 'hi' },
      { role: 'tool', tool_call_id: 'call_missing', content: 'result without a call' },
      { role: 'assistant', content: 'ok' },
    ]);
    await paste(page, orphan);
    await page.getByTestId('open-report').click();
    await expect(page.getByTestId('import-issues')).toContainText('call_missing');
  });
});

test.describe('settings', () => {
  test('changing window and reserve updates the threshold and the verdict', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-keep-recent').fill('30');
    await page.getByTestId('setting-window').fill('90');
    await page.getByTestId('setting-reserve').fill('10');
    await expect(page.getByTestId('threshold')).toHaveText('80');
    await expect(page.getByTestId('verdict')).toHaveText('84 tokens > threshold 80: compaction fires');
  });

  test('a field shows its effective value and why when normalization changes it', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-window').fill('20000');
    await page.getByTestId('setting-reserve').fill('8000');
    await expect(
      page.getByText('effective 3,000: lowered to a quarter of window − reserve (20,000 − 8,000) / 4'),
    ).toBeVisible();
    // The handle's range ends at the 70 tokens there are; its text names the budget that applies.
    await expect(page.getByTestId('keep-recent-handle')).toHaveAttribute(
      'aria-valuetext',
      'budget 3,000 tokens, more than the 70 there are: all kept',
    );
  });

  test('a value that is not a number is kept in the field and not applied', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-window').fill('12k');
    await expect(page.getByTestId('setting-window')).toHaveValue('12k');
    await expect(page.getByText('Enter a whole number of at least 0')).toBeVisible();
    await expect(page.getByTestId('threshold')).toHaveText('111,616');
  });

  test('strategy and tokenizer change the cut and the counts', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-keep-recent').fill('30');
    await expect(page.getByTestId('cut-index')).toHaveText('4');
    await page.getByTestId('setting-strategy').selectOption('turns');
    await expect(page.getByTestId('cut-index')).toHaveText('1');
    await page.getByTestId('setting-strategy').selectOption('pi');
    await expect(page.getByTestId('cut-index')).toHaveText('4');
    await page.getByTestId('setting-tokenizer').selectOption('chars4');
    await expect(page.getByTestId('total-tokens')).not.toHaveText('81');
    await page.getByTestId('setting-tokenizer').selectOption('o200k_base');
    await expect(page.getByTestId('total-tokens')).toHaveText('81');
  });

  test('a model preset sets the window and reserves its output limit, up to 20k', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('model-preset').selectOption('claude-sonnet-4-5');
    await expect(page.getByTestId('setting-window')).toHaveValue('200000');
    await expect(page.getByTestId('setting-reserve')).toHaveValue('20000');
    await expect(page.getByTestId('threshold')).toHaveText('180,000');
    // Its published scale corrects o200k counts; under another tokenizer it does not apply.
    await expect(page.getByTestId('setting-scale')).toHaveValue('1.3');
    await page.getByTestId('setting-tokenizer').selectOption('cl100k_base');
    await expect(page.getByTestId('setting-scale')).toHaveValue('1');
  });

  test('settings and the transcript survive a reload', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-keep-recent').fill('30');
    await page.getByTestId('setting-strategy').selectOption('pi');
    await expect(page.getByTestId('cut-index')).toHaveText('4');
    // Reload once both are written, not after a guessed pause.
    await expect
      .poll(async () => JSON.stringify(await readIdb(page, 'compaction-playground:settings')))
      .toMatch(/"keepRecentTokens\\?":30.*"strategy\\?":\\?"pi/);
    await expect.poll(() => readIdb(page, 'compaction-playground:transcript')).toBeTruthy();
    await page.reload();
    await expect(page.getByTestId('format')).toHaveText('openai-chat');
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('30');
    await expect(page.getByTestId('setting-strategy')).toHaveValue('pi');
    await expect(page.getByTestId('cut-index')).toHaveText('4');
  });
});

test.describe('token view', () => {
  test('the keep-recent handle is a keyboard slider that moves the cut', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    const handle = page.getByTestId('keep-recent-handle');
    await expect(handle).toHaveAttribute('role', 'slider');
    // A budget of 20,000 keeps all 70 tokens after the system prompt: the handle is at the left
    // end, and its value (its position, 70 − the budget) at the minimum.
    await expect(handle).toHaveAttribute('aria-valuenow', '0');
    await expect(handle).toHaveAttribute('aria-valuemax', '69');
    await handle.focus();
    // End is the right end: the least budget, 1 token, which keeps the last message only.
    await page.keyboard.press('End');
    await expect(handle).toHaveAttribute('aria-valuenow', '69');
    await expect(page.getByTestId('cut-index')).toHaveText('6');
    await page.keyboard.press('Home');
    await expect(handle).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('70');
    await expect(page.getByTestId('cut-index')).toHaveText('1');
  });

  test('moving the cut line sets keep-recent to the tail it implies', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-keep-recent').fill('30');
    const cut = page.getByTestId('cut-line');
    await expect(cut).toHaveAttribute('aria-valuenow', '4');
    await cut.focus();
    await page.keyboard.press('ArrowLeft');
    // Index 3 is a tool result, so the previous legal cut is 2: the tail from 2 is 22 + 14 + 6 + 10 + 6.
    await expect(page.getByTestId('cut-index')).toHaveText('2');
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('58');
    await expect(page.getByTestId('kept-tokens')).toHaveText('58');
  });

  test('dragging the keep-recent handle with the pointer moves the cut to exact values', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-keep-recent').fill('30');
    await expect(page.getByTestId('cut-index')).toHaveText('4');
    const handle = page.getByTestId('keep-recent-handle');
    const width = page.viewportSize()!.width;
    const drag = async (toX: number) => {
      // The press must land on the handle (it takes focus when grabbed); on a busy machine the
      // layout can still shift between reading its box and pressing, so press again until it does.
      let y = 0;
      await expect(async () => {
        await handle.evaluate((el) => (el as HTMLElement).blur());
        const box = await settledBox(handle);
        y = box.y + box.height / 2;
        await page.mouse.move(box.x + box.width / 2, y);
        await page.mouse.down();
        if (!(await handle.evaluate((el) => el === document.activeElement))) {
          await page.mouse.up();
          throw new Error('the press missed the handle');
        }
      }).toPass({ timeout: 30_000 });
      // Within the window: the far edges of the strip are inside it.
      await page.mouse.move(Math.min(Math.max(toX, 1), width - 1), y, { steps: 8 });
      await page.mouse.up();
    };
    // All the way right keeps (almost) nothing: only the newest message, #6.
    await drag(2000);
    await expect(page.getByTestId('cut-index')).toHaveText('6');
    await expect(page.getByTestId('kept-tokens')).toHaveText('6');
    // All the way left keeps everything after the system prompt: 70 tokens, nothing to compact.
    await drag(0);
    // The handle's value is its position: at the left end, 0.
    await expect(handle).toHaveAttribute('aria-valuenow', '0');
    await expect(handle).toHaveAttribute('aria-valuetext', 'budget 70 tokens');
    await expect(page.getByTestId('cut-index')).toHaveText('1');
    await expect(page.getByTestId('kept-tokens')).toHaveText('70');
  });

  test('the other strategies are compared on the same transcript', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-keep-recent').fill('30');
    await compareAllStrategies(page);
    const table = page.getByTestId('strategy-table');
    await expect(table.locator('tr[data-strategy="budget"]')).toContainText('#4');
    await expect(table.locator('tr[data-strategy="turns"]')).toContainText('nothing to compact');
  });
});

test.describe('message list', () => {
  test('a row expands to the full text and the raw source item, rendered as text', async ({ page }) => {
    await openFresh(page);
    const html = JSON.stringify([
      { role: 'user', content: '<img src=x onerror="window.__pwned=1"> <b>bold?</b>' },
      { role: 'assistant', content: 'noted' },
    ]);
    await paste(page, html);
    await page.locator('[data-testid="message-row"][data-index="0"]').click();
    const detail = page.getByTestId('message-detail');
    await expect(detail).toContainText('<img src=x onerror="window.__pwned=1"> <b>bold?</b>');
    await detail.getByText('Raw source item').click();
    await expect(page.getByTestId('raw-source')).toContainText('"role": "user"');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });

  test('search finds messages and selects the match', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('message-search').fill('docs');
    await expect(page.getByTestId('search-count')).toHaveText('1 of 1');
    await expect(page.locator('[data-testid="message-row"][data-index="5"]')).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  test('a large transcript stays virtualized', async ({ page }) => {
    await openFresh(page);
    const many = JSON.stringify(
      Array.from({ length: 5000 }, (_, i) => ({
        role: i % 2 ? 'assistant' : 'user',
        content: `message number ${i}`,
      })),
    );
    await paste(page, many);
    await expect(page.getByTestId('message-count')).toHaveText('5,000');
    expect(await page.getByTestId('message-row').count()).toBeLessThan(100);
  });
});

test('the theme toggles between light and dark', async ({ page }) => {
  await openFresh(page);
  const toggle = page.getByTestId('theme-toggle');
  const before = await page.evaluate(() => document.documentElement.dataset.theme);
  await toggle.click();
  const after = await page.evaluate(() => document.documentElement.dataset.theme);
  expect(after).not.toBe(before);
  expect(['light', 'dark']).toContain(after);
});
