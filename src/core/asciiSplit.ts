/**
 * o200k's split pattern, hand-run for ASCII text. Splitting is the largest
 * part of counting once the piece cache answers nearly every piece, and
 * V8's regular expression spends most of its time there in the Unicode
 * property classes and the match arrays it allocates. On ASCII (nearly all
 * of code, logs and JSON) the classes are a table lookup, and the seven
 * alternatives, tried in order with the pattern's own backtracking, reduce to
 * the scans below. Text with any other character goes through the pattern.
 *
 * The pattern, for reference:
 *   1. [^\r\n\p{L}\p{N}]?[\p{Lu}…]*[\p{Ll}…]+('s|'t|'re|'ve|'m|'ll|'d)?  (any case)
 *   2. [^\r\n\p{L}\p{N}]?[\p{Lu}…]+[\p{Ll}…]*('s|…)?
 *   3. \p{N}{1,3}
 *   4.  ?[^\s\p{L}\p{N}]+[\r\n/]*
 *   5. \s*[\r\n]+
 *   6. \s+(?!\S)
 *   7. \s+
 */

/**
 * The pattern this file runs, exactly as the o200k ranks publish it: a
 * counter uses the scan only for this pattern, so a change to it upstream
 * turns the scan off rather than making it wrong.
 */
export const O200K_PATTERN = String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`;

const UPPER = 1;
const LOWER = 2;
const DIGIT = 4;
/** JavaScript's `\s` in ASCII: tab, line feed, vertical tab, form feed, carriage return, space. */
const SPACE = 8;
const NEWLINE = 16;

/** The class bits of each ASCII character; 0 is "anything else" (punctuation and controls). */
const CLASSES = (() => {
  const classes = new Uint8Array(128);
  for (let c = 65; c <= 90; c++) classes[c] = UPPER;
  for (let c = 97; c <= 122; c++) classes[c] = LOWER;
  for (let c = 48; c <= 57; c++) classes[c] = DIGIT;
  for (const c of [9, 11, 12, 32]) classes[c] = SPACE;
  for (const c of [10, 13]) classes[c] = SPACE | NEWLINE;
  return classes;
})();

const LETTER = UPPER | LOWER;
const APOSTROPHE = 39;

/** Whether every character of `text` is ASCII. */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

function classAt(text: string, i: number): number {
  return i < text.length ? (CLASSES[text.charCodeAt(i)] as number) : -1;
}

/** Where an optional contraction (`'s`, `'RE`, `'ll`, …) starting at `i` ends. */
function afterContraction(text: string, i: number): number {
  if (text.charCodeAt(i) !== APOSTROPHE) return i;
  const a = text.charCodeAt(i + 1) | 0x20; // lower-cased; NaN past the end becomes 0x20
  if (a === 0x73 || a === 0x74 || a === 0x6d || a === 0x64) return i + 2; // s t m d
  const b = text.charCodeAt(i + 2) | 0x20;
  if ((a === 0x72 && b === 0x65) || (a === 0x76 && b === 0x65) || (a === 0x6c && b === 0x6c)) return i + 3; // re ve ll
  return i;
}

/**
 * Alternatives 1 and 2 from `from` (after any prefix): upper-case letters then
 * lower-case ones, at least one letter in all, then a contraction. Returns the
 * end, or -1 when no letter starts at `from`.
 */
function word(text: string, from: number): number {
  let i = from;
  while (classAt(text, i) === UPPER) i++;
  while (classAt(text, i) === LOWER) i++;
  // Alternative 1 needs a lower-case letter, 2 an upper-case one; either way, one letter.
  if (i === from) return -1;
  return afterContraction(text, i);
}

/** The end of the piece of ASCII `text` that starts at `at` (< text.length). */
export function o200kPieceEnd(text: string, at: number): number {
  const first = classAt(text, at);
  // 1 and 2: an optional prefix (not a letter, digit, CR or LF), then letters.
  if ((first & (LETTER | DIGIT | NEWLINE)) === 0) {
    const end = word(text, at + 1);
    if (end >= 0) return end;
  }
  if (first & LETTER) return word(text, at);
  // 3: one to three digits.
  if (first === DIGIT) {
    let i = at + 1;
    while (i < at + 3 && classAt(text, i) === DIGIT) i++;
    return i;
  }
  // 4: an optional space, punctuation, then CRs, LFs and slashes.
  const punctuationFrom = text.charCodeAt(at) === 32 && classAt(text, at + 1) === 0 ? at + 1 : at;
  if (classAt(text, punctuationFrom) === 0) {
    let i = punctuationFrom + 1;
    while (classAt(text, i) === 0) i++;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 13 || c === 47) i++;
      else break;
    }
    return i;
  }
  // Only whitespace is left: `first` is SPACE, perhaps with NEWLINE.
  let runEnd = at + 1;
  let lastNewline = first & NEWLINE ? at : -1;
  for (;;) {
    const c = classAt(text, runEnd);
    if (c < 0 || (c & SPACE) === 0) break;
    if (c & NEWLINE) lastNewline = runEnd;
    runEnd++;
  }
  // 5: whitespace up to and through the run's last CR or LF.
  if (lastNewline >= 0) return lastNewline + 1;
  // 6: all of a run that ends the text, or all but its last character.
  if (runEnd === text.length) return runEnd;
  if (runEnd - at >= 2) return runEnd - 1;
  // 7: the one whitespace character.
  return runEnd;
}
