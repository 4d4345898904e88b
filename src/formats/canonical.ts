/**
 * The app's own JSON: `{format: "compaction-playground", version: 1,
 * messages}`. It is what the playground exports, so it must reload without
 * loss; a bare array of our Message objects is accepted too.
 *
 * Optional beside `messages` (a full share link opens as this JSON, and
 * carries them): `sourceFormat`, the format id of the file the messages were
 * first imported from, and `history`, the session over time
 * (`{messages, compactions, calls}`, the shapes of `SessionHistory`), so the
 * timeline, the replay and the ledger read what the original file recorded;
 * `usage`, the file's usage as a whole; and `unseenTokens`, the part not in
 * the file that the original file's usage measured (a link that carries no
 * usage per call carries this instead).
 */
import { readFileUsage } from '../core/fileUsage';
import type { CarriedCounts, Message, Role, ToolCall } from '../core/message';
import type { RecordedCall, RecordedCompaction, SessionHistory } from '../core/session/history';
import { childPath, makeMessage } from './build';
import type { Imported, JsonImporter } from './format';
import { detection } from './format';
import type { IssueLog } from './issues';
import type { JsonRecord } from './json';
import { argumentsString, arr, field, isRecord, num, str } from './json';
import { FORMATS, ImportError, type FormatId, type ImportUsage } from './types';
import { contextHistory } from './sessionRecorder';

export const CANONICAL_FORMAT = 'compaction-playground';
export const CANONICAL_VERSION = 1;

const ROLES: readonly Role[] = ['system', 'user', 'assistant', 'tool'];

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Our message shape: camelCase fields, string content, one of four roles. */
function looksLikeOurMessage(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (typeof field(value, 'id') !== 'string' || !isRole(field(value, 'role'))) return false;
  if (typeof field(value, 'content') !== 'string') return false;
  // Snake-case keys belong to provider formats, never to ours.
  return field(value, 'tool_calls') === undefined && field(value, 'tool_call_id') === undefined;
}

function envelope(value: unknown): JsonRecord | undefined {
  return isRecord(value) && str(value, 'format') === CANONICAL_FORMAT ? value : undefined;
}

export const canonical: JsonImporter = {
  id: 'canonical',
  fixtures: ['canonical-compacted.json'],
  detect(value) {
    if (envelope(value)) return detection('canonical', 1, `"format": "${CANONICAL_FORMAT}" at the top level`);
    if (Array.isArray(value) && value.length > 0 && value.every(looksLikeOurMessage)) {
      // Provider formats rarely give every message an id; ours always does.
      return detection(
        'canonical',
        0.88,
        'an array of messages, each with a string id, role and content and no snake_case fields',
      );
    }
    return null;
  },
  importValue(value, log): Imported {
    const wrapped = envelope(value);
    let items: unknown[];
    let base: string;
    if (wrapped) {
      const version = num(wrapped, 'version');
      if (version !== CANONICAL_VERSION) {
        throw new ImportError(
          'unsupported-version',
          `This file is version ${String(field(wrapped, 'version'))} of the playground format; this build reads version ${CANONICAL_VERSION}`,
          { path: '$.version' },
        );
      }
      const list = arr(wrapped, 'messages');
      if (!list)
        throw new ImportError('not-a-transcript', 'The playground file has no "messages" array', {
          path: '$.messages',
        });
      items = list;
      base = '$.messages';
    } else if (Array.isArray(value)) {
      items = value;
      base = '$';
    } else {
      throw new ImportError('not-a-transcript', 'Expected a playground export or an array of messages');
    }
    const history = wrapped ? readHistory(field(wrapped, 'history'), log) : undefined;
    const messages: Message[] = [];
    items.forEach((item, index) => {
      const path = childPath(base, index);
      const message = readMessage(item, index, path, log);
      if (message) messages.push(message);
    });
    const sourceFormat = wrapped ? str(wrapped, 'sourceFormat') : undefined;
    const usage = wrapped ? readUsage(field(wrapped, 'usage')) : undefined;
    const unseenTokens = wrapped ? num(wrapped, 'unseenTokens') : undefined;
    return {
      ...(usage ? { usage } : {}),
      ...(unseenTokens !== undefined && Number.isInteger(unseenTokens) && unseenTokens >= 0
        ? { unseenTokens }
        : {}),
      messages: history ? sameObjects(messages, history.messages) : messages,
      title: wrapped ? str(wrapped, 'title') : undefined,
      history: history ?? contextHistory(messages),
      ...(isFormatId(sourceFormat) && sourceFormat !== 'canonical' ? { sourceFormat } : {}),
    };
  },
};

