/**
 * What the share dialog says about its links, in pure functions: each link's
 * length and where it pastes, which link comes first, the minimal link's
 * sentences and rows, and the ranges a user adds back. The dialog only lays
 * them out, so every sentence here is tested with exact words.
 */
import { buildShareUrl } from '../../share/codec';
import {
  classifyLinkLength,
  LINK_PASTES_ANYWHERE,
  LINK_WORKS_MOSTLY,
  type LinkLengthClass,
} from '../../share/measure';
import {
  MINIMAL_TARGET_CHARS,
  openingCharsProblem,
  parseIndexRanges,
  type IndexRange,
} from '../../share/minimal';
import { describeMinimal, type MinimalSummary } from '../../share/minimalSummary';
import type { MinimalRow, MinimalShareLink, ShareLinks } from '../../worker/protocol';
import { fmt, plural } from '../format';

/** Where a link of each length class can be pasted. */
export const LENGTH_NOTES: Record<LinkLengthClass, string> = {
  short: `up to ${fmt(LINK_PASTES_ANYWHERE)} characters: pastes anywhere`,
  long: `up to ${fmt(LINK_WORKS_MOSTLY)} characters: most chats and trackers take it`,
  'too-long': 'too long for most places: attach the repro bundle instead',
};

/** The page's address without its fragment: what a link's fragment is added to. */
export function pageUrl(href: string = location.href): string {
  return href.split('#')[0];
}

export interface LinkLength {
  url: string;
  cls: LinkLengthClass;
  /** `1,234 characters · up to 2,000 characters: pastes anywhere` */
  text: string;
}

/** The whole link a fragment makes on this page, and how far it travels. */
export function linkLength(page: string, fragment: string): LinkLength {
  const url = buildShareUrl(page, fragment);
  const cls = classifyLinkLength(url.length);
  return { url, cls, text: `${fmt(url.length)} characters · ${LENGTH_NOTES[cls]}` };
}

/**
 * Whether the full link would not paste (an error, or too long for most
 * places): then the minimal link comes first and is marked recommended.
 */
export function fullLinkTooLong(full: ShareLinks['full'] | undefined, page: string): boolean {
  if (!full) return false;
  return 'error' in full || linkLength(page, full.fragment).cls === 'too-long';
}

/** `2 key-shaped strings found in what would be shared:` */
export function findingsHeading(count: number): string {
  return `${count} key-shaped string${count > 1 ? 's' : ''} found in what would be shared:`;
}

/** A row of the reader's list: `#3–#40 · 38 messages` or `#3 user`. */
export function rowLabel(row: MinimalRow): string {
  if (row.from === row.to) return `#${row.from} ${row.role ?? ''}`;
  return `#${row.from}–#${row.to} · ${plural(row.to - row.from + 1, 'message')}`;
}

/** A range added back, as its chip reads: `#3–#7 · first 200` or `#12 whole`. */
export function rangeLabel(range: IndexRange): string {
  const span = range.from === range.to ? `#${range.from}` : `#${range.from}–#${range.to}`;
  return `${span}${range.chars === undefined ? ' whole' : ` · first ${fmt(range.chars)}`}`;
}

/** The minimal link's sentences; each is null when it has nothing to say. */
export interface MinimalNotes {
  /** What the link carries and what a reader sees of the rest. */
  carried: string;
  cut: string | null;
  cutShort: string | null;
  over: string | null;
  /** What the ranges added back carry, or null with none. */
  added: string | null;
  /** The session over time: what of it travels, or what the reader will not see; null without one. */
  session: string | null;
  /** The title of the reader's list: `What the reader sees (3 rows)`. */
  rowsTitle: string;
}

/** The dialog's words about a minimal link, from the same summary `share --minimal` prints. */
export function minimalNotes(link: MinimalShareLink): MinimalNotes {
  const summary: MinimalSummary = describeMinimal(link, link.messageCount);
  const rows = link.rows.length;
  return {
    carried:
      `Carries the counts of all ${fmt(link.messageCount)} messages, ${summary.carried}, which the reader ` +
      'sees as “text not included”, with their counts. Opened, it shows the same counts, cuts, fates and ' +
      'verdict as the whole transcript.' +
      (link.previewLeftOut
        ? ' The preview result is not in it (a summary alone is longer than a minimal link): the full link and the bundle carry it.'
        : ''),
    cut: summary.cut && `The cut, always with text: ${summary.cut}.`,
    cutShort:
      summary.cutShort &&
      `Cut short to fit ${fmt(MINIMAL_TARGET_CHARS)} characters: ${summary.cutShort}. An opening ends in ` +
        '“…”, and the reader’s list marks it “the rest not included in this link”.',
    over: summary.over && `Longer than ${fmt(MINIMAL_TARGET_CHARS)} characters: ${summary.over}.`,
    added: summary.added,
    session: summary.session && `${summary.session[0].toUpperCase()}${summary.session.slice(1)}.`,
    rowsTitle: `What the reader sees (${fmt(rows)} ${rows === 1 ? 'row' : 'rows'})`,
  };
}

/** What the "Add text back" form holds. */
export interface RangeDraft {
  /** The messages as typed: `3-7, 12`. */
  text: string;
  /** The characters of each message, as typed; ignored for whole texts. */
  chars: string;
  whole: boolean;
}

/**
 * The ranges a submitted form adds back, each with its characters unless the
 * whole text was chosen; or what is wrong, in the core's words (the same
 * parser and limit as `share --minimal --include`).
 */
export function rangesToAdd(draft: RangeDraft): { ranges: IndexRange[] } | { error: string } {
  const parsed = parseIndexRanges(draft.text);
  if ('error' in parsed) return parsed;
  if (draft.whole) return parsed;
  const chars = Number(draft.chars);
  const problem = openingCharsProblem(chars);
  if (problem) return { error: problem };
  return { ranges: parsed.ranges.map((r) => ({ ...r, chars })) };
}
