/**
 * `archive --out`: the target checked before a file of the folder is read,
 * and the two tables written as rows arrive (CSV and JSON Lines a row at a
 * time, Parquet at the end). The tables' own real paths are handed to the
 * walk, so a run whose `--out` lies inside DIR never reads what it wrote.
 */
import { constants, createWriteStream, type WriteStream } from 'node:fs';
import { access, realpath, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { CompactionRow, SessionRow } from '../archive/row';
import {
  COMPACTION_COLUMNS,
  csvHeader,
  csvLine,
  jsonLine,
  parquetTable,
  SESSION_COLUMNS,
  type Column,
  type tablePaths,
  type TableFormat,
} from '../archive/tables';
import { UsageError } from './io';

export type OutPaths = NonNullable<ReturnType<typeof tablePaths>>;

/**
 * Refuses an `--out` that cannot be written, before the walk: its folder must
 * exist and be writable (it is not made: a mistyped folder is more likely
 * than a wanted new one), and neither table may be a folder. Returns the
 * tables' real paths, for the walk to pass over.
 */
export async function checkOut(out: OutPaths, given: string): Promise<Set<string>> {
  const folder = dirname(resolve(out.sessions));
  const info = await stat(folder).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(
      error.code === 'ENOENT'
        ? `--out ${given}: the folder ${folder} does not exist (make it first)`
        : `--out ${given}: the folder ${folder} cannot be read (${error.code ?? error.message})`,
    );
  });
  if (!info.isDirectory()) throw new UsageError(`--out ${given}: ${folder} is not a folder`);
  await access(folder, constants.W_OK).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`--out ${given}: cannot write in ${folder} (${error.code ?? error.message})`);
  });
  const real = await realpath(folder);
  const tables = [out.sessions, out.compactions].map((path) => join(real, basename(path)));
  for (const table of tables) {
    const existing = await stat(table).catch(() => null);
    if (existing?.isDirectory()) throw new UsageError(`--out ${given}: ${table} is a folder`);
  }
  return new Set(tables);
}

export interface Tables {
  add(row: SessionRow, rows: CompactionRow[]): void;
  close(): Promise<void>;
}

/** The two tables being written: CSV and JSONL a row at a time, Parquet at the end. */
export function openTables(out: OutPaths): Tables {
  const { format } = out;
  if (format === 'parquet') {
    const sessions: SessionRow[] = [];
    const compactions: CompactionRow[] = [];
    return {
      add(row, rows) {
        sessions.push(row);
        for (const c of rows) compactions.push(c);
      },
      async close() {
        await writeFile(out.sessions, new Uint8Array(parquetTable(SESSION_COLUMNS, sessions)));
        await writeFile(out.compactions, new Uint8Array(parquetTable(COMPACTION_COLUMNS, compactions)));
      },
    };
  }
  const sessions = lineWriter(out.sessions, format, SESSION_COLUMNS);
  const compactions = lineWriter(out.compactions, format, COMPACTION_COLUMNS);
  return {
    add(row, rows) {
      sessions.write(row);
      for (const c of rows) compactions.write(c);
    },
    async close() {
      await Promise.all([sessions.close(), compactions.close()]);
    },
  };
}

function lineWriter<R>(path: string, format: Exclude<TableFormat, 'parquet'>, columns: readonly Column<R>[]) {
  const stream: WriteStream = createWriteStream(path);
  // A failure (the disk full, the folder gone since the check) is said when the table is closed.
  let failure: Error | null = null;
  stream.on('error', (error) => (failure ??= error));
  if (format === 'csv') stream.write(csvHeader(columns));
  return {
    write(row: R) {
      if (!failure) stream.write(format === 'csv' ? csvLine(columns, row) : jsonLine(columns, row));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (failure) return reject(tableError(path, failure));
        stream.once('error', (error) => reject(tableError(path, error)));
        stream.end(() => (failure ? reject(tableError(path, failure)) : resolve()));
      }),
  };
}

function tableError(path: string, error: Error): Error {
  const code = (error as NodeJS.ErrnoException).code;
  return new Error(`--out: ${path} could not be written (${code ?? error.message})`);
}
