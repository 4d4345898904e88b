/**
 * `archive DIR`: every session under a folder, one row each, with totals;
 * `--out` writes the rows as tables for DuckDB. The walk streams the folder,
 * the archive's driver (`src/archive/drive.ts`) hands the sessions to a
 * worker per core, and each file is dropped once its row is made, so a
 * folder of any size is read in bounded memory.
 */
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { driveArchive, type DriveJob } from '../archive/drive';
import { sessionResults, type SessionRow } from '../archive/row';
import { tablePaths } from '../archive/tables';
import { addRow, emptyTotals, totalsOf, type ArchiveTotals } from '../archive/totals';
import { walkFolder } from '../archive/walk';
import { normalizeSettings, TOKENIZERS, type TokenizerId } from '../core';
import { countOf, formatBytes } from '../core/numbers';
import { diskFolder } from './archiveFolder';
import { checkOut, openTables, type OutPaths } from './archiveOut';
import { createArchivePool } from './archivePool';
import { UsageError, jsonDocument, type Io } from './io';
import { integer, oneOf, parse } from './options';

export const ARCHIVE_HELP = `Usage: compaction-playground archive DIR [--json] [--out FILE] [--follow-links]

Reads every session under DIR, in the layouts the agents keep them
(~/.claude/projects, ~/.codex/sessions, ~/.pi/agent/sessions, Gemini CLI's
chats, OpenCode's opencode.db and older storage, Cline and Roo Code tasks),
one row per session (opencode.db#<session id> for each of a database's):
format, project, first and last time, messages, model calls, recorded
compactions, peak context, input tokens over all calls, cache reads and
writes, cost, and the error of a file that does not import. Files that are
not sessions are skipped. A file that records its usage is summed from it;
one that does not is counted, and its row is marked estimated. Links that
lead out of DIR are not followed, only counted; a link to a place inside DIR
is not read through (its target is read where it is).

Options:
  --json              the rows and totals as JSON
  --out FILE          also write the tables for DuckDB: FILE.parquet, .csv or
                      .jsonl becomes FILE.sessions.EXT and FILE.compactions.EXT;
                      FILE's folder must exist (checked before DIR is read)
  --follow-links      also read through links that lead out of DIR
  --jobs N            worker threads (default: one per core)
  --tokenizer NAME    how estimated rows are counted: ${TOKENIZERS.join(', ')} (default o200k_base)
  --scale X           the scale applied to estimated counts (default 1)`;

const OPTIONS = {
  json: { type: 'boolean' },
  out: { type: 'string' },
  'follow-links': { type: 'boolean' },
  jobs: { type: 'string' },
  tokenizer: { type: 'string' },
  scale: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** How often progress is printed while the archive is read. */
const PROGRESS_MS = 1000;

export interface ArchiveDocument {
  sessions: SessionRow[];
  totals: ArchiveTotals;
  /** Places under the folder that could not be read (a folder without permission, a dangling link). */
  problems: { path: string; reason: string }[];
}

export async function archiveCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS);
  if (values.help) {
    io.out(ARCHIVE_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('archive needs exactly one DIR (see --help)');
  const root = positionals[0]!;
  const out = values.out === undefined ? null : tablePaths(values.out);
  if (values.out !== undefined && !out)
    throw new UsageError(`--out: expected a file ending in .parquet, .csv or .jsonl, got '${values.out}'`);
  const jobs = integer(values, 'jobs', 'threads');
  if (jobs === 0) throw new UsageError("--jobs: expected at least 1 thread, got '0'");
  const scaleText = typeof values.scale === 'string' ? values.scale : undefined;
  const { tokenizer, scale } = normalizeSettings({
    tokenizer: oneOf(values, 'tokenizer', TOKENIZERS) ?? 'o200k_base',
    ...(scaleText !== undefined ? { scale: Number(scaleText) } : {}),
  });
  // Checked before a file is read: a target that cannot be written would otherwise fail after the walk.
  const exclude = out ? await checkOut(out, values.out!) : new Set<string>();
  const followLinks = values['follow-links'] === true;
  const folder = await diskFolder(root, { followLinks, exclude }).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(
      error.code === 'ENOENT'
        ? `${root}: no such folder`
        : error.code === 'ENOTDIR'
          ? `${root}: is a file, not a folder (inspect or replay read one session)`
          : `${root}: cannot be read (${error.code ?? error.message})`,
    );
  });
  const doc = await readArchive(root, folder, { tokenizer, scale, jobs, out, followLinks, io });
  io.out(values.json ? jsonDocument(doc) : renderArchive(doc));
  return 0;
}

interface ReadArchiveOptions {
  tokenizer: TokenizerId;
  scale: number;
  jobs: number | undefined;
  out: OutPaths | null;
  followLinks: boolean;
  io: Io;
}

