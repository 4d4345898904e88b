/**
 * What a request holds that the transcript does not show: the agent's system
 * prompt and tool definitions. Claude Code writes neither into its session
 * files, yet every request carries them (15–18k tokens in real sessions), so
 * a verdict made from the visible messages alone says "does not fire" where
 * the agent compacts. Every threshold comparison and every before/after adds
 * this part, and says where it came from.
 */

/** Where the unseen part comes from: the file's usage measured it, the user typed it, or nothing says it. */
export type UnseenSource = 'recorded-usage' | 'setting' | 'none';

export interface Unseen {
  tokens: number;
  source: UnseenSource;
}

/**
 * The unseen part in force: the user's setting when there is one (they know
 * the agent's prompt and tools better than a gap in usage can), else what the
 * file's recorded usage measured, else none.
 */
export function resolveUnseen(measured: number | null | undefined, typed: number | null): Unseen {
  if (typed !== null) return { tokens: typed, source: 'setting' };
  if (typeof measured === 'number') return { tokens: measured, source: 'recorded-usage' };
  return { tokens: 0, source: 'none' };
}
