/**
 * The session over time as the worker answers it: the timeline and the
 * ledger of the recorded compactions.
 */
import type {
  CompactionLoop,
  CompactionTrigger,
  LedgerEntryDocument,
  LedgerFact,
  LedgerKind,
  RecordedPoint,
  ReplayResult,
  Reread,
  StrategyAtCompaction,
  UnseenSource,
} from '../core';

/** The session over time: the recorded run call by call, and the replay of every strategy. */
export interface TimelineData {
  /** Messages of the whole session, hidden ones included. */
  messages: number;
  points: RecordedPoint[];
  compactions: {
    atMessage: number;
    trigger: CompactionTrigger | null;
    tokensBefore: number | null;
    tokensAfter: number | null;
    /** The first call after it, or −1. */
    call: number;
  }[];
  /**
   * What every call sent that the file does not show (system prompt, tools):
   * the settings' figure when typed, else the lab's measure of the file's
   * agent version, else the file's usage's; null with none of them.
   */
  unrecordedTokens: number | null;
  /** Where `unrecordedTokens` comes from. */
  unrecordedSource: UnseenSource;
  recordedPeak: number | null;
  /** The recorded sizes summed over the calls, when every call records one. */
  recordedInput: number | null;
  /** In `STRATEGIES` order. */
  replays: ReplayResult[];
  /** The ledger of the recorded compactions, or null when the file records none. */
  ledger: LedgerView | null;
}

/** Where the page shows a message of the history: the call to pin, then the row of its context. */
export interface LedgerTarget {
  call: number;
  row: number;
}

export interface LedgerFactView extends LedgerFact {
  /** Null when no call's context holds the message (it came after the last call before the compaction). */
  target: LedgerTarget | null;
}

/** One compaction as `audit --json` projects it (`ledgerDocument`), with where the page shows each fact and re-read. */
export interface LedgerEntryView extends Omit<
  LedgerEntryDocument<LedgerFactView>,
  'facts' | 'rereads' | 'strategies'
> {
  /** The summary as recorded: text, never markup. */
  summary: string;
  /** In `LEDGER_KINDS` order. */
  facts: { kind: LedgerKind; kept: LedgerFactView[]; lost: LedgerFactView[] }[];
  /** `call`: the call that re-read, where the chart marks it (−1 before the first). */
  rereads: (Reread & { call: number; target: LedgerTarget | null })[];
  /** Its amnesia bill in one line, as `audit` prints it. */
  billLine: string;
}

export interface LedgerView {
  compactions: LedgerEntryView[];
  /** "paths 9.8% · commands 0.2% · … kept over 3 compactions". */
  survivalLine: string;
  loops: CompactionLoop[];
  /** The compactions' bills added up, in one line. */
  billTotalLine: string;
}

/** Every strategy at one recorded compaction, as `audit --json` reports them. */
export interface LedgerStrategies {
  compaction: number;
  /** Messages of the context the agent had just before it: what each strategy compacted. */
  contextMessages: number;
  /** In `STRATEGIES` order. */
  strategies: StrategyAtCompaction[];
}
