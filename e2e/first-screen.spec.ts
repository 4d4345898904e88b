/**
 * The first screen: what the page is for, which transcript it shows, bars
 * before the tokenizer is ready, a way to see a cut on a transcript under
 * the threshold, and what the importer left out, in view.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { CHAT, chatMessages, compareAllStrategies, expect, linkFor, openFresh, test } from './fixtures';

const TAGLINE =
  'Load an agent transcript, see where its context tokens go, tune where compaction cuts, and preview the summary.';

/** The Claude Code fixture with its first user line made unreadable (a colon lost before "u1"). */
function brokenFirstLine(): Buffer {
  const lines = readFileSync('src/formats/fixtures/claude-code.jsonl', 'utf8').split('\n');
  lines[2] = lines[2]!.replace('"uuid":"u1"', '"uuid" "u1"');
  return Buffer.from(lines.join('\n'));
}

/**
 * Holds back the o200k ranks, which the worker loads on its first count,
 * until the returned function is called.
 */
async function holdTokenizer(context: BrowserContext): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/assets\/o200k_base-[^/]+\.bpe$/, async (route) => {
    await released;
    // The page that asked may be gone (openFresh reloads): then there is nothing to answer.
    await route.continue().catch(() => {});
  });
  return release;
}

/**
 * How far past the screen's right edge the furthest item of the line of
 * numbers reaches: 0 when the whole line is on the screen. The line once
 * stayed one line and scrolled sideways, which hid its end (the kept tokens,
 * the verdict at 960 px); it wraps now.
 */
async function stickyOverhang(page: Page): Promise<number> {
  return page.getByTestId('sticky-numbers').evaluate((line) => {
    const right = Math.max(
      ...[...line.querySelectorAll('.sticky-line > *, .summary-bar > *')].map(
        (item) => item.getBoundingClientRect().right,
      ),
    );
    return Math.max(0, right - document.documentElement.clientWidth);
  });
}

