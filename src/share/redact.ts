/**
 * Redaction that keeps the shape: every message's text is replaced by neutral
 * filler with the same token count under the estimator the sender used, so
 * the link reproduces the same counts, threshold verdict and cut point
 * without any of the conversation.
 *
 * Filler is made of common English words that are one token each in o200k
 * and cl100k, with or without a leading space, so n words are n tokens; the
 * last stretch is fitted character by character. Under chars4 the filler keeps
 * the exact length instead, because chars4 prices a message by the characters
 * of all its fields together, and equal per-field counts would not be enough.
 */
import type { Estimator } from '../core/estimate';
import type { MinimalText, ShareMessage, SharePayload, SharePreview } from './payload';

/** Each is a single token in o200k_base and cl100k_base, alone and after a space. */
export const FILLER_WORDS: readonly string[] = (
  'the of and to in is for on with as it at by from this that be are was an or not have has can will ' +
  'more one all new some time data file test value line code text list word note part plan step case ' +
  'form item page room idea area side hand fact week work year city team game book open call view road ' +
  'door tree bird rock fish lamp cup box pen map sun rain wind snow lake hill farm ship coin card bell ' +
  'ring leaf seed star moon king song wall path gate yard'
).split(' ');

/** `count` filler words from position `seed` of the list, space-separated. */
export function fillerWords(count: number, seed = 0): string {
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(FILLER_WORDS[(seed + i * 7) % FILLER_WORDS.length]);
  return words.join(' ');
}

/** What must stay equal: characters under chars4, unscaled tokens otherwise. */
export type Measure = (text: string) => number;

export function redactionMeasure(estimator: Estimator): Measure {
  if (estimator.tokenizer === 'chars4') return (text) => text.length;
  // Equal unscaled counts stay equal after any scale; equal scaled ones need not be.
  const unscaled = estimator.withScale(1);
  return (text) => unscaled.countString(text);
}

/**
 * Filler `f` with `measure(wrap(f)) === target`, or null when none was found.
 * `wrap` places the filler in its context (inside a JSON string, say), where
 * neighbouring characters can merge into tokens.
 */
function fitFiller(target: number, measure: Measure, seed: number, wrap: (f: string) => string = (f) => f) {
  const at = (text: string) => measure(wrap(text));
  const base = at('');
  if (target === base) return '';
  if (target < base) return null;

  // Bracket the target between word counts: lo words measure below it, hi at or above.
  let lo = 0;
  let hi = 1;
  while (at(fillerWords(hi, seed)) < target) {
    lo = hi;
    hi *= 2;
  }
  // One guess from the rate per word usually lands exactly: n words are n tokens.
  const perWord = (at(fillerWords(hi, seed)) - base) / hi;
  const guess = Math.min(hi, Math.max(lo + 1, Math.round((target - base) / Math.max(perWord, 1e-9))));
  if (guess > lo && guess < hi) {
    const m = at(fillerWords(guess, seed));
    if (m === target) return fillerWords(guess, seed);
    if (m < target) lo = guess;
    else hi = guess;
  }
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const m = at(fillerWords(mid, seed));
    if (m === target) return fillerWords(mid, seed);
    if (m < target) lo = mid;
    else hi = mid;
  }
  const upper = fillerWords(hi, seed);
  if (at(upper) === target) return upper;
  // Between two word counts: fit by characters of the next word.
  let a = fillerWords(lo, seed).length;
  let b = upper.length;
  while (b - a > 1) {
    const mid = (a + b) >> 1;
    const m = at(upper.slice(0, mid));
    if (m === target) return upper.slice(0, mid);
    if (m < target) a = mid;
    else b = mid;
  }
  return null;
}

export interface NeutralText {
  text: string;
  /** False when no filler matched exactly; `text` is then the nearest from below. */
  exact: boolean;
}

