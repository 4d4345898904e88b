/**
 * The minimal link: every message's shape and counts, and the text of only
 * the few messages where the outcome is decided.
 *
 * Counts, not text, decide the cut: the analysis reads roles, per-message
 * counts, summary flags and the sizes the clearing rules look at
 * (`TranscriptShape`), never a word of the text. So a link that carries
 * exactly those, under its own tokenizer and scale, reproduces the same
 * counts, cuts, fates and verdict as the whole transcript, in a few hundred
 * bytes, where the full link of a real session runs to 100,000 characters.
 *
 * The transcript travels as columns, which deflate packs far tighter than
 * one object per message. A column of numbers is one string of base-36
 * numbers separated by commas ("m4,14,jq": 814, 40, 710): a third shorter
 * than JSON numbers, and it stays shorter after deflate.
 *
 *     { "name"?: "session.jsonl",
 *       "roles": "suatat…",              one letter per message: s u a t
 *       "tokens": "m4,-2,9,…",           each message's count, less its prediction (below)
 *       "summaries"?: "1",               summary messages
 *       "turns"?: [["turn-1", 14], …],   turn ids, as runs of messages ("" for none)
 *       "reasoning"?: "0,0,v,…",         each message's reasoning tokens
 *       "calls"?: "0,0,2,…",             each message's number of tool calls
 *       "callNames"?: ["Read", …],       each call's tool
 *       "callTokens"?: "p,…",            each call's argument tokens
 *       each tool result's:
 *       "answers"?: "0,0,_,…",           call it answers, as a step from the one after the
 *                                        previous answered call (0: the next one); _ for none
 *       "bare"?: "l,…",                  tokens without its output
 *       "masked"?: "9,…",                tokens of its masking note
 *       "chars"?: "2ek,…",               characters of its output
 *       "toolNames"?: [[5, "bash"], …],  results named otherwise than their call
 *       "unsent"?: [[4, 120, "reply"], …] entries pi weighs but never sends: the message
 *                                        they follow (−1: before the first), characters, kind
 *       "keptAfter"?: [[0, 2]],          a pi summary's kept count (its compaction ended the branch)
 *       "files"?: [[0, ["a.ts"], ["b.ts"]]],  the files a pi compaction recorded: read, modified
 *       "texts"?: [{ "i": 0, "content": "You are…", "part": true }, …] }
 *
 * Messages get the ids `m<index>` and their calls `c<call>`: the source's
 * ids are long and decide nothing.
 */
import type { Estimator } from '../core/estimate';
import { toolShapeOf } from '../core/harness/toolShape';
import type { CarriedCounts, Message, Role } from '../core/message';
import { isSummaryMessage } from '../core/summaryEnvelope';
import type { MinimalText, MinimalTranscript } from './payload';

/** The same columns as numbers, as the code reads them. */
export interface MinimalColumns {
  name?: string;
  roles: string;
  tokens: number[];
  summaries?: number[];
  turns?: [string, number][];
  reasoning?: number[];
  calls?: number[];
  callNames?: string[];
  callTokens?: number[];
  answers?: (number | null)[];
  bare?: number[];
  masked?: number[];
  chars?: number[];
  toolNames?: [number, string][];
  unsent?: [number, number, 'reply' | 'command'][];
  keptAfter?: [number, number][];
  files?: [number, string[], string[]][];
  texts?: MinimalText[];
}

const NUMBER_COLUMNS = [
  'tokens',
  'summaries',
  'reasoning',
  'calls',
  'callTokens',
  'bare',
  'masked',
  'chars',
] as const;

/** A packed column: base-36 numbers separated by commas; `_` is "none" (only in `answers`). */
export const PACKED_COLUMN = /^(?:(?:_|-?[0-9a-z]{1,8})(?:,(?:_|-?[0-9a-z]{1,8}))*)?$/;

export function packNumbers(values: readonly (number | null)[]): string {
  return values.map((v) => (v === null ? '_' : v.toString(36))).join(',');
}

/** The numbers of a packed column that matches `PACKED_COLUMN`. */
export function unpackNumbers(text: string): (number | null)[] {
  return text === '' ? [] : text.split(',').map((v) => (v === '_' ? null : parseInt(v, 36)));
}

