/**
 * A session's cost, call by call: each call at the list prices of the model
 * that answered it. A developer who switches from an expensive model to a
 * cheap one midway (or an agent that hands small calls to a small model)
 * pays two prices; pricing the whole session at its last model would be off
 * by the ratio of the two. A call whose file names no model is priced at the
 * session's model, and the result says how many were.
 */
import { estimateSessionCost, type SessionTokens } from './prices';

/** What one call was billed for, and the model the file says answered it. */
export interface CallTokens {
  /** Absent when the file does not name it: priced at the session's model. */
  model?: string;
  /** The whole prompt, cached parts included. */
  inputTokens: number;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
  outputTokens: number | null;
}

/** The calls of one model and what they cost; null when the model has no list price. */
export interface ModelCost {
  model: string;
  calls: number;
  usd: number | null;
}

export interface SessionCost {
  /** Every call at its model's prices; null when a call with tokens has no price. */
  usd: number | null;
  /** By model, in the order the session first used each; the session's model for calls that name none. */
  models: ModelCost[];
  /** Calls that name no model and were priced at the session's model. */
  callsWithoutModel: number;
}

interface Group {
  model: string | null;
  calls: number;
  tokens: SessionTokens;
}

const none = (): SessionTokens => ({
  inputTokens: 0,
  cacheReadTokens: null,
  cacheWriteTokens: null,
  outputTokens: null,
});

const plus = (a: number | null, b: number | null) => (a === null && b === null ? null : (a ?? 0) + (b ?? 0));

function add(into: SessionTokens, tokens: SessionTokens): void {
  into.inputTokens += tokens.inputTokens;
  into.cacheReadTokens = plus(into.cacheReadTokens, tokens.cacheReadTokens);
  into.cacheWriteTokens = plus(into.cacheWriteTokens, tokens.cacheWriteTokens);
  into.outputTokens = plus(into.outputTokens, tokens.outputTokens);
}

const isEmpty = (t: SessionTokens) =>
  t.inputTokens === 0 && !t.cacheReadTokens && !t.cacheWriteTokens && !t.outputTokens;

/**
 * `calls` priced each at its own model, else at `sessionModel`. `rest` is
 * what the session was billed for outside any one call (the output of a file
 * that records none per call, counted), priced at `sessionModel`. A model
 * with no list price makes the total null unless its calls carried no
 * tokens at all (Claude Code's `<synthetic>` replies).
 */
export function sessionCost(
  calls: readonly CallTokens[],
  sessionModel: string | null,
  rest?: SessionTokens,
): SessionCost {
  const groups = new Map<string | null, Group>();
  const groupOf = (model: string | null) => {
    let g = groups.get(model);
    if (!g) groups.set(model, (g = { model, calls: 0, tokens: none() }));
    return g;
  };
  let callsWithoutModel = 0;
  for (const call of calls) {
    if (call.model === undefined) callsWithoutModel++;
    const g = groupOf(call.model ?? sessionModel);
    g.calls++;
    add(g.tokens, call);
  }
  if (rest && !isEmpty(rest)) add(groupOf(sessionModel).tokens, rest);
  let usd: number | null = 0;
  const models: ModelCost[] = [];
  for (const g of groups.values()) {
    const priced = g.model === null ? null : estimateSessionCost(g.model, g.tokens);
    const cost = priced ?? (isEmpty(g.tokens) ? 0 : null);
    if (g.model !== null) models.push({ model: g.model, calls: g.calls, usd: cost });
    usd = usd === null || cost === null ? null : usd + cost;
  }
  return { usd, models, callsWithoutModel };
}

/**
 * The same calls with other prompt sizes (a replay under other settings):
 * call k sends `sizes[k]`, read from the cache in the share the recorded
 * calls read it, and writes what it wrote; the models are the calls' own.
 */
export function resized(calls: readonly CallTokens[], sizes: readonly number[]): CallTokens[] {
  let input = 0;
  let read = 0;
  for (const c of calls) {
    input += c.inputTokens;
    read += c.cacheReadTokens ?? 0;
  }
  const share = input > 0 ? read / input : 0;
  return calls.map((c, k) => ({
    ...(c.model !== undefined ? { model: c.model } : {}),
    inputTokens: sizes[k] ?? 0,
    cacheReadTokens: Math.round((sizes[k] ?? 0) * share),
    cacheWriteTokens: null,
    outputTokens: c.outputTokens,
  }));
}
