/**
 * A gold-fact case (docs/cases.md): a session, where to cut it, and the facts
 * a compaction there must keep, each with the words of the session that
 * prove it. The file is checked with valibot, then every quote is looked for
 * in its message: a case whose evidence is not in its session is refused,
 * naming the case, the fact and the message.
 *
 * Pure: the command line reads the files from disk, the page from what it
 * was given; both hand the text here through a `SessionReader`.
 */
import * as v from 'valibot';
import { FACT_KINDS, type FactKind, type Message } from '../core';
import { serializeMessage } from '../core/serialize';
import type { ProbeKind } from '../core/eval/probes';
import type { SessionHistory } from '../core/session/history';
import { checkPins, PinError, type Pinned } from './pins';
import {
  forkAtRecorded,
  RECORDED_CUT,
  recordedOrdinal,
  RecordedForkError,
  type RecordedFork,
} from './recordedFork';

/** A case that cannot be used: the message names the file, and the case, fact or field. */
export class CaseError extends Error {
  override name = 'CaseError';
}

export const CASE_SUFFIX = '.case.json';
const PROBE_KINDS = [
  'recall',
  'artifact',
  'continuation',
  'decision',
] as const satisfies readonly ProbeKind[];
const MAX_TEXT = 4000;

const text = (what: string) =>
  v.pipe(
    v.string(`${what} must be a string`),
    v.trim(),
    v.minLength(1, `${what} must not be empty`),
    v.maxLength(MAX_TEXT, `${what} is longer than ${MAX_TEXT} characters`),
  );
const index = (what: string) =>
  v.pipe(
    v.number(`${what} must be a number`),
    v.integer(`${what} must be a whole number`),
    v.minValue(0, `${what} must be 0 or more`),
  );

export const FactSchema = v.strictObject({
  id: v.pipe(text('id'), v.regex(/^[a-z0-9][a-z0-9-]*$/, 'id must be lower case letters, digits and -')),
  kind: v.optional(v.picklist(FACT_KINDS, `kind must be one of ${FACT_KINDS.join(', ')}`), 'constraint'),
  text: v.optional(text('text')),
  side: v.picklist(
    ['before', 'after'],
    'side must be "before" (summarized) or "after" (a control kept as is)',
  ),
  evidence: v.strictObject({
    message: index('evidence.message'),
    id: v.optional(text('evidence.id')),
    quote: text('evidence.quote'),
  }),
});

const ProbeSchema = v.strictObject({
  kind: v.picklist(PROBE_KINDS, `kind must be one of ${PROBE_KINDS.join(', ')}`),
  question: text('question'),
  expected: v.pipe(
    v.array(text('an expected answer')),
    v.minLength(1, 'expected must name at least one thing a right answer says'),
  ),
});

export const CaseSchema = v.strictObject({
  $schema: v.optional(v.string()),
  id: v.pipe(text('id'), v.regex(/^[a-z0-9][a-z0-9-]*$/, 'id must be lower case letters, digits and -')),
  description: v.optional(text('description')),
  session: text('session'),
  sha256: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lower case hex digits')),
  ),
  cutIds: v.optional(
    v.record(
      v.pipe(v.string(), v.regex(/^[0-9]+$/, 'a key of cutIds is a cut: a message index')),
      text('a cut id'),
    ),
  ),
  cuts: v.optional(
    v.pipe(
      v.array(
        v.union(
          [v.literal('auto'), index('a cut'), v.pipe(v.string(), v.regex(RECORDED_CUT))],
          'a cut is "auto", "recorded", "recorded:N" or a message index',
        ),
      ),
      v.minLength(1, 'cuts must not be empty'),
    ),
    ['auto'],
  ),
  window: v.optional(v.pipe(index('window'), v.minValue(1000, 'window must be at least 1000'))),
  keepRecent: v.optional(v.pipe(index('keepRecent'), v.minValue(1, 'keepRecent must be at least 1'))),
  facts: v.pipe(v.array(FactSchema), v.minLength(1, 'facts must name at least one fact')),
  probes: v.optional(v.array(ProbeSchema), []),
});

export type CaseInput = v.InferOutput<typeof CaseSchema>;
export type Cut = 'auto' | number;