/**
 * What a message's count is expected to be from the other columns: its
 * reasoning and tool-call arguments, and a tool result's size without its
 * output plus a quarter token per character of output. The `tokens` column
 * travels as the difference from it: mostly small numbers (a tool-only
 * assistant message differs by its framing alone), which deflate packs
 * tighter than the counts themselves. Any prediction would do, as both ends
 * compute the same one; this one is cheap and needs no tokenizer.
 */
function predictedTokens(c: Omit<MinimalColumns, 'tokens'>): number[] {
  const out: number[] = [];
  let call = 0;
  let result = 0;
  for (let i = 0; i < c.roles.length; i++) {
    let p = c.reasoning?.[i] ?? 0;
    for (let k = 0; k < (c.calls?.[i] ?? 0); k++) p += c.callTokens?.[call++] ?? 0;
    if (c.roles[i] === 't') {
      p += (c.bare?.[result] ?? 0) + Math.round((c.chars?.[result] ?? 0) / 4);
      result++;
    }
    out.push(p);
  }
  return out;
}

export function packColumns(c: MinimalColumns): MinimalTranscript {
  const out = { ...c } as unknown as Record<string, unknown>;
  for (const key of [...NUMBER_COLUMNS, 'answers'] as const) {
    const column = c[key];
    if (column !== undefined) out[key] = packNumbers(column);
  }
  const predicted = predictedTokens(c);
  out.tokens = packNumbers(c.tokens.map((t, i) => t - predicted[i]));
  return out as unknown as MinimalTranscript;
}

/** The columns of a transcript whose packed columns match `PACKED_COLUMN`. */
export function unpackColumns(t: MinimalTranscript): MinimalColumns {
  const out = { ...t } as unknown as Record<string, unknown>;
  for (const key of NUMBER_COLUMNS) {
    const column = t[key];
    if (column !== undefined) out[key] = unpackNumbers(column).map((v) => v ?? -1);
  }
  if (t.answers !== undefined) out.answers = unpackNumbers(t.answers);
  const columns = out as unknown as MinimalColumns;
  const predicted = predictedTokens(columns);
  columns.tokens = columns.tokens.map((d, i) => d + (predicted[i] ?? 0));
  return columns;
}

export const ROLE_LETTERS: Record<Role, string> = { system: 's', user: 'u', assistant: 'a', tool: 't' };
export const LETTER_ROLES: Record<string, Role> = { s: 'system', u: 'user', a: 'assistant', t: 'tool' };

/** How much of a message's text travels: all of it, or the first so many characters of one field. */
export type TextPick = 'all' | number;

/** The first `chars` characters, not splitting a surrogate pair. */
function head(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const code = text.charCodeAt(chars - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? chars - 1 : chars);
}

/** Longer ids are shortened to this many characters and a "…", as git shortens its hashes. */
export const SHORT_TURN_ID_CHARS = 8;

/**
 * A long turn id's first characters and "…": enough to find the turn in the
 * file. A session's UUIDs take a tenth of a 2,000-character link, and
 * nothing the analysis computes reads them.
 */
export function shortTurnId(id: string): string {
  return id.length > 2 * SHORT_TURN_ID_CHARS ? `${id.slice(0, SHORT_TURN_ID_CHARS)}…` : id;
}

/** Whether a message has any text of its own to show (a carried one without its text has none). */
function textOf(message: Message, pick: TextPick): MinimalText | null {
  const excerpt = message.carried?.excerpt;
  if (excerpt === 'none') return null;
  const out: MinimalText = { i: 0 };
  const calls = message.toolCalls ?? [];
  if (pick === 'all') {
    if (message.content) out.content = message.content;
    if (message.reasoning) out.reasoning = message.reasoning;
    if (calls.some((c) => c.arguments)) out.args = calls.map((c) => c.arguments);
    if (excerpt === 'part') out.part = true;
  } else if (message.content) {
    out.content = head(message.content, pick);
    if (out.content.length < message.content.length || message.reasoning || calls.length || excerpt) {
      out.part = true;
    }
  } else if (calls.some((c) => c.arguments)) {
    const k = calls.findIndex((c) => c.arguments);
    out.args = calls.slice(0, k + 1).map((c, j) => (j === k ? head(c.arguments, pick) : ''));
    out.part = true;
  } else if (message.reasoning) {
    out.reasoning = head(message.reasoning, pick);
    out.part = true;
  }
  return out.content === undefined && out.reasoning === undefined && out.args === undefined ? null : out;
}

