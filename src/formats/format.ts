/**
 * The two shapes a format module takes. JSON formats get one parsed value;
 * JSONL formats get records one at a time as the file streams in, and build
 * the conversation when the stream ends (the tree formats need every entry
 * before they can pick the active branch).
 */
import type { Message } from '../core/message';
import type { SessionHistory } from '../core/session/history';
import type { IssueLog } from './issues';
import type { Detection, FormatId, ImportUsage } from './types';

export interface Imported {
  messages: Message[];
  title?: string;
  usage?: ImportUsage;
  /** Set by formats that record the session over time; see `SessionHistory`. */
  history?: SessionHistory;
  /** Our JSON only: the format the messages were first imported from (a share link names it). */
  sourceFormat?: FormatId;
  /** Our JSON only: the part not in the file that the sender's file's usage measured (a share link carries it). */
  unseenTokens?: number;
}

export interface JsonImporter {
  id: FormatId;
  /**
   * Its hand-written fixtures in \`src/formats/fixtures/\`: the fixture and
   * fuzz tests read every one, and a format none of whose importers has one
   * fails them.
   */
  fixtures: readonly string[];
  /** Null when the value does not look like this format at all. */
  detect(value: unknown): Detection | null;
  /** Throws ImportError (`not-a-transcript`) when the value cannot be read as this format. */
  importValue(value: unknown, log: IssueLog): Imported;
}

export interface JsonlSession {
  add(record: unknown, line: number): void;
  finish(): Imported;
}

export interface JsonlImporter {
  id: FormatId;
  /**
   * Its hand-written fixtures in \`src/formats/fixtures/\`: the fixture and
   * fuzz tests read every one, and a format none of whose importers has one
   * fails them.
   */
  fixtures: readonly string[];
  /** Looks at the first parsed records (up to a few dozen). */
  detectRecords(records: readonly unknown[]): Detection | null;
  start(log: IssueLog): JsonlSession;
}

export function detection(format: FormatId, confidence: number, reason: string): Detection {
  return { format, confidence, reason };
}
