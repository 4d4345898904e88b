/**
 * A session forked at a compaction its agent recorded: the context the agent
 * sent just before it compacted, so every strategy faces the point the agent
 * faced, and what the agent itself kept there, so its own compaction can be
 * scored beside theirs. A case asks for it with the cut `"recorded"` (the
 * first compaction) or `"recorded:N"` (the N-th, 1-based).
 */
import { isSummaryMessage } from '../core/summaryEnvelope';
import type { Message } from '../core/message';
import type { RecordedCompaction, SessionHistory } from '../core/session/history';
import { recordedContext } from '../core/session/recorded';

/** A cut that forks at a recorded compaction, as a case file writes it. */
export type RecordedCut = 'recorded' | `recorded:${number}`;

export const RECORDED_CUT = /^recorded(?::([1-9][0-9]*))?$/;

/** Which recorded compaction a cut names (1-based), or null when it is not a recorded cut. */
export function recordedOrdinal(cut: unknown): number | null {
  if (typeof cut !== 'string') return null;
  const match = RECORDED_CUT.exec(cut);
  return match ? Number(match[1] ?? 1) : null;
}

/** A recorded compaction cannot be forked at: none recorded, or fewer than asked for. */
export class RecordedForkError extends Error {
  override name = 'RecordedForkError';
}

export interface RecordedFork {
  /** Which of the session's recorded compactions, 1-based, and of how many. */
  ordinal: number;
  of: number;
  /** What marked it in the file (`compaction`, `compacted`, `compact_boundary`, …) and its line, when known. */
  source: string;
  line: number | null;
  /** The size the agent recorded before compacting, or null. */
  tokensBefore: number | null;
  /** Index in the session's history of the compaction's first message (its summary). */
  atHistory: number;
  /** The context the agent sent before compacting: the case's messages. */
  messages: Message[];
  /** For each of `messages`, its index in the session's history. */
  historyIndex: number[];
  /**
   * Where the tail the agent kept verbatim starts in `messages` (pi's first
   * kept entry); null when it kept no tail (a summary alone, or one with the
   * user's messages carried over, as Codex does).
   */
  keptFrom: number | null;
  /** The context right after the compaction, as the agent left it. */
  after: Message[];
  /** For each of `after`: its index in `messages`, or null for what the compaction wrote. */
  afterOrigins: (number | null)[];
}

/** "1st", "2nd", "3rd", "4th": how an error names the compaction asked for. */
function nth(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

function pick(history: SessionHistory, ordinal: number): RecordedCompaction {
  const count = history.compactions.length;
  if (count === 0)
    throw new RecordedForkError(
      'the session records no compaction, so there is none to fork at (a compaction the agent wrote: ' +
        "pi's compaction entry, Codex's compacted item, Claude Code's compact_boundary, OpenCode's summary message)",
    );
  if (ordinal > count)
    throw new RecordedForkError(
      `the session records ${count} compaction${count === 1 ? '' : 's'}, so it has no ${nth(ordinal)} to fork at`,
    );
  return history.compactions[ordinal - 1]!;
}

/** The longest run of kept positions that ends at the last message: where the verbatim tail starts. */
function tailStart(kept: ReadonlySet<number>, length: number): number | null {
  let from = length;
  while (from > 0 && kept.has(from - 1)) from--;
  return from < length ? from : null;
}

/**
 * The session as it stood just before its `ordinal`-th recorded compaction
 * (1-based): the context the agent sent then, and what it kept. Throws a
 * `RecordedForkError` when the session records fewer compactions.
 */
export function forkAtRecorded(history: SessionHistory, ordinal = 1): RecordedFork {
  const compaction = pick(history, ordinal);
  const historyIndex = recordedContext(history, compaction.atMessage);
  // OpenCode asks for its summary with a message of its own ("What did we do so far?") right before
  // it, and lists that request ahead of the summary in the context after: the compaction wrote it,
  // so it is no part of the context the agent had before compacting.
  const summaryAt = compaction.contextAfter.indexOf(compaction.atMessage);
  const request = compaction.atMessage - 1;
  if (
    summaryAt > 0 &&
    compaction.contextAfter.slice(0, summaryAt).includes(request) &&
    historyIndex.at(-1) === request
  )
    historyIndex.pop();
  if (historyIndex.length === 0)
    throw new RecordedForkError(
      `the ${nth(ordinal)} recorded compaction comes before any message, so there is nothing to fork`,
    );
  const position = new Map(historyIndex.map((h, i) => [h, i]));
  const afterOrigins = compaction.contextAfter.map((h) => {
    const at = position.get(h);
    return at === undefined || isSummaryMessage(history.messages[h]!) ? null : at;
  });
  const kept = new Set(afterOrigins.filter((o): o is number => o !== null));
  return {
    ordinal,
    of: history.compactions.length,
    source: compaction.source,
    line: compaction.line ?? null,
    tokensBefore: compaction.tokensBefore,
    atHistory: compaction.atMessage,
    messages: historyIndex.map((h) => history.messages[h]!),
    historyIndex,
    keptFrom: tailStart(kept, historyIndex.length),
    after: compaction.contextAfter.map((h) => history.messages[h]!),
    afterOrigins,
  };
}
