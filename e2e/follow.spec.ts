/**
 * "Follow this file": the page reads what is appended to a file the user
 * picked, every second while it is visible. Chromium's picker cannot be
 * driven from a test, so the page gets a test double of the File System
 * Access API: `showOpenFilePicker` returns a handle whose `getFile()` gives
 * a new `File` of whatever the test has written so far.
 */
import type { Page } from '@playwright/test';
import { expect, openFresh, test } from './fixtures';

/** Four minutes for the test that grows the file by 100 MB on a loaded two-core machine. */
test.describe.configure({ timeout: 240_000 });

const common = { isSidechain: false, sessionId: 's-1', version: '2.0.55' };
const line = (record: object) => `${JSON.stringify({ ...common, ...record })}\n`;
const user = (uuid: string, parent: string | null, content: string) =>
  line({ type: 'user', uuid, parentUuid: parent, message: { role: 'user', content } });
const reply = (uuid: string, parent: string, text: string) =>
  line({
    type: 'assistant',
    uuid,
    parentUuid: parent,
    message: { id: `m-${uuid}`, role: 'assistant', content: [{ type: 'text', text }] },
  });
/** chars4 counts 400 characters as exactly 100 tokens. */
const text = (c: string) => c.repeat(400);
const OPENING = user('u1', null, text('x')) + reply('a1', 'u1', text('y'));

interface FollowDouble {
  parts: string[];
  deleted: boolean;
  modified: number;
}

/** Installs the picker double before the page's own scripts run. */
async function withPickerDouble(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state: FollowDouble = { parts: [], deleted: false, modified: 1 };
    const w = window as unknown as { __follow: FollowDouble; showOpenFilePicker: unknown };
    w.__follow = state;
    w.showOpenFilePicker = async () => [
      {
        kind: 'file',
        name: 'session.jsonl',
        getFile: async () => {
          if (state.deleted) throw new DOMException('A requested file could not be found', 'NotFoundError');
          return new File(state.parts, 'session.jsonl', { lastModified: state.modified });
        },
      },
    ];
  });
}

/** What the agent does to the file: append, write anew (truncate or replace), or delete it. */
async function write(page: Page, how: 'append' | 'replace' | 'delete', content = ''): Promise<void> {
  await page.evaluate(
    ([how, content]) => {
      const state = (window as unknown as { __follow: FollowDouble }).__follow;
      if (how === 'delete') state.deleted = true;
      else {
        state.deleted = false;
        if (how === 'replace') state.parts = [];
        state.parts.push(content);
      }
      state.modified++;
    },
    [how, content] as const,
  );
}

async function followWithExactCounts(page: Page): Promise<void> {
  await withPickerDouble(page);
  await openFresh(page);
  await page.getByTestId('setting-tokenizer').selectOption('chars4');
  // Picked by hand, the cut rule stays when the followed Claude Code session would choose its agent's preset.
  await page.getByTestId('setting-strategy').selectOption('budget');
  await page.getByTestId('setting-keep-recent').fill('100');
  await page.getByTestId('setting-reserve').fill('100');
  await page.getByTestId('setting-window').fill('1000');
  await write(page, 'append', OPENING);
  await page.getByTestId('follow-file').click();
  await expect(page.getByTestId('message-count')).toHaveText('2');
  await expect(page.getByTestId('total-tokens')).toHaveText('200');
}

test('appended lines update the numbers and the banner in place; a line in two pieces counts once whole', async ({
  page,
}) => {
  await followWithExactCounts(page);
  await expect(page.getByTestId('follow-status')).toContainText('Following session.jsonl');
  await expect(page.getByTestId('next-compaction')).toHaveText(
    'Next compaction in ~701 tokens (the recent rate needs two calls)',
  );
  // A line in two pieces: nothing changes until its second half arrives.
  const next = user('u2', 'a1', text('z')) + reply('a2', 'u2', text('w'));
  await write(page, 'append', next.slice(0, 700));
  await expect(page.getByTestId('message-count')).toHaveText('3');
  await write(page, 'append', next.slice(700));
  await expect(page.getByTestId('message-count')).toHaveText('4');
  await expect(page.getByTestId('total-tokens')).toHaveText('400');
  await expect(page.getByTestId('next-compaction')).toHaveText(
    'Next compaction in ~501 tokens (about 3 calls at the recent rate)',
  );
});

