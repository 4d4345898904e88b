/**
 * The archive view on a small folder made here: a Claude Code project with
 * two sessions, a Codex rollout and a settings file. Its rows appear, sort by
 * compactions, and a click opens that session in the playground.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures';
import { openFresh } from './fixtures';

const SAMPLES = fileURLToPath(new URL('../public/samples', import.meta.url));
const OPENCODE = fileURLToPath(new URL('../src/formats/fixtures/opencode.json', import.meta.url));

test.describe('the archive view', () => {
  let home: string;
  test.beforeAll(() => {
    home = join(mkdtempSync(join(tmpdir(), 'archive-e2e-')), 'home');
    const files: Record<string, string> = {
      '.claude/projects/-home-lee-linkcheck/6f1c.jsonl': 'claude-code-linkcheck.jsonl',
      '.claude/projects/-home-maya-tallybook/2b7e.jsonl': 'claude-code-tallybook.jsonl',
      '.codex/sessions/2025/10/14/rollout-2025-10-14T08-12-40-019a.jsonl': 'codex-shared-retry.jsonl',
    };
    for (const [path, sample] of Object.entries(files)) {
      mkdirSync(dirname(join(home, path)), { recursive: true });
      copyFileSync(join(SAMPLES, sample), join(home, path));
    }
    writeFileSync(join(home, '.claude/settings.json'), '{"model":"opus"}');
  });
  test.afterAll(() => rmSync(dirname(home), { recursive: true, force: true }));

  test('opens a folder, sorts its sessions by compactions, and opens one in the playground', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByTestId('archive-toggle').click();
    await page.getByTestId('archive-open').setInputFiles(home);

    const rows = page.getByTestId('archive-row');
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId('archive-progress')).toContainText('Read 3 files');
    await expect(page.getByTestId('archive-progress')).toContainText('1 other files skipped');
    await expect(page.getByTestId('archive-totals')).toContainText('3 sessions, 3 compactions');

    // Survival over compactions: linkcheck kept 70% of its paths, 0% of its commands, all its
    // instructions; the Codex rollout all of its paths and 1 of 6 commands; tallybook has no
    // compaction and is not counted.
    const survival = page.getByTestId('archive-survival');
    await survival.locator('summary').click();
    await expect(survival.locator('caption')).toContainText(
      '2 with compactions counted, 1 without not counted',
    );
    const bins = survival.locator('tbody tr');
    await expect(bins).toHaveText([
      ['0–20%', '0', '2', '0'].join(''),
      ['20–40%', '0', '0', '0'].join(''),
      ['40–60%', '0', '0', '0'].join(''),
      ['60–80%', '1', '0', '0'].join(''),
      ['80–99%', '0', '0', '0'].join(''),
      ['100%', '1', '0', '1'].join(''),
    ]);

    await page.getByTestId('archive-sort-compactions').click();
    await expect(rows.nth(0).locator('th')).toContainText('.claude/projects/-home-lee-linkcheck/6f1c.jsonl');
    await expect(rows.nth(1).locator('th')).toContainText('.codex/sessions/');
    await expect(rows.nth(2).locator('th')).toContainText('-home-maya-tallybook');

    await rows.nth(0).getByRole('button').click();
    await expect(page.getByTestId('archive-view')).toHaveCount(0);
    await expect(page.getByTestId('source-name')).toContainText('6f1c.jsonl');
    // The linkcheck session ends with its last compaction's summary and the turn after it.
    await expect(page.getByTestId('message-count')).toHaveText('12');
  });

  test("the archive stands alone: none of the playground's numbers, load row or settings beside it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByTestId('archive-toggle').click();
    await page.getByTestId('archive-open').setInputFiles(home);
    await expect(page.getByTestId('archive-row')).toHaveCount(3);
    await expect(page.locator('.archive-charts > *').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All my sessions' })).toBeVisible();
    for (const id of ['sticky-numbers', 'sample-select', 'source-name', 'setting-window', 'agent-config'])
      await expect(page.getByTestId(id), id).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'What decides the cut?' })).toHaveCount(0);
    await expect(page.getByTestId('archive-settings')).toHaveText(
      "These settings are the playground's: strategy budget, window 200,000",
    );
    // Back in the playground its numbers and settings return, the bar in view again.
    await page.getByRole('button', { name: 'Back to the playground' }).click();
    await expect(page.getByTestId('sticky-numbers')).toHaveCSS('position', 'sticky');
    await expect(page.getByTestId('setting-window')).toBeVisible();
  });
});

test.describe('"Replay all" over a folder with OpenCode storage', () => {
  let home: string;
  test.beforeAll(() => {
    home = join(mkdtempSync(join(tmpdir(), 'archive-replay-e2e-')), 'home');
    const claude = join(home, '.claude/projects/-home-lee-linkcheck/6f1c.jsonl');
    mkdirSync(dirname(claude), { recursive: true });
    copyFileSync(join(SAMPLES, 'claude-code-linkcheck.jsonl'), claude);
    // The OpenCode export fixture laid out as OpenCode's storage keeps it: a file per session, message and part.
    const exported = JSON.parse(readFileSync(OPENCODE, 'utf8')) as {
      info: { id: string };
      messages: { info: { id: string }; parts: { id: string }[] }[];
    };
    const root = join(home, '.local/share/opencode/storage');
    const put = (path: string, value: object) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), JSON.stringify(value));
    };
    put(`session/9f0e/${exported.info.id}.json`, exported.info);
    // Each file named by its record's id, as OpenCode names them.
    for (const m of exported.messages) {
      put(`message/${exported.info.id}/${m.info.id}.json`, m.info);
      for (const p of m.parts) put(`part/${m.info.id}/${p.id}.json`, p);
    }
  });
  test.afterAll(() => rmSync(dirname(home), { recursive: true, force: true }));

  test('replays the OpenCode session as it replays the others', async ({ page }) => {
    await openFresh(page);
    await page.getByTestId('archive-toggle').click();
    await page.getByTestId('archive-open').setInputFiles(home);
    const rows = page.getByTestId('archive-row');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('archive-progress')).toContainText('Read ');
    await page.getByTestId('archive-replay-all').click();
    await expect(page.getByTestId('archive-replay-totals')).toContainText('Under these settings, 2 sessions');
    const opencode = rows.filter({ hasText: 'opencode' });
    await expect(opencode.locator('td').last()).not.toHaveText('–');
  });
});

test.describe('Cancel while a folder is read', () => {
  let big: string;
  let small: string;
  test.beforeAll(() => {
    const root = mkdtempSync(join(tmpdir(), 'archive-cancel-'));
    // 80 sessions of about a megabyte: seconds of reading, time enough to press Cancel.
    big = join(root, 'big');
    const dir = join(big, '.claude/projects/-home-maya-tallybook');
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < 80; i++)
      copyFileSync(
        join(SAMPLES, 'claude-code-tallybook.jsonl'),
        join(dir, `${String(i).padStart(4, '0')}.jsonl`),
      );
    small = join(root, 'small');
    mkdirSync(join(small, '.claude/projects/-home-lee-linkcheck'), { recursive: true });
    copyFileSync(
      join(SAMPLES, 'claude-code-linkcheck.jsonl'),
      join(small, '.claude/projects/-home-lee-linkcheck/6f1c.jsonl'),
    );
  });
  test.afterAll(() => rmSync(dirname(big), { recursive: true, force: true }));

  test('stops the reading, keeps the rows read so far, and the next folder opens', async ({ page }) => {
    await openFresh(page);
    await page.getByTestId('archive-toggle').click();
    await page.getByTestId('archive-open').setInputFiles(big);
    const progress = page.getByTestId('archive-progress');
    await expect(progress).toContainText('Reading: ');
    await page.getByTestId('archive-cancel').click();
    await expect(progress).toContainText('Cancelled after ');
    await expect(page.getByTestId('archive-cancel')).toHaveCount(0);
    const done = Number(/Cancelled after (\d+) files/.exec((await progress.textContent()) ?? '')![1]);
    expect(done).toBeLessThan(80);
    await expect(page.getByTestId('archive-row')).toHaveCount(done);

    await page.getByTestId('archive-open').setInputFiles(small);
    await expect(progress).toContainText('Read 1 files');
    await expect(page.getByTestId('archive-row')).toHaveCount(1);
  });
});