async function readArchive(
  root: string,
  folder: Awaited<ReturnType<typeof diskFolder>>,
  options: ReadArchiveOptions,
): Promise<ArchiveDocument> {
  const started = performance.now();
  const pool = createArchivePool({
    root,
    tokenizer: options.tokenizer,
    scale: options.scale,
    followLinks: options.followLinks,
    size: options.jobs,
  });
  const tables = options.out ? openTables(options.out) : null;
  const problems: ArchiveDocument['problems'] = [];
  const totals = emptyTotals();
  const progress = setInterval(() => options.io.err(progressLine(totals, started)), PROGRESS_MS);
  // The walk's sessions for the driver; what is not a session is counted here.
  async function* sessionsOf(): AsyncGenerator<DriveJob> {
    for await (const item of walkFolder(folder)) {
      if (item.kind === 'skipped') totals.skippedFiles++;
      else if (item.kind === 'outside-link') totals.skippedLinks++;
      else if (item.kind === 'problem') problems.push({ path: item.path, reason: item.reason });
      else yield { path: item.path, place: item.place, size: item.size ?? (await sizeOnDisk(item.file)) };
    }
  }
  let sessions: SessionRow[];
  try {
    ({ rows: sessions } = await driveArchive({
      pool,
      files: sessionsOf(),
      onResult: (result) => {
        if (result.kind === 'skipped') {
          totals.skippedFiles++;
          return;
        }
        for (const { row, compactions } of sessionResults(result)) {
          addRow(totals, row);
          tables?.add(row, compactions);
        }
      },
    }));
    await tables?.close();
  } finally {
    clearInterval(progress);
    await pool.close();
  }
  options.io.err(progressLine(totals, started, true));
  // Summed again in the rows' order: the running totals met the rows as the workers finished them,
  // and a sum of costs in another order can differ in its last digits from one run to the next.
  return { sessions, totals: totalsOf(sessions, totals.skippedFiles, totals.skippedLinks), problems };
}

/** A file's size, or 0 when it cannot be looked at (its worker then says why, in its row). */
async function sizeOnDisk(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

function progressLine(t: ArchiveTotals, started: number, done = false): string {
  const seconds = (performance.now() - started) / 1000;
  const rate = seconds > 0 ? `, ${formatBytes(Math.round(t.bytes / seconds))}/s` : '';
  const notes = [
    t.errors ? `${t.errors} with errors` : '',
    t.estimated ? `${t.estimated} estimated` : '',
    t.skippedFiles ? `${t.skippedFiles} other files skipped` : '',
    t.skippedLinks ? `${t.skippedLinks} links out of the folder not followed` : '',
  ].filter(Boolean);
  return `archive: ${done ? 'read ' : ''}${countOf(t.sessions, 'session')} (${formatBytes(t.bytes)}) in ${seconds.toFixed(1)} s${rate}${notes.length ? `; ${notes.join(', ')}` : ''}`;
}

const n = (value: number | null) => (value === null ? '–' : value.toLocaleString('en-US'));
const usd = (value: number | null) => (value === null ? '–' : `$${value.toFixed(2)}`);

/**
 * A name or message from the folder as one cell of the table: every control
 * character, tab and line break included, shown as its `\uXXXX` escape, so a
 * file name with a line break in it cannot start a row of its own (`main`'s
 * `terminalIo` already keeps escape sequences from reaching the terminal).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
const cell = (text: string) =>
  text.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The table for a terminal: a line per session, then the totals. */
export function renderArchive(doc: ArchiveDocument): string {
  const lines = [
    `${'compactions'.padStart(11)}  ${'peak'.padStart(9)}  ${'input (all calls)'.padStart(17)}  ${'cost'.padStart(9)}  file`,
  ];
  for (const r of doc.sessions) {
    if (r.error !== undefined) {
      lines.push(
        `${'error'.padStart(11)}  ${''.padStart(9)}  ${''.padStart(17)}  ${''.padStart(9)}  ${cell(r.file)}: ${cell(r.error)}`,
      );
      continue;
    }
    const mark = r.estimated ? ' (estimated)' : '';
    lines.push(
      `${n(r.compactions).padStart(11)}  ${n(r.peakContextTokens).padStart(9)}  ${n(r.inputTokensTotal).padStart(17)}  ${usd(r.costUsd).padStart(9)}  ${cell(r.file)} [${r.format}]${mark}`,
    );
  }
  const t = doc.totals;
  lines.push(
    '',
    `sessions    ${n(t.sessions)} (${n(t.errors)} with errors, ${n(t.estimated)} estimated), ${n(t.skippedFiles)} other files skipped`,
    `compactions ${n(t.compactions)} recorded; peak ${n(t.peakContextTokens)} tokens`,
    `input       ${n(t.inputTokensTotal)} tokens over all calls (${n(t.cacheReadTokens)} cache reads, ${n(t.cacheWriteTokens)} cache writes), ${n(t.outputTokens)} output`,
    `cost        ${usd(t.costUsd)} at list prices${t.unpriced ? ` (${n(t.unpriced)} sessions with a model of unknown price not included)` : ''}`,
  );
  if (t.skippedLinks)
    lines.push(`links       ${n(t.skippedLinks)} out of the folder not followed (--follow-links reads them)`);
  if (t.compactions > 0)
    lines.push(
      `bill        re-read ${n(t.billFilesReRead)} files, re-ran ${n(t.billCommandsReRun)} commands after compactions: ${n(t.billRegatherTokens)} tokens (${usd(t.billRegatherCostUsd)}) re-gathered; ${n(t.billFactsLost)} facts lost; at most ${n(t.billActionsToFirstEditMax)} actions to the first edit`,
    );
  for (const p of doc.problems) lines.push(`unread      ${cell(p.path)}: ${cell(p.reason)}`);
  return lines.join('\n');
}