export interface TranscriptOptions {
  name?: string;
  /** Long turn ids cut to their first characters (`shortTurnId`). */
  shortTurnIds?: boolean;
  /** The files pi's compactions recorded; left out when the link has no room for them. */
  files?: boolean;
}

/**
 * The minimal transcript of `messages` as `estimator` counts them, with the
 * text of the picked messages. The sizes come from the same functions the
 * analysis reads (`countMessage`, `countFields`, `toolShapeOf`), so they are
 * its numbers by construction, not a copy of its rules.
 */
export function minimalTranscriptOf(
  messages: readonly Message[],
  estimator: Estimator,
  picks: ReadonlyMap<number, TextPick> = new Map(),
  { name, shortTurnIds = false, files = true }: TranscriptOptions = {},
): MinimalTranscript {
  const tools = toolShapeOf(messages, estimator);
  const out: MinimalColumns = {
    roles: messages.map((m) => ROLE_LETTERS[m.role]).join(''),
    tokens: messages.map((m) => estimator.countMessage(m)),
  };
  if (name) out.name = name;

  const summaries = messages.flatMap((m, i) => (isSummaryMessage(m) ? [i] : []));
  if (summaries.length) out.summaries = summaries;

  const turns: [string, number][] = [];
  for (const m of messages) {
    const turn = m.turnId ?? '';
    const last = turns[turns.length - 1];
    if (last && last[0] === turn) last[1]++;
    else turns.push([turn, 1]);
  }
  if (turns.some(([turn]) => turn !== '')) {
    out.turns = shortTurnIds ? turns.map(([turn, count]) => [shortTurnId(turn), count]) : turns;
  }

  if (tools.reasoning.some((r) => r > 0)) out.reasoning = tools.reasoning;

  // The tool shape's pairing, by position: a result answers the newest assistant call with its id.
  const calls = messages.map((m) => m.toolCalls?.length ?? 0);
  const callNames: string[] = [];
  const callTokens: number[] = [];
  const answers: (number | null)[] = [];
  const bare: number[] = [];
  const masked: number[] = [];
  const chars: number[] = [];
  const toolNames: [number, string][] = [];
  const callAt = new Map<string, number>();
  let previous = -1;
  messages.forEach((m, i) => {
    const args = m.toolCalls?.length ? estimator.countFields(m).arguments : [];
    m.toolCalls?.forEach((call, k) => {
      if (m.role === 'assistant') callAt.set(call.id, callNames.length);
      callNames.push(call.name);
      callTokens.push(args[k]);
    });
    if (m.role !== 'tool') return;
    const answered = m.toolCallId !== undefined ? (callAt.get(m.toolCallId) ?? -1) : -1;
    answers.push(answered < 0 ? null : answered - (previous + 1));
    if (answered >= 0) previous = answered;
    bare.push(tools.bare[i]);
    masked.push(tools.masked[i]);
    chars.push(tools.chars[i]);
    const name = tools.names[i];
    if (name !== null && name !== (answered >= 0 ? callNames[answered] : null)) toolNames.push([i, name]);
  });
  if (callNames.length) Object.assign(out, { calls, callNames, callTokens });
  if (answers.length) Object.assign(out, { answers, bare, masked, chars });
  if (toolNames.length) out.toolNames = toolNames;
  const unsent: [number, number, 'reply' | 'command'][] = [];
  messages.forEach((m, i) => {
    for (const e of m.unsentBefore ?? []) unsent.push([i - 1, e.chars, e.kind]);
    for (const e of m.unsentAfter ?? []) unsent.push([i, e.chars, e.kind]);
  });
  if (unsent.length) out.unsent = unsent;

  // pi's compaction details, which only a summary's are read for: the kept count decides whether
  // pi compacts again, so it always travels; the files only seed the next summary's lists.
  const keptAfter = summaries.flatMap((i): [number, number][] => {
    const kept = messages[i].keptAfter;
    return kept === undefined ? [] : [[i, kept]];
  });
  if (keptAfter.length) out.keptAfter = keptAfter;
  if (files) {
    const recorded = summaries.flatMap((i): [number, string[], string[]][] => {
      const f = messages[i].files;
      return f ? [[i, [...f.read], [...f.modified]]] : [];
    });
    if (recorded.length) out.files = recorded;
  }

  const texts: MinimalText[] = [];
  for (const i of [...picks.keys()].sort((a, b) => a - b)) {
    if (i < 0 || i >= messages.length) continue;
    const text = textOf(messages[i], picks.get(i)!);
    if (text) texts.push({ ...text, i });
  }
  if (texts.length) out.texts = texts;
  return packColumns(out);
}

