/**
 * Characters that change what text looks like without being seen: bidi
 * controls that reorder it (`evil\u202Eexe.txt` draws as `evil` followed by
 * `txt.exe`), zero-width characters that split or join words, tag characters
 * that carry a hidden ASCII message, terminal control codes. A transcript is
 * untrusted text, so the page names each of them in a box, as a code editor
 * does, and removes the character itself from what is drawn.
 */

/** A run of ordinary text, or one invisible character (repeated `count` times) shown by its name. */
export type TextSegment =
  /** `raw` differs from `text` only past the box limit, where names are written in brackets. */
  | { kind: 'text'; text: string; raw: string }
  | {
      kind: 'invisible';
      /** The short name shown in the box: `RLO`, `ZWSP`, `U+2061`, `TAG "hi"`. */
      name: string;
      /** What it is, for the tooltip: `U+202E RIGHT-TO-LEFT OVERRIDE`. */
      title: string;
      /** How many times it repeats in a row (tag runs: 1). */
      count: number;
      /** The characters replaced, so offsets into the text stay known. */
      raw: string;
    };

/** Names a code editor would show, with the Unicode name for the tooltip. */
const NAMED: ReadonlyMap<number, readonly [string, string]> = new Map([
  [0x00ad, ['SHY', 'SOFT HYPHEN']],
  [0x061c, ['ALM', 'ARABIC LETTER MARK']],
  [0x115f, ['HCF', 'HANGUL CHOSEONG FILLER']],
  [0x1160, ['HJF', 'HANGUL JUNGSEONG FILLER']],
  [0x180e, ['MVS', 'MONGOLIAN VOWEL SEPARATOR']],
  [0x200b, ['ZWSP', 'ZERO WIDTH SPACE']],
  [0x200c, ['ZWNJ', 'ZERO WIDTH NON-JOINER']],
  [0x200d, ['ZWJ', 'ZERO WIDTH JOINER']],
  [0x200e, ['LRM', 'LEFT-TO-RIGHT MARK']],
  [0x200f, ['RLM', 'RIGHT-TO-LEFT MARK']],
  [0x2028, ['LSEP', 'LINE SEPARATOR']],
  [0x2029, ['PSEP', 'PARAGRAPH SEPARATOR']],
  [0x202a, ['LRE', 'LEFT-TO-RIGHT EMBEDDING']],
  [0x202b, ['RLE', 'RIGHT-TO-LEFT EMBEDDING']],
  [0x202c, ['PDF', 'POP DIRECTIONAL FORMATTING']],
  [0x202d, ['LRO', 'LEFT-TO-RIGHT OVERRIDE']],
  [0x202e, ['RLO', 'RIGHT-TO-LEFT OVERRIDE']],
  [0x2060, ['WJ', 'WORD JOINER']],
  [0x2061, ['FA', 'FUNCTION APPLICATION']],
  [0x2062, ['IT', 'INVISIBLE TIMES']],
  [0x2063, ['IS', 'INVISIBLE SEPARATOR']],
  [0x2064, ['IP', 'INVISIBLE PLUS']],
  [0x2066, ['LRI', 'LEFT-TO-RIGHT ISOLATE']],
  [0x2067, ['RLI', 'RIGHT-TO-LEFT ISOLATE']],
  [0x2068, ['FSI', 'FIRST STRONG ISOLATE']],
  [0x2069, ['PDI', 'POP DIRECTIONAL ISOLATE']],
  [0x3164, ['HF', 'HANGUL FILLER']],
  [0xfeff, ['BOM', 'ZERO WIDTH NO-BREAK SPACE (BYTE ORDER MARK)']],
  [0xffa0, ['HWHF', 'HALFWIDTH HANGUL FILLER']],
]);

/** The C0 controls by their ASCII names (tab and line feed are text, never boxed). */
const C0 = [
  'NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'HT', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US',
]; // prettier-ignore

/** The C1 controls, U+0080–U+009F, by their ISO 6429 abbreviations. */
const C1 = [
  'PAD', 'HOP', 'BPH', 'NBH', 'IND', 'NEL', 'SSA', 'ESA', 'HTS', 'HTJ', 'VTS', 'PLD', 'PLU', 'RI', 'SS2', 'SS3',
  'DCS', 'PU1', 'PU2', 'STS', 'CCH', 'MW', 'SPA', 'EPA', 'SOS', 'SGCI', 'SCI', 'CSI', 'ST', 'OSC', 'PM', 'APC',
]; // prettier-ignore

/**
 * Every candidate: controls (Cc), format characters (Cf), the two Unicode
 * line separators, and the Hangul fillers that draw as blank letters. Tab
 * and line feed are filtered out afterwards, with CR before LF.
 */
const CANDIDATE = /[\p{Cc}\p{Cf}\u2028\u2029\u115F\u1160\u3164\uFFA0]/gu;

const TAG_FIRST = 0xe0020;
const TAG_LAST = 0xe007e;
const CANCEL_TAG = 0xe007f;
/** 🏴, which tag characters turn into a subdivision flag (England, Scotland, Wales). */
const BLACK_FLAG = 0x1f3f4;

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
/** What may sit between an emoji and a joiner: variation selector 16 and the skin tones. */
const isEmojiTrailer = (code: number) => code === 0xfe0f || (code >= 0x1f3fb && code <= 0x1f3ff);
/** A letter or mark of a script other than ASCII (Persian, Devanagari, …), where joiners are spelling. */
const NON_ASCII_LETTER = /[\p{L}\p{M}]/u;

