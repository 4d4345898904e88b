import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeOf } from '../archive/layout';
import { readSession } from '../archive/read';
import type { SessionReader } from '../archive/sessionReader';
import { loadEstimator } from '../core/estimate';
import { nodeSqlite } from './sqlite';

/** A database as SQLite leaves it mid-run: the main file a header, both transactions in the log (`make.py`). */
const FIXTURE = join(__dirname, '__fixtures__/opencode-wal');
const MAIN = new Uint8Array(readFileSync(join(FIXTURE, 'opencode.db')));
const WAL = new Uint8Array(readFileSync(join(FIXTURE, 'opencode.db-wal')));
const DB = 'opencode/opencode.db';
const PAGE = 512;
const FRAME = 24 + PAGE;

function reader(files: Record<string, Uint8Array>): SessionReader {
  return {
    async *bytes(path) {
      if (!files[path]) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      yield files[path];
    },
    list: async (dir) =>
      Object.keys(files)
        .filter((p) => p.startsWith(`${dir}/`))
        .map((p) => p.slice(dir.length + 1)),
    sqlite: nodeSqlite,
  };
}

async function read(wal: Uint8Array | null) {
  const files: Record<string, Uint8Array> = { [DB]: MAIN };
  if (wal) files[`${DB}-wal`] = wal;
  const result = await readSession(
    reader(files),
    { path: DB, place: placeOf(DB)! },
    { estimator: () => loadEstimator('o200k_base') },
  );
  if (result.kind === 'rows')
    return result.rows.map(({ row }) => [row.file, row.messages, row.calls, row.error ?? null]);
  return result.kind === 'row' ? [[result.row.file, result.row.error]] : [];
}

/** The byte offset of the frame that commits the first transaction. */
function firstCommit(): number {
  const view = new DataView(WAL.buffer, WAL.byteOffset, WAL.byteLength);
  for (let at = 32; at + FRAME <= WAL.length; at += FRAME) if (view.getUint32(at + 4) > 0) return at;
  throw new Error('the fixture has no commit');
}

describe("a database's write-ahead log", () => {
  it('is read with the database: sessions that are only in the log are found', async () => {
    expect(MAIN.length).toBe(PAGE);
    // Two turns, each a question, a call and its result.
    expect(await read(WAL)).toEqual([[`${DB}#ses_wal0001`, 6, 2, null]]);
  });

  it('is needed: without it the header alone holds no tables', async () => {
    expect(await read(null)).toEqual([
      [DB, `${DB}: not an OpenCode database (no session, message, part tables)`],
    ]);
  });

  it('counts only whole transactions: a torn last frame leaves the transaction before it', async () => {
    expect(await read(WAL.slice(0, WAL.length - 100))).toEqual([[`${DB}#ses_wal0001`, 3, 1, null]]);
  });

  it('stops at a frame whose checksum does not hold, keeping the transactions before it', async () => {
    const flipped = WAL.slice();
    const inSecond = firstCommit() + FRAME + 24 + 100;
    flipped[inSecond] = flipped[inSecond]! ^ 0xff;
    expect(await read(flipped)).toEqual([[`${DB}#ses_wal0001`, 3, 1, null]]);
  });

  it("ignores frames left from an older log (salts that are not the header's)", async () => {
    const stale = WAL.slice();
    const second = firstCommit() + FRAME;
    stale[second + 8] = stale[second + 8]! ^ 0x01;
    expect(await read(stale)).toEqual([[`${DB}#ses_wal0001`, 3, 1, null]]);
  });
});
