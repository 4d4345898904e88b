/**
 * The session over time in a minimal link: what the timeline of a file that
 * records more than its context now is drawn from, in a few hundred
 * characters. The context's messages travel once, in the transcript's
 * columns; the session places them and adds what they lack:
 *
 *     "session": {
 *       "at": [[36, 12]],              runs of session messages the context holds, in its order
 *       "roles": "uattt…",             one letter per message a compaction hid, in order
 *       "tokens": "fs,1c,…",           their counts
 *       "summaries"?: "k",             the summaries among them, as indices into the session
 *       "calls": "1,4,2,…",            each recorded call's message, as the step from the previous call's
 *       "input": "4,4,7,…",            uncached input tokens
 *       "cacheRead": "dd4,-4,-4,…",    cache reads, less the previous call's context
 *       "cacheWrite": "23,xg,…",       cache writes
 *       "output": "47,16,…",           output tokens
 *       "context": "0,0,…",            the call's context, less its input, cache reads and writes
 *       "models"?: [["claude-sonnet-4-5", 16]],   the calls' models, as runs ("" for none)
 *       "compactions"?: [[20, 22739, null, "manual", "compact_boundary"], …] }
 *
 * A compaction is [message, tokens before, tokens after, trigger, source],
 * and a sixth entry, the context after it, when that is anything but its own
 * message. `_` in a column is a count the file did not record. A cache read
 * is mostly the previous call's context, and a context the sum of its
 * parts, so both travel as small differences, which deflate packs tight.
 *
 * The hidden messages come back as counts only (role, tokens, summary): the
 * recorded run, its calls, compactions, peak and input are the sender's; a
 * replay over them counts the same tokens but knows nothing of their tool
 * calls or turns.
 */
import type { Estimator } from '../core/estimate';
import type { Message } from '../core/message';
import { sessionCalls } from '../core/session/calls';
import type { RecordedCall, RecordedCompaction, SessionHistory } from '../core/session/history';
import { isSummaryMessage } from '../core/summaryEnvelope';
import { LETTER_ROLES, packNumbers, ROLE_LETTERS, unpackNumbers } from './minimalColumns';
import { recordsMore, type MinimalCompaction, type MinimalSession } from './payload';

/** The session's size as the timeline shows it: its calls (recorded or not) and compactions. */
export interface SessionSize {
  calls: number;
  compactions: number;
}

/** The calls and compactions the timeline of `history` shows; null when it adds nothing to the context. */
export function sessionSize(
  messages: readonly Message[],
  history: SessionHistory | null | undefined,
): SessionSize | null {
  if (!history || !recordsMore(history, messages)) return null;
  return { calls: sessionCalls(history).length, compactions: history.compactions.length };
}

/** Runs of consecutive numbers: `[36, 37, 38, 2]` → `[[36, 3], [2, 1]]`. */
function runsOf(values: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const value of values) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === value) last[1]++;
    else runs.push([value, 1]);
  }
  return runs;
}

/** Where each of the context's messages sits in the session: the same object, else the same id. */
function placeContext(messages: readonly Message[], history: SessionHistory): number[] | null {
  const byObject = new Map<Message, number>();
  const byId = new Map<string, number | null>();
  history.messages.forEach((m, i) => {
    byObject.set(m, i);
    byId.set(m.id, byId.has(m.id) ? null : i);
  });
  const at: number[] = [];
  const taken = new Set<number>();
  for (const m of messages) {
    const i = byObject.get(m) ?? byId.get(m.id);
    if (i === undefined || i === null || taken.has(i)) return null;
    taken.add(i);
    at.push(i);
  }
  return at;
}

/**
 * The session over time of `history` as a minimal link carries it; null when
 * it adds nothing to the context, or when the context's messages cannot all
 * be found in it.
 */
