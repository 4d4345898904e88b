/**
 * The archive view on OpenCode's SQLite store: a data folder as OpenCode
 * 1.18 leaves it mid-run (its sessions only in `opencode.db-wal`, written by
 * SQLite itself) and one whose database holds the OpenCode export fixture.
 * The page's worker loads SQLite (sql.js) under the page's policy, reads a
 * row per session, opens one in the playground, and replays them all.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { opencodeDatabase, type Exported } from '../src/archive/opencodeDatabaseSupport.node';
import { expect, openFresh, test } from './fixtures';

const WAL_FIXTURE = fileURLToPath(new URL('../src/cli/__fixtures__/opencode-wal', import.meta.url));
const OPENCODE = fileURLToPath(new URL('../src/formats/fixtures/opencode.json', import.meta.url));

test.describe("the archive view on OpenCode's database", () => {
  let home: string;
  test.beforeAll(async () => {
    home = join(mkdtempSync(join(tmpdir(), 'archive-opencode-db-e2e-')), 'home');
    const midRun = join(home, 'mid-run/.local/share/opencode');
    mkdirSync(midRun, { recursive: true });
    for (const name of ['opencode.db', 'opencode.db-wal'])
      copyFileSync(join(WAL_FIXTURE, name), join(midRun, name));
    writeFileSync(join(midRun, 'opencode.db-shm'), new Uint8Array(32_768));
    const exported = JSON.parse(readFileSync(OPENCODE, 'utf8')) as Exported;
    const db = join(home, 'now/.local/share/opencode/opencode.db');
    mkdirSync(dirname(db), { recursive: true });
    writeFileSync(db, await opencodeDatabase([{ exported, project: 'prj_login' }]));
  });
  test.afterAll(() => rmSync(dirname(home), { recursive: true, force: true }));

  test('reads a row per session, its log included, opens one in the playground and replays them', async ({
    page,
  }) => {
    await openFresh(page);
    await page.getByTestId('archive-toggle').click();
    await page.getByTestId('archive-open').setInputFiles(home);

    const rows = page.getByTestId('archive-row');
    await expect(rows).toHaveCount(2);
    // Two databases read, their logs and indexes with them: no file skipped.
    await expect(page.getByTestId('archive-progress')).toContainText('Read 2 files');
    await expect(page.getByTestId('archive-progress')).not.toContainText('skipped');
    await expect(page.getByTestId('archive-totals')).toContainText('2 sessions, 1 compaction,');
    await expect(rows.nth(0).locator('th')).toContainText(
      'mid-run/.local/share/opencode/opencode.db#ses_wal0001',
    );
    await expect(rows.nth(1).locator('th')).toContainText(
      'now/.local/share/opencode/opencode.db#ses_5f1a2b3c4d5eFfGgHh',
    );

    await page.getByTestId('archive-replay-all').click();
    await expect(page.getByTestId('archive-replay-totals')).toContainText('Under these settings, 2 sessions');

    await rows.nth(1).getByRole('button').click();
    await expect(page.getByTestId('archive-view')).toHaveCount(0);
    await expect(page.getByTestId('source-name')).toContainText('ses_5f1a2b3c4d5eFfGgHh');
    // The context after the fixture's compaction: the request, the summary and the turn after it.
    await expect(page.getByTestId('message-count')).toHaveText('6');
  });
});
