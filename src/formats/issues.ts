/**
 * Collects the validation report of one import. Problems that repeat (every
 * line of an unknown type, every orphan result) are grouped into one entry
 * with a count and the first example, so a 50,000-line file cannot produce a
 * 50,000-entry report.
 */
import { excerpt } from './json';
import type { ImportIssue } from './types';

export interface Where {
  line?: number;
  column?: number;
  path?: string;
}

export class IssueLog {
  private readonly entries: ImportIssue[] = [];
  private readonly groups = new Map<string, ImportIssue>();

  /** A one-off problem, reported as is. */
  add(
    severity: ImportIssue['severity'],
    code: string,
    message: string,
    where: Where = {},
    example?: unknown,
  ): void {
    this.entries.push(
      clean({
        severity,
        code,
        message,
        ...where,
        example: example === undefined ? undefined : excerpt(example),
      }),
    );
  }

  warn(code: string, message: string, where: Where = {}, example?: unknown): void {
    this.add('warning', code, message, where, example);
  }

  /**
   * A problem that may repeat: grouped by code and key, counted, located at
   * its first occurrence. The message is written for the group.
   */
  /** A JSONL line that parsed but is not an object. */
  notAnObject(line: number, record: unknown): void {
    this.tally(
      'unknown-line-type',
      '(not an object)',
      'Lines that are not JSON objects were skipped',
      { line },
      record,
    );
  }

  /** A JSONL line of a type the format does not turn into messages and does not know. */
  unknownLineType(type: string, line: number, record: unknown): void {
    this.tally(
      'unknown-line-type',
      type,
      `Lines of unknown type "${type || '(none)'}" were skipped`,
      { line },
      record,
    );
  }

  tally(code: string, key: string, message: string, where: Where = {}, example?: unknown): void {
    const groupKey = `${code}\u0000${key}`;
    const existing = this.groups.get(groupKey);
    if (existing) {
      existing.count = (existing.count ?? 1) + 1;
      return;
    }
    const issue = clean({
      severity: 'warning',
      code,
      message,
      ...where,
      count: 1,
      example: example === undefined ? undefined : excerpt(example),
    });
    this.groups.set(groupKey, issue);
    this.entries.push(issue);
  }

  get issues(): ImportIssue[] {
    return this.entries;
  }
}

/** Drops undefined fields so reports compare and serialize cleanly. */
function clean(issue: ImportIssue): ImportIssue {
  const out: ImportIssue = { severity: issue.severity, code: issue.code, message: issue.message };
  if (issue.line !== undefined) out.line = issue.line;
  if (issue.column !== undefined) out.column = issue.column;
  if (issue.path !== undefined) out.path = issue.path;
  if (issue.count !== undefined) out.count = issue.count;
  if (issue.example !== undefined) out.example = issue.example;
  return out;
}
