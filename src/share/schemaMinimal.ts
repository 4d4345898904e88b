/**
 * The minimal link's transcript as the schema checks it: each column bounded
 * (`minimalTranscriptSchema`), then the rules between columns a per-field
 * schema cannot state (`minimalProblem`), the session over time's too.
 */
import * as v from 'valibot';
import { SHARE_LIMITS } from './limits';
import { PACKED_COLUMN, unpackColumns, unpackNumbers } from './minimalColumns';
import { contextPositions, sessionCallsOf, sessionLength } from './minimalSession';
import { SHARE_FORMAT_ID, type MinimalSession, type MinimalTranscript } from './payload';
import { index, label, many, messageCount, nullableCount, text, type Problem } from './schemaParts';

/** A packed number column: at most 9 characters an entry (8 base-36 digits and a comma). */
const packed = (entries: number) =>
  v.pipe(
    v.string(),
    v.maxLength(entries * 10),
    v.regex(PACKED_COLUMN, 'Expected base-36 numbers separated by commas'),
  );

const roleLetters = (max: number) =>
  v.pipe(v.string(), v.maxLength(max), v.regex(/^[suat]*$/, 'Expected one letter per message: s, u, a or t'));

/** The session over time (`MinimalSession`), each column bounded; how it fits is `minimalSessionProblem`'s. */
const minimalSessionSchema = v.strictObject({
  at: many(v.tuple([index, messageCount])),
  roles: roleLetters(SHARE_LIMITS.messages),
  tokens: packed(SHARE_LIMITS.messages),
  summaries: v.optional(packed(SHARE_LIMITS.messages)),
  calls: packed(SHARE_LIMITS.messages),
  input: packed(SHARE_LIMITS.messages),
  cacheRead: packed(SHARE_LIMITS.messages),
  cacheWrite: packed(SHARE_LIMITS.messages),
  output: packed(SHARE_LIMITS.messages),
  context: packed(SHARE_LIMITS.messages),
  models: v.optional(many(v.tuple([v.pipe(v.string(), v.maxLength(SHARE_LIMITS.modelChars)), messageCount]))),
  compactions: v.optional(
    many(
      v.union([
        v.tuple([index, nullableCount, nullableCount, v.nullable(v.picklist(['auto', 'manual'])), label]),
        v.tuple([
          index,
          nullableCount,
          nullableCount,
          v.nullable(v.picklist(['auto', 'manual'])),
          label,
          many(index),
        ]),
      ]),
    ),
  ),
});

/** The minimal transcript's columns, each bounded; how they fit together is `minimalProblem`'s. */
export const minimalTranscriptSchema = v.strictObject({
  name: v.optional(label),
  roles: roleLetters(SHARE_LIMITS.messages),
  tokens: packed(SHARE_LIMITS.messages),
  summaries: v.optional(packed(SHARE_LIMITS.messages)),
  turns: v.optional(many(v.tuple([label, messageCount]))),
  reasoning: v.optional(packed(SHARE_LIMITS.messages)),
  calls: v.optional(packed(SHARE_LIMITS.messages)),
  callNames: v.optional(v.pipe(v.array(label), v.maxLength(SHARE_LIMITS.toolCallsPerTranscript))),
  callTokens: v.optional(packed(SHARE_LIMITS.toolCallsPerTranscript)),
  answers: v.optional(packed(SHARE_LIMITS.messages)),
  bare: v.optional(packed(SHARE_LIMITS.messages)),
  masked: v.optional(packed(SHARE_LIMITS.messages)),
  chars: v.optional(packed(SHARE_LIMITS.messages)),
  toolNames: v.optional(many(v.tuple([index, label]))),
  unsent: v.optional(
    many(
      v.tuple([
        v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(SHARE_LIMITS.messages - 1)),
        v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SHARE_LIMITS.textChars)),
        v.picklist(['reply', 'command']),
      ]),
    ),
  ),
  keptAfter: v.optional(
    many(v.tuple([index, v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SHARE_LIMITS.messages))])),
  ),
  files: v.optional(many(v.tuple([index, many(text), many(text)]))),
  texts: v.optional(
    many(
      v.strictObject({
        i: index,
        content: v.optional(text),
        reasoning: v.optional(text),
        args: v.optional(v.pipe(v.array(text), v.maxLength(SHARE_LIMITS.toolCallsPerMessage))),
        part: v.optional(v.literal(true)),
      }),
    ),
  ),
  format: v.optional(v.pipe(v.string(), v.regex(SHARE_FORMAT_ID, 'Expected a format id like claude-code'))),
  session: v.optional(minimalSessionSchema),
});

/** Strictly ascending, so each index names one message once and the order is the transcript's. */
function firstUnordered(values: readonly number[]): number {
  for (let k = 1; k < values.length; k++) if (values[k] <= values[k - 1]) return k;
  return -1;
}

