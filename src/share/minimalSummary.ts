/**
 * What a minimal link carries and what it cut short, in words: one text for
 * the share dialog and `share --minimal`, so both say the same numbers.
 */
import {
  MINIMAL_ADDED_LIMIT_CHARS,
  MINIMAL_TARGET_CHARS,
  SHORT_TURN_ID_CHARS,
  type CutMessage,
  type MinimalLink,
} from './minimal';

/** The facts the sentences are made from: a `MinimalLink`, or the worker's copy of one. */
export type MinimalFacts = Pick<
  MinimalLink,
  | 'withText'
  | 'partial'
  | 'cut'
  | 'openingChars'
  | 'added'
  | 'textChars'
  | 'leftWithoutText'
  | 'filesLeftOut'
  | 'shortTurnIds'
  | 'fits'
  | 'session'
>;

export interface MinimalSummary {
  /** What travels: openings, whole texts, their characters, and what is left out. */
  carried: string;
  /** The chosen strategy's cut, message by message. */
  cut: string | null;
  /** What was made shorter to fit, or null when nothing was. */
  cutShort: string | null;
  /** Each range added back and what travels of it. */
  added: string | null;
  /** Why the link is longer than its target, when it is. */
  over: string | null;
  /** The session over time: what of it travels, or what the reader will not see; null when the file records none. */
  session: string | null;
}

const n = (value: number) => value.toLocaleString('en-US');
const plural = (count: number, one: string, many = `${one}s`) => `${n(count)} ${count === 1 ? one : many}`;
const range = (from: number, to: number) => (from === to ? `#${from}` : `#${from}–#${to}`);

const CUT_PARTS: Record<CutMessage['part'], string> = {
  'first-kept': 'first kept',
  'before-cut': 'last before the cut',
  'turn-start': 'start of the split turn',
};

export function describeMinimal(link: MinimalFacts, messageCount: number): MinimalSummary {
  const openings = link.partial.length;
  const whole = link.withText.length - openings;
  const left = messageCount - link.withText.length;
  const parts = [
    openings > 0 && `the openings of ${plural(openings, 'message')}`,
    whole > 0 && `the whole text of ${plural(whole, 'message')}`,
  ].filter(Boolean);
  const carried =
    parts.length > 0
      ? `${parts.join(' and ')} (${plural(link.textChars, 'character')} of text); the text of ${n(left)} of ${plural(messageCount, 'message')} left out`
      : `no text; the text of all ${plural(messageCount, 'message')} left out`;

  const shortened = [
    link.openingChars !== null &&
      link.withText.some((i) => link.partial.includes(i)) &&
      `its own openings to their first ${plural(link.openingChars, 'character')}`,
    link.shortTurnIds && `long turn ids to their first ${SHORT_TURN_ID_CHARS} characters`,
    link.leftWithoutText > 0 &&
      `${plural(link.leftWithoutText, 'other telling message')} (system prompt, summaries, other strategies' cuts) left without text`,
    link.filesLeftOut > 0 &&
      `the ${plural(link.filesLeftOut, 'file path')} pi's compaction recorded left out`,
  ].filter(Boolean);

  const added = link.added.map((r) => {
    if (r.chars === 'all') return `${range(r.from, r.to)} whole`;
    const each = `${range(r.from, r.to)} the first ${plural(r.chars, 'character')} of each`;
    return r.asked !== r.chars
      ? `${each} (${n(r.asked as number)} asked: cut to keep the link within ${n(MINIMAL_ADDED_LIMIT_CHARS)} characters)`
      : each;
  });

  const session = link.session;
  return {
    carried,
    session:
      session === null
        ? null
        : session.carried
          ? `the session over time travels: the timeline's ${plural(session.calls, 'call')} with their usage and ${plural(session.compactions, 'recorded compaction')}`
          : // The reader still gets a timeline, one call per assistant message, estimated: said as it will be seen.
            `the recorded usage of the timeline's ${plural(session.calls, 'call')} is left out: the reader's timeline is estimated from the messages, with no recorded peak or input`,
    cut: link.cut.length > 0 ? link.cut.map((c) => `#${c.i} ${CUT_PARTS[c.part]}`).join(', ') : null,
    cutShort: shortened.length > 0 ? shortened.join('; ') : null,
    added: added.length > 0 ? added.join('; ') : null,
    over: link.fits
      ? null
      : link.added.length > 0
        ? `the text added back makes it longer than ${n(MINIMAL_TARGET_CHARS)} characters`
        : `the counts of ${plural(messageCount, 'message')} and the openings at the cut are longer than ${n(MINIMAL_TARGET_CHARS)} characters`,
  };
}

/** The same in one line, as `share --minimal` prints it on stderr. */
export function minimalSummary(link: MinimalFacts, messageCount: number): string {
  const s = describeMinimal(link, messageCount);
  return [
    `counts of all ${plural(messageCount, 'message')}; ${s.carried}`,
    s.cut && `the cut: ${s.cut}`,
    s.cutShort && `cut short to fit: ${s.cutShort}`,
    s.added && `added back: ${s.added}`,
    s.session,
    s.over,
  ]
    .filter(Boolean)
    .join('; ');
}
