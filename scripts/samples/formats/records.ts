/** What the session writers share: their output layout and their usage arithmetic. */

/** One JSON record per line, as Claude Code, Codex and pi store sessions. */
export const jsonl = (records: readonly unknown[]): string =>
  records.map((r) => JSON.stringify(r)).join('\n') + '\n';

/** A rough running size, for plausible provider usage numbers inside the samples. */
export const roughTokens = (text: string): number => Math.ceil(text.length / 3.6);