test('the newest message stays in view as the file grows', async ({ page }) => {
  await withPickerDouble(page);
  await openFresh(page);
  // The sample's exact count first: this test is about the list, not about following during a load.
  await expect(page.getByTestId('cut-index')).toHaveText('185', { timeout: 60_000 });
  let lines = '';
  let parent: string | null = null;
  for (let k = 0; k < 40; k++) {
    lines += user(`q${k}`, parent, `question ${k}`) + reply(`r${k}`, `q${k}`, `answer ${k}`);
    parent = `r${k}`;
  }
  await write(page, 'append', lines);
  await page.getByTestId('follow-file').click();
  await expect(page.getByTestId('message-count')).toHaveText('80', { timeout: 60_000 });
  await page.getByTestId('message-list').scrollIntoViewIfNeeded();
  await write(page, 'append', user('q40', 'r39', 'one more') + reply('r40', 'q40', 'the newest answer'));
  await expect(page.getByTestId('message-count')).toHaveText('82');
  const newest = page.locator('[data-testid="message-row"][data-index="81"]');
  await expect(newest).toContainText('the newest answer');
  await expect(newest).toBeInViewport();
  await expect(page.locator('[data-testid="message-row"][data-index="0"]')).not.toBeInViewport();
});

test('a truncated file is read again from the start, and a deleted one is waited for', async ({ page }) => {
  await followWithExactCounts(page);
  await write(page, 'replace', user('n1', null, text('q')));
  await expect(page.getByTestId('follow-status')).toContainText(
    'session.jsonl was truncated; read again from the start',
  );
  await expect(page.getByTestId('message-count')).toHaveText('1');
  await write(page, 'delete');
  await expect(page.getByTestId('follow-status')).toContainText(
    'session.jsonl was deleted; waiting for it to come back',
  );
  await write(page, 'append', user('n2', null, text('r')) + reply('b2', 'n2', text('s')));
  await expect(page.getByTestId('message-count')).toHaveText('2');
});

test('a file replaced by a longer one with other first lines is read as the new file', async ({ page }) => {
  await followWithExactCounts(page);
  const other = user('v1', null, text('k')) + reply('v2', 'v1', text('l')) + user('v3', 'v2', text('m'));
  await write(page, 'replace', other);
  await expect(page.getByTestId('follow-status')).toContainText('session.jsonl was replaced');
  await expect(page.getByTestId('message-count')).toHaveText('3');
});

test('a file that grew by 100 MB at once is read in slices, and the page stays on it', async ({ page }) => {
  await followWithExactCounts(page);
  await page.evaluate(
    ({ lines, bytes }) => {
      const state = (window as unknown as { __follow: FollowDouble }).__follow;
      const content = 'g'.repeat(bytes);
      let parent = 'a1';
      for (let k = 0; k < lines; k++) {
        const record = {
          isSidechain: false,
          sessionId: 's-1',
          type: 'user',
          uuid: `g${k}`,
          parentUuid: parent,
          message: { role: 'user', content },
        };
        state.parts.push(`${JSON.stringify(record)}\n`);
        parent = `g${k}`;
      }
      state.modified++;
    },
    { lines: 1000, bytes: 100_000 },
  );
  await expect(page.getByTestId('message-count')).toHaveText('1,002', { timeout: 180_000 });
  await expect(page.getByTestId('total-tokens')).toHaveText('25,000,200');
});

test('where the browser lacks the File System Access API, the page says so instead of offering the button', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete (Window.prototype as unknown as Record<string, unknown>).showOpenFilePicker;
    delete w.showOpenFilePicker;
  });
  await openFresh(page);
  await expect(page.getByTestId('follow-unavailable')).toContainText(
    'This browser cannot follow a file as it is written',
  );
  await expect(page.getByTestId('follow-file')).toHaveCount(0);
});
