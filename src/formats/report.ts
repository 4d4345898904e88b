/**
 * The import report as a script reads it: what went wrong, what was left out
 * on purpose, and how the format was decided. The CLI's `inspect --json` and
 * the `formats` package entry point give the same object, so a caller can
 * tell an empty session from one that could not be read.
 */
import { isProblem } from './issues';
import type { Detection, ImportIssue, ImportResult } from './types';

export interface ReportEntry {
  /** Stable machine-readable code, e.g. `orphan-tool-result`, `sub-agent-file`. */
  code: string;
  message: string;
  /** 1-based line of the first occurrence, for line-oriented files. */
  line?: number;
}

export interface ImportReport {
  /** Lines skipped and other problems: content the model may be missing. */
  problems: ReportEntry[];
  /** What was left out on purpose, because the agent itself does not send it. */
  notes: ReportEntry[];
  detection: Detection;
}

function entry(issue: ImportIssue): ReportEntry {
  return issue.line === undefined
    ? { code: issue.code, message: issue.message }
    : { code: issue.code, message: issue.message, line: issue.line };
}

export function importReport(result: Pick<ImportResult, 'issues' | 'detection'>): ImportReport {
  return {
    problems: result.issues.filter(isProblem).map(entry),
    notes: result.issues.filter((i) => !isProblem(i)).map(entry),
    detection: result.detection,
  };
}
