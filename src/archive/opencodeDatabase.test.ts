import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { loadEstimator } from '../core/estimate';
import { importChunks, importTranscript } from '../formats/registry';
import OPENCODE_COMPACTIONS from '../formats/fixtures/opencode-compactions.json';
import OPENCODE from '../formats/fixtures/opencode.json';
import { placeOf } from './layout';
import { openOpenCodeDatabase } from './opencodeDatabase';
import { opencodeDatabase, taggedIds, type Exported } from './opencodeDatabaseSupport.node';
import { readSession } from './read';
import type { SessionResult } from './row';
import type { SessionReader } from './sessionReader';
import { sessionText } from './sessionText';

const DB = '.local/share/opencode/opencode.db';
const FIRST = OPENCODE as unknown as Exported;
/** The two fixtures both count from msg_01: the second's ids tagged, unique as OpenCode's are. */
const SECOND = taggedIds(OPENCODE_COMPACTIONS as unknown as Exported, 'b');

function memoryReader(files: Record<string, Uint8Array>): SessionReader {
  return {
    async *bytes(path) {
      const file = files[path];
      if (!file) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      yield file;
    },
    list: async (dir) =>
      Object.keys(files)
        .filter((p) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes('/'))
        .map((p) => p.slice(dir.length + 1)),
    sqlite: () => initSqlJs(),
  };
}

/** Two sessions of two projects; the second a sub-agent's, started from the first. */
async function twoSessions(): Promise<SessionReader> {
  const bytes = await opencodeDatabase([
    { exported: FIRST, project: 'prj_login' },
    { exported: SECOND, project: 'prj_shop', parentId: FIRST.info.id },
  ]);
  return memoryReader({ [DB]: bytes });
}

const estimator = () => loadEstimator('o200k_base');

async function rowsOf(reader: SessionReader): Promise<SessionResult[]> {
  const result = await readSession(reader, { path: DB, place: placeOf(DB)! }, { estimator });
  if (result.kind !== 'rows') throw new Error(`expected rows, got ${result.kind}`);
  return result.rows;
}

/** The row the archive gives the export file itself, for comparison. */
async function exportRow(exported: Exported): Promise<SessionResult> {
  const text = new TextEncoder().encode(JSON.stringify(exported));
  const path = 'export.json';
  const result = await readSession(
    memoryReader({ [path]: text }),
    { path, place: { layout: 'jsonl', project: null, subagent: false } },
    { estimator },
  );
  if (result.kind !== 'row') throw new Error('the export did not import');
  return result;
}

