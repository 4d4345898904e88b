/**
 * What a transcript file records about its usage as a whole: the last
 * request's context, the totals, the window and the model. Importers read
 * it, share links carry it, the ledger prices with its model and the page's
 * model field shows its window. It sits in the core because both `formats`
 * and `share` need it and neither may import the other: one type and one
 * reading of it, not a copy per folder that drifts when a count is added.
 */

export interface FileUsage {
  /** Prompt size of the last recorded request, cached parts included: the real context size then. */
  contextTokens?: number;
  inputTokens?: number;
  cachedInputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
  totalTokens?: number;
  /** The model's window, when the source states it (Codex `model_context_window`). */
  contextWindow?: number;
  model?: string;
  /** The version of the agent that wrote the file, when it records one (Claude Code `version`, Codex `cli_version`). */
  agentVersion?: string;
}

/** Every count of `FileUsage`: the fields a reader keeps only as whole non-negative numbers. */
export const FILE_USAGE_COUNTS = [
  'contextTokens',
  'inputTokens',
  'cachedInputTokens',
  'outputTokens',
  'reasoningTokens',
  'totalTokens',
  'contextWindow',
] as const satisfies readonly (keyof FileUsage)[];

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The usage in `record` that is well formed (each count a whole number of 0
 * or more, the model a string), and nothing else; undefined when none is.
 * A file or a link from elsewhere may hold anything under these names.
 */
export function readFileUsage(record: object): FileUsage | undefined {
  const usage: FileUsage = {};
  const own = (key: string): unknown =>
    Object.prototype.hasOwnProperty.call(record, key) ? (record as Record<string, unknown>)[key] : undefined;
  for (const key of FILE_USAGE_COUNTS) {
    const count = own(key);
    if (isCount(count)) usage[key] = count;
  }
  const model = own('model');
  if (typeof model === 'string') usage.model = model;
  const agentVersion = own('agentVersion');
  if (typeof agentVersion === 'string') usage.agentVersion = agentVersion;
  return Object.keys(usage).length > 0 ? usage : undefined;
}

/**
 * A call's prompt: fresh input plus cache reads plus cache writes. What the
 * agent really sent, cached or not; Anthropic's usage counts the three apart
 * (`input_tokens` alone is only the part after the last cache mark). Every
 * reading of a call's context size (the importers, `statusline`) goes
 * through here, so that the page, `inspect` and the status line agree.
 */
export function promptTokens(
  input: number | null,
  cacheRead: number | null,
  cacheWrite: number | null,
): number {
  return (input ?? 0) + (cacheRead ?? 0) + (cacheWrite ?? 0);
}
