/**
 * What a transcript records about the session over time, beside the context
 * it ends with: every message in the order it happened (including those a
 * compaction later hid), each compaction the agent did, and the usage each
 * model call reported. Importers fill it where the file has it; the timeline
 * and the replay read it.
 */
import type { Message } from '../message';

export interface SessionHistory {
  /**
   * Every message of the session in the order it happened. A compaction's
   * summary sits where the agent inserted it; messages a compaction hid stay.
   * The importer's `messages` (the context now) is built from these: the same
   * objects, not copies, wherever the file allows it.
   */
  messages: Message[];
  /** The compactions the file records, in the order they happened. */
  compactions: RecordedCompaction[];
  /** Usage the file records per model call, in the order of the calls. */
  calls: RecordedCall[];
}

export type CompactionTrigger = 'auto' | 'manual';

export type DurationSource = 'recorded' | 'timestamps';

/** Milliseconds from one ISO time to a later one; null when either is not a time or they run backwards. */
export function elapsedMs(from: unknown, to: unknown): number | null {
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

export interface RecordedCompaction {
  /**
   * Index in `messages` of the first message written by the compaction (its
   * summary, when the file has one) — every message before it happened
   * before the compaction.
   */
  atMessage: number;
  /**
   * The context right after the compaction, in the order the agent sends it:
   * indices into `messages`. It holds the summary and whatever the agent kept
   * verbatim (Claude Code's preserved segment, pi's entries from the first
   * kept one, the user messages Codex carries over). The context before a
   * later call is this list followed by every message from `atMessage + 1`
   * (or after the last index listed, when that is larger) up to the call.
   */
  contextAfter: number[];
  trigger: CompactionTrigger | null;
  /** Context size the agent recorded before compacting (Claude Code `preTokens`, pi `tokensBefore`). */
  tokensBefore: number | null;
  /** Context size the agent recorded right after, when it records one. */
  tokensAfter: number | null;
  /** How long the compaction took, when the file records it (Claude Code `compactMetadata.durationMs`). */
  durationMs?: number | null;
  /**
   * Where `durationMs` comes from: the file's own figure, or the compaction
   * entry's time less the time of the entry before it (Codex, pi). Absent
   * with a duration means recorded.
   */
  durationSource?: DurationSource;
  /** What in the file marked it, e.g. `compact_boundary`, `compacted`, `compaction`, `summary message`. */
  source: string;
  /** 1-based line of the marker, for line-oriented files. */
  line?: number;
}

/**
 * One model call the file records usage for. `atMessage` is the index in
 * `messages` of the first assistant message that call produced, so the
 * context the call was sent is everything in the context before it.
 */
export interface RecordedCall {
  atMessage: number;
  /** The prompt size of the call, cached parts included: the real context size then. */
  contextTokens: number | null;
  /** Uncached input tokens. */
  inputTokens: number | null;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
  outputTokens: number | null;
  /**
   * The model that answered this call, as the file names it (Claude Code's
   * `message.model`, Codex's `turn_context`, pi's `model_change`, OpenCode's
   * `modelID`); absent when the file does not say. A session can change
   * model midway, so each call is priced at its own model's prices.
   */
  model?: string;
}
