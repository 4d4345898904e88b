/**
 * The ledger of the agent's own compactions in "Session over time": the
 * survival line, each compaction's lost facts before its kept ones, a lost
 * fact leading to its message, the re-reads marked on the chart, the cost,
 * what every strategy would have left at the same moment, and a recorded
 * summary shown as text however it is written.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';
import { openFresh, paste } from './fixtures';

test.describe('the ledger of recorded compactions', () => {
  test('opens a compaction ledger: lost facts first, each leading to its message, re-reads and the cost', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
    await expect(page.getByTestId('message-count')).toHaveText('12');
    await page.getByTestId('timeline-toggle').click();

    await expect(page.getByTestId('ledger-survival')).toHaveText(
      'paths 70% · commands 0% · instructions 100% · numbers 100% kept over 2 compactions',
    );
    await expect(page.getByTestId('ledger-loop')).toHaveCount(0);
    await expect(page.locator('.reread-dot')).toHaveCount(1);

    await page.getByTestId('open-ledger').first().click();
    const panel = page.getByTestId('ledger-panel');
    await expect(panel).toContainText('Compaction 1 (manual, compact_boundary) replaced 20 messages');
    const facts = panel.getByTestId('ledger-fact');
    // Lost first.
    await expect(facts.first()).toHaveAttribute('data-kept', 'false');
    const lost = panel.locator('[data-testid="ledger-fact"][data-kept="false"]');
    await expect(lost).toHaveText(['src/cli.ts', 'npm test', 'npx tsx src/cli.ts docs/**/*.md README.md']);
    await expect(panel.locator('[data-testid="ledger-fact"][data-kept="true"]')).not.toHaveCount(0);
    await expect(panel.getByTestId('ledger-reread')).toHaveText(['/home/lee/code/linkcheck/src/check.ts']);
    await expect(panel.getByTestId('ledger-cost')).toContainText('It did not pay for itself.');
    // The amnesia bill, as `audit` prints it for the same file.
    await expect(panel.getByTestId('ledger-bill')).toHaveText(
      'Compaction 1 at #20: 1 action to the first edit (pace 0, fresh start 3); re-read 1 file, re-ran 0 commands (and 1 check to verify): 503 tokens ($0.0015) re-gathered; 3 facts lost',
    );
    await expect(page.getByTestId('ledger-bill-total')).toHaveText(
      'Over 2 compactions: at most 2 actions to the first edit; re-read 1 file, re-ran 0 commands (and 1 check to verify): 503 tokens ($0.0015) re-gathered; 7 facts lost',
    );
    for (const theme of ['light', 'dark']) {
      if (theme === 'dark') {
        await page.getByTestId('theme-toggle').click();
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      }
      const { violations } = await new AxeBuilder({ page })
        .include('[data-testid="ledger-panel"]')
        .include('[data-testid="ledger-survival"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, theme).toEqual([]);
    }

    // A lost fact shows the context it was sent in, with its message selected.
    await lost.first().click();
    await expect(page.getByTestId('timeline-pinned')).toContainText('before call');
    const selected = page.locator('[data-testid="message-row"][aria-current="true"]');
    await expect(selected).toBeVisible();
    await expect(selected).toContainText('src/cli.ts');
  });

  test("sets the agent's summary beside what every strategy would have left at the same moment", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openFresh(page);
    await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
    await expect(page.getByTestId('message-count')).toHaveText('12');
    await page.getByTestId('timeline-toggle').click();
    // The second compaction's panel first: the first's, opened after it, shows its own figures.
    await page.getByTestId('open-ledger').nth(1).click();
    await expect(page.getByTestId('ledger-panel')).toContainText('Compaction 2 ');
    await expect(page.getByTestId('ledger-bill')).toContainText(
      'Compaction 2 at #36: 2 actions to the first edit',
    );
    await page.getByTestId('open-ledger').first().click();
    const panel = page.getByTestId('ledger-panel');
    await expect(panel).toContainText('Compaction 1 (manual, compact_boundary)');
    const table = panel.getByTestId('ledger-strategies');
    await expect(table.locator('caption')).toHaveText(
      'What the strategies would have left at the same moment: each compacts the 20 messages the agent had, with the offline summarizer and these settings',
    );
    await expect(table.locator('thead th')).toHaveText(['strategy', 'cut', 'tokens after', 'facts kept']);
    // Exactly what `audit public/samples/claude-code-linkcheck.jsonl --json` prints for
    // compactions[0] (the page's default settings are the command's): `strategies[]` with
    // its tokensAfter (null: nothing to compact), summarizedMessages, keptMessages and
    // facts all − lost / all; the agent's row is that compaction's tokensAfter and facts.
    const expected = [
      ['agent', "the agent's own summary", 'summarizes 20', '17,991', '7/10'],
      ['budget', 'budget', 'nothing to compact', '–', '10/10'],
      ['pi', 'pi', 'nothing to compact', '–', '10/10'],
      ['turns', 'turns', 'nothing to compact', '–', '10/10'],
      ['claude-code', 'claude-code', 'summarizes all', '584', '9/10'],
      ['codex', 'codex', 'summarizes all, keeps 1', '647', '9/10'],
      ['opencode', 'opencode', 'summarizes all', '584', '9/10'],
      ['gemini-cli', 'gemini-cli', 'summarizes all', '597', '9/10'],
      ['clear-tool-uses', 'clear-tool-uses', 'summarizes none, keeps all 20', '2,641', '10/10'],
      ['mask-observations', 'mask-observations', 'summarizes none, keeps all 20', '5,141', '10/10'],
      ['anthropic-compaction', 'anthropic-compaction', 'summarizes all', '584', '9/10'],
      ['openai-compaction', 'openai-compaction', 'summarizes all', '584', '9/10'],
      ['roo-code', 'roo-code', 'summarizes all', '584', '9/10'],
      ['kilo', 'kilo', 'summarizes all', '584', '9/10'],
      ['goose', 'goose', 'summarizes all', '584', '9/10'],
      ['cline', 'cline', 'nothing to compact', '–', '10/10'],
      ['langchain-summarization', 'langchain-summarization', 'nothing to compact', '–', '10/10'],
      ['adk', 'adk', 'summarizes 12, keeps 8', '1,881', '10/10'],
      ['letta', 'letta', 'summarizes 7, keeps 13', '4,652', '10/10'],
    ];
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(expected.length);
    for (const [k, [id, ...cells]] of expected.entries()) {
      await expect(rows.nth(k)).toHaveAttribute('data-strategy', id!);
      await expect(rows.nth(k).locator('th, td')).toHaveText(cells);
    }
    await expect(table.locator('tbody th[scope="row"]')).toHaveCount(expected.length);

    // On a phone the table wraps its long names instead of widening the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    const box = await table.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });

  test('shows a recorded summary as text, never as markup', async ({ page }) => {
    await openFresh(page);
    const summary = 'Fixed <img src=x onerror="window.__pwned=1"> <b>bold?</b> in src/retry.ts';
    await paste(
      page,
      JSON.stringify({
        messages: [
          { role: 'user', content: 'Fix the retry.' },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: 'src/retry.ts' } }],
          },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'export {}' }] },
          {
            role: 'assistant',
            content: [
              { type: 'compaction', content: summary },
              { type: 'text', text: 'Continuing.' },
            ],
          },
          { role: 'user', content: 'next' },
        ],
      }),
    );
    await page.getByTestId('timeline-toggle').click();
    await page.getByTestId('open-ledger').first().click();
    const panel = page.getByTestId('ledger-panel');
    await panel.getByText('The summary it wrote').click();
    await expect(panel.getByTestId('ledger-summary')).toHaveText(summary);
    await expect(panel.locator('[data-testid="ledger-fact"][data-kept="true"]')).toHaveText([
      'src/retry.ts',
      'Fix the retry.',
    ]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });

  test('at 390 px the fact buttons wrap inside the panel, none past its right edge', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    // On a phone the load controls are folded into the file's line once a transcript is loaded.
    await page.getByTestId('load-change').click();
    await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
    await expect(page.getByTestId('message-count')).toHaveText('12');
    await page.getByTestId('timeline-toggle').click();
    await page.getByTestId('open-ledger').first().click();
    const panel = page.getByTestId('ledger-panel');
    // Long paths, longer than a phone is wide: "/home/lee/code/linkcheck/test/check.test.ts" among them.
    await expect(panel.getByTestId('ledger-fact')).toHaveCount(10);
    const edge = await panel.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right };
    });
    const facts = await panel
      .getByTestId('ledger-fact')
      .evaluateAll((els) => els.map((e) => ({ text: e.textContent, ...e.getBoundingClientRect().toJSON() })));
    const outside = facts.filter((f) => f.left < edge.left || f.right > edge.right + 0.5).map((f) => f.text);
    expect(outside).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
