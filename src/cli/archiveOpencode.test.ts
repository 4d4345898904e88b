import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOf } from '../archive/layout';
import { readSession } from '../archive/read';
import type { SessionReader } from '../archive/sessionReader';
import { opencodeDatabase, taggedIds, type Exported } from '../archive/opencodeDatabaseSupport.node';
import { loadEstimator } from '../core/estimate';
import OPENCODE_COMPACTIONS from '../formats/fixtures/opencode-compactions.json';
import OPENCODE from '../formats/fixtures/opencode.json';
import type { ArchiveDocument } from './archive';
import { nodeSqlite } from './sqlite';
import { run, scratch } from './testSupport.node';

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

describe('compaction-playground archive on OpenCode data folders', () => {
  const FIRST = OPENCODE as unknown as Exported;
  const SECOND = taggedIds(OPENCODE_COMPACTIONS as unknown as Exported, 'b');
  let home: string;
  let doc: ArchiveDocument;

  const write = (path: string, bytes: Uint8Array | string) => {
    mkdirSync(dirname(join(home, path)), { recursive: true });
    writeFileSync(join(home, path), bytes);
  };

  beforeAll(async () => {
    home = join(scratch('archive-opencode-').dir, 'home');
    // Today's OpenCode: the database, sessions of two projects in it.
    write(
      'now/.local/share/opencode/opencode.db',
      await opencodeDatabase([
        { exported: FIRST, project: 'prj_login' },
        { exported: SECOND, project: 'prj_shop' },
      ]),
    );
    // A run just ended: everything in the log, its index beside it.
    write('mid-run/opencode/opencode.db', MAIN);
    write('mid-run/opencode/opencode.db-wal', WAL);
    write('mid-run/opencode/opencode.db-shm', new Uint8Array(32_768));
    // OpenCode before the database: the JSON tree, a file per session, message and part.
    const storage = 'before/.local/share/opencode/storage';
    write(`${storage}/session/prj_login/${FIRST.info.id}.json`, JSON.stringify(FIRST.info));
    for (const m of FIRST.messages) {
      write(`${storage}/message/${FIRST.info.id}/${m.info.id}.json`, JSON.stringify(m.info));
      for (const p of m.parts) write(`${storage}/part/${m.info.id}/${p.id}.json`, JSON.stringify(p));
    }
    const r = await run(['archive', home, '--json', '--jobs', '2']);
    expect(r.code).toBe(0);
    doc = JSON.parse(r.out) as ArchiveDocument;
  }, 120_000);

  afterAll(() => rmSync(dirname(home), { recursive: true, force: true }));

  it("reads every session of the database and its log, and the JSON tree's, skipping no file", () => {
    expect(
      doc.sessions.map((s) => [
        s.file,
        s.format,
        s.layout,
        s.messages,
        s.calls,
        s.compactions,
        s.error ?? null,
      ]),
    ).toEqual([
      [
        `before/.local/share/opencode/storage/session/prj_login/${FIRST.info.id}.json`,
        'opencode',
        'opencode-storage',
        6,
        6,
        1,
        null,
      ],
      ['mid-run/opencode/opencode.db#ses_wal0001', 'opencode', 'opencode-db', 6, 2, 0, null],
      [`now/.local/share/opencode/opencode.db#${FIRST.info.id}`, 'opencode', 'opencode-db', 6, 6, 1, null],
      [`now/.local/share/opencode/opencode.db#${SECOND.info.id}`, 'opencode', 'opencode-db', 5, 5, 2, null],
    ]);
    expect(doc.totals).toMatchObject({ sessions: 4, errors: 0, skippedFiles: 0 });
  });

  it('gives a session the same numbers from the database as from the JSON tree', () => {
    const pick = ({
      file: _f,
      bytes: _b,
      layout: _l,
      project: _p,
      ...numbers
    }: ArchiveDocument['sessions'][number]) => numbers;
    const [tree, , db] = doc.sessions;
    expect(pick(db!)).toEqual(pick(tree!));
  });
});
