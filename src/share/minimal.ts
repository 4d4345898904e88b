/**
 * The minimal link fitted to its length: which messages' text travels, how
 * much of it, and what gives way first when the link is too long. The
 * transcript's columns are `minimalColumns.ts`, the session over time
 * `minimalSession.ts`; this file chooses what goes into them.
 */
import { analyze, shapeOf } from '../core/analysis';
import { maxOf } from '../core/arrays';
import type { Estimator } from '../core/estimate';
import type { Message } from '../core/message';
import { isSummaryMessage } from '../core/summaryEnvelope';
import { LINK_PASTES_ANYWHERE, LINK_WORKS_MOSTLY } from './limits';
import { minimalTranscriptOf, type TextPick } from './minimalColumns';
import { minimalSessionOf, sessionSize, type SessionSize } from './minimalSession';
import {
  SHARE_VERSION,
  sharePayloadCommon,
  type MinimalSharePayload,
  type MinimalText,
  type ShareSource,
} from './payload';

export {
  minimalMessages,
  minimalTranscriptOf,
  packColumns,
  packNumbers,
  PACKED_COLUMN,
  ROLE_LETTERS,
  SHORT_TURN_ID_CHARS,
  shortTurnId,
  unpackColumns,
  unpackNumbers,
  type MinimalColumns,
  type TextPick,
  type TranscriptOptions,
} from './minimalColumns';

/** Messages `from` to `to`, both included. */
export interface IndexRange {
  from: number;
  to: number;
  /** Only the first so many characters of each message's text; absent: all of it. */
  chars?: number;
}

/** A message at the chosen strategy's cut, and which one it is. */
export interface CutMessage {
  i: number;
  part: 'first-kept' | 'before-cut' | 'turn-start';
}

/** Where the reader should look, most telling first, and the chosen strategy's cut (the first of them). */
export interface DecisiveMessages {
  order: number[];
  cut: CutMessage[];
}

/**
 * Where the reader should look, most telling first: the chosen strategy's cut
 * (the first message kept, the last one summarized, the start of a split
 * turn), the start of the system prompt, earlier summaries (newest first),
 * then every other strategy's first kept message.
 */
export function decisiveMessages(
  messages: readonly Message[],
  estimator: Estimator,
  settings: ShareSource['settings'],
): DecisiveMessages {
  const a = analyze(shapeOf(messages, estimator), settings);
  const n = messages.length;
  const out: number[] = [];
  const add = (i: number) => {
    if (i >= 0 && i < n && !out.includes(i)) out.push(i);
  };
  const cut: CutMessage[] = [];
  const atCut = (i: number, part: CutMessage['part']) => {
    if (i >= 0 && i < n && !out.includes(i)) cut.push({ i, part });
    add(i);
  };
  if (!a.plan.nothingToCompact) {
    atCut(a.plan.firstKeptIdx, 'first-kept');
    atCut(a.plan.firstKeptIdx - 1, 'before-cut');
    if (a.plan.isSplitTurn) atCut(a.plan.turnStartIdx, 'turn-start');
  }
  add(messages.findIndex((m) => m.role === 'system'));
  for (let i = n - 1; i >= 0; i--) if (isSummaryMessage(messages[i])) add(i);
  for (const o of a.outcomes) if (!o.plan.nothingToCompact) add(o.plan.firstKeptIdx);
  return { order: out, cut };
}

/** The link length the minimal link aims for: a chat message, or any issue tracker. */
export const MINIMAL_TARGET_CHARS = LINK_PASTES_ANYWHERE;

/**
 * The longest link that text added back as openings may make: most chats and
 * trackers take it. An opening asked for longer is cut to fit; whole text is
 * carried as asked, whatever the length.
 */
export const MINIMAL_ADDED_LIMIT_CHARS = LINK_WORKS_MOSTLY;

/** How much of each decisive message's text is tried, longest first, before messages are dropped. */
const EXCERPT_CHARS = [400, 240, 140, 80] as const;