/** The most each packed column may hold in one entry. */
const COLUMN_MAX = {
  summaries: SHARE_LIMITS.messages - 1,
  reasoning: SHARE_LIMITS.tokens,
  calls: SHARE_LIMITS.toolCallsPerMessage,
  callTokens: SHARE_LIMITS.tokens,
  bare: SHARE_LIMITS.tokens,
  masked: SHARE_LIMITS.tokens,
  chars: SHARE_LIMITS.textChars,
} as const;

/**
 * The rules between the minimal transcript's columns, which a per-field
 * schema cannot state: numbers in range, one count per message, runs that
 * add up, indices inside the transcript and in order, a result answering a
 * call made before it. Returns where and what, or null.
 */
export function minimalProblem(transcript: MinimalTranscript): Problem {
  for (const [key, max] of Object.entries(COLUMN_MAX) as [keyof typeof COLUMN_MAX, number][]) {
    const column = transcript[key];
    if (column === undefined) continue;
    const k = unpackNumbers(column).findIndex((x) => x === null || x < 0 || x > max);
    if (k >= 0) return { path: `transcript.${key}[${k}]`, message: `expected a number from 0 to ${max}` };
  }
  const t = unpackColumns(transcript);
  const n = t.roles.length;
  const badCount = t.tokens.findIndex((x) => !(x >= 0 && x <= SHARE_LIMITS.tokens));
  if (badCount >= 0) {
    return {
      path: `transcript.tokens[${badCount}]`,
      message: `message ${badCount} would count ${t.tokens[badCount]} tokens; expected 0 to ${SHARE_LIMITS.tokens}`,
    };
  }
  const perMessage = (key: 'tokens' | 'reasoning' | 'calls') => {
    const length = t[key]?.length;
    return length !== undefined && length !== n
      ? { path: `transcript.${key}`, message: `${length} entries for ${n} messages` }
      : null;
  };
  const wrongLength = perMessage('tokens') ?? perMessage('reasoning') ?? perMessage('calls');
  if (wrongLength) return wrongLength;
  if (t.turns) {
    const total = t.turns.reduce((sum, [, count]) => sum + count, 0);
    if (total !== n) return { path: 'transcript.turns', message: `the runs cover ${total} of ${n} messages` };
  }
  const inside = (path: string, list: readonly number[]) => {
    const k = list.findIndex((i) => i >= n);
    if (k >= 0) return { path: `${path}[${k}]`, message: `message ${list[k]} of ${n}` };
    const bad = firstUnordered(list);
    return bad >= 0 ? { path: `${path}[${bad}]`, message: 'the indices are not in ascending order' } : null;
  };
  const summaries = inside('transcript.summaries', t.summaries ?? []);
  if (summaries) return summaries;
  const calls = t.calls ?? [];
  const callCount = calls.reduce((sum, c) => sum + c, 0);
  for (const column of ['callNames', 'callTokens'] as const) {
    const length = t[column]?.length ?? 0;
    if (length !== callCount) {
      return { path: `transcript.${column}`, message: `${length} entries for ${callCount} tool calls` };
    }
  }
  // The message each call was made in, to check that a result answers a call made before it.
  const callMessage: number[] = [];
  calls.forEach((count, i) => {
    for (let k = 0; k < count; k++) callMessage.push(i);
  });
  const toolAt: number[] = [];
  for (let i = 0; i < n; i++) if (t.roles[i] === 't') toolAt.push(i);
  for (const column of ['answers', 'bare', 'masked', 'chars'] as const) {
    const length = t[column]?.length ?? 0;
    if (length !== toolAt.length) {
      return { path: `transcript.${column}`, message: `${length} entries for ${toolAt.length} tool results` };
    }
  }
  let previous = -1;
  for (let r = 0; r < toolAt.length; r++) {
    const step = t.answers![r];
    if (step === null) continue;
    const answered = previous + 1 + step;
    if (answered < 0 || answered >= callCount || callMessage[answered] >= toolAt[r]) {
      return {
        path: `transcript.answers[${r}]`,
        message: `no call made before message ${toolAt[r]} is there to answer`,
      };
    }
    previous = answered;
  }
  const unsentAt = (t.unsent ?? []).map(([after]) => after);
  const lastUnsent = unsentAt.findIndex((after, k) => after >= n || (k > 0 && after < unsentAt[k - 1]));
  if (lastUnsent >= 0) {
    return {
      path: `transcript.unsent[${lastUnsent}]`,
      message: `after message ${unsentAt[lastUnsent]} of ${n}, out of order or past the end`,
    };
  }
  const toolNames = t.toolNames ?? [];
  const named = inside(
    'transcript.toolNames',
    toolNames.map(([i]) => i),
  );
  if (named) return named;
  const notTool = toolNames.findIndex(([i]) => t.roles[i] !== 't');
  if (notTool >= 0) {
    return { path: `transcript.toolNames[${notTool}]`, message: 'names a message that is not a tool result' };
  }
  // pi's details belong to summaries: a kept count or a file list on another message is no pi compaction's.
  const summarySet = new Set(t.summaries ?? []);
  for (const column of ['keptAfter', 'files'] as const) {
    const at = (t[column] ?? []).map(([i]) => i);
    const problem = inside(`transcript.${column}`, at);
    if (problem) return problem;
    const notSummary = at.findIndex((i) => !summarySet.has(i));
    if (notSummary >= 0) {
      return {
        path: `transcript.${column}[${notSummary}]`,
        message: 'names a message that is not a summary',
      };
    }
  }
  const texts = t.texts ?? [];
  const textAt = inside(
    'transcript.texts',
    texts.map((x) => x.i),
  );
  if (textAt) return textAt;
  const extraArgs = texts.findIndex((x) => (x.args?.length ?? 0) > (calls[x.i] ?? 0));
  if (extraArgs >= 0) {
    return {
      path: `transcript.texts[${extraArgs}].args`,
      message: 'more arguments than the message has tool calls',
    };
  }
  return transcript.session ? minimalSessionProblem(transcript.session, n) : null;
}

