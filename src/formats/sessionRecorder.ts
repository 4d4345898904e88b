/**
 * Builds the `SessionHistory` of an import while the importer reads the file:
 * every message in the order it happened, each compaction the file records,
 * and the usage of each model call. Importers keep their own list of the
 * context they end with; the recorder only remembers where each message
 * object sits in the whole session, so the context and the history share
 * the same objects.
 */
import type { Message } from '../core/message';
import type { RecordedCall, RecordedCompaction, SessionHistory } from '../core/session/history';
import { isSummaryMessage } from '../core/summaryEnvelope';

/** What the file says about one compaction, beside where it sits. */
export type CompactionFacts = Omit<RecordedCompaction, 'atMessage' | 'contextAfter'>;

/** Usage of one model call, without the message it produced. */
export type CallUsage = Omit<RecordedCall, 'atMessage'>;

export class SessionRecorder {
  readonly messages: Message[] = [];
  readonly compactions: RecordedCompaction[] = [];
  readonly calls: RecordedCall[] = [];
  private readonly index = new Map<Message, number>();

  /** The index of `message` in the history, appending it when it is new. */
  record(message: Message): number {
    const known = this.index.get(message);
    if (known !== undefined) return known;
    this.index.set(message, this.messages.length);
    this.messages.push(message);
    return this.messages.length - 1;
  }

  /** Appends the messages of `list` not recorded yet, in their order, looking from `from` on. */
  recordAll(list: readonly Message[], from = 0): void {
    for (let i = from; i < list.length; i++) this.record(list[i]!);
  }

  has(message: Message): boolean {
    return this.index.has(message);
  }

  indexOf(message: Message): number | undefined {
    return this.index.get(message);
  }

  /**
   * Records a compaction whose resulting context is `context`, in the order
   * the agent sends it. Messages of it not seen before are the ones the
   * compaction wrote: they join the history here, and the first of them is
   * where the compaction sits (or `at`, when the caller knows its summary).
   * Everything recorded before happened before the compaction.
   */
  compaction(context: readonly Message[], facts: CompactionFacts, at?: Message): RecordedCompaction {
    const firstNew = this.messages.length;
    const contextAfter = context.map((m) => this.record(m));
    const atMessage = at ? this.record(at) : firstNew;
    const recorded: RecordedCompaction = { atMessage, contextAfter, ...facts };
    this.compactions.push(recorded);
    return recorded;
  }

  /** Records the usage of the model call that produced `first`, its first assistant message. */
  call(first: Message, usage: CallUsage): void {
    this.calls.push({ atMessage: this.record(first), ...usage });
  }

  /**
   * The history, or undefined when it would add nothing to `context` (no
   * compaction, no usage per call, no message outside the context).
   */
  history(context: readonly Message[]): SessionHistory | undefined {
    // The context is always part of the history, even a message an importer did not hand over.
    this.recordAll(context);
    const hidden = this.messages.length > context.length;
    if (this.compactions.length === 0 && this.calls.length === 0 && !hidden) return undefined;
    return { messages: this.messages, compactions: this.compactions, calls: this.calls };
  }
}

/**
 * The summaries in `context` (ours, pi's or WeKnora's envelope, or one the
 * format marks itself) that no recorded compaction wrote yet: each is a
 * compaction the agent did, and what precedes it in the context is what the
 * agent kept with it. The envelope records no token counts, so those stay
 * unknown.
 */
export function recordSummaryMessages(recorder: SessionRecorder, context: readonly Message[]): void {
  const written = new Set(recorder.compactions.map((c) => recorder.messages[c.atMessage]));
  context.forEach((message, i) => {
    if (!isSummaryMessage(message) || written.has(message)) return;
    recorder.compaction(
      context.slice(0, i + 1),
      {
        trigger: null,
        tokensBefore: null,
        tokensAfter: null,
        source: 'summary message',
        ...(message.source?.line !== undefined ? { line: message.source.line } : {}),
      },
      message,
    );
  });
}

/** The history of a file that is one context: its summaries, and the usage it records per call. */
export function contextHistory(
  messages: readonly Message[],
  calls: readonly { at: Message; usage: CallUsage }[] = [],
): SessionHistory | undefined {
  const recorder = new SessionRecorder();
  recorder.recordAll(messages);
  recordSummaryMessages(recorder, messages);
  for (const { at, usage } of calls) recorder.call(at, usage);
  return recorder.history(messages);
}

/**
 * Input usage as the providers split it: `total` is the whole prompt, cached
 * parts included, and the uncached part is what is left after the cache.
 */
export function callUsage(fields: {
  total: number | undefined;
  cacheRead?: number;
  cacheWrite?: number;
  output?: number;
  uncached?: number;
  /** The model that answered the call, when the file names it. */
  model?: string;
}): CallUsage {
  const { total, cacheRead, cacheWrite, output, model } = fields;
  const uncached =
    fields.uncached ?? (total === undefined ? undefined : total - (cacheRead ?? 0) - (cacheWrite ?? 0));
  return {
    contextTokens: total ?? null,
    inputTokens: uncached ?? null,
    cacheReadTokens: cacheRead ?? null,
    cacheWriteTokens: cacheWrite ?? null,
    outputTokens: output ?? null,
    ...(model ? { model } : {}),
  };
}
