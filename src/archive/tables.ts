/**
 * The archive's two tables as files DuckDB reads as they are: the sessions,
 * and one row per recorded compaction, joined on `file`. One column list per
 * table, as data, serves every file type: CSV and JSON Lines are written a
 * row at a time as rows arrive; Parquet (hyparquet-writer) once at the end.
 *
 * A Parquet, CSV or JSONL file holds one table, so `--out NAME.EXT` writes
 * `NAME.sessions.EXT` and `NAME.compactions.EXT` (docs/archive.md).
 */
import { parquetWriteBuffer, type ColumnSource } from 'hyparquet-writer';
import type { LedgerFigures } from './ledger';
import type { CompactionRow, SessionRow } from './row';

export type ColumnType = 'STRING' | 'INT64' | 'DOUBLE' | 'BOOLEAN' | 'TIMESTAMP';
type Cell = string | number | boolean | null;

export interface Column<R> {
  name: string;
  type: ColumnType;
  value: (row: R) => Cell;
}

const text = <R>(name: string, value: (row: R) => string | null): Column<R> => ({
  name,
  type: 'STRING',
  value,
});
const int = <R>(name: string, value: (row: R) => number | null): Column<R> => ({
  name,
  type: 'INT64',
  value,
});
const real = <R>(name: string, value: (row: R) => number | null): Column<R> => ({
  name,
  type: 'DOUBLE',
  value,
});
const flag = <R>(name: string, value: (row: R) => boolean): Column<R> => ({ name, type: 'BOOLEAN', value });
const time = <R>(name: string, value: (row: R) => string | null): Column<R> => ({
  name,
  type: 'TIMESTAMP',
  value,
});

/**
 * The ledger's columns, which both tables carry in this order: what the
 * summaries kept, then the amnesia bill, whose first columns differ (`head`:
 * a session's most calls to the first edit; a compaction's own, and its pace
 * before).
 */
function ledgerColumns<R extends LedgerFigures>(head: readonly Column<R>[]): Column<R>[] {
  return [
    real('survival', (r) => r.survival),
    int('rereads', (r) => r.rereads),
    int('loops', (r) => r.loops),
    int('lostPaths', (r) => r.lostPaths),
    real('pathSurvival', (r) => r.pathSurvival),
    real('commandSurvival', (r) => r.commandSurvival),
    real('instructionSurvival', (r) => r.instructionSurvival),
    ...head,
    int('billFreshStart', (r) => r.billFreshStart),
    int('billFilesReRead', (r) => r.billFilesReRead),
    int('billCommandsReRun', (r) => r.billCommandsReRun),
    int('billRegatherTokens', (r) => r.billRegatherTokens),
    real('billRegatherCostUsd', (r) => r.billRegatherCostUsd),
    int('billFactsLost', (r) => r.billFactsLost),
  ];
}

export const SESSION_COLUMNS: readonly Column<SessionRow>[] = [
  text('file', (r) => r.file),
  text('format', (r) => r.format),
  text('layout', (r) => r.layout),
  text('project', (r) => r.project),
  text('cwd', (r) => r.cwd),
  flag('subagent', (r) => r.subagent),
  time('firstTime', (r) => r.firstTime),
  time('lastTime', (r) => r.lastTime),
  int('bytes', (r) => r.bytes),
  int('messages', (r) => r.messages),
  int('historyMessages', (r) => r.historyMessages),
  int('calls', (r) => r.calls),
  int('compactions', (r) => r.compactions),
  int('peakContextTokens', (r) => r.peakContextTokens),
  int('inputTokensTotal', (r) => r.inputTokensTotal),
  int('cacheReadTokens', (r) => r.cacheReadTokens),
  int('cacheWriteTokens', (r) => r.cacheWriteTokens),
  int('outputTokens', (r) => r.outputTokens),
  text('model', (r) => r.model),
  real('costUsd', (r) => r.costUsd),
  text('models', (r) => r.models),
  int('callsWithoutModel', (r) => r.callsWithoutModel),
  flag('estimated', (r) => r.estimated),
  ...ledgerColumns<SessionRow>([int('billActionsToFirstEditMax', (r) => r.billActionsToFirstEdit)]),
  text('error', (r) => r.error ?? null),
];

export const COMPACTION_COLUMNS: readonly Column<CompactionRow>[] = [
  text('file', (r) => r.file),
  int('index', (r) => r.index),
  int('atMessage', (r) => r.atMessage),
  text('trigger', (r) => r.trigger),
  int('tokensBefore', (r) => r.tokensBefore),
  int('tokensAfter', (r) => r.tokensAfter),
  text('source', (r) => r.source),
  int('line', (r) => r.line),
  ...ledgerColumns<CompactionRow>([
    int('billActionsToFirstEdit', (r) => r.billActionsToFirstEdit),
    real('billPaceBefore', (r) => r.billPaceBefore),
  ]),
];

export type TableFormat = 'parquet' | 'csv' | 'jsonl';

/** `archive.parquet` → `archive.sessions.parquet` and `archive.compactions.parquet`. */
export function tablePaths(
  out: string,
): { format: TableFormat; sessions: string; compactions: string } | null {
  const match = /^(.*)\.(parquet|csv|jsonl)$/i.exec(out);
  if (!match) return null;
  const [, stem, ext] = match;
  const format = ext!.toLowerCase() as TableFormat;
  return { format, sessions: `${stem}.sessions.${ext}`, compactions: `${stem}.compactions.${ext}` };
}

/**
 * Characters a CSV cell shows as `\uXXXX` text: the C0 controls but tab, line
 * feed and carriage return (which quoting carries), DEL, the C1 controls, and
 * the bidi controls that reorder what a cell seems to say. A file name or a
 * model is the session's, not ours: raw, ESC would reach the terminal of
 * whoever prints the file.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CSV_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** A text cell starting with one of these is a formula to a spreadsheet (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, quotes
 * doubled. A text cell (never a number: -3 stays a number) that a
 * spreadsheet would run as a formula gets a leading `'`, as OWASP advises,
 * and control characters are written as `\uXXXX` text.
 */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  let s = String(cell);
  if (typeof cell === 'string') {
    s = s.replace(CSV_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (FORMULA_START.test(s)) s = `'${s}`;
  }
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvHeader<R>(columns: readonly Column<R>[]): string {
  return `${columns.map((c) => csvField(c.name)).join(',')}\n`;
}

export function csvLine<R>(columns: readonly Column<R>[], row: R): string {
  return `${columns.map((c) => csvField(c.value(row))).join(',')}\n`;
}

/** One JSON object per line, every column present (null where empty), in column order. */
export function jsonLine<R>(columns: readonly Column<R>[], row: R): string {
  return `${JSON.stringify(Object.fromEntries(columns.map((c) => [c.name, c.value(row)])))}\n`;
}

/** The whole table as one Parquet file's bytes. */
export function parquetTable<R>(columns: readonly Column<R>[], rows: readonly R[]): ArrayBuffer {
  const columnData: ColumnSource[] = columns.map((c) => ({
    name: c.name,
    type: c.type,
    nullable: true,
    data: rows.map((r) => parquetCell(c.type, c.value(r))),
  }));
  return parquetWriteBuffer({ columnData });
}

function parquetCell(type: ColumnType, cell: Cell): unknown {
  if (cell === null) return null;
  if (type === 'INT64') return BigInt(Math.round(cell as number));
  if (type === 'TIMESTAMP') return new Date(cell as string);
  return cell;
}
