/**
 * The messages between the page and the compaction worker. The transcript
 * crosses once, on load; everything after that is small requests.
 */
import type { Boundary } from '../core/prepare';
import type { Message, Role } from '../core/message';
import type { Settings, TokenizerId } from '../core/settings';
import type {
  Detection,
  ExportFormatId,
  FormatId,
  ImportErrorCode,
  ImportIssue,
  ImportUsage,
} from '../formats/types';

export type LoadSource =
  { kind: 'text'; text: string } | { kind: 'file'; file: Blob } | { kind: 'url'; url: string };

/** What the page needs to draw a transcript, with one entry per message. */
export interface TranscriptView {
  format: FormatId;
  detection: Detection;
  issues: ImportIssue[];
  title?: string;
  usage?: ImportUsage;
  sourceName: string;
  /** Size of the loaded text in bytes. */
  bytes: number;
  tokenizer: TokenizerId;
  scale: number;
  ids: string[];
  roles: Role[];
  counts: number[];
  isSummary: boolean[];
  /** First line of each message, at most 160 characters. */
  previews: string[];
  /** The list's closing tokens (3 for BPE tokenizers, 0 for chars4). */
  listTail: number;
  boundary: Boundary;
}

/** Where compaction's own input fitting leaves messages out. */
export interface FitReport {
  omittedHistory: number;
  omittedTurnPrefix: number;
  tokensBefore: number;
  previousSummaryTokens: number;
  readFiles: number;
  modifiedFiles: number;
}

export interface MessageDetail {
  index: number;
  message: Message;
  /** The item as it appeared in the source, when it can be recovered. */
  raw: string | null;
}

export interface ImportFailure {
  code: ImportErrorCode | 'network' | 'worker';
  message: string;
  line?: number;
  column?: number;
  path?: string;
}

export type WorkerRequest =
  | {
      id: number;
      type: 'load';
      source: LoadSource;
      sourceName: string;
      format?: FormatId;
      tokenizer: TokenizerId;
      scale: number;
    }
  | { id: number; type: 'cancel'; target: number }
  | { id: number; type: 'retokenize'; tokenizer: TokenizerId; scale: number }
  | { id: number; type: 'detail'; index: number }
  | { id: number; type: 'search'; query: string }
  | { id: number; type: 'fit'; settings: Settings }
  | { id: number; type: 'export'; format: ExportFormatId };

export type Progress = { phase: 'reading' | 'importing' | 'tokenizing'; done: number; total: number };

export type WorkerReply =
  | { id: number; type: 'progress'; progress: Progress }
  | { id: number; type: 'ok'; value: unknown }
  | { id: number; type: 'error'; error: ImportFailure };

/** The value each request resolves to. */
export interface Replies {
  load: TranscriptView;
  cancel: null;
  retokenize: TranscriptView;
  detail: MessageDetail;
  search: number[];
  fit: FitReport | null;
  export: string;
}
