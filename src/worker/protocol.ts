/**
 * The messages between the page and the compaction worker. The transcript
 * crosses once, on load; everything after that is small requests.
 */
import type {
  Breakdown,
  Calibration,
  Checkpoint,
  Clearing,
  CompactionEvent,
  CountedShape,
  Message,
  PromptOverrides,
  Reason,
  Role,
  Scorecard,
  ScoredFact,
  Settings,
  Strategy,
  SummaryPart,
  TokenizerId,
  Usage,
} from '../core';
import type { ProbeResult } from '../core/eval/probes';
import type {
  ProviderConfig,
  ProviderErrorDescription,
  ProviderEvent,
  ProviderHttpRequest,
} from '../providers';
import type { SearchResult } from './search';
import type { BudgetsText, CaseFileText, CasesAnswer, CasesProgressEvent } from './cases';
import type { MessageTokens } from '../core/tokenPieces';
import type {
  Detection,
  ExportFormatId,
  FormatId,
  ImportErrorCode,
  ImportIssue,
  ImportUsage,
} from '../formats/types';
import type { ShareInput, OpenShareResult, LinkState, ShareOptions, ShareLinks } from './shareProtocol';
import type { TimelineData, LedgerStrategies } from './timelineProtocol';

export type {
  ShareInput,
  OpenedShare,
  OpenShareResult,
  LinkState,
  ShareOptions,
  ShareLinks,
  MinimalShareLink,
  MinimalRow,
} from './shareProtocol';
export type {
  TimelineData,
  LedgerTarget,
  LedgerFactView,
  LedgerEntryView,
  LedgerView,
  LedgerStrategies,
} from './timelineProtocol';

export type LoadSource =
  { kind: 'text'; text: string } | { kind: 'file'; file: Blob } | { kind: 'url'; url: string };