test.describe('the first screen', () => {
  test('says what the page is for and names the sample, then each loaded file, with its format', async ({
    page,
  }, info) => {
    await openFresh(page);
    await expect(page.getByTestId('tagline')).toHaveText(TAGLINE);
    await expect(page.getByTestId('source-name')).toHaveText(
      'claude-code-tallybook.jsonl · Claude Code session (JSONL)',
    );
    await expect(page.locator('.source-line')).toContainText('Sample claude-code-tallybook.jsonl');
    await expect(page.getByTestId('format')).toHaveText('claude-code');
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.screenshot({ path: info.outputPath('first-screen-1400.png') });

    await page.getByTestId('file-input').setInputFiles({
      name: 'long-session.jsonl',
      mimeType: 'application/jsonl',
      buffer: readFileSync('src/formats/fixtures/codex.jsonl'),
    });
    await expect(page.getByTestId('source-name')).toHaveText(
      'long-session.jsonl · Codex CLI rollout (JSONL)',
    );
    await expect(page.locator('.source-line')).toContainText('File long-session.jsonl');
    await expect(page.getByTestId('format')).toHaveText('codex');
  });

  test('on a phone the title and source fit, the tagline waits with the load controls, and the numbers wrap within the screen', async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await expect(page.getByTestId('source-name')).toBeInViewport();
    // Once a transcript is loaded the tagline, which invites a load, folds with the ways in; "Change" brings both.
    await expect(page.getByTestId('tagline')).toBeHidden();
    await page.getByTestId('load-change').click();
    await expect(page.getByTestId('tagline')).toBeInViewport();
    expect(await stickyOverhang(page)).toBe(0);
    await page.screenshot({ path: info.outputPath('first-screen-390.png') });
  });

  test('only the numbers stay in view: the header scrolls away, the line of numbers stays on the screen', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    expect(await stickyOverhang(page)).toBe(0);
    await page.getByTestId('message-list').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('tagline')).not.toBeInViewport();
    await expect(page.getByTestId('verdict')).toBeInViewport();
    await expect.poll(async () => (await page.getByTestId('sticky-numbers').boundingBox())?.y).toBe(0);
  });

  test('bars are drawn from a marked estimate while the tokenizer loads, then from the exact counts', async ({
    page,
    context,
  }) => {
    const release = await holdTokenizer(context);
    await openFresh(page);
    const mark = page.getByTestId('first-bars-estimate');
    await expect(mark).toHaveText('estimated: loading the o200k tokenizer…');
    // A token per four characters: the sample's 198 messages, counted before any ranks arrive.
    await expect(page.getByTestId('message-count')).toHaveText('198');
    await expect(page.getByTestId('total-tokens')).toHaveText('97,321');
    await expect(page.getByTestId('token-strip-summary')).not.toBeEmpty();
    // The load's progress waits on the tokenizer: a bar without a measure, not one stuck at 100%.
    await expect(page.getByTestId('load-progress')).toBeVisible();
    await expect(page.getByTestId('load-progress')).not.toHaveAttribute('value');
    await expect(page.locator('.progress')).toContainText('Loading the o200k tokenizer…');

    release();
    await expect(mark).toHaveCount(0);
    await expect(page.getByTestId('total-tokens')).toHaveText('130,831');
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await expect(page.getByTestId('load-progress')).toHaveCount(0);
  });

  test('a transcript under the threshold gets one click to a window where compaction fires', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    // Over the threshold of a 128,000 window, the default sample is offered nothing.
    await page.getByTestId('setting-window').fill('128000');
    await expect(page.getByTestId('make-it-fire')).toHaveCount(0);
    // Given back to the files, the window is the next file's model's: GPT-4.1's 1,047,576.
    await page.getByTestId('window-use-file').click();
    await page.getByTestId('sample-select').selectOption('openai-chat-revenue');
    await expect(page.getByTestId('verdict')).toHaveText(
      '15,925 tokens ≤ threshold 1,031,192: compaction does not fire',
    );
    await expect(page.getByTestId('nothing-to-compact')).toBeVisible();
    await page.getByTestId('make-it-fire').click();
    await expect(page.getByTestId('setting-window')).toHaveValue('18000');
    await expect(page.getByTestId('setting-reserve')).toHaveValue('2200');
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('3900');
    await expect(page.getByTestId('verdict')).toHaveText(
      '15,925 tokens > threshold 15,800: compaction fires',
    );
    await expect(page.getByTestId('cut-index')).toHaveText('29');
    await expect(page.getByTestId('kept-tokens')).toHaveText('3,820');
    await expect(page.getByTestId('nothing-to-compact')).toHaveCount(0);
    await expect(page.getByTestId('make-it-fire')).toHaveCount(0);
  });

  test('the paste box closes after a load, and stays open with the text when the load fails', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByRole('button', { name: 'Paste…' }).click();
    const input = page.getByTestId('paste-input');
    const broken = '{"messages": [\n  {"role": "user",\n';
    await input.fill(broken);
    await page.getByTestId('paste-load').click();
    await expect(page.getByTestId('import-error')).toBeVisible();
    await expect(input).toHaveValue(broken);

    await input.fill(CHAT);
    await page.getByTestId('paste-load').click();
    await expect(page.getByTestId('source-name')).toHaveText('Pasted text · OpenAI Chat Completions');
    await expect(input).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Paste…' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('a paste box whose text was changed while its load ran stays open with the new text', async ({
  page,
  context,
}) => {
  const release = await holdTokenizer(context);
  await openFresh(page);
  // The sample's load waits for the tokenizer; cancelled, it leaves the page free for a paste.
  await expect(page.getByTestId('first-bars-estimate')).toBeVisible();
  await page.getByTestId('load-cancel').click();
  await expect(page.getByTestId('first-bars-estimate')).toHaveCount(0);
  await page.getByRole('button', { name: 'Paste…' }).click();
  const input = page.getByTestId('paste-input');
  await input.fill(CHAT);
  await page.getByTestId('paste-load').click();
  // The pasted chat is on the page from its estimate; its exact counts wait for the tokenizer.
  await expect(page.getByTestId('source-name')).toHaveText('Pasted text · OpenAI Chat Completions');
  await expect(page.getByTestId('first-bars-estimate')).toBeVisible();
  await input.fill('User: a second transcript');
  release();
  await expect(page.getByTestId('first-bars-estimate')).toHaveCount(0);
  await expect(page.getByTestId('total-tokens')).toHaveText('81');
  await expect(input).toHaveValue('User: a second transcript');
});

