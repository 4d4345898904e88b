/**
 * Numbers the user or the tools stated: a port, a limit, a test count, a
 * timing. A summary that says "the tests mostly pass" has lost "41 passed,
 * 1 failed". Every digit in a session is not a fact, so a number counts only
 * where it is stated: anywhere in what the user wrote, and in tool output
 * only beside a unit or a count ("250 ms", "3 failed"). File contents are
 * not statements (the caller leaves read results out), and a number glued
 * to a word, a path, a version or a date is part of that, not a number.
 */

export interface StatedNumber {
  /** As written: `20,000`, `1.5`, `15%`. */
  text: string;
  /** Index of the message it came from. */
  index: number;
}

/** A number standing alone: not inside a word, a path, a version (`1.2.3`), a date or a `line:col`. */
const NUMBER = /(?<![\w.,:/\\#@$-])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(%?)(?![\w/\\@-]|[.,:]\d)/gu;

/** Units and counted things after which a number in tool output is a statement. */
const STATED_AFTER =
  /^\s?(?:%|ms\b|s\b|sec(?:onds?)?\b|min(?:utes?)?\b|[kmg]i?b\b|bytes?\b|tokens?\b|tests?\b|passed\b|passing\b|failed\b|failing\b|failures?\b|errors?\b|warnings?\b|files?\b|lines?\b|items?\b|rows?\b|calls?\b|requests?\b|retries\b|attempts?\b|skipped\b|suites?\b)/i;

/** Digits only, so `20,000` and `20000` are the same number. */
export function numberValue(text: string): string {
  return text.replace(/,/g, '').replace(/%$/, '');
}

/** A single digit says too little to be worth keeping ("step 1"); two or more digits, a decimal or a percentage do. */
function significant(whole: string, fraction: string | undefined, percent: string): boolean {
  return whole.replace(/,/g, '').length >= 2 || !!fraction || !!percent;
}

/** The numbers of `text`, as written, with what follows each. */
function* numbersIn(text: string): Generator<{ text: string; after: string }> {
  for (const m of text.matchAll(NUMBER)) {
    if (!significant(m[1]!, m[2], m[3]!)) continue;
    const end = (m.index ?? 0) + m[0].length;
    yield { text: m[0], after: text.slice(end, end + 12) };
  }
}

/** Collects stated numbers into `out`, once each by value, at most `limit`. */
export class StatedNumbers {
  private readonly seen = new Set<string>();

  constructor(
    private readonly out: StatedNumber[],
    private readonly limit: number,
  ) {}

  private add(text: string, index: number): void {
    const value = numberValue(text);
    if (this.seen.has(value) || this.out.length >= this.limit) return;
    this.seen.add(value);
    this.out.push({ text, index });
  }

  /** Every number the user wrote. */
  fromUser(text: string, index: number): void {
    for (const n of numbersIn(text)) this.add(n.text, index);
  }

  /** Numbers in tool output that a unit or a count follows. */
  fromTool(text: string, index: number): void {
    for (const n of numbersIn(text))
      if (n.text.endsWith('%') || STATED_AFTER.test(n.after)) this.add(n.text, index);
  }
}
