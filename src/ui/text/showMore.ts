/**
 * How much of a long text is drawn. A browser lays out a `<pre>` whole: one
 * message of five million alternating spaces and tabs (a 10,000-character
 * link) held the page for half a minute when it was opened. So a text is
 * drawn a piece at a time, the first piece at once and each "Show more"
 * adding the next, and everything done per character (the boxes for
 * invisible characters, the search marks) is done for the drawn part only.
 */

/** Characters drawn at first, and added by each "Show more": a long tool result, laid out in a few milliseconds. */
export const SHOWN_STEP_CHARS = 20_000;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Where the drawn part of `text` ends after `steps` pieces (at least one):
 * `steps × stepChars`, or one further where that would cut a character's
 * two halves apart, or the whole text when it is shorter.
 */
export function shownEnd(text: string, steps: number, stepChars = SHOWN_STEP_CHARS): number {
  const end = Math.max(1, steps) * stepChars;
  if (end >= text.length) return text.length;
  const splitsCharacter = isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end));
  return splitsCharacter ? end + 1 : end;
}