describe("OpenCode's database", () => {
  it('is found by its name, wherever the data folder is', () => {
    expect(placeOf(DB)).toEqual({ layout: 'opencode-db', project: null, subagent: false });
    expect(placeOf('opencode.db')?.layout).toBe('opencode-db');
    expect(placeOf(`${DB}-wal`)).toBeNull();
  });

  it('gives a row per session, named by the database and the session id, a sub-agent by its parent', async () => {
    const rows = await rowsOf(await twoSessions());
    expect(
      rows.map(({ row }) => [row.file, row.format, row.project, row.subagent, row.error ?? null]),
    ).toEqual([
      [`${DB}#ses_5f1a2b3c4d5eFfGgHh`, 'opencode', '/home/dev/proj', false, null],
      [`${DB}#ses_6a2c9e1f0b3dKkLmNp`, 'opencode', '/home/dev/shop', true, null],
    ]);
  });

  it('reads each session exactly as its export: messages, calls, compactions, tokens and times', async () => {
    const rows = await rowsOf(await twoSessions());
    for (const [exported, { row, compactions }] of [
      [FIRST, rows[0]!],
      [SECOND, rows[1]!],
    ] as const) {
      const whole = await exportRow(exported);
      const {
        file: _file,
        bytes: _bytes,
        layout: _layout,
        project: _project,
        subagent: _subagent,
        ...same
      } = row;
      const { file: _f, bytes: _b, layout: _l, project: _p, subagent: _s, ...expected } = whole.row;
      expect(same).toEqual(expected);
      expect(compactions.map(({ file: _x, ...c }) => c)).toEqual(
        whole.compactions.map(({ file: _x, ...c }) => c),
      );
    }
    // The second session's two compactions, each from its summary message.
    expect(rows[1]!.row).toMatchObject({ compactions: 2, cwd: '/home/dev/shop', format: 'opencode' });
    expect(rows[1]!.compactions.map((c) => [c.index, c.trigger, c.source])).toEqual([
      [0, 'auto', 'summary message'],
      [1, 'manual', 'summary message'],
    ]);
  });

  it('joins a session into the export the importer reads: every tool call followed by its result', async () => {
    const reader = await twoSessions();
    const path = `${DB}#${FIRST.info.id}`;
    const fromDb = await importChunks(sessionText(reader, { path, place: placeOf(DB)! }), { fileName: path });
    const fromExport = importTranscript(JSON.stringify(FIRST));
    expect(fromDb.messages).toEqual(fromExport.messages);
    expect(fromDb.history).toEqual(fromExport.history);
    const calls = fromDb.messages.flatMap((m) => m.toolCalls?.map((c) => c.id) ?? []);
    const results = fromDb.messages.filter((m) => m.role === 'tool').map((m) => m.toolCallId);
    expect(calls.length).toBeGreaterThan(0);
    expect(results).toEqual(calls);
  });

  it("names the OpenCode version its session row records, as an export's `info.version` does", async () => {
    const reader = await twoSessions();
    const path = `${DB}#${FIRST.info.id}`;
    const fromDb = await importChunks(sessionText(reader, { path, place: placeOf(DB)! }), { fileName: path });
    expect(fromDb.usage?.agentVersion).toBe('1.18.33');
  });

  it('orders messages by creation time, then id, as OpenCode lists them', async () => {
    const later = structuredClone(FIRST);
    // The first message written last: OpenCode lists it last, whatever its id.
    later.messages[0]!.info.time = { created: 1_760_000_999_000 };
    const reader = memoryReader({ [DB]: await opencodeDatabase([{ exported: later, project: 'p' }]) });
    const db = await openOpenCodeDatabase(reader, DB);
    const exported = db.exportOf(FIRST.info.id);
    db.close();
    expect(exported.ok && (JSON.parse(exported.text) as Exported).messages.map((m) => m.info.id)).toEqual([
      'msg_02',
      'msg_03',
      'msg_04',
      'msg_05',
      'msg_06',
      'msg_07',
      'msg_08',
      'msg_01',
    ]);
  });

  it('gives a session whose stored data is not JSON a row with the message and part it names', async () => {
    const bytes = await opencodeDatabase([{ exported: FIRST, project: 'p' }]);
    const SQL = await initSqlJs();
    const db = new SQL.Database(bytes);
    db.run("UPDATE part SET data = '{torn' WHERE id = 'prt_04'");
    const rows = await rowsOf(memoryReader({ [DB]: db.export() }));
    expect(rows.map(({ row }) => [row.file, row.error])).toEqual([
      [`${DB}#ses_5f1a2b3c4d5eFfGgHh`, `${DB}: part prt_04: its data is not JSON`],
    ]);
  });

  it('says a database without OpenCode tables is not one, in one row for the file', async () => {
    const SQL = await initSqlJs();
    const other = new SQL.Database();
    other.exec('CREATE TABLE notes (id text)');
    const result = await readSession(
      memoryReader({ [DB]: other.export() }),
      { path: DB, place: placeOf(DB)! },
      { estimator },
    );
    expect(result.kind === 'row' && result.row.error).toBe(
      `${DB}: not an OpenCode database (no session, message, part tables)`,
    );
  });

  it('reads no database over the import limit: one row with the size read and the limit', async () => {
    const megabyte = new Uint8Array(1024 * 1024);
    let read = 0;
    const huge: SessionReader = {
      // The same megabyte over and over: 200 MB and one more, never held at once.
      async *bytes() {
        for (let i = 0; i < 201; i++) {
          read++;
          yield megabyte;
        }
      },
      list: async () => [],
      sqlite: () => Promise.reject(new Error('SQLite is not needed to refuse a database this large')),
    };
    const result = await readSession(huge, { path: DB, place: placeOf(DB)! }, { estimator });
    expect(result.kind === 'row' && result.row.error).toBe(
      `${DB}: the database is too large to read (over 201.0 MB with its log; the limit is 200.0 MB)`,
    );
    expect(read).toBe(201);
  });

  it('says a file that is not SQLite is not a database', async () => {
    const result = await readSession(
      memoryReader({ [DB]: new TextEncoder().encode('not a database at all, just text') }),
      { path: DB, place: placeOf(DB)! },
      { estimator },
    );
    expect(result.kind === 'row' && result.row.error).toMatch(
      new RegExp(`^${DB.replace(/\./g, '\\.')}: not a readable SQLite database \\(`),
    );
  });
});
