/**
 * Tolerant matching of a fact against a summary. A model rewrites: it names
 * `src/dates/month.ts` as `month.ts`, and "never touch the tests" as "tests
 * must not be modified". Matching a path by its file name and a sentence by
 * its key words accepts the rewrite and still catches the loss.
 */

import { pathsInCommand } from './shell';

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
  return { text: summary, stems: NOT_ASCII.test(summary) ? stemsOf(summary) : asciiStems(summary), numbers };
}

/** Each distinct word stemmed once: a long context repeats its words many times. */
function stemsOf(text: string): Set<string> {
  const stems = new Set<string>();
  for (const word of new Set(words(text))) stems.add(stem(word));
  return stems;
}

/** Anything but printable ASCII, tabs and line breaks: such a text takes the general path. */
const NOT_ASCII = /[^\x20-\x7e\t\n\r]/;

/**
 * `stemsOf` for a text in ASCII, read a character at a time: there a word
 * character is a letter, a digit or `_`, and lower case keeps every length.
 */
function asciiStems(text: string): Set<string> {
  const lower = text.toLowerCase();
  const seen = new Set<string>();
  const stems = new Set<string>();
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const unit = i < lower.length ? lower.charCodeAt(i) : 32;
    const inWord = (unit >= 48 && unit <= 57) || (unit >= 97 && unit <= 122) || unit === 95;
    if (inWord) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      const word = lower.slice(start, i);
      if (!seen.has(word)) {
        seen.add(word);
        stems.add(stem(word));
      }
      start = -1;
    }
  }
  return stems;
}

/**
 * One thing a text says or not: a substring, a name with nothing glued to
 * either side, an identifier, a word's stem or a number; a command quoted
 * with its white space collapsed, or a sentence in any case. Each matcher
 * below is a rule over clues, so the judge can also look for the clues of
 * many facts across the messages of many contexts at once (see
 * `ledger/contextJudge.ts`).
 */
export interface Clue {
  kind: 'substring' | 'bounded' | 'identifier' | 'stem' | 'number' | 'flat' | 'lower';
  text: string;
}

/**
 * Kept when, for one of the alternatives, every one of its `must` clues
 * holds and at least `need` of its other clues do.
 */
export type Rule = readonly { clues: readonly Clue[]; need: number; must?: readonly Clue[] }[];

/** The fewest of `n` clues whose share reaches `share`. */
function needed(n: number, share: number): number {
  let k = 0;
  while (k < n && k / n < share - 1e-9) k++;
  return k;
}

const one = (kind: Clue['kind'], text: string) => ({ clues: [{ kind, text }], need: 1 });

export function clueHolds(clue: Clue, summary: SummaryIndex): boolean {
  switch (clue.kind) {
    case 'substring':
      return summary.text.includes(clue.text);
    case 'bounded':
      return containsBounded(summary.text, clue.text);
    case 'identifier':
      return containsIdentifier(summary.text, clue.text);
    case 'stem':
      return summary.stems.has(clue.text);
    case 'number':
      return summary.numbers.has(clue.text);
    case 'flat':
      summary.flat ??= summary.text.replace(/\s+/g, ' ');
      return summary.flat.includes(clue.text);
    case 'lower':
      summary.lower ??= summary.text.toLowerCase();
      return summary.lower.includes(clue.text);
  }
}

export function ruleHolds(rule: Rule, holds: (clue: Clue) => boolean): boolean {
  return rule.some(({ clues, need, must }) => {
    if (must && !must.every(holds)) return false;
    let count = 0;
    for (const clue of clues) if (holds(clue)) count++;
    return count >= need;
  });
}

const keptIn = (rule: Rule, summary: SummaryIndex) => ruleHolds(rule, (c) => clueHolds(c, summary));

/** A number is kept when the summary writes the same digits, with or without thousands separators. */
export function numberRule(text: string): Rule {
  return [one('number', text.replace(/,/g, '').replace(/%$/, ''))];
}

export function numberKept(text: string, summary: SummaryIndex): boolean {
  return keptIn(numberRule(text), summary);
}

/** A sentence survives when at least this share of its key words does. */
export const KEY_WORD_SHARE = 0.6;

/**
 * What a sentence cannot be kept without: its numbers, the file names of its
 * paths, its identifiers (`fromISO`, `start_at`, `TS2345`) and the names it
 * quotes. Key words alone let an unrelated log that shares most of a
 * sentence's vocabulary ("rate limit", "requests per minute") pass for it;
 * a rewrite that keeps the sentence keeps these as they were.
 */
