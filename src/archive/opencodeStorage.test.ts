import { describe, expect, it } from 'vitest';
import { loadEstimator } from '../core/estimate';
import { DEFAULT_SETTINGS } from '../core/settings';
import { importChunks, importTranscript } from '../formats/registry';
import OPENCODE from '../formats/fixtures/opencode.json';
import { readSession, sessionText } from './read';
import { archiveReplay } from './replay';
import type { SessionReader } from './sessionReader';

interface Exported {
  info: { id: string };
  messages: { info: { id: string }; parts: { id: string }[] }[];
}

/** The export fixture laid out as OpenCode's storage keeps it: a file per session, message and part. */
function storage(exported: Exported): Record<string, string> {
  const files: Record<string, string> = {};
  const root = '.local/share/opencode/storage';
  files[`${root}/session/9f0e/${exported.info.id}.json`] = JSON.stringify(exported.info);
  exported.messages.forEach((m, i) => {
    // Names that sort as the messages happened, as OpenCode's time-ordered ids do.
    const id = `msg_${String(i).padStart(3, '0')}`;
    files[`${root}/message/${exported.info.id}/${id}.json`] = JSON.stringify(m.info);
    m.parts.forEach((p, k) => {
      files[`${root}/part/${id}/prt_${String(k).padStart(3, '0')}.json`] = JSON.stringify(p);
    });
  });
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