test.describe('loading that loses nothing silently', () => {
  test('a skipped line is a warning in view: its line, what it held, and what the conversation now starts with', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await expect(page.getByTestId('import-warning')).toHaveCount(0);
    await page.getByTestId('file-input').setInputFiles({
      name: 'broken-first-line.jsonl',
      mimeType: 'application/jsonl',
      buffer: brokenFirstLine(),
    });
    const warning = page.getByTestId('import-warning');
    await expect(warning.locator('li')).toHaveText([
      'Line 3: Line skipped, not valid JSON: Unexpected character "\\"": expected ":" after a property name. It held a user message: “The login tests fail since yesterday — 登录测试失败了 🙏 Please…”.',
    ]);
    await expect(page.getByTestId('import-start')).toHaveText(
      'The conversation now starts with #0, an assistant message: “Read({"file_path":"/home/dev/shop/src/auth/login.ts"})”.',
    );
    // Notes are not problems: the bad line and the broken link are; a line of app state that
    // carries no message (telemetry) is a note named by its type.
    await expect(page.getByTestId('open-report')).toHaveText('2 import problems');
    await expect(page.getByTestId('import-info')).toContainText(
      '1 message on other branches (rewinds or edits) was left out. 1 sub-agent (sidechain) message was left out.',
    );
    await expect(page.getByTestId('import-info')).toContainText(
      'Lines of type "telemetry-blob" carry no message',
    );

    await warning.getByRole('button', { name: 'Dismiss' }).click();
    await expect(warning).toHaveCount(0);
  });

  test('what the agent itself leaves out is information, not a problem', async ({ page }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByTestId('file-input').setInputFiles('src/formats/fixtures/opencode.json');
    await expect(page.getByTestId('import-info')).toContainText(
      'Note: 4 messages before the last compaction are not sent to the model and were left out.',
    );
    await expect(page.getByTestId('import-warning')).toHaveCount(0);
    await expect(page.getByTestId('open-report')).toHaveText('Import report');
    await page.getByTestId('open-report').click();
    await expect(page.getByTestId('import-issues').locator('li')).toHaveText([
      'Note $.messages[4]: 4 messages before the last compaction are not sent to the model and were left out',
    ]);
  });
});