export interface GoldFact {
  id: string;
  kind: FactKind;
  /** What must survive, matched like the judge's facts of its kind; the quote when not given. */
  text: string;
  side: 'before' | 'after';
  message: number;
  quote: string;
}

export interface CaseProbe {
  kind: ProbeKind;
  question: string;
  expected: string[];
  /**
   * The session's own words behind the answer, when the case gives them (the
   * published layout's quote): a model's answer the expected items do not
   * match is graded by the model against them.
   */
  evidence?: string;
}

export interface LoadedCase {
  id: string;
  description: string;
  /** The case file, as given. */
  file: string;
  sessionFile: string;
  /** The session's messages, or the context before the recorded compaction the case forks at. */
  messages: Message[];
  /** Each cut, a recorded one resolved: the agent's own kept tail, or `auto` when it kept none. */
  cuts: Cut[];
  /** The recorded compaction the case forks at (`"recorded"` cuts), with what the agent kept there. */
  recorded?: RecordedFork;
  /** The session file's sha256. */
  sha256: string;
  /** Said when the case loads: not pinned, or its indexes followed to their ids (`pins.ts`). */
  notices: string[];
  window?: number;
  keepRecent?: number;
  facts: GoldFact[];
  probes: CaseProbe[];
}

/** The text of a message as a quote is looked for in it: its content, tool calls and results as serialized. */
export function messageText(message: Message): string {
  return [message.content, ...serializeMessage(message)].join('\n');
}

function issuePath(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => String(item.key));
  return keys.length ? keys.join('.') : '(top level)';
}

/** An issue's message, with valibot's words for a missing or unknown field made plain. */
export function issueText(issue: v.BaseIssue<unknown>): string {
  if (!issue.message.startsWith('Invalid key')) return issue.message;
  return issue.input === undefined ? 'missing' : 'not a field this file knows';
}

/** Parses a case's JSON text; every problem is a `CaseError` naming the file and the field. */
export function parseCase(file: string, json: string): CaseInput {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new CaseError(`${file}: not JSON (${(error as Error).message})`);
  }
  const parsed = v.safeParse(CaseSchema, raw);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new CaseError(`${file}: ${issuePath(issue)}: ${issueText(issue)}`);
  }
  return parsed.output;
}

/** Checks every fact's evidence and every cut against the session's messages. */
export function verifyCase(
  file: string,
  input: CaseInput,
  messages: readonly Message[],
  cuts: readonly Cut[],
): GoldFact[] {
  const seen = new Set<string>();
  for (const cut of cuts) {
    if (cut !== 'auto' && (cut < 1 || cut >= messages.length))
      throw new CaseError(
        `${file}: case ${input.id}: cut ${cut} is not between 1 and ${messages.length - 1} (the session has ${messages.length} messages)`,
      );
  }
  return input.facts.map((fact) => {
    const where = `${file}: case ${input.id}, fact ${fact.id}`;
    if (seen.has(fact.id)) throw new CaseError(`${where}: the id is used twice`);
    seen.add(fact.id);
    const { message, quote } = fact.evidence;
    if (message >= messages.length)
      throw new CaseError(
        `${where}: message ${message} does not exist (the session has ${messages.length} messages)`,
      );
    if (!messageText(messages[message]).includes(quote))
      throw new CaseError(`${where}: the quote is not in message ${message}: "${quote.slice(0, 80)}"`);
    for (const cut of cuts) {
      if (cut === 'auto') continue;
      const before = message < cut;
      if (before !== (fact.side === 'before'))
        throw new CaseError(
          `${where}: side is "${fact.side}" but message ${message} is ${before ? 'before' : 'after'} cut ${cut}`,
        );
    }
    return {
      id: fact.id,
      kind: fact.kind,
      text: fact.text ?? quote,
      side: fact.side,
      message,
      quote,
    };
  });
}

/** The messages of a case's session, and the session's file as the case's reader names it. */
export interface CaseSession {
  messages: Message[];
  sessionFile: string;
  /** The session over time, when the file records more than its context (compactions): for `"recorded"` cuts. */
  history?: SessionHistory;
  /** The session file's sha256 (`sha256Hex` of its text), checked against the case's pin. */
  sha256: string;
}

/**
 * Reads the session `session` (as the case file `file` names it, relative to
 * it); a `CaseError` it throws is prefixed with the case file and "session".
 */