/**
 * The shortest opening of a message at the cut. Below the shortest excerpt,
 * only the cut's messages are left, and their openings shrink to this before
 * any of them is given up: a link without the text at its cut does not show
 * what its heading promises. When the counts alone leave no room, the link
 * carries these and is longer than its target.
 */
export const MIN_OPENING_CHARS = 20;

/** The opening added back when the user does not say how long: a sentence or two of each message. */
export const DEFAULT_ADDED_OPENING_CHARS = 200;

/** The longest opening that may be asked for: past it, ask for the whole text. */
export const MAX_ADDED_OPENING_CHARS = 100_000;

/** What is wrong with an opening length asked for, in words; null when it is one. */
export function openingCharsProblem(chars: number): string | null {
  return Number.isInteger(chars) && chars >= 1 && chars <= MAX_ADDED_OPENING_CHARS
    ? null
    : `Expected a whole number of characters from 1 to ${MAX_ADDED_OPENING_CHARS.toLocaleString('en-US')}.`;
}

export interface MinimalOptions {
  /** Ranges whose text travels too: whole, or the first `chars` characters of each message. */
  include?: readonly IndexRange[];
  /** The link length to keep within (`MINIMAL_TARGET_CHARS` unless told). */
  targetChars?: number;
  /** The longest link openings added back may make (`MINIMAL_ADDED_LIMIT_CHARS` unless told). */
  addedLimitChars?: number;
  /** The length of the link a payload makes, after any redaction the caller applies. */
  measure(payload: MinimalSharePayload): Promise<number>;
}

/** A range added back, with what travels of each of its messages. */
export interface AddedRange {
  from: number;
  to: number;
  /** Characters of each message's text that travel ('all': the whole text). */
  chars: number | 'all';
  /** What was asked; more than `chars` when the link had no room for it. */
  asked: number | 'all';
}

export interface MinimalLink {
  payload: MinimalSharePayload;
  /** As `measure` reported it. */
  length: number;
  /** Whether it is within the target; false when text added back, or the counts alone, are longer. */
  fits: boolean;
  /** Messages with text, whole or in part; the rest travel as counts only. */
  withText: number[];
  /** Of those, the ones with only a part of their text: an opening. */
  partial: number[];
  /** The chosen strategy's cut (first kept, the one before, a split turn's start): these always have text. */
  cut: CutMessage[];
  /**
   * The characters of each opening the link chose for itself (the cut and the
   * other decisive messages); null when it chose none.
   */
  openingChars: number | null;
  /** The ranges added back, clamped to the transcript, with what travels of each. */
  added: AddedRange[];
  /** Characters of text the link carries in all (content, reasoning and arguments). */
  textChars: number;
  /** Whether long turn ids were shortened to fit (`shortTurnId`). */
  shortTurnIds: boolean;
  /** Decisive messages besides the cut left without text for room. */
  leftWithoutText: number;
  /** Paths pi's compactions recorded that were left out for room (0: none, or all travel). */
  filesLeftOut: number;
  /** Whether the source had a preview result, which a minimal link leaves out. */
  previewLeftOut: boolean;
  /**
   * The session over time the file records (its timeline's calls and
   * compactions), and whether it travels; null when the file records none.
   */
  session: (SessionSize & { carried: boolean }) | null;
}

/** `3-7, 12` as ranges, both ends included; or what is wrong with it, in words. */
export function parseIndexRanges(text: string): { ranges: IndexRange[] } | { error: string } {
  const ranges: IndexRange[] = [];
  for (const part of text.split(',')) {
    const match = /^\s*#?(\d{1,9})\s*(?:[-–]\s*#?(\d{1,9})\s*)?$/.exec(part);
    if (!match) return { error: `Expected message numbers such as 3-7, 12; "${part.trim()}" is not one.` };
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from) return { error: `The range ${part.trim()} ends before it starts.` };
    ranges.push({ from, to });
  }
  return { ranges };
}

