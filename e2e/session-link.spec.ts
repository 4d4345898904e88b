/**
 * A full link of a session that records its compactions and usage shows the
 * reader the same "Session over time": every call, every recorded compaction,
 * the recorded peak, and the original file's format.
 */
import { expect, openFresh, openFullLinkElsewhere, test } from './fixtures';

test('a full link of the linkcheck sample shows the reader 16 calls, 2 compactions and the peak of 22,471', async ({
  page,
  browser,
}) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
  await expect(page.getByTestId('message-count')).toHaveText('12');
  const other = await openFullLinkElsewhere(page, browser);
  await expect(other.getByTestId('message-count')).toHaveText('12');
  await expect(other.getByTestId('format')).toHaveText('claude-code');
  await expect(other.getByTestId('source-name')).toContainText('Claude Code session (JSONL)');
  await expect(other.getByLabel('Loaded transcript')).toContainText('Shared');
  await other.getByTestId('timeline-toggle').click();
  await expect(other.getByTestId('timeline-call')).toHaveCount(16);
  const markers = other.getByTestId('recorded-compaction');
  await expect(markers).toHaveCount(2);
  await expect(markers.nth(0)).toContainText('manual before call 8: 22,739 →');
  await expect(markers.nth(1)).toContainText('manual before call 14: 21,956 →');
  await expect(other.getByTestId('replay-table').locator('tr[data-strategy="recorded"]')).toContainText(
    '22,471',
  );
});