/** The file's usage as a whole (`ImportUsage`), when carried: counts and the model's name. */
function readUsage(value: unknown): ImportUsage | undefined {
  return isRecord(value) ? readFileUsage(value) : undefined;
}

function isFormatId(value: string | undefined): value is FormatId {
  return value !== undefined && FORMATS.some((f) => f.id === value);
}

/**
 * The context's messages as the history's objects, matched by id, as every
 * importer hands them over: the timeline finds the context in the history by
 * identity. A message whose id is not in the history, or is there twice,
 * stays as read.
 */
function sameObjects(context: Message[], history: readonly Message[]): Message[] {
  const byId = new Map<string, Message | null>();
  for (const m of history) byId.set(m.id, byId.has(m.id) ? null : m);
  return context.map((m) => byId.get(m.id) ?? m);
}

const isIndexIn =
  (n: number) =>
  (value: unknown): value is number =>
    isCount(value) && value < n;
const countOrNull = (value: unknown): number | null => (isCount(value) ? value : null);

/**
 * The session over time this file carries, or undefined when it carries none
 * or one that does not hold together (an index past its messages): then the
 * history is the context's own, as for any file that is one context.
 */
function readHistory(value: unknown, log: IssueLog): SessionHistory | undefined {
  if (value === undefined) return undefined;
  const list = isRecord(value) ? arr(value, 'messages') : undefined;
  const compactionList = isRecord(value) ? (arr(value, 'compactions') ?? []) : [];
  const callList = isRecord(value) ? (arr(value, 'calls') ?? []) : [];
  const unreadable = (why: string) => {
    log.tally('invalid-history', '', `The session history was left out: ${why}`, { path: '$.history' });
    return undefined;
  };
  if (!list) return unreadable('it has no "messages" array');
  const messages: Message[] = [];
  for (let i = 0; i < list.length; i++) {
    const message = readMessage(list[i], i, childPath('$.history.messages', i), log);
    if (!message) return unreadable(`its message ${i} is not one`);
    messages.push(message);
  }
  const inside = isIndexIn(messages.length);
  const compactions: RecordedCompaction[] = [];
  for (const item of compactionList) {
    const after = isRecord(item) ? field(item, 'contextAfter') : undefined;
    if (!isRecord(item) || !inside(field(item, 'atMessage')) || !Array.isArray(after) || !after.every(inside))
      return unreadable('a compaction points outside its messages');
    const trigger = field(item, 'trigger');
    const duration = field(item, 'durationMs');
    const durationSource = field(item, 'durationSource');
    compactions.push({
      atMessage: field(item, 'atMessage') as number,
      contextAfter: after as number[],
      trigger: trigger === 'auto' || trigger === 'manual' ? trigger : null,
      tokensBefore: countOrNull(field(item, 'tokensBefore')),
      tokensAfter: countOrNull(field(item, 'tokensAfter')),
      ...(typeof duration === 'number' && duration >= 0 ? { durationMs: duration } : {}),
      ...(durationSource === 'recorded' || durationSource === 'timestamps' ? { durationSource } : {}),
      source: str(item, 'source') ?? 'compaction',
    });
  }
  const calls: RecordedCall[] = [];
  for (const item of callList) {
    if (!isRecord(item) || !inside(field(item, 'atMessage')))
      return unreadable('a call points outside its messages');
    calls.push({
      atMessage: field(item, 'atMessage') as number,
      contextTokens: countOrNull(field(item, 'contextTokens')),
      inputTokens: countOrNull(field(item, 'inputTokens')),
      cacheReadTokens: countOrNull(field(item, 'cacheReadTokens')),
      cacheWriteTokens: countOrNull(field(item, 'cacheWriteTokens')),
      outputTokens: countOrNull(field(item, 'outputTokens')),
      ...modelOf(item),
    });
  }
  return { messages, compactions, calls };
}