const countIn = (x: number | null) => x === null || (x >= 0 && x <= SHARE_LIMITS.tokens);

/**
 * The session over time of a minimal link with `n` messages in its context:
 * the context placed once each inside the session, one count per hidden
 * message, calls and compactions inside it and in the order they happened,
 * every count in range once its difference is undone.
 */
export function minimalSessionProblem(session: MinimalSession, n: number): Problem {
  const at = 'transcript.session';
  const total = sessionLength(session);
  if (total > SHARE_LIMITS.messages)
    return {
      path: `${at}.roles`,
      message: `${total} messages, over the ${SHARE_LIMITS.messages} a link may hold`,
    };
  const placed = contextPositions(session);
  if (placed.length !== n)
    return { path: `${at}.at`, message: `the runs place ${placed.length} of the context's ${n} messages` };
  const seen = new Set<number>();
  for (const i of placed) {
    if (i >= total || seen.has(i))
      return { path: `${at}.at`, message: `message ${i} of ${total} is outside the session or placed twice` };
    seen.add(i);
  }
  const tokens = unpackNumbers(session.tokens);
  if (tokens.length !== session.roles.length)
    return { path: `${at}.tokens`, message: `${tokens.length} entries for ${session.roles.length} messages` };
  const badCount = tokens.findIndex((x) => x === null || !countIn(x));
  if (badCount >= 0)
    return {
      path: `${at}.tokens[${badCount}]`,
      message: `expected a number from 0 to ${SHARE_LIMITS.tokens}`,
    };
  const summaries = unpackNumbers(session.summaries ?? '');
  const badSummary = summaries.findIndex(
    (i, k) => i === null || i < 0 || i >= total || seen.has(i) || (k > 0 && i <= summaries[k - 1]!),
  );
  if (badSummary >= 0)
    return {
      path: `${at}.summaries[${badSummary}]`,
      message: 'expected hidden messages of the session, in ascending order',
    };
  const steps = unpackNumbers(session.calls);
  for (const column of ['input', 'cacheRead', 'cacheWrite', 'output', 'context'] as const) {
    const length = unpackNumbers(session[column]).length;
    if (length !== steps.length)
      return { path: `${at}.${column}`, message: `${length} entries for ${steps.length} calls` };
  }
  const modelRuns = (session.models ?? []).reduce((sum, [, count]) => sum + count, 0);
  if (session.models && modelRuns !== steps.length)
    return { path: `${at}.models`, message: `the runs cover ${modelRuns} of ${steps.length} calls` };
  const badStep = steps.findIndex((x) => x === null || x < 0);
  if (badStep >= 0)
    return { path: `${at}.calls[${badStep}]`, message: 'the calls are not in the order they happened' };
  const calls = sessionCallsOf(session);
  for (let k = 0; k < calls.length; k++) {
    const c = calls[k];
    if (c.atMessage >= total)
      return { path: `${at}.calls[${k}]`, message: `message ${c.atMessage} of ${total}` };
    const fields = [
      'inputTokens',
      'cacheReadTokens',
      'cacheWriteTokens',
      'outputTokens',
      'contextTokens',
    ] as const;
    const bad = fields.find((f) => !countIn(c[f]));
    if (bad)
      return {
        path: `${at}.calls[${k}]`,
        message: `its ${bad} would be ${c[bad]}; expected 0 to ${SHARE_LIMITS.tokens}`,
      };
  }
  const compactions = session.compactions ?? [];
  for (let k = 0; k < compactions.length; k++) {
    const [message, , , , , after] = compactions[k];
    const path = `${at}.compactions[${k}]`;
    if (message >= total) return { path, message: `message ${message} of ${total}` };
    if (k > 0 && message < compactions[k - 1][0])
      return { path, message: 'the compactions are not in the order they happened' };
    const outside = (after ?? []).find((i) => i >= total);
    if (outside !== undefined)
      return { path, message: `its context after holds message ${outside} of ${total}` };
  }
  return null;
}
