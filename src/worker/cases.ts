/**
 * The gold-fact cases run in the worker for the page's Cases view: the same
 * loading, runs and totals as `cases DIR --json` (src/cases), with the files
 * given as text instead of read from disk, the offline summarizer, and the
 * default tokenizer's counts.
 */
import { normalizeSettings, STRATEGIES, type Strategy } from '../core';
import { importTranscript } from '../formats/registry';
import { ImportError } from '../formats/types';
import { createOfflineSummarizer } from '../providers';
import {
  CASE_SUFFIX,
  CaseError,
  isCaseFile,
  loadCaseFiles,
  loadCaseText,
  sessionPath,
  type SessionReader,
} from '../cases/caseFile';
import { runCases } from '../cases/caseRun';
import { sha256Hex } from '../cases/pins';
import { recordedRows } from '../cases/recordedRun';
import { GOLD_FILE, loadPublishedCase, SOURCE_FILE } from '../cases/wassname';
import { checkGate, type GateCheck } from '../cases/gate';
import { CASE_COUNT_SETTINGS, casesDocument, type CasesDocument } from '../cases/report';
import type { EstimatorFor } from './estimators';

/** A file given to the Cases view: its path (folders split by `/`) and its text. */
export interface CaseFileText {
  path: string;
  text: string;
}

/** The gate's budgets file run with the cases: picked with them, or the one the repository ships. */
export interface BudgetsText extends CaseFileText {
  shipped: boolean;
}

/** The gate over the page's run: which budgets file, and its verdict or why it was refused. */
export type CasesGate = GateCheck & { file: string; shipped: boolean };

/** `cases --json`'s document, and the gate's verdict when a budgets file came with the cases. */
export interface CasesAnswer extends CasesDocument {
  gate: CasesGate | null;
}

/** How far a run of the cases is: runs done, of how many. */
export interface CasesProgressEvent {
  type: 'cases-progress';
  done: number;
  total: number;
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

function reader(files: readonly CaseFileText[]): SessionReader {
  const byPath = new Map(files.map((f) => [f.path, f.text]));
  return async (file, session) => {
    const wanted = sessionPath(file, session);
    // Loose files picked together have no folders: the session is then the one file of its name.
    const named = files.filter((f) => nameOf(f.path) === nameOf(wanted));
    const path = byPath.has(wanted) ? wanted : named.length === 1 ? named[0].path : null;
    if (path === null)
      throw new CaseError(
        named.length > 1
          ? `${wanted} is not among the files given, and ${named.length} files are named ${nameOf(wanted)}`
          : `${wanted} is not among the files given: pick the session file with the case`,
      );
    const text = byPath.get(path)!;
    const name = nameOf(path);
    try {
      const { messages, history } = importTranscript(text, { fileName: name });
      return { messages, history, sessionFile: path, sha256: await sha256Hex(text) };
    } catch (error) {
      if (error instanceof ImportError) throw new CaseError(error.withFileName(name).message);
      throw error;
    }
  };
}

/**
 * Every case among `files` (in path order) under each strategy, offline:
 * `cases --json`'s document, with the verdict of `budgets` over its runs.
 */
export async function runCaseFiles(
  files: readonly CaseFileText[],
  strategies: readonly Strategy[] = STRATEGIES,
  estimatorFor: EstimatorFor,
  onProgress: (event: CasesProgressEvent) => void,
  signal: AbortSignal,
  budgets?: BudgetsText,
): Promise<CasesAnswer> {
  const start = performance.now();
  const texts = new Map(files.map((f) => [f.path, f.text]));
  // A folder in the published benchmark's layout is a case too: its gold.json beside its source.jsonl.
  const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));
  const inFolder = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);
  const published = new Set(
    files
      .map((f) => f.path)
      .filter((p) => nameOf(p) === GOLD_FILE && texts.has(inFolder(folderOf(p), SOURCE_FILE)))
      .map(folderOf),
  );
  const caseFiles = [
    ...files.map((f) => f.path).filter(isCaseFile),
    ...[...published].map((dir) => inFolder(dir, GOLD_FILE)),
  ].sort();
  if (caseFiles.length === 0)
    throw new CaseError(
      `no case files (*${CASE_SUFFIX}), nor a ${SOURCE_FILE} with its ${GOLD_FILE}, among the ${files.length} files given`,
    );
  const readSession = reader(files);
  const cases = await loadCaseFiles(caseFiles, (file) => {
    if (isCaseFile(file)) return loadCaseText(file, texts.get(file)!, readSession);
    const dir = folderOf(file);
    return loadPublishedCase({
      dir: dir || '.',
      gold: texts.get(file)!,
      source: texts.get(inFolder(dir, SOURCE_FILE))!,
    });
  });
  const { tokenizer, scale } = normalizeSettings(CASE_COUNT_SETTINGS);
  const estimator = await estimatorFor(tokenizer, scale);
  const summarizer = createOfflineSummarizer();
  const runs = await runCases(
    cases,
    strategies,
    { summarizer, offline: true, estimator },
    (done, total) => onProgress({ type: 'cases-progress', done, total }),
    signal,
  );
  const document = casesDocument(
    cases,
    runs,
    strategies,
    summarizer.label,
    Math.round(performance.now() - start),
    recordedRows(cases, estimator),
  );
  const gate = budgets
    ? {
        file: budgets.path,
        shipped: budgets.shipped,
        ...checkGate(
          budgets.path,
          budgets.text,
          cases.map((c) => c.id),
          runs,
        ),
      }
    : null;
  return { ...document, gate };
}