/**
 * The messages a validated minimal transcript stands for: shape and counts
 * as they were, text where it travelled, and the counts carried on each so
 * that the reader's estimator measures what the sender's did.
 */
export function minimalMessages(transcript: MinimalTranscript): Message[] {
  const t = unpackColumns(transcript);
  const n = t.roles.length;
  const turnOf: (string | undefined)[] = [];
  for (const [turn, count] of t.turns ?? [['', n] as const]) {
    for (let k = 0; k < count; k++) turnOf.push(turn || undefined);
  }
  const summaries = new Set(t.summaries ?? []);
  const names = new Map(t.toolNames ?? []);
  const keptAfter = new Map(t.keptAfter ?? []);
  const files = new Map((t.files ?? []).map(([i, read, modified]) => [i, { read, modified }]));
  const texts = new Map((t.texts ?? []).map((text) => [text.i, text]));
  const messages: Message[] = [];
  let call = 0;
  let result = 0;
  let previous = -1;
  for (let i = 0; i < n; i++) {
    const role = LETTER_ROLES[t.roles[i]];
    const text = texts.get(i);
    const carried: CarriedCounts = { tokens: t.tokens[i] };
    const message: Message = { id: `m${i}`, role, content: text?.content ?? '' };
    if (text?.reasoning !== undefined) message.reasoning = text.reasoning;
    const reasoning = t.reasoning?.[i] ?? 0;
    if (reasoning > 0) carried.reasoning = reasoning;
    const count = t.calls?.[i] ?? 0;
    if (count > 0) {
      message.toolCalls = [];
      carried.arguments = [];
      for (let k = 0; k < count; k++, call++) {
        message.toolCalls.push({
          id: `c${call}`,
          name: t.callNames![call],
          arguments: text?.args?.[k] ?? '',
        });
        carried.arguments.push(t.callTokens![call]);
      }
    }
    if (role === 'tool') {
      const step = t.answers![result];
      const answered = step === null ? -1 : previous + 1 + step;
      if (answered >= 0) {
        previous = answered;
        message.toolCallId = `c${answered}`;
      }
      const name = names.get(i) ?? (answered >= 0 ? t.callNames![answered] : undefined);
      if (name !== undefined) message.toolName = name;
      Object.assign(carried, { bare: t.bare![result], masked: t.masked![result], chars: t.chars![result] });
      result++;
    }
    if (summaries.has(i)) message.kind = 'summary';
    if (keptAfter.has(i)) message.keptAfter = keptAfter.get(i);
    if (files.has(i)) message.files = files.get(i);
    if (turnOf[i]) message.turnId = turnOf[i];
    if (!text) carried.excerpt = 'none';
    else if (text.part) carried.excerpt = 'part';
    message.carried = carried;
    messages.push(message);
  }
  for (const [after, chars, kind] of t.unsent ?? []) {
    const on = after < 0 ? messages[0] : messages[after];
    if (!on) continue;
    if (after < 0) on.unsentBefore = [...(on.unsentBefore ?? []), { kind, chars }];
    else on.unsentAfter = [...(on.unsentAfter ?? []), { kind, chars }];
  }
  return messages;
}