export function distinctiveClues(sentence: string): Clue[] {
  const out: Clue[] = [];
  const add = (clue: Clue) => {
    if (!out.some((c) => c.text === clue.text)) out.push(clue);
  };
  // A name quoted alone (`CheckOptions`, '東京') is meant as written; a quoted phrase is
  // left to its words, as a summary often writes `mdtable render` as mdtable.render.
  for (const m of sentence.matchAll(/[`"“']([^`"”'\s]{2,80})[`"”']/g))
    if (/[\p{L}\p{N}]/u.test(m[1]!)) add({ kind: 'bounded', text: m[1]! });
  for (const m of sentence.matchAll(/[^\s`"“”'();]+/g)) {
    const word = m[0].replace(/[.,:!?]+$/, '');
    if (/^\d[\d,]*(\.\d+)?%?$/.test(word))
      add({ kind: 'number', text: word.replace(/,/g, '').replace(/%$/, '') });
    else if (pathsInCommand(word).length === 1) add({ kind: 'bounded', text: fileName(word) });
    else
      for (const name of word.match(/[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*/g) ?? [])
        if (isIdentifierShaped(name)) add({ kind: 'identifier', text: name });
  }
  return out;
}

/**
 * camelCase, snake_case, dotted.names and words with digits. A word in
 * capitals (`FAIL`, `ENOENT`) or a capitalised name (GitHub, TypeScript) is
 * left to the key words: a summary writes "failed" for the one and may
 * leave out the other; quoted, such a name counts.
 */
function isIdentifierShaped(name: string): boolean {
  return (
    /^[a-z_$][a-z0-9_$]*[A-Z]/.test(name) ||
    /\w_\w/.test(name) ||
    /[A-Za-z]{2}\.[A-Za-z]{2}/.test(name) ||
    (/\d/.test(name) && /[A-Za-z]/.test(name))
  );
}

/**
 * Enough of its key words and every distinctive token; a sentence with no
 * key words is looked for whole, in any case.
 */
export function sentenceRule(sentence: string, share = KEY_WORD_SHARE): Rule {
  const needles = keyWords(sentence);
  if (needles.length === 0) return [one('lower', sentence.toLowerCase())];
  const must = distinctiveClues(sentence);
  return [
    {
      clues: needles.map((text) => ({ kind: 'stem', text })),
      need: needed(needles.length, share),
      ...(must.length ? { must } : {}),
    },
  ];
}

export function sentenceKept(sentence: string, summary: SummaryIndex, share = KEY_WORD_SHARE): boolean {
  return keptIn(sentenceRule(sentence, share), summary);
}

/** `needle` in `text` with no path or word character glued to either side. */
export function containsBounded(text: string, needle: string): boolean {
  if (!needle) return false;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1))
    if (boundedAt(text, needle, at)) return true;
  return false;
}

const isWordUnit = (unit: number) =>
  (unit >= 48 && unit <= 57) || (unit >= 65 && unit <= 90) || (unit >= 97 && unit <= 122) || unit === 95;

/**
 * `needle`, found in `text` at `at`, stands alone there: no word character,
 * `-` or file extension right after it, and before it nothing glued (a word
 * character, `.`, `-` or `@`) unless it is a `/`: a path written after a
 * directory (`src/month.ts` for `month.ts`) is still the file.
 */
export function boundedAt(text: string, needle: string, at: number): boolean {
  const end = at + needle.length;
  if (end < text.length) {
    const next = text.charCodeAt(end);
    if (isWordUnit(next) || next === 45) return false;
    if (next === 46 && end + 1 < text.length && isWordUnit(text.charCodeAt(end + 1))) return false;
  }
  if (at === 0) return true;
  const before = text.charCodeAt(at - 1);
  return !(isWordUnit(before) || before === 46 || before === 45 || before === 64);
}

/** The file name of a path: what a summary most often keeps of it. */
export function fileName(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
}

/** A path is kept when the summary names it in full or by its file name. */
export function pathRule(path: string): Rule {
  return [one('substring', path), one('bounded', fileName(path))];
}

export function pathKept(path: string, summary: SummaryIndex): boolean {
  return keptIn(pathRule(path), summary);
}

/** `name`, found in `text` at `at`, with no identifier character (a word character or `$`) on either side. */
export function identifierAt(text: string, name: string, at: number): boolean {
  const end = at + name.length;
  const free = (unit: number) => !(isWordUnit(unit) || unit === 36);
  return (at === 0 || free(text.charCodeAt(at - 1))) && (end >= text.length || free(text.charCodeAt(end)));
}

function containsIdentifier(text: string, name: string): boolean {
  if (!name) return /(?<![\w$])(?![\w$])/.test(text);
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1))
    if (identifierAt(text, name, at)) return true;
  return false;
}

/** An identifier is kept when it appears as a whole word, in its own case. */
export function identifierRule(name: string): Rule {
  return [one('identifier', name)];
}

export function identifierKept(name: string, summary: SummaryIndex): boolean {
  return keptIn(identifierRule(name), summary);
}

/**
 * A command is kept when the summary quotes it, or names most of its words
 * (the program and its arguments, not its flags or punctuation).
 */
export function commandRule(command: string): Rule {
  const flat = command.replace(/\s+/g, ' ');
  const parts = flat
    .split(' ')
    .map((w) => w.replace(/^['"`]+|['"`]+$/g, ''))
    .filter((w) => w.length >= 2 && !w.startsWith('-') && /[\p{L}\p{N}]/u.test(w))
    .slice(0, 6);
  const quoted = one('flat', flat);
  if (parts.length === 0) return [quoted];
  return [
    quoted,
    { clues: parts.map((text) => ({ kind: 'bounded', text })), need: needed(parts.length, 2 / 3) },
  ];
}

export function commandKept(command: string, summary: SummaryIndex): boolean {
  return keptIn(commandRule(command), summary);
}
