/**
 * What a request holds that the transcript does not show. Claude Code writes
 * neither its system prompt nor its tool definitions into its session files,
 * yet every request carries them (15–18k tokens in real sessions), so a
 * verdict made from the visible messages alone says "does not fire" where the
 * agent compacts. Every threshold comparison and every before/after adds this
 * part, and says where it came from.
 *
 * Part of it is known (a system prompt the file records, a size the user
 * typed) and part only inferred (recorded usage the messages do not explain:
 * the system prompt and tools, but also cache, dropped messages, a
 * sub-agent's turns): `splitUnseen` keeps the two apart.
 */

/**
 * Where the unseen part comes from: the file's usage measured it, the
 * conformance lab measured what this agent version sends
 * (`harness/measured.ts`), the user typed it, or nothing says it.
 */
export type UnseenSource = 'recorded-usage' | 'lab' | 'setting' | 'none';

export interface Unseen {
  tokens: number;
  source: UnseenSource;
}

/**
 * The unseen part in force: the user's setting when there is one (they know
 * the agent's prompt and tools better than a gap in usage can), else what the
 * lab measured this agent version sending (the system prompt and tools
 * themselves, where the usage gap also holds cache and whatever the file
 * misses), else what the file's recorded usage measured, else none.
 */
export function resolveUnseen(
  measured: number | null | undefined,
  typed: number | null,
  lab: number | null = null,
): Unseen {
  if (typed !== null) return { tokens: typed, source: 'setting' };
  if (lab !== null) return { tokens: lab, source: 'lab' };
  if (typeof measured === 'number') return { tokens: measured, source: 'recorded-usage' };
  return { tokens: 0, source: 'none' };
}

/** Where the known part comes from: system messages the file records, the lab's measure, a size the user typed, or nothing. */
export type KnownSource = 'file' | 'lab' | 'setting' | 'none';

/** The unseen part split into what is known and what is only inferred from usage. */
export interface UnseenSplit {
  /**
   * System prompt and tools of known size: the file's own system messages
   * (already among the messages, so not added again), the lab's measure of
   * the agent version or the typed setting (each of which is what is added).
   * No harness preset states a size.
   */
  knownTokens: number;
  knownSource: KnownSource;
  /** Recorded usage the file's messages do not explain, added to the context; null when none is measured or the lab's figure or a setting replaces it. */
  inferredTokens: number | null;
  /** The newest recorded call's prompt (input + cache read + cache creation), what `statusline` shows; null without usage. */
  lastCallTokens: number | null;
  /** The inferred part dwarfs the messages: the file likely misses part of the conversation. */
  likelyMissing: boolean;
}

/** An inferred part this many times the messages' tokens… */
export const LIKELY_MISSING_RATIO = 10;
/** …and at least this large says the file likely misses part of the conversation. */
export const LIKELY_MISSING_MIN_TOKENS = 20_000;

/**
 * The split the page, `inspect` and `statusline` agree on. `systemTokens` is
 * what the file's system messages count; `measured` what the newest recorded
 * call sent beyond the messages and that call's prompt; `lab` the lab's
 * measure of the agent version (`labUnseenTokens`); `typed` the setting.
 */
export function splitUnseen(input: {
  systemTokens: number;
  messageTokens: number;
  measured: { inferredTokens: number; lastCallTokens: number | null } | null;
  lab?: number | null;
  typed: number | null;
}): UnseenSplit {
  const { systemTokens, messageTokens, measured, typed } = input;
  const lab = input.lab ?? null;
  const lastCallTokens = measured?.lastCallTokens ?? null;
  // A figure that replaces the usage gap: nothing is inferred, so nothing is said to be missing.
  const replaced = (knownTokens: number, knownSource: KnownSource): UnseenSplit => ({
    knownTokens,
    knownSource,
    inferredTokens: null,
    lastCallTokens,
    likelyMissing: false,
  });
  if (typed !== null) return replaced(typed, 'setting');
  if (lab !== null) return replaced(lab, 'lab');
  const inferred = measured ? measured.inferredTokens : null;
  return {
    knownTokens: systemTokens,
    knownSource: systemTokens > 0 ? 'file' : 'none',
    inferredTokens: inferred,
    lastCallTokens,
    likelyMissing:
      inferred !== null &&
      inferred > LIKELY_MISSING_MIN_TOKENS &&
      inferred > LIKELY_MISSING_RATIO * messageTokens,
  };
}
