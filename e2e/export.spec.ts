import { readFileSync } from 'node:fs';
import { importTranscript } from '../src/formats/registry';
import { CHAT, expect, openFresh, paste, test } from './fixtures';

test('the loaded list exports to Anthropic Messages and imports back with roles, text and tool pairing', async ({
  page,
}) => {
  await openFresh(page);
  await paste(page, CHAT);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-loaded').selectOption('anthropic');
  const text = readFileSync(await (await download).path(), 'utf8');
  const back = importTranscript(text);
  expect(back.format).toBe('anthropic');
  const original = importTranscript(CHAT).messages;
  expect(back.messages.map((m) => [m.role, m.content])).toEqual(original.map((m) => [m.role, m.content]));
  expect(back.messages[3].toolCallId).toBe(back.messages[2].toolCalls?.[0].id);
});

test('the compacted list exports after a preview, with exactly one summary', async ({ page }) => {
  await openFresh(page);
  await paste(page, CHAT);
  await page.getByTestId('setting-keep-recent').fill('16');
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-flags')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-compacted').selectOption('canonical');
  const back = importTranscript(readFileSync(await (await download).path(), 'utf8'));
  expect(back.format).toBe('canonical');
  expect(back.messages.map((m) => m.role)).toEqual(['system', 'user', 'user', 'assistant']);
  expect(back.messages.filter((m) => m.kind === 'summary')).toHaveLength(1);
});