/** Filler with the same count as `original`. Deterministic for the same input and seed. */
export function neutralText(original: string, measure: Measure, seed = 0): NeutralText {
  const target = measure(original);
  const text = fitFiller(target, measure, seed);
  if (text !== null) return { text, exact: true };
  return { text: fillerWords(Math.max(0, target - 1), seed), exact: false };
}

/** Argument keys whose values are file paths: their shape (depth, extension) is kept. */
const PATH_KEYS = new Set([
  'path',
  'file_path',
  'filePath',
  'filename',
  'file',
  'paths',
  'cwd',
  'dir',
  'directory',
]);

/**
 * `/home/ada/acme/src/index.ts` → `/the/of/and/to/in.ts`: the depth and the
 * extension say what kind of file was touched; the names are the content.
 */
export function neutralPath(path: string, seed = 0): string {
  let i = 0;
  return path.replace(/[^/\\]+/g, (segment) => {
    if (segment === '.' || segment === '..' || segment === '~' || /^[A-Za-z]:$/.test(segment)) return segment;
    const word = FILLER_WORDS[(seed + i++ * 7) % FILLER_WORDS.length];
    const ext = /\.[A-Za-z0-9]{1,8}$/.exec(segment);
    return ext && ext.index > 0 ? word + ext[0] : word;
  });
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Slot = { get: () => string; set: (value: string) => void; original: string; isPath: boolean };

/** Replaces every string in `value` in place, collecting a handle on each for the final fit. */
function neutralizeJson(
  value: Json,
  measure: Measure,
  seed: number,
  slots: Slot[],
  underPathKey: boolean,
): Json {
  if (typeof value === 'string') return value;
  const visit = (container: Json[] | Record<string, Json>, key: string | number, isPath: boolean) => {
    const record = container as Record<string | number, Json>;
    const item = record[key];
    if (typeof item === 'string') {
      const s = seed + slots.length;
      record[key] = isPath ? neutralPath(item, s) : neutralText(item, measure, s).text;
      slots.push({
        get: () => record[key] as string,
        set: (next) => (record[key] = next),
        original: item,
        isPath,
      });
    } else {
      neutralizeJson(item, measure, seed, slots, isPath);
    }
  };
  if (Array.isArray(value)) value.forEach((_, i) => visit(value, i, underPathKey));
  else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) visit(value, key, PATH_KEYS.has(key));
  }
  return value;
}

/**
 * Tool-call arguments as JSON of the same count: keys and non-string values
 * kept, path values kept path-shaped, other strings made filler; then the
 * longest non-path string is refitted so the whole JSON text matches. When
 * that cannot match, `{"redacted": "<filler>"}` is tried; arguments that are
 * not a JSON object or array are treated as plain text.
 */
export function neutralArguments(args: string, measure: Measure, seed = 0): NeutralText {
  let parsed: Json;
  try {
    parsed = JSON.parse(args) as Json;
  } catch {
    return neutralText(args, measure, seed);
  }
  if (parsed === null || typeof parsed !== 'object') return neutralText(args, measure, seed);
  const target = measure(args);
  const slots: Slot[] = [];
  const render = () => JSON.stringify(parsed);
  try {
    neutralizeJson(parsed, measure, seed, slots, false);
    if (measure(render()) === target) return { text: render(), exact: true };
  } catch {
    // Nested deeper than a recursive walk can go (JSON.parse has no such limit): plain text.
    return neutralText(args, measure, seed);
  }

  const adjustable = slots.filter((s) => !s.isPath).sort((a, b) => b.original.length - a.original.length);
  const slot = adjustable[0] ?? slots[0];
  if (slot) {
    const fitted = fitFiller(target, measure, seed, (f) => {
      slot.set(f);
      return render();
    });
    if (fitted !== null) {
      slot.set(fitted);
      return { text: render(), exact: true };
    }
  }
  const wrapped = fitFiller(target, measure, seed, (f) => JSON.stringify({ redacted: f }));
  if (wrapped !== null) return { text: JSON.stringify({ redacted: wrapped }), exact: true };
  return { text: render(), exact: false };
}

