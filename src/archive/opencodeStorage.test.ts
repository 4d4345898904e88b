import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { loadEstimator } from '../core/estimate';
import { DEFAULT_SETTINGS } from '../core/settings';
import { importChunks, importTranscript } from '../formats/registry';
import OPENCODE from '../formats/fixtures/opencode.json';
import { readSession } from './read';
import { sessionText } from './sessionText';
import { archiveReplay } from './replay';
import type { SessionReader } from './sessionReader';

interface Exported {
  info: { id: string };
  messages: { info: { id: string }; parts: { id: string }[] }[];
}

const ROOT = '.local/share/opencode/storage';

/**
 * The export fixture laid out as OpenCode's storage keeps it: a file per
 * session, message and part, each named by its id (the fixture's ids sort
 * as the messages happened, as OpenCode's time-ordered ids do). `name`
 * renames a file, as a copy under another name would be.
 */
function storage(exported: Exported, name: (id: string) => string = (id) => id): Record<string, string> {
  const files: Record<string, string> = {};
  files[`${ROOT}/session/9f0e/${name(exported.info.id)}.json`] = JSON.stringify(exported.info);
  for (const m of exported.messages) {
    files[`${ROOT}/message/${exported.info.id}/${name(m.info.id)}.json`] = JSON.stringify(m.info);
    for (const p of m.parts) files[`${ROOT}/part/${m.info.id}/${name(p.id)}.json`] = JSON.stringify(p);
  }
  return files;
}

function memoryReader(files: Record<string, string>): SessionReader {
  return {
    async *bytes(path) {
      if (!(path in files)) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      yield new TextEncoder().encode(files[path]);
    },
    list: async (dir) =>
      Object.keys(files)
        .filter((p) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes('/'))
        .map((p) => p.slice(dir.length + 1)),
    sqlite: () => initSqlJs(),
  };
}

describe("an OpenCode session from its storage's files", () => {
  it('is read into the same row as its export', async () => {
    const exported = OPENCODE as unknown as Exported;
    const files = storage(exported);
    const path = Object.keys(files).find((p) => p.includes('/session/'))!;
    const place = { layout: 'opencode-storage' as const, project: '9f0e', subagent: false };
    const result = await readSession(
      memoryReader(files),
      { path, place },
      {
        estimator: () => loadEstimator('o200k_base'),
      },
    );
    const whole = importTranscript(JSON.stringify(OPENCODE));
    expect(result.kind).toBe('row');
    if (result.kind !== 'row') return;
    expect(result.row).toMatchObject({
      file: path,
      format: 'opencode',
      messages: whole.messages.length,
      compactions: whole.history?.compactions.length ?? 0,
    });
    expect(result.row.error).toBeUndefined();
  });
});

describe('"Replay all" on an OpenCode session from its storage', () => {
  it('replays the storage as it replays the export: the same compactions, sizes and cost', async () => {
    const files = storage(OPENCODE as unknown as Exported);
    const path = Object.keys(files).find((p) => p.includes('/session/'))!;
    const place = { layout: 'opencode-storage' as const, project: '9f0e', subagent: false };
    const estimator = await loadEstimator('o200k_base');
    const settings = {
      ...DEFAULT_SETTINGS,
      maxContextTokens: 40_000,
      reserveTokens: 1_000,
      keepRecentTokens: 500,
    };
    const fromStorage = await importChunks(sessionText(memoryReader(files), { path, place }), {
      fileName: path,
    });
    const fromExport = importTranscript(JSON.stringify(OPENCODE));
    const replayed = await archiveReplay(fromStorage, settings, estimator, 'claude-sonnet-4-5');
    expect(replayed).toEqual(await archiveReplay(fromExport, settings, estimator, 'claude-sonnet-4-5'));
    // Its three calls fit the window: no compaction, each call priced at claude-sonnet-4-5.
    expect(replayed).toEqual({
      compactions: 0,
      peakContextTokens: 3_394,
      inputTokensTotal: 14_239,
      costUsd: expect.closeTo(0.0116787, 10),
      overflow: false,
    });
  });
});

describe('the folders of an OpenCode session', () => {
  const place = { layout: 'opencode-storage' as const, project: '9f0e', subagent: false };
  const read = (files: Record<string, string>, path: string) =>
    readSession(memoryReader(files), { path, place }, { estimator: () => loadEstimator('o200k_base') });

  it("are found by the records' own ids, not their file names", async () => {
    // Files copied under other names: the session's and messages' ids still lead to their folders.
    const files = storage(OPENCODE as unknown as Exported, (id) => `copy-of-${id}`);
    const path = Object.keys(files).find((p) => p.includes('/session/'))!;
    const result = await read(files, path);
    expect(result.kind === 'row' && [result.row.format, result.row.messages, result.row.error]).toEqual([
      'opencode',
      importTranscript(JSON.stringify(OPENCODE)).messages.length,
      undefined,
    ]);
  });

  it('that hold no messages are said to be missing where they were looked for', async () => {
    const path = `${ROOT}/session/9f0e/ses_lonely.json`;
    const result = await read({ [path]: JSON.stringify({ id: 'ses_lonely', title: 't' }) }, path);
    expect(result.kind === 'row' && result.row.error).toBe(
      `${path}: no messages for session ses_lonely (looked in ${ROOT}/message/ses_lonely/)`,
    );
  });
});