export function minimalSessionOf(
  messages: readonly Message[],
  history: SessionHistory | null | undefined,
  estimator: Estimator,
): MinimalSession | null {
  if (!history || !recordsMore(history, messages)) return null;
  const at = placeContext(messages, history);
  if (!at) return null;
  const inContext = new Set(at);
  let roles = '';
  const tokens: number[] = [];
  const summaries: number[] = [];
  history.messages.forEach((m, i) => {
    if (inContext.has(i)) return;
    roles += ROLE_LETTERS[m.role];
    tokens.push(estimator.countMessage(m));
    if (isSummaryMessage(m)) summaries.push(i);
  });
  const steps: number[] = [];
  const input: (number | null)[] = [];
  const cacheRead: (number | null)[] = [];
  const cacheWrite: (number | null)[] = [];
  const output: (number | null)[] = [];
  const context: (number | null)[] = [];
  const models: [string, number][] = [];
  let previousAt = 0;
  let previousContext = 0;
  for (const call of history.calls) {
    steps.push(call.atMessage - previousAt);
    previousAt = call.atMessage;
    input.push(call.inputTokens);
    cacheRead.push(call.cacheReadTokens === null ? null : call.cacheReadTokens - previousContext);
    cacheWrite.push(call.cacheWriteTokens);
    output.push(call.outputTokens);
    const parts = (call.inputTokens ?? 0) + (call.cacheReadTokens ?? 0) + (call.cacheWriteTokens ?? 0);
    context.push(call.contextTokens === null ? null : call.contextTokens - parts);
    previousContext = call.contextTokens ?? 0;
    const model = call.model ?? '';
    const last = models[models.length - 1];
    if (last && last[0] === model) last[1]++;
    else models.push([model, 1]);
  }
  const out: MinimalSession = {
    at: runsOf(at),
    roles,
    tokens: packNumbers(tokens),
    calls: packNumbers(steps),
    input: packNumbers(input),
    cacheRead: packNumbers(cacheRead),
    cacheWrite: packNumbers(cacheWrite),
    output: packNumbers(output),
    context: packNumbers(context),
  };
  if (summaries.length) out.summaries = packNumbers(summaries);
  if (models.some(([model]) => model !== '')) out.models = models;
  if (history.compactions.length) out.compactions = history.compactions.map(minimalCompaction);
  return out;
}

function minimalCompaction(c: RecordedCompaction): MinimalCompaction {
  const head: MinimalCompaction = [c.atMessage, c.tokensBefore, c.tokensAfter, c.trigger, c.source];
  const own = c.contextAfter.length === 1 && c.contextAfter[0] === c.atMessage;
  return own ? head : [...head, [...c.contextAfter]];
}

/** The session's messages in order: the context's where they sit, every other one from its columns. */
export function sessionLength(session: MinimalSession): number {
  return session.roles.length + session.at.reduce((n, [, count]) => n + count, 0);
}

/** The indices of the session the context's messages sit at, in the context's order. */
export function contextPositions(session: MinimalSession): number[] {
  const out: number[] = [];
  for (const [first, count] of session.at) for (let k = 0; k < count; k++) out.push(first + k);
  return out;
}

/** Each recorded call as the file had it, from the packed columns (which `minimalSessionProblem` has checked). */
export function sessionCallsOf(session: MinimalSession): RecordedCall[] {
  const steps = unpackNumbers(session.calls);
  const column = (text: string) => unpackNumbers(text);
  const [input, cacheRead, cacheWrite, output, context] = [
    column(session.input),
    column(session.cacheRead),
    column(session.cacheWrite),
    column(session.output),
    column(session.context),
  ];
  const models: string[] = [];
  for (const [model, count] of session.models ?? []) for (let k = 0; k < count; k++) models.push(model);
  const calls: RecordedCall[] = [];
  let at = 0;
  let previousContext = 0;
  steps.forEach((step, k) => {
    at += step ?? 0;
    const read = cacheRead[k] === null ? null : cacheRead[k]! + previousContext;
    const parts = (input[k] ?? 0) + (read ?? 0) + (cacheWrite[k] ?? 0);
    const contextTokens = context[k] === null ? null : context[k]! + parts;
    previousContext = contextTokens ?? 0;
    const call: RecordedCall = {
      atMessage: at,
      contextTokens,
      inputTokens: input[k],
      cacheReadTokens: read,
      cacheWriteTokens: cacheWrite[k],
      outputTokens: output[k],
    };
    if (models[k]) call.model = models[k];
    calls.push(call);
  });
  return calls;
}

/**
 * The session a validated minimal link carries, around the context's
 * messages (`minimalMessages`): those are placed where they sat, the rest
 * come back as counts without text, with ids of their own (`h<index>`).
 */
export function minimalSessionHistory(session: MinimalSession, context: readonly Message[]): SessionHistory {
  const n = sessionLength(session);
  const messages: (Message | undefined)[] = new Array<Message | undefined>(n);
  contextPositions(session).forEach((i, k) => (messages[i] = context[k]));
  const tokens = unpackNumbers(session.tokens);
  const summaries = new Set(unpackNumbers(session.summaries ?? ''));
  let hidden = 0;
  for (let i = 0; i < n; i++) {
    if (messages[i]) continue;
    const message: Message = {
      id: `h${i}`,
      role: LETTER_ROLES[session.roles[hidden]],
      content: '',
      carried: { tokens: tokens[hidden] ?? 0, excerpt: 'none' },
    };
    if (summaries.has(i)) message.kind = 'summary';
    messages[i] = message;
    hidden++;
  }
  return {
    messages: messages as Message[],
    compactions: (session.compactions ?? []).map(
      ([atMessage, before, after, trigger, source, contextAfter]) => ({
        atMessage,
        contextAfter: contextAfter ? [...contextAfter] : [atMessage],
        trigger,
        tokensBefore: before,
        tokensAfter: after,
        source,
      }),
    ),
    calls: sessionCallsOf(session),
  };
}