/** A field whose filler could not match its count exactly. */
export interface RedactionMiss {
  /** The message, or null for the preview summary. */
  messageIndex: number | null;
  field: string;
}

export interface ContentRedaction<T extends SharePayload> {
  payload: T;
  misses: RedactionMiss[];
}

/** The transcript name a content-redacted full link carries: names of files are content too. */
export const REDACTED_TRANSCRIPT_NAME = 'redacted transcript';

function redactMessage(message: ShareMessage, index: number, measure: Measure, misses: RedactionMiss[]) {
  const seed = index * 13;
  const out: ShareMessage = { ...message };
  const fit = (field: string, result: NeutralText) => {
    if (!result.exact) misses.push({ messageIndex: index, field });
    return result.text;
  };
  out.content = fit('content', neutralText(message.content, measure, seed));
  if (message.reasoning !== undefined) {
    out.reasoning = fit('reasoning', neutralText(message.reasoning, measure, seed + 1));
  }
  if (message.toolCalls) {
    out.toolCalls = message.toolCalls.map((call, i) => ({
      ...call,
      arguments: fit(`toolCalls[${i}].arguments`, neutralArguments(call.arguments, measure, seed + 2 + i)),
    }));
  }
  return out;
}

function redactMinimalText(text: MinimalText, measure: Measure): MinimalText {
  const seed = text.i * 13;
  const out: MinimalText = { ...text };
  if (text.content !== undefined) out.content = neutralText(text.content, measure, seed).text;
  if (text.reasoning !== undefined) out.reasoning = neutralText(text.reasoning, measure, seed + 1).text;
  if (text.args)
    out.args = text.args.map((a, k) => (a ? neutralArguments(a, measure, seed + 2 + k).text : a));
  return out;
}

/**
 * Replaces the conversation's text, reasoning, tool arguments and the preview
 * summary with same-count filler. Ids, roles, tool and participant names,
 * turns and image counts stay: they are structure the cut depends on, not
 * what was said. A settings-only payload keeps its transcript name, which the
 * reader needs to find the file.
 */
export function redactContent<T extends SharePayload>(payload: T, estimator: Estimator): ContentRedaction<T> {
  const measure = redactionMeasure(estimator);
  const misses: RedactionMiss[] = [];
  const out: SharePayload = { ...payload };
  if (out.variant === 'full') {
    const { session, ...rest } = out.transcript;
    out.transcript = {
      ...rest,
      name: REDACTED_TRANSCRIPT_NAME,
      messages: out.transcript.messages.map((m, i) => redactMessage(m, i, measure, misses)),
    };
    if (session) {
      // The session over time holds the same conversation and what compactions hid: filler too.
      const sessionMisses: RedactionMiss[] = [];
      out.transcript.session = {
        ...session,
        messages: session.messages.map((m, i) => redactMessage(m, i, measure, sessionMisses)),
      };
      for (const miss of sessionMisses)
        misses.push({ messageIndex: null, field: `session.messages[${miss.messageIndex}].${miss.field}` });
    }
  }
  if (out.variant === 'minimal') {
    // The counts travel apart from the text; only the few texts there are need filler.
    const { texts, ...rest } = out.transcript;
    out.transcript = { ...rest, name: REDACTED_TRANSCRIPT_NAME };
    if (texts) out.transcript.texts = texts.map((t) => redactMinimalText(t, measure));
  }
  if (payload.preview) {
    const summary = neutralText(payload.preview.summary, measure, 7);
    if (!summary.exact) misses.push({ messageIndex: null, field: 'preview.summary' });
    const preview: SharePreview = { ...payload.preview, summary: summary.text };
    out.preview = preview;
  }
  // Same variant in, same variant out: only strings inside it changed.
  return { payload: out as T, misses };
}