/** What the page needs to draw a transcript, with one entry per message. */
/** The loaded transcript as the page holds it: its shape (what the analysis reads) and what the page shows. */
export interface TranscriptView extends CountedShape {
  /** Changes with every load and recount: a cheap identity for caches keyed on the view. */
  key: number;
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
  /**
   * Set on the view a load sends first when its exact counts are not ready
   * (the tokenizer's ranks still loading, or a long transcript): the counts are
   * a fast estimate by the `chars4` rule, and the exact ones with this
   * tokenizer follow.
   */
  estimatedFor?: TokenizerId;
  /** First line of each message, at most 160 characters. */
  previews: string[];
  /**
   * Messages whose text is not all here (opened from a minimal link), by
   * index: `none` without any, `part` with its start. Absent when every
   * message has its text; then nothing is fixed either.
   */
  excerpts?: Record<number, 'none' | 'part'>;
  /** Set while the view shows the context before an earlier call of the session, not the context now. */
  pinnedCall?: number;
  /** How many compactions the file records (each has a ledger in "Session over time"). */
  recordedCompactions?: number;
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

/**
 * Why a worker request failed: one case per cause, so each caller handles
 * what can happen to it (an import names the line, a preview carries the
 * provider's error in plain words) and nothing has to guess from a string.
 */
export type WorkerFailure =
  /** A load or recount: the importer's error, with where in the file. */
  | {
      kind: 'import';
      code: Exclude<ImportErrorCode, 'aborted'> | 'network';
      message: string;
      line?: number;
      column?: number;
      path?: string;
    }
  /** A compaction preview or a provider count: the provider's failure, described with its fix. */
  | { kind: 'preview'; message: string; description: ProviderErrorDescription }
  /** A preview asked of settings under which there is nothing to compact. */
  | { kind: 'nothing-to-compact'; message: string }
  /** A gold-fact case that cannot be used: the file, the case and the fact. */
  | { kind: 'case'; message: string }
  /** A share link, bundle or link opening that could not be made. */
  | { kind: 'share'; message: string }
  /** A provider call the page held back: an address or prompts a link chose, not yet confirmed. */
  | { kind: 'refused'; message: string }
  /** The user (or a newer request) cancelled it. */
  | { kind: 'cancelled'; message: string }
  /** The worker crashed or stopped responding and was replaced; it no longer holds what it was doing. */
  | { kind: 'worker-stopped'; message: string }
  /** Anything else: a bug, or a request the worker could not even receive. */
  | { kind: 'internal'; message: string };

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
  | {
      id: number;
      type: 'follow';
      /** The file as the page's handle gives it now; null when it is gone. */
      file: Blob | null;
      sourceName: string;
      /** A new pick: forget what was read of any file before. */
      restart: boolean;
      format?: FormatId;
      tokenizer: TokenizerId;
      scale: number;
    }
  | { id: number; type: 'cancel'; target: number }
  | { id: number; type: 'retokenize'; tokenizer: TokenizerId; scale: number }
  | { id: number; type: 'detail'; index: number }
  | { id: number; type: 'tokens'; index: number; tokenizer: TokenizerId }
  | { id: number; type: 'search'; query: string }
  | { id: number; type: 'fit'; settings: Settings }
  | { id: number; type: 'export'; format: ExportFormatId; which: 'loaded' | 'compacted' }
  | {
      id: number;
      type: 'compact';
      settings: Settings;
      /**
       * What every request holds that the transcript does not show (the
       * analysis' `unseenTokens`, measured or typed): added to before and
       * after, and to the size a repeat compaction is judged by.
       */
      unseenTokens?: number;
      summarizer: SummarizerChoice;
      instructions?: string;
      /** The user's own prompts; absent or empty fields send the defaults. */
      prompts?: PromptOverrides;
      reason: Reason;
      /**
       * The chosen strategy does not fire on this transcript (the page's
       * analysis says so): the run shows what it would do, forced.
       */
      forced?: boolean;
      /** A side-by-side run: its compacted list does not replace the preview's (for export). */
      compare?: boolean;
    }
  /** Probe questions about a preview's summary, answered and graded by a judge model. */
  | {
      id: number;
      type: 'judge';
      config: ProviderConfig;
      summary: string;
      items: ScoredFact[];
      stallTimeoutMs: number;
    }
  /**
   * The provider's own count of the loaded transcript, beside our estimate
   * with `tokenizer` at scale 1; a server silent for `stallTimeoutMs` fails it.
   */
  | { id: number; type: 'count'; config: ProviderConfig; tokenizer: TokenizerId; stallTimeoutMs: number }
  | { id: number; type: 'share'; state: LinkState; options: ShareOptions }
  /** The fragment the address bar shows for this state ('' for none): secrets always redacted. */
  | { id: number; type: 'address'; state: LinkState }
  | { id: number; type: 'hash' }
  | { id: number; type: 'open-share'; input: ShareInput }
  /**
   * The recorded run and every strategy's replay under `settings`; with
   * `offlineSummary`, each summary is the offline summarizer's real output.
   */
  | { id: number; type: 'timeline'; settings: Settings; offlineSummary: boolean }
  /**
   * What every strategy would have left at recorded compaction `compaction`
   * (0-based) under `settings`, with the offline summarizer: `audit --json`'s
   * `strategies` of that compaction.
   */
  | { id: number; type: 'ledger-strategies'; settings: Settings; compaction: number }
  /**
   * Shows the context before call `call` (null: the context now): from here
   * on the worker's messages are that context, and the reply is its view.
   */
  | { id: number; type: 'pin'; call: number | null; tokenizer: TokenizerId; scale: number }
  /** Where the tokens of the context shown now went. */
  | {
      id: number;
      type: 'breakdown';
      tokenizer: TokenizerId;
      scale: number;
      /** The settings' part not in the file; null leaves the row to the file's usage. */
      unseenTokens: number | null;
    }
  /**
   * Loads a tokenizer now, so it is ready when a transcript arrives: from the
   * table the page kept (checked first), or else from the packaged ranks,
   * answering with the table built for the page to keep.
   */
  | { id: number; type: 'warm'; tokenizer: TokenizerId; stored?: StoredEncoding }
  /**
   * The gold-fact cases among `files` under each strategy (all when not
   * given), with the offline summarizer: `cases DIR --json`'s document, and
   * the verdict of the gate's budgets file when one is given.
   */
  | { id: number; type: 'cases'; files: CaseFileText[]; strategies?: Strategy[]; budgets?: BudgetsText };

/** A tokenizer's built table as the page keeps it between visits: `bpe.ts`'s parts and the split pattern. */
export interface StoredEncoding {
  pattern: string;
  parts: unknown;
}

/** Asks whether the worker is alive; it answers `pong` as soon as it is between tasks. */
export interface WorkerPing {
  type: 'ping';
}

/** Everything the page posts to the worker. */
export type WorkerInbound = WorkerRequest | WorkerPing;

/** Who writes the preview's summary: the offline summarizer, or a provider with the user's key. */
export type SummarizerChoice = { mode: 'offline' } | { mode: 'provider'; config: ProviderConfig };

/** What a preview streams while it runs. */
export type PreviewEvent =
  | CompactionEvent
  | { type: 'provider-request'; part: SummaryPart; request: ProviderHttpRequest }
  | { type: 'provider-event'; part: SummaryPart; event: ProviderEvent };

/** One message of the compacted list, as the page draws it. */
export interface PreviewRow {
  role: Role;
  tokens: number;
  preview: string;
  isSummary: boolean;
  /** Index in the loaded transcript; null for the new summary. */
  from: number | null;
  /** Its output was cleared in place: the tokens it had before (`tokens` is what is left). */
  cleared?: { tokensBefore: number };
}

export interface PreviewResult {
  summarizer: string;
  offline: boolean;
  summary: string;
  reason: Reason;
  degraded: boolean;
  splitTurn: boolean;
  omitted: number;
  failures: string[];
  /** Why summarizer calls failed, in plain words, when the result is degraded. */
  problems: ProviderErrorDescription[];
  checkpoint: Checkpoint | null;
  tokensBefore: number;
  tokensAfter: number;
  messagesBefore: number;
  messagesAfter: number;
  /** The compacted list is still over the strategy's threshold: the next round would compact again. */
  wouldCompactAgain: boolean;
  /** Run while the strategy does not fire: a forced preview of what it would do. */
  forced?: boolean;
  /** Messages the strategy cleared in place, by their index in the loaded transcript. */
  cleared: Clearing[];
  /**
   * Summarization calls whose answer was shaped by a full context window, not
   * by the budget we asked for: a prompt over the window (a server that
   * silently truncates), or a length stop short of the budget. The summary of
   * such a call may rest on a truncated input.
   */
  contextLimit: { part: SummaryPart; promptTokens?: number; finishReason?: string }[];
  /** Our estimate of what the summarization requests sent (system + prompt), for each call made. */
  estimatedPromptTokens: number;
  usage?: Usage;
  model?: string;
  responseId?: string;
  rows: PreviewRow[];
  /** The summary judged against the facts of what it summarized (empty when nothing was summarized). */
  eval: Scorecard;
}

/** What a judge answered and how each probe was graded, with the requests it was sent. */
export interface JudgeResult {
  judge: string;
  probes: ProbeResult[];
  /** The judge's requests as built (system + prompt), in order. */
  requests: { system: string; prompt: string }[];
  /** The same as HTTP requests, key redacted. */
  http: ProviderHttpRequest[];
}

/**
 * `total` is 0 when it is not known (a download without a length): the page
 * then shows what was read. `tokenizer` is the wait for a tokenizer's ranks,
 * which has no measure of its own.
 */
export type Progress = {
  phase: 'reading' | 'importing' | 'tokenizer' | 'tokenizing';
  done: number;
  total: number;
};

/** What a load sends before its answer: the bars from a fast estimate, while the exact counts are made. */
export interface EstimateEvent {
  type: 'estimate';
  view: TranscriptView;
}

/** The events each kind of request sends before its answer. */
export interface RequestEvents {
  load: EstimateEvent;
  compact: PreviewEvent;
  cases: CasesProgressEvent;
}

export type EventOf<T extends WorkerRequest['type']> = T extends keyof RequestEvents
  ? RequestEvents[T]
  : never;

export type WorkerReply =
  | { id: number; type: 'progress'; progress: Progress }
  | { id: number; type: 'event'; event: RequestEvents[keyof RequestEvents] }
  | { id: number; type: 'ok'; value: unknown }
  | { id: number; type: 'error'; error: WorkerFailure };

/** Everything the worker posts to the page. */
export type WorkerOutbound = WorkerReply | { type: 'pong' };

/** The value each request resolves to. */
/** One look at the followed file: what happened, and the new view when the session changed. */
export interface FollowReply {
  event: 'unchanged' | 'appended' | 'restarted' | 'deleted' | 'failed' | 'waiting';
  reason?: 'truncated' | 'replaced';
  message?: string;
  view: TranscriptView | null;
  /** Every compaction the file records, one line each (only with a view). */
  compactions: string[];
}

export interface Replies {
  load: TranscriptView;
  follow: FollowReply;
  cancel: null;
  retokenize: TranscriptView;
  detail: MessageDetail;
  /** Null for a tokenizer that does not split text into tokens (characters ÷ 4). */
  tokens: MessageTokens | null;
  search: SearchResult;
  fit: FitReport | null;
  export: string;
  compact: PreviewResult;
  judge: JudgeResult;
  count: Calibration;
  share: ShareLinks;
  address: string;
  hash: string | null;
  'open-share': OpenShareResult;
  timeline: TimelineData;
  'ledger-strategies': LedgerStrategies;
  pin: TranscriptView;
  breakdown: Breakdown;
  warm: StoredEncoding | null;
  cases: CasesAnswer;
}
