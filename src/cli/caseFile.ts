/**
 * Gold-fact cases read from disk (docs/cases.md). What a case is and how it
 * is checked lives in src/cases, shared with the page; here a case file and
 * its session are read, and a problem becomes a `UsageError` (exit 2).
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import {
  CASE_SUFFIX,
  CaseError,
  isCaseFile,
  loadCaseFiles,
  loadCaseText,
  type LoadedCase,
} from '../cases/caseFile';
import { UsageError } from './io';
import { readTranscript } from './readTranscript';

export {
  CASE_SUFFIX,
  CaseSchema,
  FactSchema,
  issueText,
  messageText,
  type LoadedCase,
} from '../cases/caseFile';

/** A case's problem as the command line reports it. */
function asUsage(error: unknown): never {
  if (error instanceof CaseError) throw new UsageError(error.message);
  throw error;
}

async function readSession(file: string, session: string) {
  const sessionFile = resolve(dirname(file), session);
  const imported = await readTranscript(sessionFile).catch((error: unknown) => {
    if (error instanceof UsageError) throw new CaseError(error.message);
    throw error;
  });
  return { messages: imported.messages, sessionFile: relative(process.cwd(), sessionFile) || sessionFile };
}

/** Reads, validates and verifies one case file. */
export async function loadCase(file: string): Promise<LoadedCase> {
  let json: string;
  try {
    json = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  return loadCaseText(file, json, readSession).catch(asUsage);
}

/** Every `*.case.json` under `dir` (or `dir` itself, a case file), in name order; ids must differ. */
export async function loadCases(dir: string): Promise<LoadedCase[]> {
  let files: string[];
  try {
    const info = await stat(dir);
    files = info.isDirectory()
      ? (await readdir(dir, { recursive: true }))
          .filter(isCaseFile)
          .sort()
          .map((name) => join(dir, name))
      : [dir];
  } catch (error) {
    throw new UsageError(
      `${dir}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or folder' : String(error)}`,
    );
  }
  if (files.length === 0) throw new UsageError(`${dir}: no case files (*${CASE_SUFFIX}) in it`);
  return loadCaseFiles(files, loadCase).catch(asUsage);
}