/** Boxes drawn per text at most; past this the names are written in brackets, so hostile text cannot flood the page. */
export const MAX_BOXES = 500;

function hex(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

function codeBefore(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2);
  }
  return low;
}

function isNonAsciiLetter(code: number | undefined): boolean {
  return code !== undefined && code > 0x7f && NON_ASCII_LETTER.test(String.fromCodePoint(code));
}

/** The code point before `index`, skipping one variation selector or skin tone. */
function emojiBefore(text: string, index: number): number | undefined {
  const code = codeBefore(text, index);
  if (code === undefined || !isEmojiTrailer(code)) return code;
  return codeBefore(text, index - String.fromCodePoint(code).length);
}

/**
 * Joiners that are part of ordinary writing stay as they are: a ZWJ inside an
 * emoji sequence (man, ZWJ, woman, ZWJ, girl: one family emoji) and ZWNJ or
 * ZWJ between letters of a non-Latin script (Persian and Indic spelling).
 * Between ASCII letters (`pass\u200Dword`) they are exactly the trick worth
 * showing.
 */
function isSpelling(text: string, index: number, code: number): boolean {
  if (code !== 0x200d && code !== 0x200c) return false;
  const after = text.codePointAt(index + 1);
  if (code === 0x200d) {
    const before = emojiBefore(text, index);
    const emoji = (c: number | undefined) => c !== undefined && PICTOGRAPHIC.test(String.fromCodePoint(c));
    if (emoji(before) && emoji(after)) return true;
  }
  return isNonAsciiLetter(codeBefore(text, index)) && isNonAsciiLetter(after);
}

function nameOf(code: number): string {
  const named = NAMED.get(code);
  if (named) return named[0];
  if (code < 0x20) return C0[code];
  if (code === 0x7f) return 'DEL';
  if (code >= 0x80 && code <= 0x9f) return C1[code - 0x80];
  return hex(code);
}

function titleOf(code: number): string {
  const named = NAMED.get(code);
  if (named) return `${hex(code)} ${named[1]}`;
  if (code === 0x7f) return `${hex(code)} control character DELETE`;
  if (code <= 0x9f) return `${hex(code)} control character ${nameOf(code)}`;
  return `${hex(code)} invisible format character`;
}

/**
 * Splits `text` into ordinary text and named invisible characters. Offsets
 * are kept: joining every segment's `raw` gives `text` back. A run
 * of one character is one segment with its count; a run of tag characters
 * shows the ASCII it hides, unless it spells a subdivision flag.
 */
export function revealInvisible(text: string, maxBoxes = MAX_BOXES): TextSegment[] {
  const segments: TextSegment[] = [];
  // Parts of the text segment being built: its drawn text and the raw text it stands for.
  let shown: string[] = [];
  let source: string[] = [];
  let boxes = 0;
  const pushText = (drawn: string, raw = drawn) => {
    if (!raw) return;
    shown.push(drawn);
    source.push(raw);
  };
  const flush = () => {
    if (source.length) segments.push({ kind: 'text', text: shown.join(''), raw: source.join('') });
    shown = [];
    source = [];
  };
  /** `code` names the character; a tag run passes its own name and title instead. */
  const pushBox = (code: number, count: number, raw: string, tag?: { name: string; title: string }) => {
    const name = tag?.name ?? nameOf(code);
    if (boxes >= maxBoxes) {
      // Still visible, but as text: no element per character past the cap.
      pushText(count > 1 ? `[${name}×${count}]` : `[${name}]`, raw);
      return;
    }
    boxes++;
    flush();
    const title = tag?.title ?? (count > 1 ? `${titleOf(code)}, ${count} in a row` : titleOf(code));
    segments.push({ kind: 'invisible', name, title, count, raw });
  };

  let last = 0;
  CANDIDATE.lastIndex = 0;
  for (let match = CANDIDATE.exec(text); match !== null; match = CANDIDATE.exec(text)) {
    const index = match.index;
    if (index < last) continue; // already taken by a run
    const code = match[0].codePointAt(0)!;
    if (code === 0x09 || code === 0x0a) continue;
    if (code === 0x0d && text.charCodeAt(index + 1) === 0x0a) continue;
    if (isSpelling(text, index, code)) continue;
    if (code >= TAG_FIRST && code <= CANCEL_TAG) {
      let end = index;
      let hidden = '';
      while (end < text.length) {
        const c = text.codePointAt(end)!;
        if (c < TAG_FIRST || c > CANCEL_TAG) break;
        if (c <= TAG_LAST) hidden += String.fromCodePoint(c - 0xe0000);
        end += 2;
      }
      const flag = codeBefore(text, index) === BLACK_FLAG && text.codePointAt(end - 2) === CANCEL_TAG;
      if (flag) {
        CANDIDATE.lastIndex = end;
        continue;
      }
      pushText(text.slice(last, index));
      pushBox(code, 1, text.slice(index, end), {
        name: `TAG ${JSON.stringify(hidden)}`,
        title: `${(end - index) / 2} tag characters hiding the text ${JSON.stringify(hidden)}`,
      });
      last = end;
      CANDIDATE.lastIndex = end;
      continue;
    }
    const char = match[0];
    let end = index + char.length;
    let count = 1;
    while (text.startsWith(char, end)) {
      end += char.length;
      count++;
    }
    pushText(text.slice(last, index));
    pushBox(code, count, text.slice(index, end));
    last = end;
    CANDIDATE.lastIndex = end;
  }
  pushText(text.slice(last));
  flush();
  return segments;
}