/** The ranges clamped to the transcript, as indices. */
export function rangeIndices(ranges: readonly IndexRange[], count: number): number[] {
  const out = new Set<number>();
  for (const { from, to } of ranges) {
    for (let i = Math.max(0, from); i <= Math.min(count - 1, to); i++) out.add(i);
  }
  return [...out].sort((a, b) => a - b);
}

/** The messages of `cut` and the other decisive ones, picked at `chars`; the ranges added back on top. */
interface Layout {
  count: number;
  chars: number;
  short: boolean;
  files: boolean;
  /** Whether the session over time travels. */
  session: boolean;
  /** Each added opening range's characters, at most what was asked. */
  addedChars: number | null;
}

function textLength(t: MinimalText): number {
  return (
    (t.content?.length ?? 0) + (t.reasoning?.length ?? 0) + (t.args ?? []).reduce((n, a) => n + a.length, 0)
  );
}

/** The largest value in `[low, high]` for which `fits` holds, if any (it holds up to a point, then not). */
async function largestFitting(
  low: number,
  high: number,
  fits: (value: number) => Promise<boolean>,
): Promise<number | null> {
  let best: number | null = null;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    if (await fits(mid)) {
      best = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return best;
}

/**
 * The longest minimal link within the target. The link's own choice comes
 * first, fitted without what the user adds: every decisive message's opening,
 * shortened step by step, then long turn ids shortened, then the least
 * telling messages dropped, then pi's recorded files, and last the cut's own
 * openings shortened down to `MIN_OPENING_CHARS`; the cut's messages are
 * never dropped. Then the ranges added back: whole as asked, or their
 * openings, cut to fit `addedLimitChars` when asked longer.
 */
export async function buildMinimalLink(
  source: ShareSource,
  estimator: Estimator,
  options: MinimalOptions,
): Promise<MinimalLink> {
  const target = options.targetChars ?? MINIMAL_TARGET_CHARS;
  const addedLimit = options.addedLimitChars ?? MINIMAL_ADDED_LIMIT_CHARS;
  const { messages } = source;
  const added = addedPicks(options.include ?? [], messages.length);
  const decisive = decisiveMessages(messages, estimator, source.settings);
  const own = decisive.order.filter((i) => !added.has(i));
  const cutCount = decisive.cut.filter(({ i }) => !added.has(i)).length;
  // A preview's summary alone is longer than the whole target: the minimal
  // link never carries it (the full link and the bundle do), and says so.
  const { preview, ...common } = sharePayloadCommon(source);
  const session = minimalSessionOf(messages, source.history, estimator);
  const size = sessionSize(messages, source.history);
  const format = source.format && source.format !== 'canonical' ? { format: source.format } : {};
  const make = (layout: Layout, withAdded: boolean): MinimalSharePayload => {
    const picks = new Map<number, TextPick>();
    if (withAdded) {
      for (const [i, pick] of added) {
        picks.set(i, pick === 'all' ? 'all' : Math.min(pick, layout.addedChars ?? pick));
      }
    }
    for (const i of own.slice(0, layout.count)) picks.set(i, layout.chars);
    return {
      v: SHARE_VERSION,
      variant: 'minimal',
      transcript: {
        ...minimalTranscriptOf(messages, estimator, picks, {
          name: source.transcriptName,
          shortTurnIds: layout.short,
          files: layout.files,
        }),
        ...format,
        ...(layout.session && session ? { session } : {}),
      },
      ...common,
    };
  };
  // Two layouts can make the same link (shorter turn ids change nothing in a
  // transcript without turns); measuring compresses it, so each is measured once.
  const measured = new Map<string, number>();
  const attempt = async (layout: Layout, withAdded = false) => {
    const payload = make(layout, withAdded);
    const key = JSON.stringify(payload);
    let length = measured.get(key);
    if (length === undefined) {
      length = await options.measure(payload);
      measured.set(key, length);
    }
    return { payload, length, layout };
  };

  const shortest = EXCERPT_CHARS[EXCERPT_CHARS.length - 1];
  // Every step keeps the session over time; only when the cut's shortest openings still do not fit
  // beside it does it give way, and the same steps run again without it.
  const fit = async (withSession: boolean) => {
    const base = { files: true, session: withSession, addedChars: null };
    const layouts: Layout[] = [false, true].flatMap((short) =>
      EXCERPT_CHARS.map((chars) => ({ ...base, count: own.length, chars, short })),
    );
    for (let count = own.length - 1; count >= cutCount; count--) {
      layouts.push({ ...base, count, chars: shortest, short: true });
    }
    layouts.push({ ...base, count: cutCount, chars: shortest, short: true, files: false });
    let best = await attempt(layouts[0]);
    for (const layout of layouts.slice(1)) {
      if (best.length <= target) break;
      best = await attempt(layout);
    }
    if (best.length > target && cutCount > 0) {
      const opening = { ...best.layout };
      const chars = await largestFitting(
        MIN_OPENING_CHARS,
        shortest - 1,
        async (c) => (await attempt({ ...opening, chars: c })).length <= target,
      );
      best = await attempt({ ...opening, chars: chars ?? MIN_OPENING_CHARS });
    }
    return best;
  };
  let best = await fit(session !== null);
  if (best.length > target && session !== null) {
    const without = await fit(false);
    if (without.length < best.length) best = without;
  }

  // The ranges added back, on top of the link's own choice.
  const askedOpenings = [...added.values()].filter((p): p is number => p !== 'all');
  if (added.size > 0) {
    const layout = best.layout;
    best = await attempt(layout, true);
    if (askedOpenings.length > 0 && best.length > addedLimit) {
      const longest = maxOf(askedOpenings) ?? 1;
      const chars = await largestFitting(
        1,
        longest - 1,
        async (c) => (await attempt({ ...layout, addedChars: c }, true)).length <= addedLimit,
      );
      // Whole text added back may pass the limit alone: then cutting the openings would not help.
      if (chars !== null) best = await attempt({ ...layout, addedChars: chars }, true);
    }
  }

  const texts = best.payload.transcript.texts ?? [];
  const filesLeftOut = best.layout.files
    ? 0
    : messages.reduce(
        (n, m) => n + (m.files && isSummaryMessage(m) ? m.files.read.length + m.files.modified.length : 0),
        0,
      );
  const ownPicked = own.slice(0, best.layout.count);
  return {
    payload: best.payload,
    length: best.length,
    shortTurnIds: best.layout.short,
    fits: best.length <= target,
    previewLeftOut: preview !== undefined,
    session: size && { ...size, carried: session !== null && best.layout.session },
    withText: texts.map((t) => t.i),
    partial: texts.filter((t) => t.part).map((t) => t.i),
    cut: decisive.cut,
    openingChars: ownPicked.length > 0 ? best.layout.chars : null,
    added: (options.include ?? []).flatMap((r) => {
      const from = Math.max(0, r.from);
      const to = Math.min(messages.length - 1, r.to);
      if (from > to) return [];
      const asked = r.chars ?? 'all';
      const chars = asked === 'all' ? asked : Math.min(asked, best.layout.addedChars ?? asked);
      return [{ from, to, chars, asked }];
    }),
    textChars: texts.reduce((n, t) => n + textLength(t), 0),
    leftWithoutText: own.length - ownPicked.length,
    filesLeftOut,
  };
}

/**
 * What the ranges added back ask of each message: its whole text, or its
 * first so many characters (the longer ask wins where ranges overlap).
 */
function addedPicks(ranges: readonly IndexRange[], count: number): Map<number, TextPick> {
  const out = new Map<number, TextPick>();
  for (const range of ranges) {
    const pick: TextPick = range.chars ?? 'all';
    for (const i of rangeIndices([range], count)) {
      const before = out.get(i);
      out.set(
        i,
        before === undefined ? pick : before === 'all' || pick === 'all' ? 'all' : Math.max(before, pick),
      );
    }
  }
  return out;
}
