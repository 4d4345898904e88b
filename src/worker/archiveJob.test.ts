import { beforeEach, describe, expect, it, vi } from 'vitest';
import { placeOf } from '../archive/layout';
import { archiveReplay } from '../archive/replay';
import { DEFAULT_SETTINGS, loadEstimator, type SettingsFields } from '../core';
import { fixture } from '../formats/testSupport.node';
import type { ArchiveReply, ArchiveRequest } from './archiveProtocol';

/** Every import of a session's text, counted: the archive's rows and replays import through this one function. */
const imports = vi.hoisted(() => ({ count: 0 }));
vi.mock('../formats/registry', async (original) => {
  const actual = await original<typeof import('../formats/registry')>();
  return {
    ...actual,
    importChunks: ((...args: Parameters<typeof actual.importChunks>) => {
      imports.count++;
      return actual.importChunks(...args);
    }) as typeof actual.importChunks,
  };
});

const { answerArchive } = await import('./archiveJob');
const { importChunks } = await import('../formats/registry');

const path = '.claude/projects/-home-dev-app/1b2c3d4e.jsonl';
const text = fixture('claude-code.jsonl');
const settings: SettingsFields = { ...DEFAULT_SETTINGS, tokenizer: 'chars4' };

function request(replay?: SettingsFields): ArchiveRequest {
  const file = new File([text], '1b2c3d4e.jsonl');
  return {
    id: 7,
    path,
    place: placeOf(path)!,
    size: file.size,
    source: { kind: 'files', files: { [path]: file } },
    ...(replay ? { replay } : {}),
  };
}

async function answered(req: ArchiveRequest) {
  const replies: ArchiveReply[] = [];
  await answerArchive(req, (reply) => replies.push(reply));
  const done = replies.find((r) => r.type === 'done');
  if (!done || done.type !== 'done') throw new Error(`no row: ${JSON.stringify(replies)}`);
  return done;
}

describe('an archive worker answering one session', () => {
  beforeEach(() => {
    imports.count = 0;
  });

  it('a table read imports the file once and replays nothing', async () => {
    const done = await answered(request());
    expect(imports.count).toBe(1);
    expect(done.result.kind).toBe('row');
    expect('replay' in done).toBe(false);
  });

  it('"Replay all" imports the file once for both its row and its replay', async () => {
    const done = await answered(request(settings));
    expect(imports.count).toBe(1);
    if (done.result.kind !== 'row') throw new Error('not a row');
    expect(done.result.row.error).toBeUndefined();
    // The figures are those of the session imported on its own and replayed under the same settings.
    const imported = await importChunks(
      (async function* () {
        yield text;
      })(),
      { fileName: path },
    );
    const expected = await archiveReplay(
      imported,
      settings,
      await loadEstimator('chars4'),
      done.result.row.model,
    );
    expect(done.replay).toEqual(expected);
    expect(done.replay).toEqual({
      compactions: 0,
      peakContextTokens: 15804,
      inputTokensTotal: 60971,
      costUsd: 0.0321078,
      overflow: false,
    });
  });

  it('a file that does not import gets no replay, and is imported only the once that failed', async () => {
    const req = request(settings);
    req.source = { kind: 'files', files: { [path]: new File(['{"type":"user","message":'], 'x.jsonl') } };
    const done = await answered(req);
    expect(imports.count).toBe(1);
    expect(done.replay).toBeNull();
  });
});
