/**
 * Gold-fact cases read from disk (docs/cases.md). What a case is and how it
 * is checked lives in src/cases, shared with the page; here a case file and
 * its session are read (`caseDisk.ts`: inside the case folder, regular
 * files, bounded), and a problem becomes a `UsageError` (exit 2).
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { importTranscript } from '../formats/registry';
import { ImportError } from '../formats/types';
import {
  CASE_SUFFIX,
  CaseError,
  isCaseFile,
  loadCaseFiles,
  loadCaseText,
  type LoadedCase,
  type SessionReader,
} from '../cases/caseFile';
import { sha256Hex } from '../cases/pins';
import { MAX_CASE_BYTES, MAX_SESSION_BYTES, pathInside, readInside, type CaseReadOptions } from './caseDisk';
import { UsageError } from './io';
import { loadPublishedFolder, publishedFolders } from './casePublished';
import { importFailureLine } from './readTranscript';

export {
  CASE_SUFFIX,
  CaseSchema,
  FactSchema,
  issueText,
  messageText,
  type LoadedCase,
} from '../cases/caseFile';
export type { CaseReadOptions } from './caseDisk';

/** A case's problem as the command line reports it. */
function asUsage(error: unknown): never {
  if (error instanceof CaseError) throw new UsageError(error.message);
  throw error;
}

/**
 * The reader of the sessions of the cases under `root`: each inside it,
 * read as `caseDisk.ts` reads, and imported whole.
 */
function sessionReader(root: string, options: CaseReadOptions): SessionReader {
  return async (file, session) => {
    const path = pathInside(root, dirname(file), session);
    const text = await readInside(root, path, MAX_SESSION_BYTES, options).catch((error: unknown) => {
      if (error instanceof CaseError) throw new CaseError(`${session}: ${error.message}`);
      throw error;
    });
    try {
      const { messages, history } = importTranscript(text, { fileName: basename(path) });
      const sessionFile = relative(process.cwd(), path) || path;
      return { messages, history, sessionFile, sha256: await sha256Hex(text) };
    } catch (error) {
      if (error instanceof ImportError) throw new CaseError(importFailureLine(error, basename(path)));
      throw error;
    }
  };
}

/**
 * Reads, validates and verifies one case file. Its session must be inside
 * `root` (by default the case file's folder): `loadCases` passes the folder
 * it was given.
 */
export async function loadCase(
  file: string,
  options: CaseReadOptions & { root?: string; ignorePins?: boolean } = {},
): Promise<LoadedCase> {
  const root = options.root ?? dirname(file);
  const json = await readInside(root, file, MAX_CASE_BYTES, options).catch((error: unknown) => {
    if (error instanceof CaseError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  });
  return loadCaseText(file, json, sessionReader(root, options), { ignorePins: options.ignorePins }).catch(
    asUsage,
  );
}

/**
 * Every `*.case.json` under `dir` (or `dir` itself, a case file), and every
 * folder under it in the published layout (`source.jsonl` with `gold.json`;
 * `dir` itself may be one), in name order; ids must differ. The folder is
 * the case folder: no case reads a session outside it.
 */
export async function loadCases(
  dir: string,
  options: CaseReadOptions & { ignorePins?: boolean } = {},
): Promise<LoadedCase[]> {
  let files: string[];
  let root: string;
  const published = new Set<string>();
  try {
    const info = await stat(dir);
    root = info.isDirectory() ? dir : dirname(dir);
    const names = info.isDirectory() ? await readdir(dir, { recursive: true }) : [];
    for (const folder of publishedFolders(names)) published.add(join(dir, folder));
    files = info.isDirectory()
      ? [...names.filter(isCaseFile).map((name) => join(dir, name)), ...published].sort()
      : [dir];
  } catch (error) {
    throw new UsageError(
      `${dir}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or folder' : String(error)}`,
    );
  }
  if (files.length === 0)
    throw new UsageError(
      `${dir}: no case files (*${CASE_SUFFIX}) in it, nor a folder with source.jsonl and gold.json`,
    );
  return loadCaseFiles(files, (file) =>
    published.has(file) ? loadPublishedFolder(root, file, options) : loadCase(file, { ...options, root }),
  ).catch(asUsage);
}