/** The model a call names, when it is a short string (a link caps it the same way). */
function modelOf(item: JsonRecord): { model?: string } {
  const model = str(item, 'model');
  return model && model.length <= 256 ? { model } : {};
}

function readMessage(item: unknown, index: number, path: string, log: IssueLog): Message | null {
  if (!isRecord(item)) {
    log.tally('invalid-message', '', 'Entries that are not message objects were skipped', { path }, item);
    return null;
  }
  const role = field(item, 'role');
  if (!isRole(role)) {
    log.tally('invalid-message', 'role', 'Messages with an unknown role were skipped', { path }, role);
    return null;
  }
  const content = field(item, 'content');
  const toolCalls: ToolCall[] = [];
  const rawCalls = arr(item, 'toolCalls') ?? [];
  rawCalls.forEach((call, k) => {
    if (!isRecord(call)) return;
    const args = field(call, 'arguments');
    toolCalls.push({
      id: str(call, 'id') ?? `${path}:call${k}`,
      name: str(call, 'name') ?? 'unknown',
      arguments: argumentsString(args).text,
    });
  });
  const kind = str(item, 'kind');
  const message = makeMessage({
    id: str(item, 'id') ?? `m${index}`,
    role,
    content: typeof content === 'string' ? content : '',
    reasoning: str(item, 'reasoning'),
    toolCalls,
    toolCallId: str(item, 'toolCallId'),
    toolName: str(item, 'toolName'),
    name: str(item, 'name'),
    images: num(item, 'images'),
    opaqueTokens: isCount(field(item, 'opaqueTokens')) ? (field(item, 'opaqueTokens') as number) : undefined,
    kind: kind === 'summary' ? 'summary' : undefined,
    turnId: str(item, 'turnId'),
    source: { path },
  });
  const carried = readCarried(field(item, 'carried'));
  if (carried) message.carried = carried;
  readPiDetails(item, message);
  return message;
}

/**
 * What the pi importer learned from its file (`Message.framingChars`,
 * `files`, `keptAfter`), which a share link carries: without them pi's own
 * weights and its "Already compacted" rule are lost on the way.
 */
function readPiDetails(item: Record<string, unknown>, message: Message): void {
  const framing = field(item, 'framingChars');
  if (isCount(framing) && framing > 0) message.framingChars = framing;
  const kept = field(item, 'keptAfter');
  if (isCount(kept)) message.keptAfter = kept;
  const files = field(item, 'files');
  if (isRecord(files)) {
    const paths = (key: string) => (arr(files, key) ?? []).filter((p): p is string => typeof p === 'string');
    message.files = { read: paths('read'), modified: paths('modified') };
  }
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The counts a message travelled with when its text did not (a minimal share
 * link opens as our JSON). Without a valid total they are ignored, and the
 * text there is counted as usual.
 */
function readCarried(value: unknown): CarriedCounts | undefined {
  if (!isRecord(value) || !isCount(field(value, 'tokens'))) return undefined;
  const out: CarriedCounts = { tokens: field(value, 'tokens') as number };
  for (const key of ['reasoning', 'bare', 'masked', 'chars'] as const) {
    const count = field(value, key);
    if (isCount(count)) out[key] = count;
  }
  const args = field(value, 'arguments');
  if (Array.isArray(args) && args.every(isCount)) out.arguments = args;
  const excerpt = field(value, 'excerpt');
  if (excerpt === 'none' || excerpt === 'part') out.excerpt = excerpt;
  return out;
}

/**
 * Our export: the messages exactly as loaded. `source` still points into the
 * file they were first imported from; a re-import points it at this file.
 */
export function exportCanonical(messages: readonly Message[]): string {
  return JSON.stringify({ format: CANONICAL_FORMAT, version: CANONICAL_VERSION, messages }, null, 2);
}