export type SessionReader = (file: string, session: string) => Promise<CaseSession>;

/**
 * The fork a case's `"recorded"` cuts ask for, or undefined without one. Its
 * other cuts and its facts' indexes then count in the fork's messages, so a
 * case forks at one compaction only.
 */
function forkOf(file: string, input: CaseInput, session: CaseSession): RecordedFork | undefined {
  const ordinals = [...new Set(input.cuts.map(recordedOrdinal).filter((n): n is number => n !== null))];
  if (ordinals.length === 0) return undefined;
  if (ordinals.length > 1)
    throw new CaseError(
      `${file}: case ${input.id}: cuts fork at recorded compactions ${ordinals.join(' and ')}: a case forks at one (its other cuts count in that fork's messages)`,
    );
  const history = session.history ?? { messages: session.messages, compactions: [], calls: [] };
  try {
    return forkAtRecorded(history, ordinals[0]);
  } catch (error) {
    if (error instanceof RecordedForkError)
      throw new CaseError(
        `${file}: case ${input.id}: cut "${input.cuts.find((c) => recordedOrdinal(c) !== null)}": ${session.sessionFile}: ${error.message}`,
      );
    throw error;
  }
}

function pinsOf(
  file: string,
  input: CaseInput,
  session: CaseSession,
  messages: readonly Message[],
  cuts: readonly Cut[],
): Pinned {
  try {
    return checkPins(file, input, session, messages, cuts);
  } catch (error) {
    if (error instanceof PinError) throw new CaseError(error.message);
    throw error;
  }
}

/** Validates and verifies one case from its text, its session read by `readSession`. */
export async function loadCaseText(
  file: string,
  json: string,
  readSession: SessionReader,
  options: { ignorePins?: boolean } = {},
): Promise<LoadedCase> {
  const input = parseCase(file, json);
  const session = await readSession(file, input.session).catch((error: unknown) => {
    if (error instanceof CaseError) throw new CaseError(`${file}: session: ${error.message}`);
    throw error;
  });
  const recorded = forkOf(file, input, session);
  const messages = recorded?.messages ?? session.messages;
  const resolved = input.cuts.map((cut): Cut => {
    if (typeof cut === 'number' || cut === 'auto') return cut;
    return recorded?.keptFrom ?? 'auto';
  });
  const pinned = options.ignorePins
    ? { cuts: resolved, factMessages: input.facts.map((f) => f.evidence.message), notices: [] }
    : pinsOf(file, input, session, messages, resolved);
  const cuts = pinned.cuts;
  const followed = {
    ...input,
    facts: input.facts.map((f, i) => ({
      ...f,
      evidence: { ...f.evidence, message: pinned.factMessages[i]! },
    })),
  };
  const facts = verifyCase(file, followed, messages, cuts);
  return {
    id: input.id,
    description: input.description ?? '',
    file,
    sessionFile: session.sessionFile,
    messages,
    cuts,
    ...(recorded ? { recorded } : {}),
    sha256: session.sha256,
    notices: pinned.notices,
    ...(input.window !== undefined ? { window: input.window } : {}),
    ...(input.keepRecent !== undefined ? { keepRecent: input.keepRecent } : {}),
    facts,
    probes: input.probes,
  };
}

/** Whether a file name is a case's. */
export const isCaseFile = (name: string): boolean => name.endsWith(CASE_SUFFIX);

/** Loads each case file in the order given; two cases with one id are refused. */
export async function loadCaseFiles(
  files: readonly string[],
  load: (file: string) => Promise<LoadedCase>,
): Promise<LoadedCase[]> {
  const cases: LoadedCase[] = [];
  const ids = new Map<string, string>();
  for (const file of files) {
    const loaded = await load(file);
    const other = ids.get(loaded.id);
    if (other) throw new CaseError(`${file}: case id ${loaded.id} is also the id of ${other}`);
    ids.set(loaded.id, file);
    cases.push(loaded);
  }
  return cases;
}

/**
 * `session` as seen from the folder of `file`, both with `/` between folders:
 * `.` and `..` are resolved, and a `..` above the top is kept.
 */
export function sessionPath(file: string, session: string): string {
  if (session.startsWith('/')) return session;
  const parts = file.split('/').slice(0, -1);
  for (const part of session.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}
