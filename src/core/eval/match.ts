/**
 * Tolerant matching of a fact against a summary. A model rewrites: it names
 * `src/dates/month.ts` as `month.ts`, and "never touch the tests" as "tests
 * must not be modified". Matching a path by its file name and a sentence by
 * its key words accepts the rewrite and still catches the loss.
 */

/** Words too common to say whether a sentence survived. */
const STOPWORDS = new Set(
  (
    'a an and are as at be been but by can could did do does done for from had has have here how i if in into is it its ' +
    'just let me my no not of on once one or our out please so some than that the their them then there these they ' +
    'this those to too up us was we were what when where which while who why will with would you your yours ' +
    'always never dont don do must make sure ensure should shouldnt avoid keep only also any all each every ' +
    'about after again before first get gets got like need now over still through want'
  ).split(' '),
);

/** A crude stem: enough that "tests", "tested" and "testing" meet "test". */
export function stem(word: string): string {
  const w = word.toLowerCase().replace(/['’]/g, '');
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (w.length - suffix.length >= 3 && w.endsWith(suffix)) return w.slice(0, -suffix.length);
  }
  return w;
}

/** The words of a text, split on anything that is not a letter, digit or underscore. */
function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
}

/** The distinct stems of a text's meaningful words, in order. */
export function keyWords(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    const lower = word.toLowerCase().replace(/['’]/g, '');
    if (lower.length < 3 || STOPWORDS.has(lower) || /^\d+$/.test(lower)) continue;
    const s = stem(lower);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** A summary prepared once for many lookups. */
export interface SummaryIndex {
  text: string;
  stems: Set<string>;
  /** Every number the summary writes, by its digits (`20,000` as `20000`). */
  numbers: Set<string>;
  /** The text with every run of white space as one space, made by the first command looked up. */
  flat?: string;
  /** The text in lower case, made by the first sentence looked up that has no key words. */
  lower?: string;
}

export function indexSummary(summary: string): SummaryIndex {
  const numbers = new Set<string>();
  for (const m of summary.matchAll(/\d[\d,]*(?:\.\d+)?/g))
    numbers.add(m[0].replace(/,/g, '').replace(/\.$/, ''));
  // Each distinct word stemmed once: a long context repeats its words many times.
  const stems = new Set<string>();
  for (const word of new Set(words(summary))) stems.add(stem(word));
  return { text: summary, stems, numbers };
}

/** A number is kept when the summary writes the same digits, with or without thousands separators. */
export function numberKept(text: string, summary: SummaryIndex): boolean {
  return summary.numbers.has(text.replace(/,/g, '').replace(/%$/, ''));
}

/** Share of `needles` the summary names; 1 when there are none. */
export function coverage(needles: readonly string[], summary: SummaryIndex): number {
  if (needles.length === 0) return 1;
  return needles.filter((n) => summary.stems.has(n)).length / needles.length;
}

/** A sentence survives when at least this share of its key words does. */
export const KEY_WORD_SHARE = 0.6;

export function sentenceKept(sentence: string, summary: SummaryIndex, share = KEY_WORD_SHARE): boolean {
  const needles = keyWords(sentence);
  if (needles.length === 0) {
    summary.lower ??= summary.text.toLowerCase();
    return summary.lower.includes(sentence.toLowerCase());
  }
  return coverage(needles, summary) >= share - 1e-9;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `needle` in `text` with no path or word character glued to either side. */
export function containsBounded(text: string, needle: string): boolean {
  if (!needle) return false;
  const pattern = new RegExp(`(?<![\\w.\\-/@])${escapeRegExp(needle)}(?![\\w\\-]|\\.\\w)`);
  if (pattern.test(text)) return true;
  // A path written after a directory (`src/month.ts` for `month.ts`) is still the file.
  return new RegExp(`(?<=/)${escapeRegExp(needle)}(?![\\w\\-]|\\.\\w)`).test(text);
}

/** The file name of a path: what a summary most often keeps of it. */
export function fileName(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
}

/** A path is kept when the summary names it in full or by its file name. */
export function pathKept(path: string, summary: SummaryIndex): boolean {
  return summary.text.includes(path) || containsBounded(summary.text, fileName(path));
}

/** An identifier is kept when it appears as a whole word, in its own case. */
export function identifierKept(name: string, summary: SummaryIndex): boolean {
  return new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`).test(summary.text);
}

/**
 * A command is kept when the summary quotes it, or names most of its words
 * (the program and its arguments, not its flags or punctuation).
 */
export function commandKept(command: string, summary: SummaryIndex): boolean {
  const flat = command.replace(/\s+/g, ' ');
  summary.flat ??= summary.text.replace(/\s+/g, ' ');
  if (summary.flat.includes(flat)) return true;
  const parts = flat
    .split(' ')
    .map((w) => w.replace(/^['"`]+|['"`]+$/g, ''))
    .filter((w) => w.length >= 2 && !w.startsWith('-') && /[\p{L}\p{N}]/u.test(w))
    .slice(0, 6);
  if (parts.length === 0) return false;
  const named = parts.filter((w) => containsBounded(summary.text, w)).length;
  return named / parts.length >= 2 / 3 - 1e-9;
}