test.describe('the first screen answers for one agent', () => {
  test("a Claude Code file gets Claude Code's preset, said beside the strategy, and another can be picked", async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByTestId('file-input').setInputFiles('src/formats/fixtures/claude-code.jsonl');
    await expect(page.getByTestId('format')).toHaveText('claude-code');
    await expect(page.getByTestId('setting-strategy')).toHaveValue('claude-code');
    await expect(page.getByTestId('strategy-origin')).toHaveText(
      "Chosen for Claude Code's file; pick another above to compare.",
    );
    await page.getByTestId('setting-strategy').selectOption('turns');
    await expect(page.getByTestId('strategy-origin')).toHaveCount(0);
    // The user's pick stays for the next agent's file.
    await page.getByTestId('file-input').setInputFiles('src/formats/fixtures/codex.jsonl');
    await expect(page.getByTestId('format')).toHaveText('codex');
    await expect(page.getByTestId('setting-strategy')).toHaveValue('turns');
  });

  test("the Claude Code sample opens under the default, where the handle moves the cut, with Claude Code's answer one click away", async ({
    page,
  }, info) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await expect(page.getByTestId('setting-strategy')).toHaveValue('budget');
    await expect(page.getByTestId('strategy-origin')).toHaveText(
      "The default, where the keep-recent handle moves the cut; “What would Claude Code do?” under the bars shows Claude Code's own rule.",
    );
    const answer = page.getByRole('button', { name: 'What would Claude Code do?' });
    await expect(answer).toBeInViewport();
    // At each width the offer sits within the strip's panel, beside or under "Compare all strategies".
    const panel = page.locator('#token-view');
    for (const width of [1400, 960, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await answer.scrollIntoViewIfNeeded();
      const [box, frame] = [(await answer.boundingBox())!, (await panel.boundingBox())!];
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
      await info.attach(`the sample's agent offered, ${width} px`, {
        body: await panel.screenshot(),
        contentType: 'image/png',
      });
    }
    await page.setViewportSize({ width: 1400, height: 900 });
    await answer.click();
    await expect(page.getByTestId('setting-strategy')).toHaveValue('claude-code');
    // Claude Code summarizes everything before the cut and keeps no recent messages verbatim.
    await expect(page.getByTestId('kept-tokens')).toHaveText('0');
    await expect(page.getByTestId('verdict')).toContainText('threshold 167,000');
    await expect(answer).toHaveCount(0);
    await expect(page.getByTestId('strategy-origin')).toHaveCount(0);
    // Reset gives the choice back: the sample's default and the offer again.
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(page.getByTestId('setting-strategy')).toHaveValue('budget');
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await expect(answer).toBeVisible();
  });

  test("a link's strategy wins over the agent of the file opened after it", async ({ page }) => {
    await page.goto(`/${await linkFor(chatMessages(), { settings: { strategy: 'pi' } })}`);
    await expect(page.getByTestId('source-name')).toHaveText(
      'shared transcript · Compaction Playground JSON',
    );
    await expect(page.getByTestId('setting-strategy')).toHaveValue('pi');
    await page.getByTestId('file-input').setInputFiles('src/formats/fixtures/claude-code.jsonl');
    await expect(page.getByTestId('format')).toHaveText('claude-code');
    await expect(page.getByTestId('setting-strategy')).toHaveValue('pi');
    await expect(page.getByTestId('strategy-origin')).toHaveText("The link's strategy.");
  });

  test('the strip shows one cut until "Compare all strategies", which brings the others and the table', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await expect(page.getByTestId('cut-line')).toBeVisible();
    await expect(page.locator('.token-strip__marker-label')).toHaveCount(0);
    await expect(page.getByTestId('strategy-table')).toHaveCount(0);
    const toggle = page.getByRole('button', { name: 'Compare all strategies' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await compareAllStrategies(page);
    // Turns and pi cut inside the sample: each gets a line and a label.
    await expect(page.getByTestId('strategy-marker-turns')).toBeAttached();
    await expect(page.getByTestId('strategy-marker-pi')).toBeAttached();
    await expect(page.getByTestId('strategy-table')).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('.token-strip__marker-label')).toHaveCount(0);
    await expect(page.getByTestId('strategy-table')).toHaveCount(0);
  });

  test("one click from the numbers to what the agent's compactions lost: the ledger, opened and focused", async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    // The default sample records no compaction: no link.
    await expect(page.getByTestId('ledger-link')).toHaveCount(0);
    await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
    await expect(page.getByTestId('message-count')).toHaveText('12');
    const link = page.getByTestId('ledger-link');
    await expect(link).toHaveText("What the agent's 2 compactions lost");
    await expect(page.getByTestId('timeline-toggle')).toHaveAttribute('aria-expanded', 'false');
    await link.click();
    await expect(page.getByTestId('timeline-toggle')).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByTestId('ledger-panel');
    await expect(panel).toContainText('Compaction 1 (manual, compact_boundary) replaced 20 messages');
    await expect(panel).toBeFocused();
    await expect(panel).toBeInViewport();
  });

  test('at 390 px the bars start within the first screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    const plot = (await page.getByTestId('strip-plot').boundingBox())!;
    expect(plot.y).toBeLessThan(844 - 60);
    // Nothing hidden to get there: the settings follow the strip.
    const settings = (await page.locator('.settings').boundingBox())!;
    expect(settings.y).toBeGreaterThan(plot.y);
  });
});
