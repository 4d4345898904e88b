/**
 * The one message shape every transcript format is normalized into.
 *
 * It is deliberately flat and provider-neutral: a format importer maps its own
 * items onto it, the core measures and cuts it, and exporters map it back.
 */

export type Role = 'system' | 'user' | 'assistant' | 'tool';

/** A function call requested by an assistant message. */
export interface ToolCall {
  id: string;
  name: string;
  /** Always a JSON string, whatever the source format stored (object or string). */
  arguments: string;
}

/** Where a message came from, so the UI can point back at the original. */
export interface SourceRef {
  /** 1-based line number, for line-oriented sources (JSONL, plain text). */
  line?: number;
  /** JSON path of the item, for JSON sources, e.g. `$.messages[3]`. */
  path?: string;
}

export interface Message {
  /** Stable within one import: the same file always yields the same ids. */
  id: string;
  role: Role;
  /** The visible text. Non-text parts are described by the fields below. */
  content: string;
  /** Reasoning ("thinking") text the model produced, when the source kept it. */
  reasoning?: string;
  toolCalls?: ToolCall[];
  /** On a `tool` message: the id of the call this is the result of. */
  toolCallId?: string;
  /** On a `tool` message: the name of the tool that produced it. */
  toolName?: string;
  /** Optional participant name (Chat Completions `name`). */
  name?: string;
  /** Number of image parts; each is counted at a fixed cost. */
  images?: number;
  /**
   * Tokens of content the provider keeps encrypted (reasoning, a compaction
   * summary): the model reads it, but there is no text here to count, so the
   * importer estimates it from the size of the encrypted blob.
   */
  opaqueTokens?: number;
  /** Set on summaries written by a compaction, ours or one recognized on import. */
  kind?: 'summary';
  /**
   * Characters of `content` and `reasoning` that frame the text rather than
   * carry it: pi's lead-in and tags around a summary, its wording around a
   * `!` command or a system prompt update, the newlines between text blocks.
   * pi weighs only the text inside, so the `chars4` rule (pi's) leaves them
   * out; the BPE counts keep them, since the model reads them.
   */
  framingChars?: number;
  /**
   * On a summary: the files its compaction recorded (pi's `details`), which
   * the next compaction starts its lists from instead of reading the tags in
   * the summary's text. Empty lists when the compaction recorded none.
   */
  files?: { read: string[]; modified: string[] };
  /**
   * On a summary: how many of the messages right after it its compaction
   * kept. When no message follows them, the `pi` strategy has nothing to
   * compact (pi: "Already compacted").
   */
  keptAfter?: number;
  /**
   * Entries after this message that the harness keeps in its session and
   * weighs when it picks a cut, but never sends: pi's failed replies
   * (aborted or errored) and its `!!` commands. They are not messages of the
   * context, and nothing counts them as sent; only the `pi` strategy's walk
   * weighs them, as pi does.
   */
  unsentAfter?: UnsentEntry[];
  /** The same for entries before the first message, which no message precedes. */
  unsentBefore?: UnsentEntry[];
  /** The stored turn this message belongs to, when the source has turns. */
  turnId?: string;
  source?: SourceRef;
  /**
   * Counts that stand in for text this message no longer has: a minimal
   * share link carries every message's counts but only a few messages' text,
   * and counts, not text, decide the cut. Set, it is what every count of the
   * message returns, whatever the estimator would make of the text left.
   */
  carried?: CarriedCounts;
}

/** An entry a harness weighs but never sends (see `Message.unsentAfter`). */
export interface UnsentEntry {
  /** A failed reply (pi may cut at it) or a `!!` command (a turn starts at it). */
  kind: 'reply' | 'command';
  /** The characters pi weighs: a reply's text, thinking and calls; a command and its output. */
  chars: number;
}

/**
 * A message's counts as measured where its text was whole, under the
 * tokenizer and scale of the settings they travelled with (the reader keeps
 * those fixed: nobody can count text that is not there).
 */
export interface CarriedCounts {
  /** The whole message, as `Estimator.countMessage` counted it. */
  tokens: number;
  /** Its reasoning; 0 or absent when it had none. */
  reasoning?: number;
  /** Each tool call's arguments, in call order. */
  arguments?: number[];
  /** A tool result without its output and images: what stays around a placeholder. */
  bare?: number;
  /** A tool result's masking note, which names its line count. */
  masked?: number;
  /** A tool result's output, in characters. */
  chars?: number;
  /** What text is here: none of it, or a part (absent: all of it). */
  excerpt?: 'none' | 'part';
}
