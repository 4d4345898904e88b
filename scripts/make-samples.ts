/**
 * Writes the built-in sample transcripts into `public/samples/` plus the
 * manifest the page reads (`index.json`; the first entry is the default).
 *
 * Everything is derived from fixed seeds: running it twice gives byte-identical
 * files. Run with `npx tsx scripts/make-samples.ts`.
 *
 * The Claude Code sample is built against a small in-memory project: file reads
 * show the project's current text, edits change it, greps search it and the
 * final diff is computed from it, so the session stays consistent with itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface SampleEntry {
  id: string;
  name: string;
  format: 'claude-code' | 'openai-chat' | 'codex' | 'pi' | 'anthropic';
  file: string;
  description: string;
}

// ---------------------------------------------------------------------------
// Deterministic randomness and time

/** mulberry32: small, fast and good enough for ids, durations and data rows. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chars(alphabet: string, n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
  hex(n: number): string {
    return this.chars('0123456789abcdef', n);
  }
  base62(n: number): string {
    return this.chars('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', n);
  }
  base64(n: number): string {
    return this.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', n);
  }
  uuid(): string {
    const h = this.hex(32);
    const variant = '89ab'[this.int(0, 3)];
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

class Clock {
  constructor(
    private ms: number,
    private readonly rng: Rng,
  ) {}
  /** Advances by a random duration in [min, max] milliseconds and returns the new time. */
  tick(min: number, max: number): string {
    this.ms += this.rng.int(min, max);
    return this.iso();
  }
  iso(): string {
    return new Date(this.ms).toISOString();
  }
  get now(): number {
    return this.ms;
  }
}

const jsonl = (records: readonly unknown[]): string =>
  records.map((r) => JSON.stringify(r)).join('\n') + '\n';

/** A rough running size, for plausible provider usage numbers inside the samples. */
const roughTokens = (text: string): number => Math.ceil(text.length / 3.6);

// ---------------------------------------------------------------------------
// A small in-memory project, so reads, edits, greps and diffs agree

class Project {
  readonly files = new Map<string, string>();
  private readonly head = new Map<string, string>();

  constructor(
    readonly root: string,
    files: Record<string, string>,
  ) {
    for (const [path, text] of Object.entries(files)) {
      this.files.set(path, text);
      this.head.set(path, text);
    }
  }

  abs(path: string): string {
    return `${this.root}/${path}`;
  }

  rel(path: string): string {
    return path.startsWith(`${this.root}/`) ? path.slice(this.root.length + 1) : path;
  }

  text(path: string): string {
    const text = this.files.get(this.rel(path));
    if (text === undefined) throw new Error(`sample project has no file ${path}`);
    return text;
  }

  /** Claude Code's Read output: right-aligned line numbers and an arrow. */
  numbered(path: string, offset = 1, limit = 2000): string {
    const lines = this.text(path).replace(/\n$/, '').split('\n');
    return lines
      .slice(offset - 1, offset - 1 + limit)
      .map((line, i) => `${String(offset + i).padStart(6)}→${line}`)
      .join('\n');
  }

  lineCount(path: string): number {
    return this.text(path).replace(/\n$/, '').split('\n').length;
  }

  /** Replaces exactly one occurrence and returns the 1-based line where the new text starts. */
  edit(path: string, oldText: string, newText: string): number {
    const rel = this.rel(path);
    const text = this.text(rel);
    const at = text.indexOf(oldText);
    if (at === -1 || text.indexOf(oldText, at + 1) !== -1)
      throw new Error(`edit of ${rel}: old text must occur exactly once:\n${oldText}`);
    this.files.set(rel, text.slice(0, at) + newText + text.slice(at + oldText.length));
    return text.slice(0, at).split('\n').length;
  }

  write(path: string, text: string): void {
    this.files.set(this.rel(path), text);
  }

  /** Lines matching `pattern`, as `path:line:text` (ripgrep's order: by path). */
  grep(pattern: RegExp, filter: (path: string) => boolean = () => true): string[] {
    const out: string[] = [];
    for (const path of [...this.files.keys()].sort()) {
      if (!filter(path)) continue;
      this.text(path)
        .split('\n')
        .forEach((line, i) => {
          if (pattern.test(line)) out.push(`${this.abs(path)}:${i + 1}:${line}`);
        });
    }
    return out;
  }

  /** Takes the current text as the new base for `diff` (the work was merged). */
  commit(): void {
    for (const [path, text] of this.files) this.head.set(path, text);
  }

  /** `git diff --stat` for the changed files. */
  diffStat(paths = this.changed()): string {
    const rows = paths.map((path) => {
      const lines = this.diff([path]).split('\n');
      const plus = lines.filter((l) => l.startsWith('+') && !l.startsWith('+++')).length;
      const minus = lines.filter((l) => l.startsWith('-') && !l.startsWith('---')).length;
      return { path, plus, minus };
    });
    const width = Math.max(...rows.map((r) => r.path.length));
    const out = rows.map(
      (r) =>
        ` ${r.path.padEnd(width)} | ${String(r.plus + r.minus).padStart(3)} ${'+'.repeat(Math.min(r.plus, 40))}${'-'.repeat(Math.min(r.minus, 20))}`,
    );
    const plus = rows.reduce((s, r) => s + r.plus, 0);
    const minus = rows.reduce((s, r) => s + r.minus, 0);
    out.push(` ${rows.length} files changed, ${plus} insertions(+), ${minus} deletions(-)`);
    return out.join('\n');
  }

  changed(): string[] {
    return [...this.files.keys()].filter((p) => this.files.get(p) !== this.head.get(p)).sort();
  }

  /** `git diff` against the state the session started from, three lines of context. */
  diff(paths = this.changed()): string {
    const out: string[] = [];
    for (const path of paths) {
      const before = this.head.get(path);
      const after = this.files.get(path) ?? '';
      const a = before === undefined ? [] : before.replace(/\n$/, '').split('\n');
      const b = after.replace(/\n$/, '').split('\n');
      out.push(`diff --git a/${path} b/${path}`);
      if (before === undefined) out.push('new file mode 100644', 'index 0000000..' + fakeBlob(after));
      else out.push(`index ${fakeBlob(before)}..${fakeBlob(after)} 100644`);
      out.push(before === undefined ? '--- /dev/null' : `--- a/${path}`, `+++ b/${path}`);
      out.push(...unifiedHunks(a, b));
    }
    return out.join('\n');
  }
}

function fakeBlob(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16).padStart(8, '0').slice(0, 7);
}

/** A plain LCS line diff rendered as unified hunks; the files here are a few hundred lines. */
function unifiedHunks(a: string[], b: string[]): string[] {
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  type Op = { kind: ' ' | '-' | '+'; text: string; ai: number; bi: number };
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) ops.push({ kind: ' ', text: a[i]!, ai: i++, bi: j++ });
    else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!))
      ops.push({ kind: '+', text: b[j]!, ai: i, bi: j++ });
    else ops.push({ kind: '-', text: a[i]!, ai: i++, bi: j });
  }
  const out: string[] = [];
  let k = 0;
  while (k < ops.length) {
    while (k < ops.length && ops[k]!.kind === ' ') k++;
    if (k === ops.length) break;
    let start = Math.max(0, k - 3);
    let end = k;
    // Extend while changes are within six lines of each other.
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next]!.kind === ' ') next++;
      if (next < ops.length && next - end <= 6) end = next;
      else {
        end = Math.min(ops.length, end + 3);
        break;
      }
    }
    const slice = ops.slice(start, end);
    const aStart = slice[0]!.ai + 1;
    const bStart = slice[0]!.bi + 1;
    const aLen = slice.filter((o) => o.kind !== '+').length;
    const bLen = slice.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${aStart},${aLen} +${bStart},${bLen} @@`);
    for (const o of slice) out.push(`${o.kind}${o.text}`);
    k = end;
    start = end;
  }
  return out;
}

const SCRIPT_DIR = dirname(fileURLToPath(import.meta.url));
export const SAMPLES_DIR = join(SCRIPT_DIR, '..', 'public', 'samples');

// ---------------------------------------------------------------------------
// Sample 1: the project the Claude Code session works on

const TALLY_ROOT = '/home/maya/code/tallybook';

const TALLY_FILES: Record<string, string> = {
  'package.json': `{
  "name": "tallybook",
  "version": "0.14.2",
  "private": true,
  "type": "module",
  "engines": { "node": ">=20.11" },
  "scripts": {
    "dev": "tsx watch src/server.ts",
    "build": "tsc -p tsconfig.build.json",
    "test": "vitest run",
    "test:e2e": "vitest run --config vitest.e2e.config.ts",
    "lint": "eslint . --max-warnings 0",
    "typecheck": "tsc --noEmit"
  },
  "dependencies": {
    "better-sqlite3": "^11.8.1",
    "fastify": "^5.2.1",
    "zod": "^3.24.2"
  },
  "devDependencies": {
    "@types/better-sqlite3": "^7.6.12",
    "@types/node": "^20.17.19",
    "eslint": "^9.21.0",
    "tsx": "^4.19.3",
    "typescript": "^5.7.3",
    "typescript-eslint": "^8.24.1",
    "vitest": "^3.0.7"
  },
  "packageManager": "pnpm@9.15.4"
}
`,
  'src/dates/zone.ts': `/**
 * Time-zone arithmetic on top of Intl. We do not ship a tz database: the
 * runtime's ICU data is the source of truth for offsets and DST rules.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;

function wallClock(instant: Date, tz: string): Parts {
  const parts = {} as Parts;
  for (const p of formatter(tz).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type as keyof Parts] = Number(p.value);
  }
  return parts;
}

/** Minutes east of UTC that \`tz\` observes at \`instant\` (Auckland in March: +780). */
export function offsetMinutes(instant: Date, tz: string): number {
  const p = wallClock(instant, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The calendar date (YYYY-MM-DD) of \`instant\` as seen in \`tz\`. */
export function localDate(instant: Date, tz: string): string {
  const p = wallClock(instant, tz);
  return \`\${p.year}-\${String(p.month).padStart(2, '0')}-\${String(p.day).padStart(2, '0')}\`;
}

export function isValidZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}
`,
  'src/dates/month.ts': `import { offsetMinutes } from './zone';

/** A calendar month as a half-open interval of instants: \`from <= t < to\`. */
export interface MonthRange {
  from: string;
  to: string;
}

export interface YearMonth {
  year: number;
  month: number;
}

export function parseMonth(value: string): YearMonth {
  const m = /^(\\d{4})-(\\d{2})$/.exec(value);
  if (!m) throw new RangeError(\`expected YYYY-MM, got "\${value}"\`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12) throw new RangeError(\`month out of range in "\${value}"\`);
  return { year, month };
}

export function formatMonth({ year, month }: YearMonth): string {
  return \`\${year}-\${String(month).padStart(2, '0')}\`;
}

export function previousMonth({ year, month }: YearMonth): YearMonth {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/**
 * The instants that bound a calendar month for a team in \`tz\`. Reports are
 * half-open so an expense at exactly midnight belongs to one month only.
 */
export function monthRange(year: number, month: number, tz: string): MonthRange {
  const start = Date.UTC(year, month - 1, 1);
  const end = Date.UTC(year, month, 1);
  return {
    // Shift local midnight to the UTC instant it corresponds to.
    from: new Date(start + offsetMinutes(new Date(start), tz) * 60_000).toISOString(),
    to: new Date(end + offsetMinutes(new Date(end), tz) * 60_000).toISOString(),
  };
}

export function monthLabel({ year, month }: YearMonth, locale = 'en-NZ'): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}
`,
  'src/dates/month.test.ts': `import { describe, expect, it } from 'vitest';
import { formatMonth, monthLabel, monthRange, parseMonth, previousMonth } from './month';

describe('parseMonth', () => {
  it('reads YYYY-MM', () => {
    expect(parseMonth('2025-03')).toEqual({ year: 2025, month: 3 });
  });

  it('rejects other shapes', () => {
    expect(() => parseMonth('2025-3')).toThrow(RangeError);
    expect(() => parseMonth('03-2025')).toThrow(RangeError);
    expect(() => parseMonth('2025-13')).toThrow(/out of range/);
  });
});

describe('previousMonth', () => {
  it('wraps at January', () => {
    expect(previousMonth({ year: 2025, month: 1 })).toEqual({ year: 2024, month: 12 });
    expect(formatMonth(previousMonth({ year: 2025, month: 4 }))).toBe('2025-03');
  });
});

describe('monthRange', () => {
  it('covers a UTC month exactly', () => {
    expect(monthRange(2025, 3, 'UTC')).toEqual({
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-04-01T00:00:00.000Z',
    });
  });

  it('handles February in a leap year', () => {
    expect(monthRange(2024, 2, 'UTC').to).toBe('2024-03-01T00:00:00.000Z');
  });

  it('handles December', () => {
    expect(monthRange(2024, 12, 'UTC')).toEqual({
      from: '2024-12-01T00:00:00.000Z',
      to: '2025-01-01T00:00:00.000Z',
    });
  });
});

describe('monthLabel', () => {
  it('names the month in the given locale', () => {
    expect(monthLabel({ year: 2025, month: 3 })).toBe('March 2025');
    expect(monthLabel({ year: 2025, month: 3 }, 'de-DE')).toBe('März 2025');
  });
});
`,
  'src/money/money.ts': `/**
 * Money is an integer number of minor units plus an ISO 4217 code. Never a
 * float: every arithmetic step that could produce a fraction goes through
 * one of the rounding helpers below.
 */

export type Currency = 'NZD' | 'AUD' | 'USD' | 'EUR' | 'GBP' | 'JPY' | 'SGD';

export interface Money {
  readonly minor: number;
  readonly currency: Currency;
}

/** Digits after the decimal point, per ISO 4217. */
export const EXPONENT: Record<Currency, number> = {
  NZD: 2,
  AUD: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  SGD: 2,
};

export const CURRENCIES = Object.keys(EXPONENT) as Currency[];

export function isCurrency(value: string): value is Currency {
  return Object.hasOwn(EXPONENT, value);
}

export function money(minor: number, currency: Currency): Money {
  if (!Number.isSafeInteger(minor)) throw new TypeError(\`minor units must be a safe integer, got \${minor}\`);
  return { minor, currency };
}

export function zero(currency: Currency): Money {
  return { minor: 0, currency };
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new TypeError(\`currency mismatch: \${a.currency} vs \${b.currency}\`);
  }
}

export function add(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.minor + b.minor, a.currency);
}

export function subtract(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.minor - b.minor, a.currency);
}

export function negate(a: Money): Money {
  return money(-a.minor, a.currency);
}

export function sum(items: readonly Money[], currency: Currency): Money {
  return items.reduce((acc, m) => add(acc, m), zero(currency));
}

export function isNegative(a: Money): boolean {
  return a.minor < 0;
}

/** Major units as a float, for display maths only. */
export function toMajor(a: Money): number {
  return a.minor / 10 ** EXPONENT[a.currency];
}

/** The nearest minor-unit amount to a float number of major units. */
export function fromMajor(major: number, currency: Currency): Money {
  return money(Math.round(major * 10 ** EXPONENT[currency]), currency);
}

/** Splits \`a\` into \`parts\` amounts that differ by at most one minor unit and add up to \`a\`. */
export function allocate(a: Money, parts: number): Money[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError('parts must be a positive integer');
  const base = Math.trunc(a.minor / parts);
  let rest = a.minor - base * parts;
  const step = Math.sign(rest);
  return Array.from({ length: parts }, () => {
    if (rest === 0) return money(base, a.currency);
    rest -= step;
    return money(base + step, a.currency);
  });
}

/** Plain decimal text with the currency's exponent, e.g. "-12.50", for CSV and JSON. */
export function toDecimalString(a: Money): string {
  const exp = EXPONENT[a.currency];
  const sign = a.minor < 0 ? '-' : '';
  const abs = Math.abs(a.minor);
  if (exp === 0) return \`\${sign}\${abs}\`;
  const whole = Math.floor(abs / 10 ** exp);
  const frac = String(abs % 10 ** exp).padStart(exp, '0');
  return \`\${sign}\${whole}.\${frac}\`;
}

export function format(a: Money, locale = 'en-NZ'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: a.currency }).format(toMajor(a));
}
`,
  'src/money/convert.ts': `import { EXPONENT, money, type Currency, type Money } from './money';

/**
 * Converts \`amount\` into \`to\` at \`rate\` (units of \`to\` per unit of the
 * source currency) and rounds to the target's minor unit.
 */
export function convert(amount: Money, to: Currency, rate: number): Money {
  if (amount.currency === to) return amount;
  if (!(rate > 0) || !Number.isFinite(rate)) {
    throw new RangeError(\`invalid rate \${rate} for \${amount.currency}->\${to}\`);
  }
  const scale = 10 ** (EXPONENT[to] - EXPONENT[amount.currency]);
  return money(Math.round(amount.minor * rate * scale), to);
}

/** The exact converted value in major units of \`to\`, before any rounding. */
export function convertExact(amount: Money, to: Currency, rate: number): number {
  if (amount.currency === to) return amount.minor / 10 ** EXPONENT[to];
  return (amount.minor / 10 ** EXPONENT[amount.currency]) * rate;
}
`,
  'src/money/rates.ts': `import type { Currency } from './money';

/** Daily reference rates, quoted as units of \`quote\` per one unit of \`base\`. */
export interface RateSource {
  fetchDay(day: string, base: Currency): Promise<Partial<Record<Currency, number>>>;
}

export class RateUnavailableError extends Error {
  constructor(
    readonly day: string,
    readonly base: Currency,
    readonly quote: Currency,
  ) {
    super(\`no \${base}->\${quote} rate for \${day}\`);
    this.name = 'RateUnavailableError';
  }
}

/**
 * Caches one table per (day, base) so a report with hundreds of expenses makes
 * a handful of lookups. Weekends and holidays fall back to the latest earlier
 * day that has a table, up to \`maxLookback\` days.
 */
export class RateTable {
  private readonly cache = new Map<string, Promise<Partial<Record<Currency, number>>>>();

  constructor(
    private readonly source: RateSource,
    private readonly maxLookback = 5,
  ) {}

  async rate(day: string, base: Currency, quote: Currency): Promise<number> {
    if (base === quote) return 1;
    let cursor = day;
    for (let i = 0; i <= this.maxLookback; i++) {
      const table = await this.table(cursor, base);
      const value = table[quote];
      if (value !== undefined) return value;
      cursor = previousDay(cursor);
    }
    throw new RateUnavailableError(day, base, quote);
  }

  private table(day: string, base: Currency): Promise<Partial<Record<Currency, number>>> {
    const key = \`\${day}:\${base}\`;
    let hit = this.cache.get(key);
    if (!hit) {
      hit = this.source.fetchDay(day, base).catch((error: unknown) => {
        this.cache.delete(key);
        throw error;
      });
      this.cache.set(key, hit);
    }
    return hit;
  }

  get size(): number {
    return this.cache.size;
  }
}

export function previousDay(day: string): string {
  const t = Date.parse(\`\${day}T00:00:00Z\`) - 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Rates fixed in code, for tests and the offline demo. */
export class StaticRates implements RateSource {
  constructor(private readonly days: Record<string, Partial<Record<Currency, Partial<Record<Currency, number>>>>>) {}

  async fetchDay(day: string, base: Currency): Promise<Partial<Record<Currency, number>>> {
    return this.days[day]?.[base] ?? {};
  }
}
`,
  'src/store/expenses.ts': `import type Database from 'better-sqlite3';
import { z } from 'zod';
import { isCurrency, money, type Currency, type Money } from '../money/money';

export type ExpenseKind = 'expense' | 'refund';

export interface Expense {
  id: string;
  teamId: string;
  /** ISO instant in UTC. */
  occurredAt: string;
  category: string;
  description: string;
  /** Always positive; \`kind\` says which way it goes. */
  amount: Money;
  kind: ExpenseKind;
  createdBy: string;
}

export interface ExpenseStore {
  get(id: string): Promise<Expense | undefined>;
  /** Expenses with \`from <= occurredAt < to\`, oldest first. */
  listBetween(teamId: string, from: string, to: string): Promise<Expense[]>;
  insert(expense: Expense): Promise<void>;
}

const Row = z.object({
  id: z.string(),
  team_id: z.string(),
  occurred_at: z.string(),
  category: z.string(),
  description: z.string(),
  amount_minor: z.number().int().nonnegative(),
  currency: z.string().refine(isCurrency, 'unknown currency'),
  kind: z.enum(['expense', 'refund']),
  created_by: z.string(),
});

function fromRow(raw: unknown): Expense {
  const row = Row.parse(raw);
  return {
    id: row.id,
    teamId: row.team_id,
    occurredAt: row.occurred_at,
    category: row.category,
    description: row.description,
    amount: money(row.amount_minor, row.currency as Currency),
    kind: row.kind,
    createdBy: row.created_by,
  };
}

export class SqliteExpenseStore implements ExpenseStore {
  private readonly byId: Database.Statement;
  private readonly between: Database.Statement;
  private readonly insertOne: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.byId = db.prepare('SELECT * FROM expenses WHERE id = ?');
    this.between = db.prepare(
      \`SELECT * FROM expenses
        WHERE team_id = ? AND occurred_at >= ? AND occurred_at < ?
        ORDER BY occurred_at, id\`,
    );
    this.insertOne = db.prepare(
      \`INSERT INTO expenses (id, team_id, occurred_at, category, description, amount_minor, currency, kind, created_by)
       VALUES (@id, @team_id, @occurred_at, @category, @description, @amount_minor, @currency, @kind, @created_by)\`,
    );
  }

  async get(id: string): Promise<Expense | undefined> {
    const row = this.byId.get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  async listBetween(teamId: string, from: string, to: string): Promise<Expense[]> {
    return this.between.all(teamId, from, to).map(fromRow);
  }

  async insert(e: Expense): Promise<void> {
    this.insertOne.run({
      id: e.id,
      team_id: e.teamId,
      occurred_at: e.occurredAt,
      category: e.category,
      description: e.description,
      amount_minor: e.amount.minor,
      currency: e.amount.currency,
      kind: e.kind,
      created_by: e.createdBy,
    });
  }
}

/** For tests: the same contract over an array. */
export class MemoryExpenseStore implements ExpenseStore {
  constructor(private readonly rows: Expense[] = []) {}

  async get(id: string): Promise<Expense | undefined> {
    return this.rows.find((r) => r.id === id);
  }

  async listBetween(teamId: string, from: string, to: string): Promise<Expense[]> {
    return this.rows
      .filter((r) => r.teamId === teamId && r.occurredAt >= from && r.occurredAt < to)
      .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt) || a.id.localeCompare(b.id));
  }

  async insert(e: Expense): Promise<void> {
    this.rows.push(e);
  }
}
`,
  'src/reports/types.ts': `import type { Currency, Money } from '../money/money';
import type { ExpenseKind } from '../store/expenses';

export interface ReportRow {
  id: string;
  occurredAt: string;
  /** The team-local calendar date, which is what people expect to see. */
  localDate: string;
  category: string;
  description: string;
  kind: ExpenseKind;
  /** Signed: refunds are negative. */
  original: Money;
  /** \`original\` in the report currency, rounded to its minor unit. */
  converted: Money;
  rate: number;
}

export interface CategoryTotal {
  category: string;
  total: Money;
  count: number;
}

export interface MonthlyReport {
  teamId: string;
  month: string;
  tz: string;
  currency: Currency;
  rows: ReportRow[];
  byCategory: CategoryTotal[];
  total: Money;
  generatedAt: string;
}
`,
  'src/reports/monthly.ts': `import { localDate } from '../dates/zone';
import { formatMonth, monthRange } from '../dates/month';
import { convert, convertExact } from '../money/convert';
import { add, fromMajor, negate, zero, type Currency, type Money } from '../money/money';
import type { RateTable } from '../money/rates';
import type { ExpenseStore } from '../store/expenses';
import type { CategoryTotal, MonthlyReport, ReportRow } from './types';

export interface MonthlyReportInput {
  teamId: string;
  year: number;
  month: number;
  tz: string;
  currency: Currency;
  now?: () => Date;
}

export async function buildMonthlyReport(
  store: ExpenseStore,
  rates: RateTable,
  input: MonthlyReportInput,
): Promise<MonthlyReport> {
  const { teamId, year, month, tz, currency } = input;
  const range = monthRange(year, month, tz);
  const expenses = await store.listBetween(teamId, range.from, range.to);

  const rows: ReportRow[] = [];
  const categories = new Map<string, CategoryTotal>();
  // Accumulate the exact value and round once at the end, so a month with
  // hundreds of small foreign-currency rows does not drift by a cent per row.
  let exactTotal = 0;

  for (const e of expenses) {
    const day = localDate(new Date(e.occurredAt), tz);
    const signed: Money = e.kind === 'refund' ? negate(e.amount) : e.amount;
    const rate = await rates.rate(day, signed.currency, currency);
    const converted = convert(signed, currency, rate);
    rows.push({
      id: e.id,
      occurredAt: e.occurredAt,
      localDate: day,
      category: e.category,
      description: e.description,
      kind: e.kind,
      original: signed,
      converted,
      rate,
    });
    exactTotal += convertExact(signed, currency, rate);

    const cat = categories.get(e.category) ?? { category: e.category, total: zero(currency), count: 0 };
    cat.total = add(cat.total, converted);
    cat.count += 1;
    categories.set(e.category, cat);
  }

  return {
    teamId,
    month: formatMonth({ year, month }),
    tz,
    currency,
    rows,
    byCategory: [...categories.values()].sort(
      (a, b) => b.total.minor - a.total.minor || a.category.localeCompare(b.category),
    ),
    total: fromMajor(exactTotal, currency),
    generatedAt: (input.now?.() ?? new Date()).toISOString(),
  };
}
`,
  'src/reports/csv.ts': `import { toDecimalString } from '../money/money';
import type { MonthlyReport } from './types';

const HEADER = ['date', 'category', 'description', 'kind', 'amount', 'currency', 'rate', 'amount_report'];

/** RFC 4180 quoting: only when needed, doubling inner quotes. */
export function csvField(value: string): string {
  return /[",\\r\\n]/.test(value) ? \`"\${value.replaceAll('"', '""')}"\` : value;
}

function line(fields: readonly string[]): string {
  return fields.map(csvField).join(',');
}

/**
 * One row per expense, then a blank line and a totals row. Accountants open
 * this in Excel, so the totals row must foot with the rows above it.
 */
export function toCsv(report: MonthlyReport): string {
  const out = [line(HEADER)];
  for (const row of report.rows) {
    out.push(
      line([
        row.localDate,
        row.category,
        row.description,
        row.kind,
        toDecimalString(row.original),
        row.original.currency,
        row.rate === 1 ? '1' : row.rate.toFixed(6),
        toDecimalString(row.converted),
      ]),
    );
  }
  out.push('');
  out.push(line(['', '', \`Total \${report.month}\`, '', '', '', '', toDecimalString(report.total)]));
  return out.join('\\r\\n') + '\\r\\n';
}
`,
  'src/reports/csv.test.ts': `import { describe, expect, it } from 'vitest';
import { money } from '../money/money';
import { csvField, toCsv } from './csv';
import type { MonthlyReport } from './types';

const base: MonthlyReport = {
  teamId: 'team_kea',
  month: '2025-03',
  tz: 'Pacific/Auckland',
  currency: 'NZD',
  rows: [
    {
      id: 'exp_01',
      occurredAt: '2025-03-03T21:15:00.000Z',
      localDate: '2025-03-04',
      category: 'travel',
      description: 'Airport shuttle',
      kind: 'expense',
      original: money(4500, 'NZD'),
      converted: money(4500, 'NZD'),
      rate: 1,
    },
    {
      id: 'exp_02',
      occurredAt: '2025-03-10T02:00:00.000Z',
      localDate: '2025-03-10',
      category: 'software',
      description: 'Figma, "Professional" seat',
      kind: 'expense',
      original: money(1500, 'USD'),
      converted: money(2613, 'NZD'),
      rate: 1.742,
    },
  ],
  byCategory: [],
  total: money(7113, 'NZD'),
  generatedAt: '2025-04-01T09:00:00.000Z',
};

describe('csvField', () => {
  it('leaves plain values alone', () => {
    expect(csvField('Airport shuttle')).toBe('Airport shuttle');
  });

  it('quotes commas, quotes and newlines', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\\nlines')).toBe('"two\\nlines"');
  });
});

describe('toCsv', () => {
  it('writes a header, one line per row and a totals line', () => {
    const lines = toCsv(base).split('\\r\\n');
    expect(lines[0]).toBe('date,category,description,kind,amount,currency,rate,amount_report');
    expect(lines).toHaveLength(6);
    expect(lines[4]).toBe(',,Total 2025-03,,,,,71.13');
  });

  it('quotes descriptions that need it', () => {
    expect(toCsv(base)).toContain('"Figma, ""Professional"" seat"');
  });

  it('prints the rate with six decimals for foreign rows', () => {
    expect(toCsv(base).split('\\r\\n')[2]).toContain(',1.742000,');
  });

  it('matches the snapshot', () => {
    expect(toCsv(base)).toMatchSnapshot();
  });
});
`,
  'src/reports/monthly.test.ts': `import { beforeEach, describe, expect, it } from 'vitest';
import { money, type Currency } from '../money/money';
import { RateTable, StaticRates } from '../money/rates';
import { MemoryExpenseStore, type Expense } from '../store/expenses';
import { buildMonthlyReport } from './monthly';

function expense(id: string, occurredAt: string, minor: number, currency: Currency, extra: Partial<Expense> = {}): Expense {
  return {
    id,
    teamId: 'team_kea',
    occurredAt,
    category: 'travel',
    description: id,
    amount: money(minor, currency),
    kind: 'expense',
    createdBy: 'usr_1',
    ...extra,
  };
}

const rates = () =>
  new RateTable(
    new StaticRates({
      '2025-03-03': { USD: { NZD: 1.7421 }, AUD: { NZD: 1.1037 } },
      '2025-03-14': { USD: { NZD: 1.7388 }, EUR: { NZD: 1.8932 } },
    }),
  );

const input = { teamId: 'team_kea', year: 2025, month: 3, tz: 'Pacific/Auckland', currency: 'NZD' as const };
const fixedNow = () => new Date('2025-04-01T09:00:00.000Z');

describe('buildMonthlyReport', () => {
  let store: MemoryExpenseStore;

  beforeEach(() => {
    store = new MemoryExpenseStore([
      expense('e1', '2025-03-02T20:00:00.000Z', 4500, 'NZD'),
      expense('e2', '2025-03-02T23:30:00.000Z', 1999, 'USD', { category: 'software' }),
      expense('e3', '2025-03-14T01:00:00.000Z', 12000, 'EUR', { category: 'meals' }),
      expense('e4', '2025-03-14T03:00:00.000Z', 2500, 'EUR', { category: 'meals', kind: 'refund' }),
      expense('other-team', '2025-03-05T00:00:00.000Z', 100, 'NZD', { teamId: 'team_tui' }),
    ]);
  });

  it('lists the team\\'s expenses in order with local dates', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    expect(report.rows.map((r) => [r.id, r.localDate])).toEqual([
      ['e1', '2025-03-03'],
      ['e2', '2025-03-03'],
      ['e3', '2025-03-14'],
      ['e4', '2025-03-14'],
    ]);
  });

  it('converts with the rate of the local day', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    expect(report.rows[1]!.rate).toBe(1.7421);
    expect(report.rows[1]!.converted).toEqual(money(3482, 'NZD'));
  });

  it('makes refunds negative', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    expect(report.rows[3]!.original).toEqual(money(-2500, 'EUR'));
    expect(report.rows[3]!.converted.minor).toBeLessThan(0);
  });

  it('totals the month', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    expect(report.total).toEqual(money(25968, 'NZD'));
  });

  it('groups by category, largest first', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    expect(report.byCategory.map((c) => [c.category, c.count])).toEqual([
      ['meals', 2],
      ['travel', 1],
      ['software', 1],
    ]);
  });
});
`,
  'src/money/money.test.ts': `import { describe, expect, it } from 'vitest';
import { add, allocate, format, fromMajor, money, negate, sum, toDecimalString, zero } from './money';

describe('money', () => {
  it('refuses fractional minor units', () => {
    expect(() => money(1.5, 'NZD')).toThrow(TypeError);
  });

  it('adds within one currency only', () => {
    expect(add(money(150, 'NZD'), money(275, 'NZD'))).toEqual(money(425, 'NZD'));
    expect(() => add(money(1, 'NZD'), money(1, 'USD'))).toThrow(/mismatch/);
  });

  it('sums a list', () => {
    expect(sum([money(1, 'EUR'), money(2, 'EUR'), negate(money(5, 'EUR'))], 'EUR')).toEqual(money(-2, 'EUR'));
    expect(sum([], 'JPY')).toEqual(zero('JPY'));
  });

  it('rounds floats to the nearest minor unit', () => {
    expect(fromMajor(12.345, 'NZD')).toEqual(money(1235, 'NZD'));
    expect(fromMajor(99.5, 'JPY')).toEqual(money(100, 'JPY'));
  });
});

describe('allocate', () => {
  it('spreads the remainder one unit at a time', () => {
    expect(allocate(money(100, 'NZD'), 3).map((m) => m.minor)).toEqual([34, 33, 33]);
  });

  it('keeps the sign for negative amounts', () => {
    expect(allocate(money(-100, 'NZD'), 3).map((m) => m.minor)).toEqual([-34, -33, -33]);
  });
});

describe('toDecimalString', () => {
  it.each([
    [money(0, 'NZD'), '0.00'],
    [money(7, 'NZD'), '0.07'],
    [money(-1250, 'USD'), '-12.50'],
    [money(1200, 'JPY'), '1200'],
  ])('%o -> %s', (m, text) => {
    expect(toDecimalString(m)).toBe(text);
  });
});

describe('format', () => {
  it('uses the locale', () => {
    expect(format(money(123456, 'NZD'))).toBe('$1,234.56');
    expect(format(money(123456, 'EUR'), 'de-DE')).toBe('1.234,56\\u00a0€');
  });
});
`,
  'src/http/routes/reports.ts': `import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseMonth } from '../../dates/month';
import { isValidZone } from '../../dates/zone';
import { isCurrency, type Currency } from '../../money/money';
import { buildMonthlyReport } from '../../reports/monthly';
import { toCsv } from '../../reports/csv';
import { HttpError } from '../errors';

const Params = z.object({
  teamId: z.string().startsWith('team_'),
  month: z.string().regex(/^\\d{4}-\\d{2}(\\.csv)?$/),
});

const Query = z.object({
  currency: z.string().refine(isCurrency).optional(),
});

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  app.get('/teams/:teamId/reports/:month', async (request, reply) => {
    const params = Params.parse(request.params);
    const query = Query.parse(request.query);
    const team = await app.teams.get(params.teamId);
    if (!team) throw new HttpError(404, 'team_not_found', \`no team \${params.teamId}\`);
    await app.auth.requireMember(request, team.id);

    if (!isValidZone(team.timeZone)) {
      throw new HttpError(500, 'bad_team_zone', \`team \${team.id} has an unknown time zone\`);
    }
    const wantsCsv = params.month.endsWith('.csv');
    const { year, month } = parseMonth(params.month.replace(/\\.csv$/, ''));
    const report = await buildMonthlyReport(app.expenses, app.rates, {
      teamId: team.id,
      year,
      month,
      tz: team.timeZone,
      currency: (query.currency as Currency | undefined) ?? team.currency,
    });

    if (wantsCsv) {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', \`attachment; filename="\${team.slug}-\${report.month}.csv"\`)
        .send(toCsv(report));
    }
    return report;
  });
}
`,
  'docs/reports.md': `# Monthly reports

A monthly report lists every expense and refund a team recorded in one
calendar month **in the team's time zone** (Settings → Team → Time zone),
converted to the team's reporting currency.

## Conversion

Each row is converted at the reference rate of the expense's local date (the
previous business day's rate on weekends and holidays). The converted amount is
rounded to the reporting currency's minor unit.

## Totals

The total is the sum of the month's rows in the reporting currency. Category
subtotals are shown on the report page, not in the CSV.

## CSV export

\`GET /teams/:teamId/reports/YYYY-MM.csv\` returns one line per row and a totals
line. Columns: \`date, category, description, kind, amount, currency, rate,
amount_report\`. Refunds have a negative \`amount\`.
`,
  'CHANGELOG.md': `# Changelog

## Unreleased

## 0.14.2 - 2025-03-28

- Budgets: alert e-mails no longer repeat when a budget is edited mid-period.
- Import: OFX files with a BOM are read correctly.

## 0.14.1 - 2025-03-17

- Reports: the CSV quotes descriptions with commas.
- API: \`GET /teams/:id/reports/:month\` accepts \`?currency=\`.

## 0.14.0 - 2025-03-03

- Reports: monthly reports in the team's own time zone.
- Money: JPY support (zero-decimal currency).
`,
};

Object.assign(TALLY_FILES, {
  'src/money/convert.test.ts': `import { describe, expect, it } from 'vitest';
import { money } from './money';
import { convert, convertExact } from './convert';

describe('convert', () => {
  it('returns same-currency amounts unchanged', () => {
    const m = money(1234, 'NZD');
    expect(convert(m, 'NZD', 1.7)).toBe(m);
  });

  it('converts between two-decimal currencies', () => {
    expect(convert(money(1999, 'USD'), 'NZD', 1.7421)).toEqual(money(3482, 'NZD'));
  });

  it('handles zero-decimal currencies both ways', () => {
    expect(convert(money(1000, 'JPY'), 'NZD', 0.01163)).toEqual(money(1163, 'NZD'));
    expect(convert(money(1000, 'NZD'), 'JPY', 86.02)).toEqual(money(860, 'JPY'));
  });

  it('rounds half up like Math.round', () => {
    expect(convert(money(5, 'USD'), 'NZD', 1.5)).toEqual(money(8, 'NZD'));
    expect(convert(money(-5, 'USD'), 'NZD', 1.5)).toEqual(money(-7, 'NZD'));
  });

  it('rejects nonsense rates', () => {
    expect(() => convert(money(1, 'USD'), 'NZD', 0)).toThrow(RangeError);
    expect(() => convert(money(1, 'USD'), 'NZD', Number.NaN)).toThrow(RangeError);
  });
});

describe('convertExact', () => {
  it('does not round', () => {
    expect(convertExact(money(1999, 'USD'), 'NZD', 1.7421)).toBeCloseTo(34.8246, 6);
  });
});
`,
  'src/dates/zone.test.ts': `import { describe, expect, it } from 'vitest';
import { isValidZone, localDate, offsetMinutes } from './zone';

describe('offsetMinutes', () => {
  it.each([
    ['UTC', '2025-03-10T00:00:00Z', 0],
    ['Pacific/Auckland', '2025-03-10T00:00:00Z', 780],
    ['Pacific/Auckland', '2025-06-10T00:00:00Z', 720],
    ['America/New_York', '2025-01-10T00:00:00Z', -300],
    ['Asia/Kolkata', '2025-01-10T00:00:00Z', 330],
  ])('%s at %s is %i', (tz, at, minutes) => {
    expect(offsetMinutes(new Date(at), tz)).toBe(minutes);
  });
});

describe('localDate', () => {
  it('uses the wall clock of the zone', () => {
    expect(localDate(new Date('2025-02-28T11:30:00Z'), 'Pacific/Auckland')).toBe('2025-03-01');
    expect(localDate(new Date('2025-03-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2025-02-28');
  });
});

describe('isValidZone', () => {
  it('knows IANA names and rejects junk', () => {
    expect(isValidZone('Pacific/Chatham')).toBe(true);
    expect(isValidZone('Mars/Olympus_Mons')).toBe(false);
  });
});
`,
  'src/budgets/period.ts': `import { monthRange, type MonthRange } from '../dates/month';
import { localDate } from '../dates/zone';

export type BudgetPeriod = 'monthly' | 'quarterly';

/** The period that contains \`instant\` for a team in \`tz\`. */
export function periodContaining(period: BudgetPeriod, instant: Date, tz: string): MonthRange {
  const [year, month] = localDate(instant, tz).split('-').map(Number) as [number, number];
  if (period === 'monthly') return monthRange(year, month, tz);
  const first = month - ((month - 1) % 3);
  const start = monthRange(year, first, tz);
  const last = first + 2;
  return { from: start.from, to: monthRange(year, last, tz).to };
}

/** How far into the period \`instant\` is, from 0 to 1, for "spent 40% of the budget in 20% of the month". */
export function elapsedShare(range: MonthRange, instant: Date): number {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const share = (instant.getTime() - from) / (to - from);
  return Math.min(1, Math.max(0, share));
}
`,
  'src/budgets/alerts.ts': `import { toMajor, type Money } from '../money/money';
import { elapsedShare, periodContaining, type BudgetPeriod } from './period';

export interface Budget {
  id: string;
  teamId: string;
  category: string | null;
  period: BudgetPeriod;
  limit: Money;
  /** Percentages of the limit that trigger an alert, ascending. */
  thresholds: number[];
}

export interface AlertDecision {
  budgetId: string;
  threshold: number;
  spentPercent: number;
  pacePercent: number;
}

/**
 * Decides which alerts to send after an expense was recorded. An alert fires
 * once per threshold and period; \`alreadySent\` holds the thresholds sent so far.
 */
export function alertsFor(
  budget: Budget,
  spent: Money,
  now: Date,
  tz: string,
  alreadySent: ReadonlySet<number>,
): AlertDecision[] {
  if (budget.limit.minor <= 0) return [];
  const spentPercent = Math.round((spent.minor / budget.limit.minor) * 1000) / 10;
  const range = periodContaining(budget.period, now, tz);
  const pacePercent = Math.round(elapsedShare(range, now) * 1000) / 10;
  return budget.thresholds
    .filter((t) => spentPercent >= t && !alreadySent.has(t))
    .map((threshold) => ({ budgetId: budget.id, threshold, spentPercent, pacePercent }));
}

export function describeAlert(budget: Budget, decision: AlertDecision, spent: Money): string {
  const what = budget.category ? \`the \${budget.category} budget\` : 'the team budget';
  return (
    \`You have spent \${decision.spentPercent}% of \${what} (\${toMajor(spent).toFixed(2)} of \` +
    \`\${toMajor(budget.limit).toFixed(2)} \${budget.limit.currency}) with \${decision.pacePercent}% of the period gone.\`
  );
}
`,
  'src/import/bank-csv.ts': `import { isCurrency, money, type Currency, type Money } from '../money/money';
import { EXPONENT } from '../money/money';

/**
 * Parses the CSV statements that New Zealand and Australian banks let people
 * download. Every bank has its own columns, so each gets a small profile.
 */
export interface BankProfile {
  name: string;
  dateColumn: string;
  dateFormat: 'DD/MM/YYYY' | 'YYYY-MM-DD';
  descriptionColumns: string[];
  amountColumn: string;
  currencyColumn?: string;
  /** Some banks export debits as positive numbers in a separate column. */
  debitColumn?: string;
}

export const PROFILES: Record<string, BankProfile> = {
  asb: {
    name: 'ASB',
    dateColumn: 'Date',
    dateFormat: 'YYYY-MM-DD',
    descriptionColumns: ['Payee', 'Memo'],
    amountColumn: 'Amount',
  },
  anz: {
    name: 'ANZ',
    dateColumn: 'Transaction Date',
    dateFormat: 'DD/MM/YYYY',
    descriptionColumns: ['Details', 'Particulars', 'Code', 'Reference'],
    amountColumn: 'Amount',
  },
  kiwibank: {
    name: 'Kiwibank',
    dateColumn: 'Date',
    dateFormat: 'DD/MM/YYYY',
    descriptionColumns: ['Description'],
    amountColumn: 'Credit',
    debitColumn: 'Debit',
  },
  wise: {
    name: 'Wise',
    dateColumn: 'Date',
    dateFormat: 'DD/MM/YYYY',
    descriptionColumns: ['Description', 'Merchant'],
    amountColumn: 'Amount',
    currencyColumn: 'Currency',
  },
};

export interface StatementLine {
  line: number;
  date: string;
  description: string;
  amount: Money;
}

export class StatementError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(\`line \${line}: \${message}\`);
    this.name = 'StatementError';
  }
}

/** Splits one CSV record, honouring quotes. Statements never contain newlines inside fields. */
export function splitRecord(text: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

function parseDate(value: string, format: BankProfile['dateFormat'], line: number): string {
  const m =
    format === 'YYYY-MM-DD' ? /^(\\d{4})-(\\d{2})-(\\d{2})$/.exec(value) : /^(\\d{2})\\/(\\d{2})\\/(\\d{4})$/.exec(value);
  if (!m) throw new StatementError(line, \`bad date "\${value}", expected \${format}\`);
  const [y, mo, d] = format === 'YYYY-MM-DD' ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  return \`\${y}-\${mo}-\${d}\`;
}

/** "1,234.56", "-12.5", "(45.00)" -> minor units, without going through a float. */
export function parseAmount(value: string, currency: Currency, line: number): Money {
  let text = value.replaceAll(',', '').replaceAll('$', '').trim();
  let negative = false;
  if (/^\\(.*\\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  }
  const m = /^(\\d+)(?:\\.(\\d+))?$/.exec(text);
  if (!m) throw new StatementError(line, \`bad amount "\${value}"\`);
  const exp = EXPONENT[currency];
  const frac = (m[2] ?? '').padEnd(exp, '0');
  if (frac.length > exp) throw new StatementError(line, \`too many decimals in "\${value}" for \${currency}\`);
  const minor = Number(m[1]) * 10 ** exp + Number(frac || '0');
  return money(negative ? -minor : minor, currency);
}

export function parseStatement(text: string, profile: BankProfile, fallback: Currency): StatementLine[] {
  const lines = text.replace(/^\\uFEFF/, '').split(/\\r?\\n/);
  const header = splitRecord(lines[0] ?? '');
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i === -1) throw new StatementError(1, \`missing column "\${name}" for \${profile.name}\`);
    return i;
  };
  const dateAt = col(profile.dateColumn);
  const amountAt = col(profile.amountColumn);
  const debitAt = profile.debitColumn ? col(profile.debitColumn) : -1;
  const currencyAt = profile.currencyColumn ? col(profile.currencyColumn) : -1;
  const descriptionAt = profile.descriptionColumns.map(col);

  const out: StatementLine[] = [];
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const fields = splitRecord(raw);
    const code = currencyAt === -1 ? fallback : fields[currencyAt]!;
    if (!isCurrency(code)) throw new StatementError(i + 1, \`unsupported currency "\${code}"\`);
    let amount = fields[amountAt] ? parseAmount(fields[amountAt]!, code, i + 1) : money(0, code);
    if (debitAt !== -1 && fields[debitAt]) {
      const debit = parseAmount(fields[debitAt]!, code, i + 1);
      amount = money(amount.minor - Math.abs(debit.minor), code);
    }
    out.push({
      line: i + 1,
      date: parseDate(fields[dateAt]!, profile.dateFormat, i + 1),
      description: descriptionAt
        .map((k) => fields[k])
        .filter(Boolean)
        .join(' ')
        .replace(/\\s+/g, ' '),
      amount,
    });
  }
  return out;
}

/** The share of a split bill, rounded so the shares add up to the whole. */
export function shareOf(total: Money, percent: number): Money {
  return money(Math.round((total.minor * percent) / 100), total.currency);
}
`,
  'src/dates/DST.md': `Notes on the zones our customers use (checked against the 2025 tzdata):

- Pacific/Auckland: NZDT (+13) ends 2025-04-06 03:00 local, NZST (+12) until 2025-09-28.
- Pacific/Chatham: +13:45 / +12:45, changes at the same instants as Auckland.
- Europe/Berlin: CET (+1) -> CEST (+2) on 2025-03-30 02:00 local, back on 2025-10-26.
- America/New_York: EST (-5) -> EDT (-4) on 2025-03-09 02:00 local, back on 2025-11-02.
- Australia/Sydney: AEDT (+11) ends 2025-04-06 03:00 local.
`,
});

// The e2e fixture: a team in Auckland, March 2025, with neighbours on both sides of the month.

type Cur = 'NZD' | 'AUD' | 'USD' | 'EUR' | 'GBP' | 'JPY' | 'SGD';
const EXP: Record<Cur, number> = { NZD: 2, AUD: 2, USD: 2, EUR: 2, GBP: 2, JPY: 0, SGD: 2 };

interface FixtureExpense {
  id: string;
  teamId: string;
  occurredAt: string;
  category: string;
  description: string;
  amount: { minor: number; currency: Cur };
  kind: 'expense' | 'refund';
  createdBy: string;
}

type RatesFixture = Record<string, Partial<Record<Cur, Partial<Record<Cur, number>>>>>;

const AUCKLAND_MS = 13 * 3_600_000; // NZDT holds from September to 6 April 2025.
const aucklandDay = (iso: string): string =>
  new Date(Date.parse(iso) + AUCKLAND_MS).toISOString().slice(0, 10);

const halfAway = (x: number): number => Math.sign(x) * Math.round(Number(Math.abs(x).toPrecision(15))) || 0;

const MERCHANTS: Record<string, [string, Cur, number, number][]> = {
  software: [
    ['GitHub Team, 6 seats', 'USD', 2400, 2400],
    ['Figma Professional', 'USD', 1500, 4500],
    ['Linear Standard', 'USD', 1000, 4000],
    ['AWS invoice', 'USD', 8000, 61000],
    ['Xero subscription', 'NZD', 7500, 7500],
    ['1Password Teams', 'USD', 1995, 1995],
    ['Notion Plus', 'USD', 1000, 3000],
    ['Sentry Team', 'USD', 2600, 2600],
  ],
  travel: [
    ['Air New Zealand AKL-WLG', 'NZD', 12900, 38900],
    ['Uber to the airport', 'NZD', 3800, 7200],
    ['Qantas SYD-AKL', 'AUD', 28900, 61000],
    ['Opal card top-up', 'AUD', 2000, 5000],
    ['Hotel Motel One Berlin', 'EUR', 9800, 42000],
    ['Deutsche Bahn ICE', 'EUR', 2990, 14900],
    ['Snapper top-up', 'NZD', 2000, 5000],
  ],
  meals: [
    ['Team lunch, Ponsonby Central', 'NZD', 9800, 31000],
    ['Client dinner, Depot', 'NZD', 14500, 38000],
    ['Coffee with candidates', 'NZD', 1350, 2400],
    ['Pizza for release night', 'NZD', 8600, 12900],
    ['Dinner, Mitte', 'EUR', 4200, 11800],
  ],
  office: [
    ['Warehouse Stationery', 'NZD', 2390, 9900],
    ['Standing desk mat', 'NZD', 8900, 8900],
    ['Noel Leeming, monitor cable', 'NZD', 3499, 3499],
    ['Printer toner', 'NZD', 11900, 11900],
  ],
  hardware: [
    ['Apple Store, MacBook charger', 'NZD', 14900, 14900],
    ['Keychron keyboard', 'USD', 9900, 17900],
    ['Yodobashi, USB-C hub', 'JPY', 4980, 12800],
  ],
  events: [
    ['Webstock ticket', 'NZD', 89900, 89900],
    ['JSConf ticket', 'EUR', 39900, 39900],
    ['Meetup pizza sponsorship', 'NZD', 25000, 25000],
    ['Conference booth, Singapore', 'SGD', 150000, 150000],
  ],
};

const PEOPLE = ['usr_ana', 'usr_rawiri', 'usr_mei', 'usr_tom', 'usr_priya'];

function makeTallyFixture(seed = TALLY_SEED): { expenses: FixtureExpense[]; rates: RatesFixture } {
  const rng = new Rng(seed);
  const rates: RatesFixture = {};
  let level = { USD: 1.7386, AUD: 1.1042, EUR: 1.8911, GBP: 2.2604, JPY: 0.011692, SGD: 1.3041 };
  for (let t = Date.UTC(2025, 1, 24); t <= Date.UTC(2025, 3, 4); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    const wd = new Date(t).getUTCDay();
    level = {
      USD: +(level.USD * (1 + (rng.next() - 0.5) * 0.008)).toFixed(4),
      AUD: +(level.AUD * (1 + (rng.next() - 0.5) * 0.006)).toFixed(4),
      EUR: +(level.EUR * (1 + (rng.next() - 0.5) * 0.008)).toFixed(4),
      GBP: +(level.GBP * (1 + (rng.next() - 0.5) * 0.008)).toFixed(4),
      JPY: +(level.JPY * (1 + (rng.next() - 0.5) * 0.01)).toFixed(6),
      SGD: +(level.SGD * (1 + (rng.next() - 0.5) * 0.006)).toFixed(4),
    };
    if (wd === 0 || wd === 6) continue; // no reference rates at weekends
    rates[day] = Object.fromEntries(
      (Object.keys(level) as (keyof typeof level)[]).map((c) => [c, { NZD: level[c] }]),
    );
  }
  // The rate the app would use for a local day: the latest weekday table at or before it.
  const rateOn = (day: string, cur: Cur): number => {
    let t = Date.parse(`${day}T00:00:00Z`);
    for (;;) {
      const r = rates[new Date(t).toISOString().slice(0, 10)]?.[cur]?.NZD;
      if (r !== undefined) return r;
      t -= 86_400_000;
    }
  };

  const expenses: FixtureExpense[] = [];
  const add = (
    occurredAt: string,
    category: string,
    merchant: [string, Cur, number, number],
    minor: number,
    kind: FixtureExpense['kind'],
  ) => {
    expenses.push({
      id: `exp_${rng.base62(10)}`,
      teamId: 'team_kea',
      occurredAt,
      category,
      description: kind === 'refund' ? `Refund: ${merchant[0]}` : merchant[0],
      amount: { minor, currency: merchant[1] },
      kind,
      createdBy: rng.pick(PEOPLE),
    });
  };
  const categories = Object.keys(MERCHANTS);
  const randomAt = (fromMs: number, toMs: number) =>
    new Date(fromMs + Math.floor((rng.next() * (toMs - fromMs)) / 60_000) * 60_000).toISOString();
  const randomExpense = (at: string) => {
    const category = rng.pick(categories);
    const m = rng.pick(MERCHANTS[category]!);
    const minor =
      m[1] === 'JPY' ? rng.int(m[2], m[3]) : rng.int(m[2] / 10, m[3] / 10) * 10 - (rng.next() < 0.3 ? 1 : 0);
    add(at, category, m, minor, 'expense');
  };
  // Late February (local), excluded from March either way.
  for (let i = 0; i < 6; i++) randomExpense(randomAt(Date.UTC(2025, 1, 26, 11), Date.UTC(2025, 1, 28, 11)));
  // Local 1 March 00:00 to 2 March 02:00: the window the old range missed.
  for (let i = 0; i < 4; i++) randomExpense(randomAt(Date.UTC(2025, 1, 28, 11), Date.UTC(2025, 2, 1, 13)));
  // The body of the month.
  for (let i = 0; i < 150; i++) randomExpense(randomAt(Date.UTC(2025, 2, 1, 13), Date.UTC(2025, 2, 31, 11)));
  // Local 1 April 00:00 to 2 April 02:00: the window the old range wrongly included.
  randomExpense(randomAt(Date.UTC(2025, 2, 31, 11), Date.UTC(2025, 3, 1, 13)));
  for (let i = 0; i < 3; i++) randomExpense(randomAt(Date.UTC(2025, 3, 1, 13), Date.UTC(2025, 3, 2, 11)));

  // Refunds, two of them foreign and landing exactly on half a cent after conversion.
  const craftHalf = (cur: Cur, day: string, lo: number, hi: number): number => {
    const rate = rateOn(day, cur);
    for (let m = lo; m <= hi; m++) {
      const x = -m * rate;
      if (Math.round(x) !== halfAway(x)) return m;
    }
    throw new Error(`no half-cent amount for ${cur} on ${day}`);
  };
  const awsDay = '2025-03-12';
  add(
    '2025-03-11T22:41:00.000Z',
    'software',
    ['AWS invoice', 'USD', 0, 0],
    craftHalf('USD', awsDay, 4000, 9000),
    'refund',
  );
  const hotelDay = '2025-03-20';
  add(
    '2025-03-20T04:05:00.000Z',
    'travel',
    ['Hotel Motel One Berlin', 'EUR', 0, 0],
    craftHalf('EUR', hotelDay, 8000, 16000),
    'refund',
  );
  for (let i = 0; i < 9; i++) {
    const at = randomAt(Date.UTC(2025, 2, 1, 13), Date.UTC(2025, 2, 31, 11));
    const category = rng.pick(categories);
    const m = rng.pick(MERCHANTS[category]!);
    add(at, category, m, m[1] === 'JPY' ? rng.int(500, 2000) : rng.int(100, 900) * 10 + 5, 'refund');
  }
  expenses.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt) || a.id.localeCompare(b.id));
  return { expenses, rates };
}

const TALLY_SEED = 2;
const TALLY = makeTallyFixture();

interface SimRow {
  e: FixtureExpense;
  day: string;
  rate: number;
  exact: number;
  before: number;
  after: number;
}

/** What the report code computes, before and after each fix, for the numbers the session shows. */
function simulateTally(range: 'buggy' | 'fixed') {
  const [from, to] =
    range === 'buggy'
      ? ['2025-03-01T13:00:00.000Z', '2025-04-01T13:00:00.000Z']
      : ['2025-02-28T11:00:00.000Z', '2025-03-31T11:00:00.000Z'];
  const rows: SimRow[] = [];
  for (const e of TALLY.expenses) {
    if (e.occurredAt < from || e.occurredAt >= to) continue;
    const day = aucklandDay(e.occurredAt);
    const cur = e.amount.currency;
    const signed = e.kind === 'refund' ? -e.amount.minor : e.amount.minor;
    let rate = 1;
    if (cur !== 'NZD') {
      let t = Date.parse(`${day}T00:00:00Z`);
      for (;;) {
        const r = TALLY.rates[new Date(t).toISOString().slice(0, 10)]?.[cur]?.NZD;
        if (r !== undefined) {
          rate = r;
          break;
        }
        t -= 86_400_000;
      }
    }
    const x = signed * rate * 10 ** (2 - EXP[cur]);
    rows.push({
      e,
      day,
      rate,
      exact: cur === 'NZD' ? signed / 100 : (signed / 10 ** EXP[cur]) * rate,
      before: cur === 'NZD' ? signed : Math.round(x),
      after: cur === 'NZD' ? signed : halfAway(x),
    });
  }
  const exactTotal = Math.round(rows.reduce((s, r) => s + r.exact, 0) * 100);
  const rowsBefore = rows.reduce((s, r) => s + r.before, 0);
  const rowsAfter = rows.reduce((s, r) => s + r.after, 0);
  return { rows, exactTotal, rowsBefore, rowsAfter };
}

const SIM_BUGGY = simulateTally('buggy');
const SIM_FIXED = simulateTally('fixed');

const dec = (minor: number): string => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

function e2eTest(count: number, total: number, extra = ''): string {
  return `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/http/app';
import { authAs, seedFromFixture } from '../helpers';

describe('GET /teams/:teamId/reports/:month', () => {
  let app: App;

  beforeAll(async () => {
    app = await buildApp({ database: ':memory:', rates: 'fixture', logger: false });
    await seedFromFixture(app, {
      team: { id: 'team_kea', slug: 'kea-studio', timeZone: 'Pacific/Auckland', currency: 'NZD' },
      expenses: 'expenses-2025-03.json',
      rates: 'rates-2025-03.json',
    });
  });

  afterAll(() => app.close());

  it('March report for team_kea matches the fixture', async () => {
    const res = await app.inject({ url: '/teams/team_kea/reports/2025-03', headers: authAs('usr_ana') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows).toHaveLength(${count});
    expect(body.total).toEqual({ minor: ${total}, currency: 'NZD' });${extra}
  });

  it('serves the CSV with a download name', async () => {
    const res = await app.inject({ url: '/teams/team_kea/reports/2025-03.csv', headers: authAs('usr_ana') });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="kea-studio-2025-03.csv"');
    expect(res.body.split('\\r\\n')[0]).toBe('date,category,description,kind,amount,currency,rate,amount_report');
  });

  it('converts to another currency on request', async () => {
    const res = await app.inject({ url: '/teams/team_kea/reports/2025-03?currency=USD', headers: authAs('usr_ana') });
    expect(res.statusCode).toBe(200);
    expect(res.json().currency).toBe('USD');
  });

  it('rejects a malformed month', async () => {
    const res = await app.inject({ url: '/teams/team_kea/reports/2025-3', headers: authAs('usr_ana') });
    expect(res.statusCode).toBe(400);
  });

  it('hides other teams', async () => {
    const res = await app.inject({ url: '/teams/team_kea/reports/2025-03', headers: authAs('usr_outsider') });
    expect(res.statusCode).toBe(403);
  });

  it('404s for an unknown team', async () => {
    const res = await app.inject({ url: '/teams/team_nope/reports/2025-03', headers: authAs('usr_ana') });
    expect(res.statusCode).toBe(404);
  });
});
`;
}

Object.assign(TALLY_FILES, {
  'test/fixtures/expenses-2025-03.json': JSON.stringify(TALLY.expenses, null, 2) + '\n',
  'test/fixtures/rates-2025-03.json': JSON.stringify(TALLY.rates, null, 2) + '\n',
  'test/e2e/reports.e2e.test.ts': e2eTest(SIM_BUGGY.rows.length, SIM_BUGGY.exactTotal),
});

// ---------------------------------------------------------------------------
// Claude Code session writer

interface ToolRun {
  name: string;
  input: Record<string, unknown>;
  result: string;
  isError?: boolean;
  /** The UI-side copy Claude Code stores next to each result (`toolUseResult`). */
  ui: unknown;
}

interface ClaudeStep {
  think?: string;
  text?: string;
  calls?: ToolRun[];
}

class ClaudeWriter {
  readonly records: unknown[] = [];
  private parent: string | null = null;
  /** Tokens the provider has cached: the system prompt and tool definitions to start with. */
  private context = 17_240;
  private pending = 0;

  constructor(
    private readonly rng: Rng,
    private readonly clock: Clock,
    private readonly base: { cwd: string; sessionId: string; version: string; gitBranch: string },
    private readonly model: string,
  ) {}

  private envelope(type: string): Record<string, unknown> {
    return {
      parentUuid: this.parent,
      isSidechain: false,
      userType: 'external',
      cwd: this.base.cwd,
      sessionId: this.base.sessionId,
      version: this.base.version,
      gitBranch: this.base.gitBranch,
      type,
    };
  }

  private push(record: Record<string, unknown>, uuid: string): void {
    this.records.push(record);
    this.parent = uuid;
  }

  prompt(text: string): void {
    const uuid = this.rng.uuid();
    const timestamp = this.clock.tick(40_000, 240_000);
    this.records.push({
      type: 'file-history-snapshot',
      messageId: uuid,
      snapshot: { messageId: uuid, trackedFileBackups: {}, timestamp },
      isSnapshotUpdate: false,
    });
    this.push(
      {
        ...this.envelope('user'),
        message: { role: 'user', content: text },
        uuid,
        timestamp,
        thinkingMetadata: { level: 'high', disabled: false, triggers: [] },
        todos: [],
      },
      uuid,
    );
    this.pending += roughTokens(text);
  }

  step(step: ClaudeStep, last = false): void {
    const id = `msg_01${this.rng.base62(22)}`;
    const requestId = `req_011C${this.rng.base62(18)}`;
    const blocks: Record<string, unknown>[] = [];
    if (step.think)
      blocks.push({
        type: 'thinking',
        thinking: step.think,
        signature: this.rng.base64(this.rng.int(180, 420)),
      });
    if (step.text) blocks.push({ type: 'text', text: step.text });
    const calls = step.calls ?? [];
    const ids = calls.map(() => `toolu_01${this.rng.base62(22)}`);
    calls.forEach((call, k) =>
      blocks.push({ type: 'tool_use', id: ids[k], name: call.name, input: call.input }),
    );
    const out = blocks.reduce(
      (n, b) => n + roughTokens(JSON.stringify(b.thinking ?? b.text ?? b.input ?? '')),
      this.rng.int(20, 90),
    );
    const usage = {
      input_tokens: this.rng.int(3, 9),
      cache_creation_input_tokens: this.pending,
      cache_read_input_tokens: this.context,
      cache_creation: { ephemeral_5m_input_tokens: this.pending, ephemeral_1h_input_tokens: 0 },
      output_tokens: out,
      service_tier: 'standard',
    };
    this.context += this.pending;
    this.pending = out;
    this.clock.tick(1_500, 9_000);
    blocks.forEach((block, k) => {
      const uuid = this.rng.uuid();
      const final = k === blocks.length - 1;
      this.push(
        {
          ...this.envelope('assistant'),
          message: {
            model: this.model,
            id,
            type: 'message',
            role: 'assistant',
            content: [block],
            stop_reason: final ? (calls.length ? 'tool_use' : last ? 'end_turn' : null) : null,
            stop_sequence: null,
            usage,
          },
          requestId,
          uuid,
          timestamp: this.clock.tick(80, 1_400),
        },
        uuid,
      );
    });
    calls.forEach((call, k) => {
      const uuid = this.rng.uuid();
      const result: Record<string, unknown> = {
        tool_use_id: ids[k],
        type: 'tool_result',
        content: call.result,
      };
      if (call.isError) result.is_error = true;
      this.push(
        {
          ...this.envelope('user'),
          message: { role: 'user', content: [result] },
          uuid,
          timestamp: this.clock.tick(call.name === 'Bash' ? 1_200 : 40, call.name === 'Bash' ? 14_000 : 400),
          toolUseResult: call.isError ? `Error: ${call.result.slice(0, 200)}` : call.ui,
        },
        uuid,
      );
      this.pending += roughTokens(call.result);
    });
  }
}

/** The tools Claude Code offers, run against the sample project. */
function claudeTools(p: Project) {
  return {
    read(path: string, offset?: number, limit?: number): ToolRun {
      const input: Record<string, unknown> = { file_path: p.abs(path) };
      if (offset !== undefined) input.offset = offset;
      if (limit !== undefined) input.limit = limit;
      const start = offset ?? 1;
      const result = p.numbered(path, start, limit);
      const lines = p.text(path).replace(/\n$/, '').split('\n');
      const shown = lines.slice(start - 1, start - 1 + (limit ?? 2000));
      return {
        name: 'Read',
        input,
        result,
        ui: {
          type: 'text',
          file: {
            filePath: p.abs(path),
            content: shown.join('\n'),
            numLines: shown.length,
            startLine: start,
            totalLines: lines.length,
          },
        },
      };
    },
    grep(
      pattern: string,
      opts: { path?: string; glob?: string; mode?: 'content' | 'files_with_matches'; context?: number } = {},
    ): ToolRun {
      const mode = opts.mode ?? 'files_with_matches';
      const under = opts.path ? p.rel(opts.path) : '';
      const globRe = opts.glob
        ? new RegExp(
            `${opts.glob
              .replace(/\./g, '\\.')
              .replace(/\*\*\//g, '(.*/)?')
              .replace(/\*/g, '[^/]*')}$`,
          )
        : null;
      const hits = p.grep(
        new RegExp(pattern),
        (f) => (!under || f === under || f.startsWith(`${under}/`)) && (!globRe || globRe.test(f)),
      );
      const files = [...new Set(hits.map((h) => h.slice(0, h.indexOf(':'))))];
      const input: Record<string, unknown> = { pattern };
      if (opts.path) input.path = p.abs(opts.path);
      if (opts.glob) input.glob = opts.glob;
      input.output_mode = mode;
      if (mode === 'content') input['-n'] = true;
      if (opts.context) input['-C'] = opts.context;
      const withContext = (): string => {
        const out: string[] = [];
        for (const file of files) {
          const lines = p.text(file).split('\n');
          const matches = new Set(
            hits
              .filter((h) => h.startsWith(`${file}:`))
              .map((h) => Number(h.slice(file.length + 1).split(':')[0])),
          );
          let last = -1;
          for (const m of [...matches].sort((a, b) => a - b)) {
            const from = Math.max(1, m - opts.context!);
            const to = Math.min(lines.length, m + opts.context!);
            if (last !== -1 && from > last + 1) out.push('--');
            for (let k = Math.max(from, last + 1); k <= to; k++)
              out.push(
                `${file}${matches.has(k) ? ':' : '-'}${k}${matches.has(k) ? ':' : '-'}${lines[k - 1]}`,
              );
            last = to;
          }
        }
        return out.join('\n');
      };
      const result =
        mode === 'content'
          ? hits.length
            ? opts.context
              ? withContext()
              : hits.join('\n')
            : 'No matches found'
          : files.length
            ? `Found ${files.length} file${files.length === 1 ? '' : 's'}\n${files.join('\n')}`
            : 'No files found';
      return {
        name: 'Grep',
        input,
        result,
        ui:
          mode === 'content'
            ? { mode, numFiles: 0, filenames: [], content: result, numLines: hits.length }
            : { mode, numFiles: files.length, filenames: files },
      };
    },
    glob(pattern: string): ToolRun {
      const re = new RegExp(
        `^${pattern
          .replace(/\./g, '\\.')
          .replace(/\*\*\//g, '(.*/)?')
          .replace(/\*(?!\))/g, '[^/]*')}$`,
      );
      const files = [...new Set([...p.files.keys(), ...TALLY_OTHER_FILES])]
        .filter((f) => re.test(f))
        .sort()
        .map((f) => p.abs(f));
      return {
        name: 'Glob',
        input: { pattern },
        result: files.join('\n') || 'No files found',
        ui: { filenames: files, durationMs: 31, numFiles: files.length, truncated: false },
      };
    },
    edit(path: string, oldString: string, newString: string): ToolRun {
      const line = p.edit(path, oldString, newString);
      const from = Math.max(1, line - 4);
      const to = Math.min(p.lineCount(path), line + newString.split('\n').length + 4);
      return {
        name: 'Edit',
        input: { file_path: p.abs(path), old_string: oldString, new_string: newString },
        result: `The file ${p.abs(path)} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${p.numbered(path, from, to - from + 1)}`,
        ui: {
          filePath: p.abs(path),
          oldString,
          newString,
          replaceAll: false,
          userModified: false,
          structuredPatch: [
            {
              oldStart: line,
              oldLines: oldString.split('\n').length,
              newStart: line,
              newLines: newString.split('\n').length,
            },
          ],
        },
      };
    },
    write(path: string, content: string): ToolRun {
      p.write(path, content);
      return {
        name: 'Write',
        input: { file_path: p.abs(path), content },
        result: `File created successfully at: ${p.abs(path)}`,
        ui: { type: 'create', filePath: p.abs(path), content, structuredPatch: [] },
      };
    },
    bash(command: string, description: string, output: string, isError = false, timeout?: number): ToolRun {
      const input: Record<string, unknown> = { command, description };
      if (timeout) input.timeout = timeout;
      return {
        name: 'Bash',
        input,
        result: output,
        isError,
        ui: { stdout: output, stderr: '', interrupted: false, isImage: false },
      };
    },
    todos(items: [string, 'pending' | 'in_progress' | 'completed', string][]): ToolRun {
      const todos = items.map(([content, status, activeForm]) => ({ content, status, activeForm }));
      return {
        name: 'TodoWrite',
        input: { todos },
        result:
          'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable',
        ui: { oldTodos: [], newTodos: todos },
      };
    },
  };
}

// Vitest's reporters, for the sample project's suite: every test by name.

const TALLY_NAMES: Record<string, string[]> = {
  'src/budgets/alerts.test.ts': [
    'alertsFor > fires the first threshold once it is crossed',
    'alertsFor > fires every threshold crossed by one expense',
    'alertsFor > does not repeat a threshold already sent',
    'alertsFor > ignores budgets with a zero limit',
    'alertsFor > reports the pace of the period',
    'alertsFor > works for quarterly budgets',
    'alertsFor > rounds percentages to one decimal',
    'alertsFor > handles category budgets',
    'describeAlert > names the category',
    'describeAlert > names the team budget when there is no category',
    'describeAlert > prints amounts with two decimals',
    'describeAlert > includes the currency',
  ],
  'src/budgets/period.test.ts': [
    'periodContaining > finds the month of an instant',
    "periodContaining > uses the team's zone for the month",
    'periodContaining > finds Q1',
    'periodContaining > finds Q4 across the year end',
    'periodContaining > starts quarters in January, April, July and October',
    'elapsedShare > is 0 at the start',
    'elapsedShare > is 1 at the end',
    'elapsedShare > clamps before the period',
    'elapsedShare > clamps after the period',
    'elapsedShare > is 0.5 in the middle of a 30-day month',
  ],
  'src/dates/month.test.ts': [
    'parseMonth > reads YYYY-MM',
    'parseMonth > rejects other shapes',
    'previousMonth > wraps at January',
    'monthRange > covers a UTC month exactly',
    'monthRange > handles February in a leap year',
    'monthRange > handles December',
    'monthLabel > names the month in the given locale',
  ],
  'src/dates/zone.test.ts': [
    'offsetMinutes > UTC at 2025-03-10T00:00:00Z is 0',
    'offsetMinutes > Pacific/Auckland at 2025-03-10T00:00:00Z is 780',
    'offsetMinutes > Pacific/Auckland at 2025-06-10T00:00:00Z is 720',
    'offsetMinutes > America/New_York at 2025-01-10T00:00:00Z is -300',
    'offsetMinutes > Asia/Kolkata at 2025-01-10T00:00:00Z is 330',
    'localDate > uses the wall clock of the zone',
    'isValidZone > knows IANA names and rejects junk',
  ],
  'src/http/auth.test.ts': [
    'bearer tokens > accepts a valid session token',
    'bearer tokens > rejects a missing header with 401',
    'bearer tokens > rejects a malformed header with 401',
    'bearer tokens > rejects an expired session',
    'bearer tokens > refreshes the sliding expiry',
    'requireMember > lets members through',
    'requireMember > returns 403 for non-members',
    'requireMember > returns 403 for removed members',
    'requireMember > caches membership per request',
    'requireRole > allows owners everything',
    'requireRole > allows admins to manage budgets',
    'requireRole > forbids viewers from writing',
    'api keys > accepts a hashed key',
    'api keys > rejects a revoked key',
    'api keys > scopes keys to one team',
    'api keys > never logs the key',
    'rate limiting > allows bursts up to the limit',
    'rate limiting > returns 429 with retry-after',
    'rate limiting > counts per key, not per IP, for API keys',
  ],
  'src/http/errors.test.ts': [
    'HttpError > serializes code and message',
    'HttpError > keeps the status',
    'errorHandler > maps zod errors to 400 with issues',
    'errorHandler > maps RateUnavailableError to 503',
    'errorHandler > hides internal errors behind a request id',
    'errorHandler > keeps 404 messages',
    'errorHandler > logs 5xx with the stack',
    'errorHandler > does not log 4xx as errors',
  ],
  'src/http/routes/expenses.test.ts': [
    'POST /teams/:teamId/expenses > creates an expense',
    'POST /teams/:teamId/expenses > creates a refund',
    'POST /teams/:teamId/expenses > rejects negative amounts',
    'POST /teams/:teamId/expenses > rejects unknown currencies',
    'POST /teams/:teamId/expenses > rejects amounts with too many decimals',
    'POST /teams/:teamId/expenses > defaults occurredAt to now',
    'POST /teams/:teamId/expenses > accepts an occurredAt with an offset',
    'POST /teams/:teamId/expenses > normalizes occurredAt to UTC',
    'POST /teams/:teamId/expenses > trims descriptions',
    'POST /teams/:teamId/expenses > limits descriptions to 500 characters',
    'POST /teams/:teamId/expenses > requires the member role',
    'POST /teams/:teamId/expenses > triggers budget alerts',
    'GET /teams/:teamId/expenses > lists the newest first',
    'GET /teams/:teamId/expenses > paginates with a cursor',
    'GET /teams/:teamId/expenses > filters by category',
    'GET /teams/:teamId/expenses > filters by date range',
    'GET /teams/:teamId/expenses > filters by kind',
    'GET /teams/:teamId/expenses > returns 400 for a bad cursor',
    'GET /expenses/:id > returns one expense',
    'GET /expenses/:id > returns 404 for another team',
    'PATCH /expenses/:id > updates the category',
    'PATCH /expenses/:id > refuses to change the currency',
    'PATCH /expenses/:id > keeps an audit entry',
    'DELETE /expenses/:id > soft-deletes',
    'DELETE /expenses/:id > is idempotent',
    'DELETE /expenses/:id > requires the admin role',
    'DELETE /expenses/:id > removes the expense from reports',
  ],
  'src/http/routes/reports.test.ts': [
    'GET /teams/:teamId/reports/:month > returns the report as JSON',
    'GET /teams/:teamId/reports/:month > returns CSV for .csv',
    'GET /teams/:teamId/reports/:month > sets the download file name',
    "GET /teams/:teamId/reports/:month > uses the team's currency by default",
    'GET /teams/:teamId/reports/:month > accepts ?currency=',
    'GET /teams/:teamId/reports/:month > rejects an unknown currency',
    'GET /teams/:teamId/reports/:month > rejects 2025-3',
    'GET /teams/:teamId/reports/:month > rejects 2025-13',
    'GET /teams/:teamId/reports/:month > returns 404 for an unknown team',
    'GET /teams/:teamId/reports/:month > returns 403 for non-members',
    'GET /teams/:teamId/reports/:month > returns 500 for a team with a broken zone',
    'GET /teams/:teamId/reports/:month > returns 503 when a rate is missing',
    'GET /teams/:teamId/reports/:month > returns an empty report for a quiet month',
  ],
  'src/http/routes/teams.test.ts': [
    'POST /teams > creates a team with the caller as owner',
    'POST /teams > validates the time zone',
    'POST /teams > validates the currency',
    'POST /teams > derives a unique slug',
    'GET /teams/:teamId > returns the team for members',
    'GET /teams/:teamId > returns 403 for others',
    'PATCH /teams/:teamId > changes the time zone',
    'PATCH /teams/:teamId > changes the reporting currency',
    'PATCH /teams/:teamId > requires the owner role',
    'members > invites by e-mail',
    'members > lists members with roles',
    'members > changes a role',
    'members > removes a member',
    'members > keeps at least one owner',
    'members > refuses to invite twice',
  ],
  'src/import/bank-csv.test.ts': [
    'splitRecord > splits plain fields',
    'splitRecord > honours quotes',
    'splitRecord > unescapes doubled quotes',
    'splitRecord > trims fields',
    'parseAmount > reads 1,234.56',
    'parseAmount > reads negative amounts',
    'parseAmount > reads amounts in parentheses as negative',
    'parseAmount > reads whole amounts',
    'parseAmount > rejects too many decimals',
    'parseAmount > reads JPY without decimals',
    'parseAmount > rejects text',
    'parseStatement > reads an ASB statement',
    'parseStatement > reads an ANZ statement',
    'parseStatement > reads a Kiwibank statement with debit and credit columns',
    'parseStatement > reads a Wise statement with currencies',
    'parseStatement > strips a BOM',
    'parseStatement > skips blank lines',
    'parseStatement > reports the line of a bad date',
    'parseStatement > reports a missing column',
    'parseStatement > rejects an unsupported currency',
    'parseStatement > joins description columns',
    'shareOf > splits a bill by percent',
    'shareOf > rounds to the minor unit',
    'shareOf > keeps the currency',
  ],
  'src/import/ofx.test.ts': [
    'parseOfx > reads SGML OFX 1.x',
    'parseOfx > reads XML OFX 2.x',
    'parseOfx > reads a file with a BOM',
    'parseOfx > reads the account currency',
    'parseOfx > reads DTPOSTED with an offset',
    'parseOfx > reads DTPOSTED without time',
    'parseOfx > reads TRNAMT with a comma decimal',
    'parseOfx > uses FITID as the external id',
    'parseOfx > skips pending transactions',
    'parseOfx > merges NAME and MEMO',
    'parseOfx > rejects a file without STMTTRN',
    'parseOfx > reports the offending tag',
    'dedupe > drops transactions already imported',
    'dedupe > keeps same-amount transactions on different days',
    'dedupe > uses FITID when present',
    'dedupe > falls back to date, amount and description',
    'dedupe > is stable across re-imports',
  ],
  'src/money/convert.test.ts': [
    'convert > returns same-currency amounts unchanged',
    'convert > converts between two-decimal currencies',
    'convert > handles zero-decimal currencies both ways',
    'convert > rounds half up like Math.round',
    'convert > rejects nonsense rates',
    'convertExact > does not round',
  ],
  'src/money/format.test.ts': [
    'format > NZD in en-NZ',
    'format > negative NZD in en-NZ',
    'format > EUR in de-DE',
    'format > EUR in fr-FR uses a narrow no-break space',
    'format > JPY has no decimals',
    'format > USD in en-US',
    'format > GBP in en-GB',
    'format > SGD in en-SG',
    'format > AUD in en-AU',
    'formatCompact > 1.2K',
    'formatCompact > 3.4M',
    'formatCompact > keeps small amounts exact',
    'formatSigned > adds a plus for credits',
    'formatSigned > keeps the minus for debits',
    'formatSigned > shows zero without a sign',
    'formatRange > joins two amounts',
    'formatRange > collapses equal amounts',
    'formatRange > refuses mixed currencies',
  ],
  'src/money/money.test.ts': [
    'money > refuses fractional minor units',
    'money > adds within one currency only',
    'money > sums a list',
    'money > rounds floats to the nearest minor unit',
    'allocate > spreads the remainder one unit at a time',
    'allocate > keeps the sign for negative amounts',
    "toDecimalString > { minor: +0, currency: 'NZD' } -> 0.00",
    "toDecimalString > { minor: 7, currency: 'NZD' } -> 0.07",
    "toDecimalString > { minor: -1250, currency: 'USD' } -> -12.50",
    "toDecimalString > { minor: 1200, currency: 'JPY' } -> 1200",
    'format > uses the locale',
  ],
  'src/money/rates.test.ts': [
    'RateTable > returns 1 for the same currency',
    'RateTable > reads the rate of the day',
    'RateTable > falls back to the previous day at weekends',
    'RateTable > gives up after maxLookback days',
    'RateTable > caches one table per day and base',
    'RateTable > shares an in-flight fetch',
    'RateTable > evicts a failed fetch so it can be retried',
    'RateTable > throws RateUnavailableError with the day and pair',
    'previousDay > crosses month ends',
    'previousDay > crosses year ends',
    'previousDay > handles leap days',
    'StaticRates > returns an empty table for unknown days',
  ],
  'src/reports/categories.test.ts': [
    'categoryOf > maps merchant codes',
    'categoryOf > falls back to "other"',
    'categoryOf > is case-insensitive',
    'renameCategory > renames across the team',
    'renameCategory > merges into an existing category',
    'renameCategory > keeps the audit trail',
    'topCategories > orders by total, then name',
  ],
  'src/reports/csv.test.ts': [
    'csvField > leaves plain values alone',
    'csvField > quotes commas, quotes and newlines',
    'toCsv > writes a header, one line per row and a totals line',
    'toCsv > quotes descriptions that need it',
    'toCsv > prints the rate with six decimals for foreign rows',
    'toCsv > matches the snapshot',
  ],
  'src/reports/monthly.test.ts': [
    "buildMonthlyReport > lists the team's expenses in order with local dates",
    'buildMonthlyReport > converts with the rate of the local day',
    'buildMonthlyReport > makes refunds negative',
    'buildMonthlyReport > totals the month',
    'buildMonthlyReport > groups by category, largest first',
  ],
  'src/store/expenses.test.ts': [
    'SqliteExpenseStore > inserts and reads back',
    'SqliteExpenseStore > returns undefined for an unknown id',
    'SqliteExpenseStore > lists a half-open range',
    'SqliteExpenseStore > includes an expense exactly at from',
    'SqliteExpenseStore > excludes an expense exactly at to',
    'SqliteExpenseStore > orders by time, then id',
    'SqliteExpenseStore > filters by team',
    'SqliteExpenseStore > rejects rows with an unknown currency',
    'SqliteExpenseStore > rejects negative amounts in rows',
    'SqliteExpenseStore > round-trips JPY amounts',
    'SqliteExpenseStore > uses the occurred_at index',
    'SqliteExpenseStore > survives 10k rows in one range',
    'MemoryExpenseStore > inserts and reads back',
    'MemoryExpenseStore > returns undefined for an unknown id',
    'MemoryExpenseStore > lists a half-open range',
    'MemoryExpenseStore > includes an expense exactly at from',
    'MemoryExpenseStore > excludes an expense exactly at to',
    'MemoryExpenseStore > orders by time, then id',
    'MemoryExpenseStore > filters by team',
    'contract > both stores agree on a random data set',
    'contract > both stores agree at month boundaries',
    'contract > both stores agree on empty ranges',
  ],
  'src/store/migrations.test.ts': [
    'migrate > creates the schema from scratch',
    'migrate > is idempotent',
    'migrate > applies pending migrations in order',
    'migrate > refuses to run on a newer schema',
    'migrate > backfills amount_minor from amount',
    'migrate > adds the kind column with a default',
  ],
  'src/users/invite.test.ts': [
    'createInvite > creates a token that expires in 7 days',
    'createInvite > stores only a hash of the token',
    'createInvite > refuses an existing member',
    'acceptInvite > adds the member with the invited role',
    'acceptInvite > rejects an expired token',
    'acceptInvite > rejects a used token',
    'acceptInvite > rejects a token for another e-mail',
    'acceptInvite > is case-insensitive on e-mail',
    'revokeInvite > revokes',
    'revokeInvite > requires admin',
    'listInvites > lists pending invites only',
  ],
  'src/util/ids.test.ts': [
    'newId > has the prefix',
    'newId > is 10 base62 characters after the prefix',
    'newId > sorts by creation time',
    'isId > accepts ids of the right prefix',
    'isId > rejects other prefixes',
  ],
  'src/util/retry.test.ts': [
    'retry > returns the first success',
    'retry > retries up to the limit',
    'retry > backs off exponentially',
    'retry > adds jitter',
    'retry > stops on a non-retryable error',
    'retry > respects an abort signal',
    'retry > rethrows the last error',
    'retry > passes the attempt number',
  ],
};

const E2E_NAMES: Record<string, string[]> = {
  'test/e2e/reports.e2e.test.ts': [
    'GET /teams/:teamId/reports/:month > March report for team_kea matches the fixture',
    'GET /teams/:teamId/reports/:month > serves the CSV with a download name',
    'GET /teams/:teamId/reports/:month > converts to another currency on request',
    'GET /teams/:teamId/reports/:month > rejects a malformed month',
    'GET /teams/:teamId/reports/:month > hides other teams',
    'GET /teams/:teamId/reports/:month > 404s for an unknown team',
  ],
  'test/e2e/expenses.e2e.test.ts': [
    'expenses API > records an expense and reads it back',
    'expenses API > records a refund',
    'expenses API > paginates a month of expenses',
    'expenses API > filters by category',
    'expenses API > imports an ASB statement',
    'expenses API > imports an OFX file without duplicates',
    'expenses API > sends a budget alert e-mail once',
    'expenses API > soft-deletes and hides from reports',
    'expenses API > keeps an audit trail of edits',
  ],
};

/** Inserts test names into a file's list, before `before` (or at the end). */
function addTests(path: string, names: string[], before?: string): void {
  const list = TALLY_NAMES[path]!;
  const at = before === undefined ? list.length : list.indexOf(before);
  if (at === -1) throw new Error(`no test named ${before} in ${path}`);
  list.splice(at, 0, ...names);
}

interface FailingFile {
  /** Per-test lines under the file (`✓ …` and `× …`), as vitest prints them for a failing file. */
  lines: string[];
  failed: number;
}

/** "2 failed | 5 passed", "1 failed" or "7 passed", as vitest's summary lines put it. */
function tally(failed: number, total: number): string {
  const parts: string[] = [];
  if (failed) parts.push(`${failed} failed`);
  if (total - failed) parts.push(`${total - failed} passed`);
  return parts.join(' | ');
}

function vitestRun(
  rng: Rng,
  clock: Clock,
  opts: {
    only?: string[];
    failing?: Record<string, FailingFile>;
    details?: string[];
    names?: Record<string, string[]>;
    config?: string;
    verbose?: boolean;
  },
): string {
  const names = opts.names ?? TALLY_NAMES;
  const files = Object.keys(names)
    .filter((f) => !opts.only || opts.only.some((o) => f.startsWith(o)))
    .sort();
  const out = [`\n RUN  v3.0.7 ${TALLY_ROOT}${opts.config ? `\n      Config  ${opts.config}` : ''}\n`];
  let failedFiles = 0;
  let failedTests = 0;
  let total = 0;
  // Vitest prints files as they finish, which is not alphabetical.
  const order = [...files].sort((a, b) => (fakeBlob(a + clock.now) < fakeBlob(b + clock.now) ? -1 : 1));
  for (const f of order) {
    const list = names[f]!;
    const n = list.length;
    total += n;
    const failing = opts.failing?.[f];
    const ms = rng.int(2, 60);
    if (failing) {
      failedFiles++;
      failedTests += failing.failed;
      out.push(` ❯ ${f} (${n} tests | ${failing.failed} failed) ${ms}ms`);
      out.push(...failing.lines.map((l) => `   ${l}`));
    } else if (opts.verbose) {
      for (const name of list) out.push(` ✓ ${f} > ${name} ${rng.int(0, 9)}ms`);
    } else out.push(` ✓ ${f} (${n} test${n === 1 ? '' : 's'}) ${ms}ms`);
  }
  if (opts.details?.length) {
    out.push('', `⎯⎯⎯⎯⎯⎯⎯ Failed Tests ${failedTests} ⎯⎯⎯⎯⎯⎯⎯`, '');
    opts.details.forEach((d, i) => {
      out.push(
        d.replace(/\n+$/, ''),
        '',
        `⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[${i + 1}/${opts.details!.length}]⎯`,
        '',
      );
    });
  } else out.push('');
  const t = new Date(clock.now + AUCKLAND_MS).toISOString().slice(11, 19);
  const dur = (files.length * 0.17 + rng.next()).toFixed(2);
  out.push(
    ` Test Files  ${tally(failedFiles, files.length)} (${files.length})`,
    `      Tests  ${tally(failedTests, total)} (${total})`,
    `   Start at  ${t}`,
    `   Duration  ${dur}s (transform ${(+dur * 0.31).toFixed(2)}s, setup 0ms, collect ${(+dur * 1.4).toFixed(2)}s, tests ${(+dur * 0.52).toFixed(2)}s, environment ${rng.int(1, 9)}ms, prepare ${(+dur * 0.9).toFixed(2)}s)`,
  );
  if (failedFiles) out.push('', ' ELIFECYCLE  Command failed with exit code 1.');
  return out.join('\n');
}

/** Files of the sample project that the session lists but never opens. */
const TALLY_OTHER_FILES = [
  'src/server.ts',
  'src/config.ts',
  'src/db.ts',
  'src/http/auth.ts',
  'src/http/errors.ts',
  'src/http/routes/expenses.ts',
  'src/http/routes/teams.ts',
  'src/http/routes/budgets.ts',
  'src/import/ofx.ts',
  'src/import/dedupe.ts',
  'src/money/format.ts',
  'src/money/ecb.ts',
  'src/reports/categories.ts',
  'src/store/migrations.ts',
  'src/store/teams.ts',
  'src/store/budgets.ts',
  'src/users/invite.ts',
  'src/users/mailer.ts',
  'src/util/ids.ts',
  'src/util/retry.ts',
  ...Object.keys(TALLY_NAMES),
];

Object.assign(TALLY_FILES, {
  'README.md': `# tallybook

Expense tracking for small teams: record expenses and refunds, import bank
statements, set budgets with alerts, and export a monthly report your
accountant can open in Excel.

## Development

\`\`\`sh
pnpm install
pnpm dev            # API on http://localhost:4100, SQLite file in ./data
pnpm test           # unit tests (vitest)
pnpm test:e2e       # API tests against an in-memory database
pnpm lint && pnpm typecheck
\`\`\`

Node 20.11+ is required (we rely on \`Object.hasOwn\`, \`Array.prototype.at\` and
full ICU for time zones; the official Node builds have it).

## Layout

| Folder | What lives there |
| --- | --- |
| \`src/http\` | Fastify app, auth, routes, error mapping |
| \`src/store\` | SQLite access (better-sqlite3) and in-memory stores for tests |
| \`src/money\` | Money type (integer minor units), conversion, daily rates |
| \`src/dates\` | Month ranges and time-zone helpers (Intl only, no tz library) |
| \`src/reports\` | Monthly report, categories, CSV export |
| \`src/budgets\` | Budget periods and alert decisions |
| \`src/import\` | Bank CSV and OFX import, de-duplication |
| \`test/e2e\` | End-to-end API tests with fixtures in \`test/fixtures\` |

## Conventions

- Money never touches a float except for display and conversion; amounts are
  integers in minor units (cents, or yen for JPY).
- All instants are stored as UTC ISO strings; anything calendar-like (months,
  days, budget periods) is computed in the **team's** time zone.
- Every route validates its input with zod; errors leave through
  \`src/http/errors.ts\` so clients always get \`{ code, message }\`.
- Tests sit next to the code (\`*.test.ts\`); e2e tests use fixtures, never the
  network.

## Rates

Daily reference rates come from the ECB feed (\`src/money/ecb.ts\`), cached per
day and base currency. Weekends and holidays use the previous business day.
In tests and the offline demo, \`StaticRates\` serves rates from a JSON file.
`,
  'src/http/app.ts': `import Fastify, { type FastifyInstance } from 'fastify';
import Database from 'better-sqlite3';
import { authPlugin } from './auth';
import { errorHandler } from './errors';
import { budgetRoutes } from './routes/budgets';
import { expenseRoutes } from './routes/expenses';
import { reportRoutes } from './routes/reports';
import { teamRoutes } from './routes/teams';
import { migrate } from '../store/migrations';
import { SqliteExpenseStore, type ExpenseStore } from '../store/expenses';
import { SqliteTeamStore, type TeamStore } from '../store/teams';
import { RateTable, StaticRates, type RateSource } from '../money/rates';
import { EcbRates } from '../money/ecb';
import { readFixture } from '../config';

export interface AppOptions {
  /** A file path, or ':memory:' for tests. */
  database: string;
  /** 'ecb' in production; 'fixture' serves test/fixtures/rates-*.json. */
  rates: 'ecb' | 'fixture';
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    expenses: ExpenseStore;
    teams: TeamStore;
    rates: RateTable;
  }
}

export type App = FastifyInstance;

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: process.env.LOG_LEVEL ?? 'info' },
    disableRequestLogging: process.env.NODE_ENV === 'test',
  });

  const db = new Database(options.database);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db);

  const source: RateSource =
    options.rates === 'ecb' ? new EcbRates() : new StaticRates(readFixture('rates-2025-03.json'));

  app.decorate('expenses', new SqliteExpenseStore(db));
  app.decorate('teams', new SqliteTeamStore(db));
  app.decorate('rates', new RateTable(source));

  app.setErrorHandler(errorHandler);
  await app.register(authPlugin);
  await app.register(teamRoutes);
  await app.register(expenseRoutes);
  await app.register(budgetRoutes);
  await app.register(reportRoutes);

  app.addHook('onClose', async () => {
    db.close();
  });
  return app;
}
`,
  'test/helpers.ts': `import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from '../src/http/app';
import type { Expense } from '../src/store/expenses';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

export function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(FIXTURES + name, 'utf8')) as T;
}

/** Test tokens are "test:<userId>"; the auth plugin accepts them when NODE_ENV is "test". */
export function authAs(userId: string): Record<string, string> {
  return { authorization: \`Bearer test:\${userId}\` };
}

export interface Seed {
  team: { id: string; slug: string; timeZone: string; currency: string };
  expenses: string;
  rates: string;
}

export async function seedFromFixture(app: App, seed: Seed): Promise<void> {
  await app.teams.insert({ ...seed.team, name: 'Kea Studio', createdAt: '2024-08-01T00:00:00.000Z' });
  await app.teams.addMember(seed.team.id, 'usr_ana', 'owner');
  for (const e of fixture<Expense[]>(seed.expenses)) await app.expenses.insert(e);
}

/** An app seeded with the Kea Studio fixture, for scripts and ad-hoc checks. */
export async function buildTestApp(expenses: string, rates: string): Promise<App> {
  process.env.NODE_ENV = 'test';
  const app = await buildApp({ database: ':memory:', rates: 'fixture', logger: false });
  await seedFromFixture(app, {
    team: { id: 'team_kea', slug: 'kea-studio', timeZone: 'Pacific/Auckland', currency: 'NZD' },
    expenses,
    rates,
  });
  return app;
}
`,
  'src/budgets/period.test.ts': `import { describe, expect, it } from 'vitest';
import { elapsedShare, periodContaining } from './period';

describe('periodContaining', () => {
  it('finds the month of an instant', () => {
    expect(periodContaining('monthly', new Date('2025-03-15T12:00:00Z'), 'UTC')).toEqual({
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-04-01T00:00:00.000Z',
    });
  });

  it("uses the team's zone for the month", () => {
    // 31 March 23:30 UTC is already 1 April in Auckland.
    const range = periodContaining('monthly', new Date('2025-03-31T23:30:00Z'), 'UTC');
    expect(range.from).toBe('2025-03-01T00:00:00.000Z');
  });

  it('finds Q1', () => {
    expect(periodContaining('quarterly', new Date('2025-02-10T00:00:00Z'), 'UTC')).toEqual({
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-04-01T00:00:00.000Z',
    });
  });

  it('finds Q4 across the year end', () => {
    expect(periodContaining('quarterly', new Date('2024-12-31T10:00:00Z'), 'UTC').to).toBe(
      '2025-01-01T00:00:00.000Z',
    );
  });

  it('starts quarters in January, April, July and October', () => {
    const starts = [1, 4, 7, 10].map(
      (m) => periodContaining('quarterly', new Date(Date.UTC(2025, m - 1, 20)), 'UTC').from,
    );
    expect(starts).toEqual([
      '2025-01-01T00:00:00.000Z',
      '2025-04-01T00:00:00.000Z',
      '2025-07-01T00:00:00.000Z',
      '2025-10-01T00:00:00.000Z',
    ]);
  });
});

describe('elapsedShare', () => {
  const march = { from: '2025-03-01T00:00:00.000Z', to: '2025-04-01T00:00:00.000Z' };

  it('is 0 at the start', () => {
    expect(elapsedShare(march, new Date(march.from))).toBe(0);
  });

  it('is 1 at the end', () => {
    expect(elapsedShare(march, new Date(march.to))).toBe(1);
  });

  it('clamps before the period', () => {
    expect(elapsedShare(march, new Date('2025-02-01T00:00:00Z'))).toBe(0);
  });

  it('clamps after the period', () => {
    expect(elapsedShare(march, new Date('2025-05-01T00:00:00Z'))).toBe(1);
  });

  it('is 0.5 in the middle of a 30-day month', () => {
    const april = { from: '2025-04-01T00:00:00.000Z', to: '2025-05-01T00:00:00.000Z' };
    expect(elapsedShare(april, new Date('2025-04-16T00:00:00Z'))).toBe(0.5);
  });
});
`,
});

/** Vitest's code frame: two lines either side of the failing line, with a caret under the column. */
function codeFrame(p: Project, path: string, needle: string, column: number): string {
  const lines = p.text(path).split('\n');
  const at = lines.findIndex((l) => l.includes(needle)) + 1;
  if (at === 0) throw new Error(`no line with ${needle} in ${path}`);
  const out = [` ❯ ${path}:${at}:${column}`];
  for (let n = Math.max(1, at - 2); n <= Math.min(lines.length, at + 2); n++) {
    out.push(`    ${String(n).padStart(3)}| ${lines[n - 1]}`.trimEnd());
    if (n === at) out.push(`       |${' '.repeat(column)}^`);
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------
// Sample 1: the session

function claudeCodeSample(): string {
  const rng = new Rng(0xc1a0de01);
  const clock = new Clock(Date.parse('2025-04-02T20:47:12.318Z'), rng);
  const p = new Project(TALLY_ROOT, TALLY_FILES);
  const t = claudeTools(p);
  const s = new ClaudeWriter(
    rng,
    clock,
    { cwd: TALLY_ROOT, sessionId: rng.uuid(), version: '2.0.55', gitBranch: 'fix/report-month-range' },
    'claude-sonnet-4-5-20250929',
  );
  const run = (opts: Parameters<typeof vitestRun>[2]) => vitestRun(rng, clock, opts);

  // Turn 0: getting oriented ----------------------------------------------
  s.prompt(
    "Hi! I'm picking tallybook back up after three weeks off. Before we fix anything, walk me through how a monthly report gets built, from the HTTP route to the CSV, and run the tests so we know where we stand.",
  );
  s.step({
    text: "I'll get the lay of the land first: the file layout, the README and the scripts.",
    calls: [t.glob('src/**/*.ts'), t.read('README.md'), t.read('package.json')],
  });
  s.step({
    text: 'Now the path a report request takes, starting at the app and the route, plus what the docs promise.',
    calls: [t.read('src/http/app.ts'), t.read('src/http/routes/reports.ts'), t.read('docs/reports.md')],
  });
  s.step({
    calls: [t.read('src/reports/monthly.ts'), t.read('src/reports/types.ts'), t.read('src/reports/csv.ts')],
  });
  s.step({
    think:
      'The report pulls expenses for a month range from the store, converts each with the rate of the local day, and sums. Let me look at the store query (half-open range) and the rate table (fallback and caching) so the overview is accurate.',
    calls: [t.read('src/store/expenses.ts'), t.read('src/money/rates.ts')],
  });
  s.step({
    calls: [
      t.bash(
        'pnpm test -- --reporter=verbose',
        'Run the unit tests with every test listed',
        run({ verbose: true }),
      ),
      t.bash(
        'pnpm test:e2e -- --reporter=verbose',
        'Run the e2e tests',
        run({ names: E2E_NAMES, config: 'vitest.e2e.config.ts', verbose: true }),
        false,
        120000,
      ),
    ],
  });
  s.step(
    {
      text: `Here is the path of a monthly report, and where things stand.

**Request** — \`GET /teams/:teamId/reports/:month\` (\`src/http/routes/reports.ts\`):
1. zod validates \`teamId\` and \`month\` (\`YYYY-MM\`, optionally \`.csv\`) and an optional \`?currency=\`.
2. The team is loaded, the caller must be a member, and the team's time zone must be a valid IANA name.
3. It calls \`buildMonthlyReport(app.expenses, app.rates, { teamId, year, month, tz: team.timeZone, currency })\`.
4. For \`.csv\` it sends \`toCsv(report)\` as a download named \`<slug>-<month>.csv\`; otherwise the report as JSON.

**Building the report** (\`src/reports/monthly.ts\`):
- \`monthRange(year, month, tz)\` turns the calendar month in the team's zone into a half-open UTC interval \`[from, to)\`.
- \`store.listBetween(teamId, from, to)\` reads expenses ordered by time (SQLite in the app, an in-memory store in tests).
- For each expense: the local date in the team's zone, the signed amount (refunds negative), the rate for that local date from the \`RateTable\` (previous business day at weekends, cached per day and base), and the converted amount rounded to the reporting currency's minor unit.
- Category subtotals come from the rounded rows. The **total** is kept separately as an unrounded float sum and rounded once at the end. That is worth remembering, because it means the total is not strictly the sum of the rows.

**CSV** (\`src/reports/csv.ts\`): header, one line per row (local date, category, description, kind, original amount and currency, rate with 6 decimals, converted amount), a blank line, then a totals line that prints \`report.total\`.

**Money**: integer minor units with an ISO code; conversion goes through \`convert()\` in \`src/money/convert.ts\`.

**Tests**: all 23 unit test files pass, and so do the two e2e files (\`pnpm test:e2e\`), which run the API against an in-memory SQLite database seeded from \`test/fixtures\` (a team in Auckland with expenses around March 2025).`,
    },
    true,
  );

  // Turn 1 -----------------------------------------------------------------
  s.prompt(
    "Ana from Kea Studio says their March report is wrong: a few expenses from 1 March are missing and a couple from 1 April show up in it instead. They're in Auckland. Can you find out what's going on? Report code is in src/reports, the date helpers in src/dates.",
  );
  s.step({
    think:
      "Expenses near both month boundaries shifting by about a day, for a team in Auckland (UTC+13 in March, NZDT), smells like the month range is computed in the wrong direction for zones east of UTC. I'll read the report builder and the month helper together.",
    text: "I'll start with the report builder and the month range helper.",
    calls: [t.read('src/reports/monthly.ts'), t.read('src/dates/month.ts')],
  });
  s.step({
    think:
      'monthRange adds offsetMinutes(...) * 60_000 to UTC midnight. For Auckland offsetMinutes is +780 if it means minutes east of UTC, so `from` becomes 2025-03-01T13:00Z, which is 02:00 on 2 March local time. Local midnight on 1 March in Auckland is 2025-02-28T11:00Z, i.e. UTC midnight minus the offset. Need to confirm the sign convention in zone.ts before concluding.',
    calls: [t.read('src/dates/zone.ts')],
  });
  s.step({
    text: '`offsetMinutes` returns minutes *east* of UTC (+780 for Auckland), so the UTC instant of a local midnight is `midnight − offset`. `monthRange` adds it instead. Let me confirm with the real function:',
    calls: [
      t.bash(
        `npx tsx -e "import { monthRange } from './src/dates/month'; console.log(monthRange(2025, 3, 'Pacific/Auckland')); console.log(monthRange(2025, 3, 'UTC'))"`,
        'Print the March range for Auckland and UTC',
        "{ from: '2025-03-01T13:00:00.000Z', to: '2025-04-01T13:00:00.000Z' }\n{ from: '2025-03-01T00:00:00.000Z', to: '2025-04-01T00:00:00.000Z' }",
      ),
    ],
  });
  s.step({
    think:
      "Correct March range for Auckland: [2025-02-28T11:00Z, 2025-03-31T11:00Z) — NZDT (+13) is still in force on 1 April, it ends on 6 April. The current code gives [2025-03-01T13:00Z, 2025-04-01T13:00Z): 26 hours late at both ends. So everything from 1 March 00:00 to 2 March 02:00 local is dropped, and 1 April 00:00 to 2 April 02:00 local is included. That's exactly Ana's report.\n\nSecond, subtler problem: the offset is sampled at UTC midnight, not at the instant we're converting to. On a DST change day those differ. Not the cause here, but the fix should sample the offset at the result.\n\nWhy didn't tests catch it? Probably only UTC is tested.",
    text: 'Confirmed: the range is 26 hours late at both ends for Auckland, which matches what Ana sees. Let me check when this came in and why the tests did not catch it.',
    calls: [
      t.bash(
        "git log -L '/export function monthRange/,+10:src/dates/month.ts' --format='%h %ad %an%n    %s' --date=short",
        'History of monthRange',
        `7c41e2b 2025-02-27 Tom Whitfield
    reports: months in the team's time zone

diff --git a/src/dates/month.ts b/src/dates/month.ts
--- a/src/dates/month.ts
+++ b/src/dates/month.ts
@@ -30,6 +34,10 @@
-export function monthRange(year: number, month: number): MonthRange {
-  return {
-    from: new Date(Date.UTC(year, month - 1, 1)).toISOString(),
-    to: new Date(Date.UTC(year, month, 1)).toISOString(),
-  };
+export function monthRange(year: number, month: number, tz: string): MonthRange {
+  const start = Date.UTC(year, month - 1, 1);
+  const end = Date.UTC(year, month, 1);
+  return {
+    // Shift local midnight to the UTC instant it corresponds to.
+    from: new Date(start + offsetMinutes(new Date(start), tz) * 60_000).toISOString(),
+    to: new Date(end + offsetMinutes(new Date(end), tz) * 60_000).toISOString(),
+  };
 }

9d2e6a0 2024-11-02 Tom Whitfield
    reports: first monthly report (UTC months)

diff --git a/src/dates/month.ts b/src/dates/month.ts
--- /dev/null
+++ b/src/dates/month.ts
@@ -0,0 +30,6 @@
+export function monthRange(year: number, month: number): MonthRange {
+  return {
+    from: new Date(Date.UTC(year, month - 1, 1)).toISOString(),
+    to: new Date(Date.UTC(year, month, 1)).toISOString(),
+  };
+}`,
      ),
      t.read('src/dates/month.test.ts'),
    ],
  });
  s.step({
    text: "The `monthRange` tests only use UTC, where the offset is zero and the sign cannot matter. I'll add failing tests for a zone east of UTC and one west of it first.",
    calls: [
      t.edit(
        'src/dates/month.test.ts',
        `  it('handles December', () => {`,
        `  it('starts at local midnight east of UTC', () => {
    expect(monthRange(2025, 3, 'Pacific/Auckland')).toEqual({
      from: '2025-02-28T11:00:00.000Z',
      to: '2025-03-31T11:00:00.000Z',
    });
  });

  it('starts at local midnight west of UTC', () => {
    expect(monthRange(2025, 1, 'America/New_York')).toEqual({
      from: '2025-01-01T05:00:00.000Z',
      to: '2025-02-01T05:00:00.000Z',
    });
  });

  it('handles December', () => {`,
      ),
    ],
  });
  addTests(
    'src/dates/month.test.ts',
    [
      'monthRange > starts at local midnight east of UTC',
      'monthRange > starts at local midnight west of UTC',
    ],
    'monthRange > handles December',
  );
  s.step({
    calls: [
      t.bash(
        'pnpm vitest run src/dates/month.test.ts',
        'Run the month tests',
        run({
          only: ['src/dates/month.test.ts'],
          failing: {
            'src/dates/month.test.ts': {
              failed: 2,
              lines: [
                '✓ parseMonth > reads YYYY-MM 1ms',
                '✓ parseMonth > rejects other shapes 1ms',
                '✓ previousMonth > wraps at January 0ms',
                '✓ monthRange > covers a UTC month exactly 1ms',
                '✓ monthRange > handles February in a leap year 0ms',
                '× monthRange > starts at local midnight east of UTC 5ms',
                "  → expected { from: '2025-03-01T13:00:00.000Z', …(1) } to deeply equal { from: '2025-02-28T11:00:00.000Z', …(1) }",
                '× monthRange > starts at local midnight west of UTC 1ms',
                "  → expected { from: '2024-12-31T19:00:00.000Z', …(1) } to deeply equal { from: '2025-01-01T05:00:00.000Z', …(1) }",
                '✓ monthRange > handles December 0ms',
                '✓ monthLabel > names the month in the given locale 3ms',
              ],
            },
          },
          details: [
            ` FAIL  src/dates/month.test.ts > monthRange > starts at local midnight east of UTC
AssertionError: expected { from: '2025-03-01T13:00:00.000Z', …(1) } to deeply equal { from: '2025-02-28T11:00:00.000Z', …(1) }

- Expected
+ Received

  {
-   "from": "2025-02-28T11:00:00.000Z",
-   "to": "2025-03-31T11:00:00.000Z",
+   "from": "2025-03-01T13:00:00.000Z",
+   "to": "2025-04-01T13:00:00.000Z",
  }

${codeFrame(p, 'src/dates/month.test.ts', "expect(monthRange(2025, 3, 'Pacific/Auckland'))", 53)}`,
            ` FAIL  src/dates/month.test.ts > monthRange > starts at local midnight west of UTC
AssertionError: expected { from: '2024-12-31T19:00:00.000Z', …(1) } to deeply equal { from: '2025-01-01T05:00:00.000Z', …(1) }

- Expected
+ Received

  {
-   "from": "2025-01-01T05:00:00.000Z",
-   "to": "2025-02-01T05:00:00.000Z",
+   "from": "2024-12-31T19:00:00.000Z",
+   "to": "2025-01-31T19:00:00.000Z",
  }

${codeFrame(p, 'src/dates/month.test.ts', "expect(monthRange(2025, 1, 'America/New_York'))", 53)}`,
          ],
        }),
        true,
      ),
    ],
  });
  s.step({
    think:
      "Both fail the way I predicted. Fix: a helper in zone.ts that maps a wall-clock time (encoded as if it were UTC) to the real instant. Two passes: guess = local − offset(local); then recompute the offset at the guess and use local − offset(guess). The second pass is what makes DST days right, because the offset is taken at (nearly) the instant we return. For a wall time inside a spring-forward gap it lands just after the gap, which is what we want for 'midnight' in zones that skip midnight.",
    text: "Both fail exactly as predicted. I'll add a `zonedTimeToUtc` helper that samples the offset at the resulting instant (so DST change days are right too), then use it in `monthRange`.",
    calls: [
      t.edit(
        'src/dates/zone.ts',
        `/** The calendar date (YYYY-MM-DD) of \`instant\` as seen in \`tz\`. */`,
        `/**
 * The instant at which the wall clock in \`tz\` shows \`localMs\` (a wall-clock
 * time encoded as if it were UTC). The offset is sampled at the result, not
 * at the input, so DST change days come out right; a wall time inside a
 * spring-forward gap maps to the instant just after the gap.
 */
export function zonedTimeToUtc(localMs: number, tz: string): Date {
  const guess = localMs - offsetMinutes(new Date(localMs), tz) * 60_000;
  return new Date(localMs - offsetMinutes(new Date(guess), tz) * 60_000);
}

/** The calendar date (YYYY-MM-DD) of \`instant\` as seen in \`tz\`. */`,
      ),
    ],
  });
  s.step({
    calls: [
      t.edit(
        'src/dates/month.ts',
        `import { offsetMinutes } from './zone';`,
        `import { zonedTimeToUtc } from './zone';`,
      ),
      t.edit(
        'src/dates/month.ts',
        `  const start = Date.UTC(year, month - 1, 1);
  const end = Date.UTC(year, month, 1);
  return {
    // Shift local midnight to the UTC instant it corresponds to.
    from: new Date(start + offsetMinutes(new Date(start), tz) * 60_000).toISOString(),
    to: new Date(end + offsetMinutes(new Date(end), tz) * 60_000).toISOString(),
  };`,
        `  return {
    from: zonedTimeToUtc(Date.UTC(year, month - 1, 1), tz).toISOString(),
    to: zonedTimeToUtc(Date.UTC(year, month, 1), tz).toISOString(),
  };`,
      ),
    ],
  });
  s.step({
    calls: [t.bash('pnpm vitest run src/dates', 'Run the date tests', run({ only: ['src/dates/'] }))],
  });
  s.step({
    text: 'Passing. Let me check who else builds ranges from `monthRange` or uses the offset directly, since they inherit the same bug.',
    calls: [t.grep('monthRange|offsetMinutes', { path: 'src', mode: 'content' })],
  });
  s.step({
    calls: [t.read('src/budgets/period.ts')],
  });
  s.step({
    text: '`periodContaining` in budgets goes through `monthRange` too, so budget alerts for teams east of UTC were also using shifted periods; the fix covers them. Running the whole suite:',
    calls: [
      t.bash('pnpm test -- --reporter=verbose', 'Run the full unit test suite', run({ verbose: true })),
    ],
  });
  s.step(
    {
      text: `Found it. \`monthRange\` in \`src/dates/month.ts\` turned local midnight into a UTC instant by **adding** the zone's offset instead of subtracting it. For Auckland (UTC+13 in March) that made the March range \`2025-03-01T13:00Z → 2025-04-01T13:00Z\` instead of \`2025-02-28T11:00Z → 2025-03-31T11:00Z\`, 26 hours late at both ends. So everything between 1 March 00:00 and 2 March 02:00 local was missing and the first 26 hours of April were included, exactly what Ana saw.

Changes:
- \`src/dates/zone.ts\`: new \`zonedTimeToUtc(localMs, tz)\` that samples the offset at the resulting instant (two passes), so DST change days are right as well.
- \`src/dates/month.ts\`: \`monthRange\` uses it.
- \`src/dates/month.test.ts\`: tests for a zone east of UTC (Auckland) and west of it (New York). The existing tests only used UTC, where the sign of the offset does not matter.

Budget periods (\`src/budgets/period.ts\`) use \`monthRange\` too, so alerts for teams outside UTC were using shifted months; they are fixed by the same change. All 23 test files pass.`,
    },
    true,
  );

  // Turn 2 -----------------------------------------------------------------
  s.prompt(
    "Great, thanks. Before I merge: can you add tests around DST changes? Ana's team also has people in Berlin and New York. And check that Chatham Islands (+13:45) works, we have one customer there.",
  );
  s.step({
    think:
      'DST facts for 2025 (also in src/dates/DST.md, let me check it matches): Berlin CET→CEST 30 March, so April starts at +2: from 2025-03-31T22:00Z, to 2025-04-30T22:00Z. March in Berlin: from 2025-02-28T23:00Z (+1), to 2025-03-31T22:00Z (+2) — a month whose two ends have different offsets, good test. New York: November 2025 from 2025-11-01T04:00Z (EDT), to 2025-12-01T05:00Z (EST). Auckland April: from 2025-03-31T11:00Z (+13), to 2025-04-30T12:00Z (+12). Chatham March: +13:45 at both ends → from 2025-02-28T10:15Z, to 2025-03-31T10:15Z. Also a direct zonedTimeToUtc test for the skipped hour in Berlin (02:30 on 30 March does not exist).',
    calls: [t.read('src/dates/DST.md'), t.read('src/dates/zone.test.ts')],
  });
  s.step({
    text: "The notes match what I had. Adding a table of DST-crossing months to `month.test.ts`, and direct tests for `zonedTimeToUtc`, including the skipped hour in Berlin and Chatham's 45-minute offset.",
    calls: [
      t.edit(
        'src/dates/month.test.ts',
        `  it('handles December', () => {`,
        `  it.each([
    ['Europe/Berlin', 3, '2025-02-28T23:00:00.000Z', '2025-03-31T22:00:00.000Z'],
    ['Europe/Berlin', 4, '2025-03-31T22:00:00.000Z', '2025-04-30T22:00:00.000Z'],
    ['Europe/Berlin', 10, '2025-09-30T22:00:00.000Z', '2025-10-31T23:00:00.000Z'],
    ['America/New_York', 3, '2025-03-01T05:00:00.000Z', '2025-04-01T04:00:00.000Z'],
    ['America/New_York', 11, '2025-11-01T04:00:00.000Z', '2025-12-01T05:00:00.000Z'],
    ['Pacific/Auckland', 4, '2025-03-31T11:00:00.000Z', '2025-04-30T12:00:00.000Z'],
    ['Pacific/Auckland', 9, '2025-08-31T12:00:00.000Z', '2025-09-30T11:00:00.000Z'],
    ['Pacific/Chatham', 3, '2025-02-28T10:15:00.000Z', '2025-03-31T10:15:00.000Z'],
    ['Pacific/Chatham', 4, '2025-03-31T10:15:00.000Z', '2025-04-30T11:15:00.000Z'],
  ])('%s, 2025-%i spans a DST change correctly', (tz, month, from, to) => {
    expect(monthRange(2025, month, tz)).toEqual({ from, to });
  });

  it('handles December', () => {`,
      ),
      t.edit(
        'src/dates/zone.test.ts',
        `describe('localDate', () => {`,
        `describe('zonedTimeToUtc', () => {
  it('uses the offset in force at the result', () => {
    // 6 April 2025, Auckland: clocks go back from 03:00 NZDT to 02:00 NZST.
    expect(zonedTimeToUtc(Date.UTC(2025, 3, 6, 12), 'Pacific/Auckland').toISOString()).toBe('2025-04-06T00:00:00.000Z');
    expect(zonedTimeToUtc(Date.UTC(2025, 3, 5, 12), 'Pacific/Auckland').toISOString()).toBe('2025-04-04T23:00:00.000Z');
  });

  it('moves a wall time in the spring-forward gap past the gap', () => {
    // 30 March 2025, Berlin: 02:00 CET jumps to 03:00 CEST, so 02:30 never happens.
    expect(zonedTimeToUtc(Date.UTC(2025, 2, 30, 2, 30), 'Europe/Berlin').toISOString()).toBe('2025-03-30T01:30:00.000Z');
  });

  it('handles offsets that are not whole hours', () => {
    expect(zonedTimeToUtc(Date.UTC(2025, 2, 1), 'Pacific/Chatham').toISOString()).toBe('2025-02-28T10:15:00.000Z');
    expect(zonedTimeToUtc(Date.UTC(2025, 2, 1), 'Asia/Kathmandu').toISOString()).toBe('2025-02-28T18:15:00.000Z');
  });
});

describe('localDate', () => {`,
      ),
      t.edit(
        'src/dates/zone.test.ts',
        `import { isValidZone, localDate, offsetMinutes } from './zone';`,
        `import { isValidZone, localDate, offsetMinutes, zonedTimeToUtc } from './zone';`,
      ),
    ],
  });
  addTests(
    'src/dates/month.test.ts',
    [
      'Europe/Berlin, 2025-3',
      'Europe/Berlin, 2025-4',
      'Europe/Berlin, 2025-10',
      'America/New_York, 2025-3',
      'America/New_York, 2025-11',
      'Pacific/Auckland, 2025-4',
      'Pacific/Auckland, 2025-9',
      'Pacific/Chatham, 2025-3',
      'Pacific/Chatham, 2025-4',
    ].map((n) => `monthRange > ${n} spans a DST change correctly`),
    'monthRange > handles December',
  );
  addTests(
    'src/dates/zone.test.ts',
    [
      'zonedTimeToUtc > uses the offset in force at the result',
      'zonedTimeToUtc > moves a wall time in the spring-forward gap past the gap',
      'zonedTimeToUtc > handles offsets that are not whole hours',
    ],
    'localDate > uses the wall clock of the zone',
  );
  s.step({
    calls: [t.bash('pnpm vitest run src/dates', 'Run the date tests', run({ only: ['src/dates/'] }))],
  });
  s.step({
    think:
      "All pass, including the gap case: 02:30 'local' in Berlin → guess uses offset at 02:30Z (+2, CEST already) = 00:30Z, then offset at 00:30Z is +1 (CET, before the 01:00Z switch) → 01:30Z, which is 03:30 CEST. That's 'just after the gap' by the amount we were into it — acceptable and documented. Full suite and git status next.",
    calls: [
      t.bash(
        'pnpm test -- --reporter=verbose',
        'Run the full unit test suite, listing every test',
        run({ verbose: true }),
      ),
      t.bash(
        'git status --short && git diff --stat',
        'Show changed files',
        ` M src/dates/month.test.ts
 M src/dates/month.ts
 M src/dates/zone.test.ts
 M src/dates/zone.ts
 src/dates/month.test.ts | 27 +++++++++++++++++++++++++++
 src/dates/month.ts      | 10 +++-------
 src/dates/zone.test.ts  | 22 +++++++++++++++++++++-
 src/dates/zone.ts       | 12 ++++++++++++
 4 files changed, 63 insertions(+), 8 deletions(-)`,
      ),
    ],
  });
  s.step(
    {
      text: `Added DST coverage; all green (23 files).

- \`month.test.ts\`: a table of months whose two ends have different offsets: Berlin March/April/October, New York March/November, Auckland April/September, and Chatham March/April (+13:45 → +12:45).
- \`zone.test.ts\`: direct tests for \`zonedTimeToUtc\`: the fall-back day in Auckland, the skipped hour in Berlin (02:30 on 30 March does not exist and maps to 03:30 CEST), and the 45-minute offsets of Chatham and Kathmandu.

Chatham works: March there runs from \`2025-02-28T10:15Z\` to \`2025-03-31T10:15Z\`.`,
    },
    true,
  );

  // Turn 3 -----------------------------------------------------------------
  const before = SIM_BUGGY;
  const after = SIM_FIXED;
  s.prompt(
    `CI is red on the PR, the e2e job fails (unit tests are green):

\`\`\`
 FAIL  test/e2e/reports.e2e.test.ts > GET /teams/:teamId/reports/:month > March report for team_kea matches the fixture
AssertionError: expected [ { id: '${after.rows[0]!.e.id}', …(9) }, …(${after.rows.length - 1}) ] to have a length of ${before.rows.length} but got ${after.rows.length}
\`\`\`

Can you look?`,
  );
  s.step({
    think: `${before.rows.length} → ${after.rows.length}. The e2e expectations were probably recorded from the old, wrong range. Need to check that the difference is exactly the boundary expenses: +N from local 1 March 00:00–2 March 02:00, −M from local 1 April 00:00–2 April 02:00. Read the test and run it locally first.`,
    calls: [t.read('test/e2e/reports.e2e.test.ts')],
  });
  const e2eFail = run({
    names: E2E_NAMES,
    config: 'vitest.e2e.config.ts',
    only: ['test/e2e/reports'],
    failing: {
      'test/e2e/reports.e2e.test.ts': {
        failed: 1,
        lines: [
          `× GET /teams/:teamId/reports/:month > March report for team_kea matches the fixture 48ms`,
          `  → expected [ { id: '${after.rows[0]!.e.id}', …(9) }, …(${after.rows.length - 1}) ] to have a length of ${before.rows.length} but got ${after.rows.length}`,
          '✓ GET /teams/:teamId/reports/:month > serves the CSV with a download name 9ms',
          '✓ GET /teams/:teamId/reports/:month > converts to another currency on request 11ms',
          '✓ GET /teams/:teamId/reports/:month > rejects a malformed month 2ms',
          '✓ GET /teams/:teamId/reports/:month > hides other teams 2ms',
          '✓ GET /teams/:teamId/reports/:month > 404s for an unknown team 1ms',
        ],
      },
    },
    details: [
      ` FAIL  test/e2e/reports.e2e.test.ts > GET /teams/:teamId/reports/:month > March report for team_kea matches the fixture
AssertionError: expected [ { id: '${after.rows[0]!.e.id}', …(9) }, …(${after.rows.length - 1}) ] to have a length of ${before.rows.length} but got ${after.rows.length}

- Expected
+ Received

- ${before.rows.length}
+ ${after.rows.length}

${codeFrame(p, 'test/e2e/reports.e2e.test.ts', 'expect(body.rows).toHaveLength(', 23)}`,
    ],
  });
  s.step({
    calls: [
      t.bash(
        'pnpm test:e2e -- test/e2e/reports.e2e.test.ts',
        'Run the reports e2e test',
        e2eFail,
        true,
        120000,
      ),
    ],
  });
  const tsv = (rows: FixtureExpense[]) =>
    rows
      .map((e) => [e.id, e.occurredAt, e.kind, e.amount.minor, e.amount.currency, e.description].join('\t'))
      .join('\n');
  const gained = TALLY.expenses.filter(
    (e) => e.occurredAt >= '2025-02-28T11:00:00.000Z' && e.occurredAt < '2025-03-01T13:00:00.000Z',
  );
  const lost = TALLY.expenses.filter(
    (e) => e.occurredAt >= '2025-03-31T11:00:00.000Z' && e.occurredAt < '2025-04-01T13:00:00.000Z',
  );
  s.step({
    text: 'Same failure locally. Let me check that the difference is exactly the expenses in the two windows the old range got wrong.',
    calls: [
      t.bash(
        `jq -r '.[] | select(.teamId == "team_kea" and .occurredAt >= "2025-02-28T11:00:00Z" and .occurredAt < "2025-03-01T13:00:00Z") | [.id, .occurredAt, .kind, .amount.minor, .amount.currency, .description] | @tsv' test/fixtures/expenses-2025-03.json`,
        'Expenses between local 1 March 00:00 and 2 March 02:00',
        tsv(gained),
      ),
      t.bash(
        `jq -r '.[] | select(.teamId == "team_kea" and .occurredAt >= "2025-03-31T11:00:00Z" and .occurredAt < "2025-04-01T13:00:00Z") | [.id, .occurredAt, .kind, .amount.minor, .amount.currency, .description] | @tsv' test/fixtures/expenses-2025-03.json`,
        'Expenses between local 1 April 00:00 and 2 April 02:00',
        tsv(lost),
      ),
    ],
  });
  s.step({
    text: 'Let me look at how the e2e test seeds the app, and at the fixture around the start of the month, to be sure the timestamps are stored as UTC instants the way the store expects.',
    calls: [t.read('test/helpers.ts'), t.read('test/fixtures/expenses-2025-03.json', 1, 640)],
  });
  const fixtureLines = p.lineCount('test/fixtures/expenses-2025-03.json');
  s.step({
    text: 'And the end of the month, plus the rates the fixture app uses, since the total depends on them:',
    calls: [
      t.read('test/fixtures/expenses-2025-03.json', fixtureLines - 420, 421),
      t.read('test/fixtures/rates-2025-03.json'),
    ],
  });
  s.step({
    think: `Stored as UTC ISO instants, team_kea throughout. ${gained.length} expenses gained (local 1 March, e.g. ${gained[0]!.occurredAt} is ${aucklandDay(gained[0]!.occurredAt)} local) and ${lost.length} lost (local 1 April): ${before.rows.length} + ${gained.length} − ${lost.length} = ${after.rows.length}. So the expectation was recorded from the buggy range and the new number is right. The total will change as well: I'll compute it from the app rather than by hand and update both, and add an assertion that every row's local date is in March — that would have caught the original bug.`,
    calls: [
      t.bash(
        `npx tsx -e "
import { buildTestApp } from './test/helpers';
const app = await buildTestApp('expenses-2025-03.json', 'rates-2025-03.json');
const res = await app.inject({ url: '/teams/team_kea/reports/2025-03', headers: { authorization: 'Bearer test:usr_ana' } });
const body = res.json();
console.log(body.rows.length, body.total, body.rows[0].localDate, body.rows.at(-1).localDate);
await app.close();
"`,
        'Compute the corrected March report for the fixture',
        `${after.rows.length} { minor: ${after.exactTotal}, currency: 'NZD' } 2025-03-01 2025-03-31`,
      ),
    ],
  });
  s.step({
    calls: [
      t.edit(
        'test/e2e/reports.e2e.test.ts',
        `    expect(body.rows).toHaveLength(${before.rows.length});
    expect(body.total).toEqual({ minor: ${before.exactTotal}, currency: 'NZD' });`,
        `    expect(body.rows).toHaveLength(${after.rows.length});
    expect(body.total).toEqual({ minor: ${after.exactTotal}, currency: 'NZD' });
    // Every row must fall in March in the team's own zone (Pacific/Auckland).
    expect(body.rows.every((r: { localDate: string }) => r.localDate.startsWith('2025-03-'))).toBe(true);`,
      ),
    ],
  });
  s.step({
    calls: [
      t.bash(
        'pnpm test:e2e',
        'Run all e2e tests',
        run({ names: E2E_NAMES, config: 'vitest.e2e.config.ts' }),
        false,
        120000,
      ),
    ],
  });
  s.step(
    {
      text: `The e2e test had recorded the old, wrong result. Its expected row count (${before.rows.length}) and total came from the buggy range. With the fix the March report for \`team_kea\` gains the ${gained.length} expenses from local 1 March 00:00–02:00 on 2 March and loses the ${lost.length} from 1 April, so ${before.rows.length} + ${gained.length} − ${lost.length} = ${after.rows.length}, which is what CI got.

I updated the expectations (${after.rows.length} rows, total NZD ${dec(after.exactTotal)}, computed by the app, not by hand) and added an assertion that every row's local date is in March, which would have caught the original bug. Both e2e files pass locally.`,
    },
    true,
  );

  // Turn 3b: budget alerts -------------------------------------------------
  s.prompt(
    "Thanks. Related question: Rawiri says the budget alert e-mails for Kea said they'd used 40% of the month on the 12th, which can't be right. Is that the same bug, and is it fixed now? If there's no test for it, add one.",
  );
  s.step({
    think:
      "Budget alerts use periodContaining → monthRange, so with the old range the period for Auckland was 26h late, and elapsedShare would be slightly low, not high... 12 March of 31 days is ~36–37% elapsed in local time, so '40%' could be the pace from a different calculation, or the e-mail shows something else. Read alerts.ts and the period test before guessing.",
    calls: [t.read('src/budgets/alerts.ts'), t.read('src/budgets/period.test.ts')],
  });
  s.step({
    think:
      "On 12 March 23:00 local (the e-mail was sent in the evening), elapsed in the correct range = (12 March 23:00 − 1 March 00:00) / 31 days = 11.96 / 31 = 38.6%. With the old range (starting 2 March 02:00 local) it is 10.875 / 31 = 35.1%. Neither is 40%, so let me compute what the code prints now for realistic timestamps rather than guess. Also: the period test 'uses the team's zone for the month' passes 'UTC' as the zone, so it tests nothing about zones.",
    calls: [
      t.bash(
        `npx tsx -e "
import { periodContaining, elapsedShare } from './src/budgets/period';
for (const at of ['2025-03-12T10:00:00Z', '2025-03-12T21:30:00Z', '2025-03-13T10:59:00Z']) {
  const r = periodContaining('monthly', new Date(at), 'Pacific/Auckland');
  console.log(at, r.from, r.to, (elapsedShare(r, new Date(at)) * 100).toFixed(1) + '%');
}"`,
        'Pace of the month for a few instants around 12 March in Auckland',
        `2025-03-12T10:00:00Z 2025-02-28T11:00:00.000Z 2025-03-31T11:00:00.000Z 37.2%
2025-03-12T21:30:00Z 2025-02-28T11:00:00.000Z 2025-03-31T11:00:00.000Z 38.7%
2025-03-13T10:59:00Z 2025-02-28T11:00:00.000Z 2025-03-31T11:00:00.000Z 40.5%`,
      ),
    ],
  });
  s.step({
    text: 'With the fix the pace is 37–39% on the 12th and reaches 40% late on the 13th UTC — which is already the 13th (almost the 14th) in Auckland. Let me check how the e-mail gets its date: if the mailer formats the send time in UTC, an alert sent on the 13th local could say the 12th.',
    calls: [t.grep('describeAlert|toISOString\\(\\)\\.slice\\(0, 10\\)', { path: 'src', mode: 'content' })],
  });
  s.step({
    think:
      "The grep only finds describeAlert in alerts.ts; the mailer is in src/users/mailer.ts which... the grep didn't hit toISOString().slice there. I can't see the e-mail template's date logic from here without reading mailer.ts, but the pace numbers answer the question: with the fixed range, 40% is reached on the 13th UTC evening = 14th morning local. With the OLD range the numbers were lower, not higher. So '40% on the 12th' is not explained by the range bug. More likely Rawiri read the e-mail's date (UTC) vs spent percentage. I'll state that clearly rather than over-claim, and fix the misleading test so the period is really tested in a zone.",
    text: "The numbers show the old range bug would have made the pace *lower*, not higher, so it doesn't explain \"40% on the 12th\". I'll fix the period test that claims to use the team's zone but passes `'UTC'`, and add a pace test in Auckland so this is pinned down.",
    calls: [
      t.edit(
        'src/budgets/period.test.ts',
        `  it("uses the team's zone for the month", () => {
    // 31 March 23:30 UTC is already 1 April in Auckland.
    const range = periodContaining('monthly', new Date('2025-03-31T23:30:00Z'), 'UTC');
    expect(range.from).toBe('2025-03-01T00:00:00.000Z');
  });`,
        `  it("uses the team's zone for the month", () => {
    // 31 March 23:30 UTC is already 1 April in Auckland, so the period is April there.
    expect(periodContaining('monthly', new Date('2025-03-31T23:30:00Z'), 'Pacific/Auckland')).toEqual({
      from: '2025-03-31T11:00:00.000Z',
      to: '2025-04-30T12:00:00.000Z',
    });
    expect(periodContaining('monthly', new Date('2025-03-31T23:30:00Z'), 'UTC').from).toBe(
      '2025-03-01T00:00:00.000Z',
    );
  });

  it('measures the pace of the month in local time', () => {
    const at = new Date('2025-03-12T10:00:00Z'); // 12 March 23:00 in Auckland
    const share = elapsedShare(periodContaining('monthly', at, 'Pacific/Auckland'), at);
    expect(share).toBeCloseTo((11 * 24 + 23) / (31 * 24), 6);
  });`,
      ),
    ],
  });
  addTests(
    'src/budgets/period.test.ts',
    ['periodContaining > measures the pace of the month in local time'],
    'periodContaining > finds Q1',
  );
  s.step({
    calls: [
      t.bash(
        'pnpm vitest run src/budgets',
        'Run the budget tests',
        run({ only: ['src/budgets/'], verbose: true }),
      ),
      t.bash('pnpm test', 'Run the full unit test suite', run({})),
    ],
  });
  s.step(
    {
      text: `Short answer: the month-range bug affected budget alerts too, but it does not explain "40% on the 12th".

- Budget periods come from \`monthRange\` (via \`periodContaining\`), so before the fix Kea's March period started on 2 March 02:00 local. That made the pace **lower** than it should be (about 35% late on the 12th), not higher.
- With the fix, the pace on 12 March in Auckland is 37–39% and reaches 40% on the morning of the 14th local time (13 March 10:59 UTC). If the e-mail shows its send date in UTC, that would explain the "12th"/"13th" confusion; I have not checked the mailer template yet.

I also fixed \`period.test.ts\`: the test called "uses the team's zone for the month" passed \`'UTC'\` as the zone, so it did not test zones at all. It now checks Auckland (where 31 March 23:30 UTC is already April) and pins the local pace on 12 March. Budget tests pass.`,
    },
    true,
  );

  claudeFinalTurn(s, t, run, p);
  return jsonl(s.records);
}

function claudeFinalTurn(
  s: ClaudeWriter,
  t: ReturnType<typeof claudeTools>,
  run: (opts: Parameters<typeof vitestRun>[2]) => string,
  p: Project,
): void {
  const sim = SIM_FIXED;
  const halfRows = sim.rows.filter((r) => r.before !== r.after);
  const foreign = sim.rows.filter((r) => r.e.amount.currency !== 'NZD');
  const refunds = sim.rows.filter((r) => r.e.kind === 'refund');
  const residual = sim.rowsBefore - sim.rows.reduce((acc, r) => acc + r.exact * 100, 0);
  const lineOf = (path: string, needle: string) =>
    p
      .text(path)
      .split('\n')
      .findIndex((l) => l.includes(needle)) + 1;
  p.commit();

  s.prompt(
    "Merged, thanks! Next one, and it's more annoying. Ana's accountant says the CSV export doesn't foot: the totals line is a few cents off the sum of the amount_report column. It only seems to happen in months with refunds in a foreign currency (in March they had a USD refund from AWS and a EUR one from the Berlin hotel). Our docs say the total is the sum of the rows. Please find the cause, fix it properly with tests, and make sure the whole suite, lint and typecheck pass before you stop.",
  );
  s.step({
    think:
      'Plan: find where the totals line comes from, reproduce with the March fixture (it has the AWS and hotel refunds), understand the rounding, fix, test at unit, CSV and e2e level, then lint + typecheck + full suite. Use the todo list, this will take a while.',
    calls: [
      t.todos([
        [
          'Find where the CSV totals line is computed',
          'in_progress',
          'Finding where the CSV totals line is computed',
        ],
        [
          'Reproduce the mismatch with the March fixture',
          'pending',
          'Reproducing the mismatch with the March fixture',
        ],
        ['Fix the rounding / total computation', 'pending', 'Fixing the rounding / total computation'],
        ['Add unit, CSV and e2e tests', 'pending', 'Adding unit, CSV and e2e tests'],
        ['Run full suite, lint and typecheck', 'pending', 'Running full suite, lint and typecheck'],
      ]),
    ],
  });
  s.step({ calls: [t.grep('toCsv', { path: 'src' })] });
  s.step({ calls: [t.read('src/reports/csv.ts')] });
  s.step({
    think:
      "The CSV prints report.total as-is, it doesn't sum anything. In monthly.ts (read earlier) the total is fromMajor(exactTotal) where exactTotal accumulates convertExact() — unrounded — while each row's `converted` is convert(), rounded per row. So by construction total = round(Σ exact) and the column shows Σ round(exact). Those differ whenever the per-row rounding errors add up to half a cent or more. Same-currency rows are exact, so only foreign rows contribute. That explains 'only with foreign currency'. Why refunds? Look at the rounding in convert() and fromMajor().",
    text: 'The CSV just prints `report.total`. The total is built in `monthly.ts` from the unrounded values, while each row is rounded on its own. Let me look at how the rounding is done.',
    calls: [t.read('src/money/convert.ts'), t.read('src/money/money.ts')],
  });
  s.step({
    think:
      'convert() and fromMajor() both use Math.round. Math.round rounds half toward +∞: Math.round(2.5) = 3 but Math.round(-2.5) = -2. So a refund that converts to exactly x.5 cents is rounded toward zero while the same expense rounds away from zero: an expense and its refund do not cancel. And float products like 1.005 * 100 = 100.49999999999999 round down when they should round up. Quick check in node.',
    calls: [
      t.bash(
        `node -e "console.log(Math.round(2.5), Math.round(-2.5), Math.round(1.005 * 100), 1.005 * 100, -7500 * 1.7606)"`,
        'Check Math.round on halves and negative halves',
        `3 -2 100 100.49999999999999 -13204.5`,
      ),
    ],
  });
  s.step({
    text: '`Math.round(-2.5)` is `-2`: halves of negative amounts are rounded toward zero, positive ones away from it. Let me check what the docs promise before deciding how the total should behave.',
    calls: [t.read('docs/reports.md')],
  });
  s.step({
    text: 'The docs say the total is the sum of the rows. That is the contract the accountant relies on, and the code does not follow it. Reproducing with the March fixture:',
    calls: [
      t.todos([
        [
          'Find where the CSV totals line is computed',
          'completed',
          'Finding where the CSV totals line is computed',
        ],
        [
          'Reproduce the mismatch with the March fixture',
          'in_progress',
          'Reproducing the mismatch with the March fixture',
        ],
        ['Fix the rounding / total computation', 'pending', 'Fixing the rounding / total computation'],
        ['Add unit, CSV and e2e tests', 'pending', 'Adding unit, CSV and e2e tests'],
        ['Run full suite, lint and typecheck', 'pending', 'Running full suite, lint and typecheck'],
      ]),
      t.bash(
        `npx tsx -e "
import { readFileSync } from 'node:fs';
import { RateTable, StaticRates } from './src/money/rates';
import { MemoryExpenseStore } from './src/store/expenses';
import { buildMonthlyReport } from './src/reports/monthly';
import { toDecimalString, money } from './src/money/money';
const load = (f) => JSON.parse(readFileSync('test/fixtures/' + f, 'utf8'));
const report = await buildMonthlyReport(new MemoryExpenseStore(load('expenses-2025-03.json')), new RateTable(new StaticRates(load('rates-2025-03.json'))), { teamId: 'team_kea', year: 2025, month: 3, tz: 'Pacific/Auckland', currency: 'NZD' });
const rows = report.rows.reduce((s, r) => s + r.converted.minor, 0);
console.log('rows', report.rows.length, 'foreign', report.rows.filter((r) => r.original.currency !== 'NZD').length, 'refunds', report.rows.filter((r) => r.kind === 'refund').length);
console.log('sum of amount_report', toDecimalString(money(rows, 'NZD')));
console.log('totals line         ', toDecimalString(report.total));
console.log('difference          ', toDecimalString(money(report.total.minor - rows, 'NZD')));
"`,
        'Compare the sum of rows with the total for the March fixture',
        `rows ${sim.rows.length} foreign ${foreign.length} refunds ${refunds.length}
sum of amount_report ${dec(sim.rowsBefore)}
totals line          ${dec(sim.exactTotal)}
difference           ${dec(sim.exactTotal - sim.rowsBefore)}`,
      ),
    ],
  });
  s.step({
    text: 'Before looking for half cents, the full list of foreign-currency rows with their rates and converted amounts, to see the size of the per-row rounding:',
    calls: [
      t.bash(
        `npx tsx -e "
import { readFileSync } from 'node:fs';
import { RateTable, StaticRates } from './src/money/rates';
import { MemoryExpenseStore } from './src/store/expenses';
import { buildMonthlyReport } from './src/reports/monthly';
const load = (f) => JSON.parse(readFileSync('test/fixtures/' + f, 'utf8'));
const report = await buildMonthlyReport(new MemoryExpenseStore(load('expenses-2025-03.json')), new RateTable(new StaticRates(load('rates-2025-03.json'))), { teamId: 'team_kea', year: 2025, month: 3, tz: 'Pacific/Auckland', currency: 'NZD' });
for (const r of report.rows.filter((r) => r.original.currency !== 'NZD'))
  console.log([r.localDate, r.kind.padEnd(7), String(r.original.minor).padStart(7), r.original.currency, r.rate.toFixed(6), (r.original.minor * r.rate).toFixed(4).padStart(12), String(r.converted.minor).padStart(8)].join('  '));
"`,
        'List foreign-currency rows with exact and rounded conversions',
        foreign
          .map((r) =>
            [
              r.day,
              r.e.kind.padEnd(7),
              String(r.e.kind === 'refund' ? -r.e.amount.minor : r.e.amount.minor).padStart(7),
              r.e.amount.currency,
              r.rate.toFixed(6),
              ((r.e.kind === 'refund' ? -r.e.amount.minor : r.e.amount.minor) * r.rate)
                .toFixed(4)
                .padStart(12),
              String(r.before).padStart(8),
            ].join('  '),
          )
          .join('\n'),
      ),
    ],
  });
  s.step({
    text: `Reproduced: the totals line is ${dec(sim.exactTotal - sim.rowsBefore)} above the column. Which rows land on an exact half cent, where \`Math.round\` and ordinary rounding disagree?`,
    calls: [
      t.bash(
        `npx tsx -e "
import { readFileSync } from 'node:fs';
import { RateTable, StaticRates } from './src/money/rates';
import { MemoryExpenseStore } from './src/store/expenses';
import { buildMonthlyReport } from './src/reports/monthly';
const load = (f) => JSON.parse(readFileSync('test/fixtures/' + f, 'utf8'));
const report = await buildMonthlyReport(new MemoryExpenseStore(load('expenses-2025-03.json')), new RateTable(new StaticRates(load('rates-2025-03.json'))), { teamId: 'team_kea', year: 2025, month: 3, tz: 'Pacific/Auckland', currency: 'NZD' });
let drift = 0;
for (const r of report.rows) {
  if (r.original.currency === 'NZD') continue;
  const exact = r.original.minor * r.rate;
  drift += r.converted.minor - exact;
  if (Math.abs(Math.abs(exact % 1) - 0.5) < 1e-9) console.log(r.id, r.localDate, r.kind, r.original.minor, r.original.currency, r.rate, exact, '->', r.converted.minor);
}
console.log('per-row rounding drift (cents):', drift.toFixed(4));
"`,
        'List foreign rows that convert to exactly half a cent',
        `${halfRows.map((r) => `${r.e.id} ${r.day} refund -${r.e.amount.minor} ${r.e.amount.currency} ${r.rate} ${(-r.e.amount.minor * r.rate).toString()} -> ${r.before}`).join('\n')}
per-row rounding drift (cents): ${residual.toFixed(4)}`,
      ),
    ],
  });
  s.step({
    think: `Exactly the two refunds Ana mentioned: the AWS refund (-${halfRows[0]!.e.amount.minor} USD × ${halfRows[0]!.rate} = ${-halfRows[0]!.e.amount.minor * halfRows[0]!.rate}) and the hotel refund (-${halfRows[1]!.e.amount.minor} EUR × ${halfRows[1]!.rate}). Math.round takes both toward zero, so each refund row shows a cent less than it should and the column is pushed up by about one cent per refund... but the totals line doesn't go through per-row rounding at all, so the gap is the whole per-row drift (${residual.toFixed(2)} cents) rounded. Two separate defects:\n1. total = round(Σ exact) instead of Σ rows → the CSV can never be guaranteed to foot.\n2. Math.round is asymmetric for negatives → refunds round differently from expenses; an expense and its full refund don't cancel.\nBefore fixing, check the other Math.round call sites, and the rate table to rule out rows and total using different rates.`,
    calls: [
      t.grep('"kind": "refund"', {
        path: 'test/fixtures/expenses-2025-03.json',
        mode: 'content',
        context: 9,
      }),
      t.grep('Math\\.round', { path: 'src', mode: 'content' }),
    ],
  });
  s.step({
    calls: [t.read('src/import/bank-csv.ts'), t.read('src/budgets/alerts.ts')],
  });
  s.step({
    think:
      "bank-csv parses decimal strings digit by digit, no float rounding there; shareOf() uses Math.round on total * percent / 100 — a negative total would have the same half-toward-+∞ issue, but it is only used for splitting positive bills. Note it for a follow-up rather than widening this change. alerts.ts rounds percentages for display, fine. Rates: rows and exact total both call rates.rate() once per row with the same day, so they can't disagree — but let me verify the weekend fallback doesn't make the cache return a different table for the same day.",
    calls: [t.read('src/money/rates.ts')],
  });
  s.step({
    text: 'The rate table is keyed by (day, base) and both the row and the running total use the same `rate`, so rates are not involved. Now the existing tests that touch this:',
    calls: [
      t.read('src/reports/monthly.test.ts'),
      t.read('src/money/convert.test.ts'),
      t.read('src/money/money.test.ts'),
      t.read('src/reports/csv.test.ts'),
    ],
  });
  s.step({
    think:
      "monthly.test.ts 'totals the month' pins 25968: rows are 4500 + 3482 + 22718 − 4733 = 25967, so that test pins the non-footing total. convert.test.ts 'rounds half up like Math.round' pins -7 for -5 USD × 1.5 = -7.5 — it documents the asymmetry as if it were intended. Both will need updating and I'll say why.\n\nDecision on rounding mode: half away from zero (what Excel's ROUND and most accounting tools do, so the accountant can recompute a row in a spreadsheet and get the same cent), not banker's rounding. Also snap float noise before rounding (1.005 * 100). Implement as a single helper in money.ts used by fromMajor and convert.\n\nDecision on the total: sum of the rounded rows, as the docs say. The 'avoid drift' comment is the wrong trade-off for a document that has to foot.\n\nWrite the failing tests first.",
    text: "Two defects, both needed for the CSV to foot:\n1. The total is `round(Σ exact)` while the column shows `Σ round(exact)`, so they can differ whenever foreign rows are involved.\n2. `Math.round` rounds negative halves toward zero, so a refund at exactly half a cent is rounded differently from the matching expense.\n\nI'll round half away from zero (what Excel's `ROUND` does, so the accountant can recompute any row) and make the total the sum of the rows, as documented. Failing tests first:",
    calls: [
      t.edit(
        'src/reports/monthly.test.ts',
        `  it('groups by category, largest first', async () => {`,
        `  it('makes the total the sum of the rows', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    const rows = report.rows.reduce((acc, r) => acc + r.converted.minor, 0);
    expect(report.total.minor).toBe(rows);
  });

  it('lets a refund cancel its expense in a foreign currency', async () => {
    // 10.01 USD at 1.5 is 15.015 NZD: exactly half a cent, in both directions.
    const halfCent = new RateTable(new StaticRates({ '2025-03-20': { USD: { NZD: 1.5 } } }));
    const pair = new MemoryExpenseStore([
      expense('buy', '2025-03-20T01:00:00.000Z', 1001, 'USD'),
      expense('refund', '2025-03-20T02:00:00.000Z', 1001, 'USD', { kind: 'refund' }),
    ]);
    const report = await buildMonthlyReport(pair, halfCent, { ...input, now: fixedNow });
    expect(report.rows.map((r) => r.converted.minor)).toEqual([1502, -1502]);
    expect(report.total).toEqual(money(0, 'NZD'));
  });

  it('groups by category, largest first', async () => {`,
      ),
    ],
  });
  addTests(
    'src/reports/monthly.test.ts',
    [
      'buildMonthlyReport > makes the total the sum of the rows',
      'buildMonthlyReport > lets a refund cancel its expense in a foreign currency',
    ],
    'buildMonthlyReport > groups by category, largest first',
  );
  s.step({
    calls: [
      t.bash(
        'pnpm vitest run src/reports/monthly.test.ts',
        'Run the monthly report tests',
        run({
          only: ['src/reports/monthly.test.ts'],
          failing: {
            'src/reports/monthly.test.ts': {
              failed: 2,
              lines: [
                "✓ buildMonthlyReport > lists the team's expenses in order with local dates 4ms",
                '✓ buildMonthlyReport > converts with the rate of the local day 1ms',
                '✓ buildMonthlyReport > makes refunds negative 1ms',
                '✓ buildMonthlyReport > totals the month 1ms',
                '× buildMonthlyReport > makes the total the sum of the rows 2ms',
                '  → expected 25968 to be 25967 // Object.is equality',
                '× buildMonthlyReport > lets a refund cancel its expense in a foreign currency 2ms',
                '  → expected [ 1502, -1501 ] to deeply equal [ 1502, -1502 ]',
                '✓ buildMonthlyReport > groups by category, largest first 1ms',
              ],
            },
          },
          details: [
            ` FAIL  src/reports/monthly.test.ts > buildMonthlyReport > makes the total the sum of the rows
AssertionError: expected 25968 to be 25967 // Object.is equality

- Expected
+ Received

- 25967
+ 25968

 ❯ src/reports/monthly.test.ts:${lineOf('src/reports/monthly.test.ts', 'expect(report.total.minor).toBe(rows);')}:32`,
            ` FAIL  src/reports/monthly.test.ts > buildMonthlyReport > lets a refund cancel its expense in a foreign currency
AssertionError: expected [ 1502, -1501 ] to deeply equal [ 1502, -1502 ]

- Expected
+ Received

  [
    1502,
-   -1502,
+   -1501,
  ]

 ❯ src/reports/monthly.test.ts:${lineOf('src/reports/monthly.test.ts', 'toEqual([1502, -1502])')}:59`,
          ],
        }),
        true,
      ),
    ],
  });
  s.step({
    text: 'Both fail for the two reasons above. Now the rounding helper in `money.ts`:',
    calls: [
      t.edit(
        'src/money/money.ts',
        `/** The nearest minor-unit amount to a float number of major units. */
export function fromMajor(major: number, currency: Currency): Money {
  return money(Math.round(major * 10 ** EXPONENT[currency]), currency);
}`,
        `/**
 * Rounds to the nearest integer, halves away from zero, so -2.5 -> -3 like
 * 2.5 -> 3 (Math.round gives -2). Float noise is removed first:
 * 1.005 * 100 is 100.49999999999999 and must round to 101.
 */
export function roundHalfAwayFromZero(x: number): number {
  const snapped = Number(Math.abs(x).toPrecision(15));
  return Math.sign(x) * Math.round(snapped) || 0;
}

/** The nearest minor-unit amount to a float number of major units. */
export function fromMajor(major: number, currency: Currency): Money {
  return money(roundHalfAwayFromZero(major * 10 ** EXPONENT[currency]), currency);
}`,
      ),
    ],
  });
  s.step({
    calls: [
      t.edit(
        'src/money/convert.ts',
        `import { EXPONENT, money, type Currency, type Money } from './money';`,
        `import { EXPONENT, money, roundHalfAwayFromZero, type Currency, type Money } from './money';`,
      ),
      t.edit(
        'src/money/convert.ts',
        `  return money(Math.round(amount.minor * rate * scale), to);`,
        `  return money(roundHalfAwayFromZero(amount.minor * rate * scale), to);`,
      ),
    ],
  });
  s.step({
    text: 'And the total becomes the sum of the converted rows:',
    calls: [
      t.edit(
        'src/reports/monthly.ts',
        `  const categories = new Map<string, CategoryTotal>();
  // Accumulate the exact value and round once at the end, so a month with
  // hundreds of small foreign-currency rows does not drift by a cent per row.
  let exactTotal = 0;`,
        `  const categories = new Map<string, CategoryTotal>();
  // The total is the sum of the rounded rows, never a separately rounded
  // exact value: the CSV and the report page must foot (see docs/reports.md).
  let total = zero(currency);`,
      ),
      t.edit(
        'src/reports/monthly.ts',
        `    exactTotal += convertExact(signed, currency, rate);`,
        `    total = add(total, converted);`,
      ),
      t.edit('src/reports/monthly.ts', `    total: fromMajor(exactTotal, currency),`, `    total,`),
    ],
  });
  s.step({
    calls: [
      t.bash(
        'pnpm vitest run src/money src/reports',
        'Run the money and report tests',
        run({
          only: ['src/money/', 'src/reports/'],
          verbose: true,
          failing: {
            'src/money/convert.test.ts': {
              failed: 1,
              lines: [
                '✓ convert > returns same-currency amounts unchanged 1ms',
                '✓ convert > converts between two-decimal currencies 0ms',
                '✓ convert > handles zero-decimal currencies both ways 0ms',
                '× convert > rounds half up like Math.round 3ms',
                "  → expected { minor: -8, currency: 'NZD' } to deeply equal { minor: -7, currency: 'NZD' }",
                '✓ convert > rejects nonsense rates 0ms',
                '✓ convertExact > does not round 0ms',
              ],
            },
            'src/reports/monthly.test.ts': {
              failed: 1,
              lines: [
                "✓ buildMonthlyReport > lists the team's expenses in order with local dates 3ms",
                '✓ buildMonthlyReport > converts with the rate of the local day 1ms',
                '✓ buildMonthlyReport > makes refunds negative 0ms',
                '× buildMonthlyReport > totals the month 2ms',
                "  → expected { minor: 25967, currency: 'NZD' } to deeply equal { minor: 25968, currency: 'NZD' }",
                '✓ buildMonthlyReport > makes the total the sum of the rows 1ms',
                '✓ buildMonthlyReport > lets a refund cancel its expense in a foreign currency 1ms',
                '✓ buildMonthlyReport > groups by category, largest first 1ms',
              ],
            },
          },
          details: [
            ` FAIL  src/money/convert.test.ts > convert > rounds half up like Math.round
AssertionError: expected { minor: -8, currency: 'NZD' } to deeply equal { minor: -7, currency: 'NZD' }

- Expected
+ Received

  {
    "currency": "NZD",
-   "minor": -7,
+   "minor": -8,
  }

 ❯ src/money/convert.test.ts:${lineOf('src/money/convert.test.ts', "money(-5, 'USD')")}:53`,
            ` FAIL  src/reports/monthly.test.ts > buildMonthlyReport > totals the month
AssertionError: expected { minor: 25967, currency: 'NZD' } to deeply equal { minor: 25968, currency: 'NZD' }

- Expected
+ Received

  {
    "currency": "NZD",
-   "minor": 25968,
+   "minor": 25967,
  }

 ❯ src/reports/monthly.test.ts:${lineOf('src/reports/monthly.test.ts', 'money(25968')}:26`,
          ],
        }),
        true,
      ),
    ],
  });
  s.step({
    think:
      "Both remaining failures are tests that pinned the old behaviour. 'totals the month' expected 25968, the rounded exact sum; the rows it lists add up to 25967, so 25967 is what the docs require. The convert test is literally named after Math.round. Let me see when and why it was written before changing it.",
    calls: [
      t.bash(
        "git log --format='%h %ad %an%n    %s' --date=short -- src/money/convert.test.ts src/money/convert.ts",
        'History of the convert module',
        `4be0d17 2025-02-11 Rawiri Ngata
    money: JPY support in convert (zero-decimal currencies)
a3f9c21 2024-11-04 Tom Whitfield
    money: convert() rounds to minor units
9d2e6a0 2024-11-02 Tom Whitfield
    money: first cut of currency conversion`,
      ),
    ],
  });
  s.step({
    text: 'The rounding test came with the first version of `convert()` and describes what `Math.round` does rather than a requirement; nothing else depends on it. Updating both tests, with the reason in the test names:',
    calls: [
      t.edit(
        'src/money/convert.test.ts',
        `  it('rounds half up like Math.round', () => {
    expect(convert(money(5, 'USD'), 'NZD', 1.5)).toEqual(money(8, 'NZD'));
    expect(convert(money(-5, 'USD'), 'NZD', 1.5)).toEqual(money(-7, 'NZD'));
  });`,
        `  it('rounds halves away from zero, the same for refunds as for expenses', () => {
    expect(convert(money(5, 'USD'), 'NZD', 1.5)).toEqual(money(8, 'NZD'));
    expect(convert(money(-5, 'USD'), 'NZD', 1.5)).toEqual(money(-8, 'NZD'));
  });

  it('is symmetric: converting a refund gives minus the expense', () => {
    for (const minor of [1, 5, 1001, 7500, 15000, 123457]) {
      for (const rate of [1.5, 1.7606, 1.8787, 0.011692]) {
        expect(convert(money(-minor, 'USD'), 'NZD', rate).minor).toBe(-convert(money(minor, 'USD'), 'NZD', rate).minor);
      }
    }
  });`,
      ),
      t.edit(
        'src/reports/monthly.test.ts',
        `  it('totals the month', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    expect(report.total).toEqual(money(25968, 'NZD'));`,
        `  it('totals the month', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    // 45.00 + 34.82 + 227.18 - 47.33: the sum of the rows as printed (was 259.68, the rounded exact sum).
    expect(report.total).toEqual(money(25967, 'NZD'));`,
      ),
      t.edit(
        'src/money/money.test.ts',
        `describe('allocate', () => {`,
        `describe('roundHalfAwayFromZero', () => {
  it.each([
    [2.5, 3],
    [-2.5, -3],
    [2.4999, 2],
    [-0.5, -1],
    [-0.4, 0],
  ])('%d -> %d', (x, expected) => {
    expect(roundHalfAwayFromZero(x)).toBe(expected);
  });

  it('ignores float noise around halves', () => {
    expect(roundHalfAwayFromZero(1.005 * 100)).toBe(101);
    expect(roundHalfAwayFromZero(-1.005 * 100)).toBe(-101);
    expect(fromMajor(1.005, 'NZD')).toEqual(money(101, 'NZD'));
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.2), 0)).toBe(true);
  });
});

describe('allocate', () => {`,
      ),
      t.edit(
        'src/money/money.test.ts',
        `import { add, allocate, format, fromMajor, money, negate, sum, toDecimalString, zero } from './money';`,
        `import {
  add,
  allocate,
  format,
  fromMajor,
  money,
  negate,
  roundHalfAwayFromZero,
  sum,
  toDecimalString,
  zero,
} from './money';`,
      ),
    ],
  });
  TALLY_NAMES['src/money/convert.test.ts']!.splice(
    3,
    1,
    'convert > rounds halves away from zero, the same for refunds as for expenses',
    'convert > is symmetric: converting a refund gives minus the expense',
  );
  addTests(
    'src/money/money.test.ts',
    [
      'roundHalfAwayFromZero > 2.5 -> 3',
      'roundHalfAwayFromZero > -2.5 -> -3',
      'roundHalfAwayFromZero > 2.4999 -> 2',
      'roundHalfAwayFromZero > -0.5 -> -1',
      'roundHalfAwayFromZero > -0.4 -> 0',
      'roundHalfAwayFromZero > ignores float noise around halves',
      'roundHalfAwayFromZero > never returns negative zero',
    ],
    'allocate > spreads the remainder one unit at a time',
  );
  s.step({
    calls: [
      t.bash(
        'pnpm vitest run src/money src/reports --reporter=verbose',
        'Run the money and report tests',
        run({ only: ['src/money/', 'src/reports/'], verbose: true }),
      ),
    ],
  });
  s.step({
    text: 'Green. Now a test at the level the accountant sees: the CSV for the March fixture must foot.',
    calls: [
      t.todos([
        [
          'Find where the CSV totals line is computed',
          'completed',
          'Finding where the CSV totals line is computed',
        ],
        [
          'Reproduce the mismatch with the March fixture',
          'completed',
          'Reproducing the mismatch with the March fixture',
        ],
        ['Fix the rounding / total computation', 'completed', 'Fixing the rounding / total computation'],
        ['Add unit, CSV and e2e tests', 'in_progress', 'Adding unit, CSV and e2e tests'],
        ['Run full suite, lint and typecheck', 'pending', 'Running full suite, lint and typecheck'],
      ]),
      t.edit(
        'src/reports/csv.test.ts',
        `import { describe, expect, it } from 'vitest';
import { money } from '../money/money';
import { csvField, toCsv } from './csv';
import type { MonthlyReport } from './types';`,
        `import { describe, expect, it } from 'vitest';
import expenses from '../../test/fixtures/expenses-2025-03.json';
import rates from '../../test/fixtures/rates-2025-03.json';
import { money, toDecimalString } from '../money/money';
import { RateTable, StaticRates } from '../money/rates';
import { MemoryExpenseStore } from '../store/expenses';
import { csvField, toCsv } from './csv';
import { buildMonthlyReport } from './monthly';
import type { MonthlyReport } from './types';`,
      ),
      t.edit(
        'src/reports/csv.test.ts',
        `  it('matches the snapshot', () => {
    expect(toCsv(base)).toMatchSnapshot();
  });`,
        `  it('matches the snapshot', () => {
    expect(toCsv(base)).toMatchSnapshot();
  });

  it('has a totals line that foots with the rows (March fixture, foreign refunds)', async () => {
    const store = new MemoryExpenseStore(expenses);
    const report = await buildMonthlyReport(store, new RateTable(new StaticRates(rates)), {
      teamId: 'team_kea',
      year: 2025,
      month: 3,
      tz: 'Pacific/Auckland',
      currency: 'NZD',
      now: () => new Date('2025-04-01T00:00:00.000Z'),
    });
    const lines = toCsv(report).trimEnd().split('\\r\\n');
    // amount_report is the last column and never quoted, even when the description has commas.
    const cents = lines.slice(1, -2).reduce((acc, l) => acc + Math.round(Number(l.split(',').at(-1)) * 100), 0);
    expect(lines.at(-1)!.split(',').at(-1)).toBe(toDecimalString(money(cents, 'NZD')));
  });`,
      ),
    ],
  });
  addTests('src/reports/csv.test.ts', [
    'toCsv > has a totals line that foots with the rows (March fixture, foreign refunds)',
  ]);
  s.step({
    calls: [
      t.bash(
        'pnpm vitest run src/reports/csv.test.ts',
        'Run the CSV tests',
        run({ only: ['src/reports/csv.test.ts'] }),
      ),
    ],
  });
  s.step({
    text: 'Let me make sure this test actually catches the bug, by running it against the old money and report code:',
    calls: [
      t.bash(
        'git stash push -q -- src/money/money.ts src/money/convert.ts src/reports/monthly.ts && pnpm vitest run src/reports/csv.test.ts; git stash pop -q && git status --short',
        'Run the new CSV test against the old code, then restore',
        run({
          only: ['src/reports/csv.test.ts'],
          failing: {
            'src/reports/csv.test.ts': {
              failed: 1,
              lines: [
                '✓ csvField > leaves plain values alone 1ms',
                '✓ csvField > quotes commas, quotes and newlines 0ms',
                '✓ toCsv > writes a header, one line per row and a totals line 1ms',
                '✓ toCsv > quotes descriptions that need it 0ms',
                '✓ toCsv > prints the rate with six decimals for foreign rows 0ms',
                '✓ toCsv > matches the snapshot 2ms',
                '× toCsv > has a totals line that foots with the rows (March fixture, foreign refunds) 19ms',
                `  → expected '${dec(sim.exactTotal)}' to be '${dec(sim.rowsBefore)}' // Object.is equality`,
              ],
            },
          },
          details: [
            ` FAIL  src/reports/csv.test.ts > toCsv > has a totals line that foots with the rows (March fixture, foreign refunds)
AssertionError: expected '${dec(sim.exactTotal)}' to be '${dec(sim.rowsBefore)}' // Object.is equality

Expected: "${dec(sim.rowsBefore)}"
Received: "${dec(sim.exactTotal)}"

 ❯ src/reports/csv.test.ts:${lineOf('src/reports/csv.test.ts', 'expect(lines.at(-1)!')}:48`,
          ],
        }) +
          '\n M src/money/convert.test.ts\n M src/money/convert.ts\n M src/money/money.test.ts\n M src/money/money.ts\n M src/reports/csv.test.ts\n M src/reports/monthly.test.ts\n M src/reports/monthly.ts',
      ),
    ],
  });
  s.step({
    text: `Against the old code the CSV test fails with exactly the accountant's symptom (totals ${dec(sim.exactTotal)}, column ${dec(sim.rowsBefore)}); with the fix it passes, and the stash is restored. The e2e test pins the March total, which changes now:`,
    calls: [
      t.bash(
        'pnpm test:e2e',
        'Run all e2e tests',
        run({
          names: E2E_NAMES,
          config: 'vitest.e2e.config.ts',
          failing: {
            'test/e2e/reports.e2e.test.ts': {
              failed: 1,
              lines: [
                '× GET /teams/:teamId/reports/:month > March report for team_kea matches the fixture 51ms',
                `  → expected { minor: ${sim.rowsAfter}, currency: 'NZD' } to deeply equal { minor: ${sim.exactTotal}, currency: 'NZD' }`,
                '✓ GET /teams/:teamId/reports/:month > serves the CSV with a download name 10ms',
                '✓ GET /teams/:teamId/reports/:month > converts to another currency on request 12ms',
                '✓ GET /teams/:teamId/reports/:month > rejects a malformed month 2ms',
                '✓ GET /teams/:teamId/reports/:month > hides other teams 1ms',
                '✓ GET /teams/:teamId/reports/:month > 404s for an unknown team 1ms',
              ],
            },
          },
          details: [
            ` FAIL  test/e2e/reports.e2e.test.ts > GET /teams/:teamId/reports/:month > March report for team_kea matches the fixture
AssertionError: expected { minor: ${sim.rowsAfter}, currency: 'NZD' } to deeply equal { minor: ${sim.exactTotal}, currency: 'NZD' }

- Expected
+ Received

  {
    "currency": "NZD",
-   "minor": ${sim.exactTotal},
+   "minor": ${sim.rowsAfter},
  }

${codeFrame(p, 'test/e2e/reports.e2e.test.ts', 'expect(body.total).toEqual(', 24)}`,
          ],
        }),
        true,
        120000,
      ),
    ],
  });
  s.step({
    think: `New total ${dec(sim.rowsAfter)}: the old rows summed to ${dec(sim.rowsBefore)}, and the two half-cent refunds are now each a cent more negative, so ${dec(sim.rowsBefore)} − 0.02 = ${dec(sim.rowsAfter)}. Consistent. Update the e2e expectation with that explanation.`,
    calls: [
      t.edit(
        'test/e2e/reports.e2e.test.ts',
        `    expect(body.total).toEqual({ minor: ${sim.exactTotal}, currency: 'NZD' });`,
        `    // The sum of the rows; the AWS and hotel refunds each round to a cent more than before.
    expect(body.total).toEqual({ minor: ${sim.rowsAfter}, currency: 'NZD' });
    const rows = body.rows.reduce((acc: number, r: { converted: { minor: number } }) => acc + r.converted.minor, 0);
    expect(body.total.minor).toBe(rows);`,
      ),
    ],
  });
  s.step({
    calls: [
      t.bash(
        'pnpm test:e2e',
        'Run all e2e tests',
        run({ names: E2E_NAMES, config: 'vitest.e2e.config.ts' }),
        false,
        120000,
      ),
    ],
  });
  const lintOut = `
> tallybook@0.14.2 lint ${TALLY_ROOT}
> eslint . --max-warnings 0


${TALLY_ROOT}/src/reports/monthly.ts
  ${lineOf('src/reports/monthly.ts', 'convertExact')}:19  error  'convertExact' is defined but never used  @typescript-eslint/no-unused-vars
  ${lineOf('src/reports/monthly.ts', 'fromMajor')}:15  error  'fromMajor' is defined but never used     @typescript-eslint/no-unused-vars

✖ 2 problems (2 errors, 0 warnings)

 ELIFECYCLE  Command failed with exit code 1.`;
  s.step({
    text: 'e2e green. Lint next:',
    calls: [
      t.todos([
        [
          'Find where the CSV totals line is computed',
          'completed',
          'Finding where the CSV totals line is computed',
        ],
        [
          'Reproduce the mismatch with the March fixture',
          'completed',
          'Reproducing the mismatch with the March fixture',
        ],
        ['Fix the rounding / total computation', 'completed', 'Fixing the rounding / total computation'],
        ['Add unit, CSV and e2e tests', 'completed', 'Adding unit, CSV and e2e tests'],
        ['Run full suite, lint and typecheck', 'in_progress', 'Running full suite, lint and typecheck'],
      ]),
      t.bash('pnpm lint', 'Run eslint', lintOut, true),
    ],
  });
  s.step({
    text: 'Two imports left over from the old total computation:',
    calls: [
      t.edit(
        'src/reports/monthly.ts',
        `import { convert, convertExact } from '../money/convert';
import { add, fromMajor, negate, zero, type Currency, type Money } from '../money/money';`,
        `import { convert } from '../money/convert';
import { add, negate, zero, type Currency, type Money } from '../money/money';`,
      ),
    ],
  });
  s.step({
    calls: [
      t.bash(
        'pnpm lint',
        'Run eslint',
        `\n> tallybook@0.14.2 lint ${TALLY_ROOT}\n> eslint . --max-warnings 0\n`,
      ),
      t.bash(
        'pnpm typecheck',
        'Run the TypeScript compiler',
        `
> tallybook@0.14.2 typecheck ${TALLY_ROOT}
> tsc --noEmit

src/reports/csv.test.ts:${lineOf('src/reports/csv.test.ts', 'new MemoryExpenseStore(expenses)')}:42 - error TS2345: Argument of type '{ id: string; teamId: string; occurredAt: string; category: string; description: string; amount: { minor: number; currency: string; }; kind: string; createdBy: string; }[]' is not assignable to parameter of type 'Expense[]'.
  Type '{ id: string; teamId: string; occurredAt: string; category: string; description: string; amount: { minor: number; currency: string; }; kind: string; createdBy: string; }' is not assignable to type 'Expense'.
    Types of property 'amount' are incompatible.
      Type '{ minor: number; currency: string; }' is not assignable to type 'Money'.
        Types of property 'currency' are incompatible.
          Type 'string' is not assignable to type 'Currency'.

${lineOf('src/reports/csv.test.ts', 'new MemoryExpenseStore(expenses)')}     const store = new MemoryExpenseStore(expenses);
                                             ~~~~~~~~


Found 1 error in src/reports/csv.test.ts:${lineOf('src/reports/csv.test.ts', 'new MemoryExpenseStore(expenses)')}

 ELIFECYCLE  Command failed with exit code 2.`,
        true,
      ),
    ],
  });
  s.step({
    think:
      "JSON imports widen string literals, so `kind` and `currency` come out as plain string. Vitest doesn't typecheck, which is why the test ran. The fixture is trusted test data; a typed cast at the import is the honest fix (the store's zod schema validates rows coming from SQLite, not from the in-memory store).",
    text: 'JSON imports type `kind` and `currency` as plain `string`; vitest does not typecheck, so the test ran fine. The fixture is trusted test data, so I cast it at the boundary:',
    calls: [
      t.edit(
        'src/reports/csv.test.ts',
        `import expenses from '../../test/fixtures/expenses-2025-03.json';`,
        `import expensesJson from '../../test/fixtures/expenses-2025-03.json';`,
      ),
      t.edit(
        'src/reports/csv.test.ts',
        `import { MemoryExpenseStore } from '../store/expenses';`,
        `import { MemoryExpenseStore, type Expense } from '../store/expenses';`,
      ),
      t.edit(
        'src/reports/csv.test.ts',
        `    const store = new MemoryExpenseStore(expenses);`,
        `    // JSON imports type literals as string; the fixture holds valid kinds and currencies.
    const store = new MemoryExpenseStore(expensesJson as Expense[]);`,
      ),
    ],
  });
  s.step({
    calls: [
      t.bash(
        'pnpm typecheck',
        'Run the TypeScript compiler',
        `\n> tallybook@0.14.2 typecheck ${TALLY_ROOT}\n> tsc --noEmit\n`,
      ),
      t.bash(
        'pnpm test -- --reporter=verbose',
        'Run the full unit test suite, listing every test',
        run({ verbose: true }),
      ),
    ],
  });
  s.step({
    text: 'Everything passes. Documenting the rounding rule and adding a changelog entry:',
    calls: [
      t.read('CHANGELOG.md'),
      t.edit(
        'docs/reports.md',
        `rounded to the reporting currency's minor unit.`,
        `rounded to the reporting currency's minor unit, halves away from zero (the
same rule as a spreadsheet's \`ROUND\`), so a refund and the expense it
refunds always convert to opposite amounts.`,
      ),
      t.edit(
        'docs/reports.md',
        `The total is the sum of the month's rows in the reporting currency. Category
subtotals are shown on the report page, not in the CSV.`,
        `The total is the sum of the month's rows in the reporting currency, exactly
as printed: the CSV always foots. Category subtotals are shown on the report
page, not in the CSV.`,
      ),
      t.edit(
        'CHANGELOG.md',
        `## Unreleased
`,
        `## Unreleased

- Reports: the month range is computed in the team's time zone correctly for
  zones east and west of UTC and on DST change days (it was shifted by twice
  the offset).
- Reports: the total is the sum of the rows, so the CSV export foots.
- Money: conversions round halves away from zero; refunds in a foreign
  currency used to round a cent toward zero.
`,
      ),
    ],
  });
  s.step({
    text: 'One last run of everything together, the way CI does it:',
    calls: [
      t.bash(
        'pnpm lint && pnpm typecheck && pnpm test -- --reporter=verbose && pnpm test:e2e',
        'Run lint, typecheck, unit and e2e tests',
        `\n> tallybook@0.14.2 lint ${TALLY_ROOT}\n> eslint . --max-warnings 0\n\n\n> tallybook@0.14.2 typecheck ${TALLY_ROOT}\n> tsc --noEmit\n\n` +
          run({ verbose: true }) +
          '\n' +
          run({ names: E2E_NAMES, config: 'vitest.e2e.config.ts' }),
        false,
        300000,
      ),
    ],
  });
  s.step({
    calls: [
      t.bash('git diff --stat', 'Summarize the changes', p.diffStat()),
      t.bash('git diff', 'Show the full diff', p.diff()),
    ],
  });
  s.step({
    calls: [
      t.todos([
        [
          'Find where the CSV totals line is computed',
          'completed',
          'Finding where the CSV totals line is computed',
        ],
        [
          'Reproduce the mismatch with the March fixture',
          'completed',
          'Reproducing the mismatch with the March fixture',
        ],
        ['Fix the rounding / total computation', 'completed', 'Fixing the rounding / total computation'],
        ['Add unit, CSV and e2e tests', 'completed', 'Adding unit, CSV and e2e tests'],
        ['Run full suite, lint and typecheck', 'completed', 'Running full suite, lint and typecheck'],
      ]),
    ],
  });
  s.step(
    {
      text: `Fixed. There were two causes, and both had to go for the CSV to foot.

**1. The total was not the sum of the rows.** \`buildMonthlyReport\` rounded each row's converted amount on its own but built the total from the *unrounded* values and rounded once at the end. Same-currency rows are exact, so this only shows up once foreign-currency rows are involved, as the accountant noticed. For the March fixture the column adds up to ${dec(sim.rowsBefore)} and the totals line said ${dec(sim.exactTotal)}.

**2. \`Math.round\` rounds negative halves toward zero.** \`Math.round(-2.5)\` is \`-2\`. The two refunds Ana mentioned both convert to exactly half a cent (AWS: −${dec(halfRows[0]!.e.amount.minor)} USD × ${halfRows[0]!.rate}; hotel: −${dec(halfRows[1]!.e.amount.minor)} EUR × ${halfRows[1]!.rate}), so each was a cent short compared with the matching expense.

Changes:
- \`src/money/money.ts\`: \`roundHalfAwayFromZero\` (removes float noise first, so \`1.005 × 100\` rounds to 101), used by \`fromMajor\`.
- \`src/money/convert.ts\`: \`convert\` uses it, so a refund always converts to minus the expense.
- \`src/reports/monthly.ts\`: the total is the sum of the rounded rows.
- Tests: the total equals the sum of the rows; an expense and its refund cancel at a half-cent rate; rounding cases for the helper; convert is symmetric; a CSV test on the March fixture that fails on the old code with the accountant's exact symptom; the e2e total now checks that it equals the sum of the rows (March: ${dec(sim.rowsAfter)}).
- Two tests pinned the old behaviour and were updated: \`totals the month\` (expected the rounded exact sum, which did not match its own rows) and \`rounds half up like Math.round\` in \`convert.test.ts\`.
- \`docs/reports.md\` states the rounding rule; CHANGELOG entry added.

Unit tests (23 files), e2e, lint and typecheck all pass.

One follow-up I left alone: \`shareOf\` in \`src/import/bank-csv.ts\` also uses \`Math.round\`, and would round negative halves the same way. Today it only splits positive bills, but it should probably use the new helper too.`,
    },
    true,
  );
}

// ---------------------------------------------------------------------------
// Sample 2: an OpenAI Chat Completions request body from a data-analysis agent

/** A pandas-style text table: right-aligned columns, index first. */
function frame(columns: string[], rows: (string | number)[][], index?: (string | number)[]): string {
  const cells = rows.map((r) => r.map((c) => (typeof c === 'number' ? fmtNum(c) : c)));
  const idx = index?.map(String) ?? rows.map((_, i) => String(i));
  const idxWidth = Math.max(...idx.map((x) => x.length));
  const widths = columns.map((c, k) => Math.max(c.length, ...cells.map((r) => r[k]!.length)));
  const head = ' '.repeat(idxWidth) + '  ' + columns.map((c, k) => c.padStart(widths[k]!)).join('  ');
  const body = cells.map(
    (r, i) => idx[i]!.padEnd(idxWidth) + '  ' + r.map((c, k) => c.padStart(widths[k]!)).join('  '),
  );
  return [head, ...body].join('\n');
}

function fmtNum(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return n.toFixed(2);
}

const money2 = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function openaiChatSample(): string {
  const rng = new Rng(0x0a1c4a77);
  const regions = ['NA', 'EU', 'APAC', 'LATAM'];
  const categories = ['Apparel', 'Footwear', 'Outdoor', 'Accessories', 'Home', 'Electronics'];
  const base: Record<string, number> = {
    Apparel: 410_000,
    Footwear: 285_000,
    Outdoor: 240_000,
    Accessories: 150_000,
    Home: 120_000,
    Electronics: 195_000,
  };
  const regionShare: Record<string, number> = { NA: 0.44, EU: 0.31, APAC: 0.17, LATAM: 0.08 };
  // Monthly revenue per category and region, with two planted effects in Q3:
  // Outdoor loses ~18% after the July price increase, and EU has no orders for 11–24 August (an ingestion gap).
  const rev: Record<string, Record<string, number[]>> = {};
  for (const c of categories) {
    rev[c] = {};
    for (const r of regions) {
      rev[c]![r] = [];
      for (let m = 1; m <= 9; m++) {
        let v = base[c]! * regionShare[r]! * (1 + 0.012 * m) * (0.94 + rng.next() * 0.12);
        if (c === 'Outdoor' && m >= 7) v *= 0.8 + rng.next() * 0.04;
        if (c === 'Outdoor' && (m === 5 || m === 6)) v *= 1.08; // pre-summer peak
        if (r === 'EU' && m === 8) v *= 17 / 31;
        rev[c]![r]!.push(Math.round(v * 100) / 100);
      }
    }
  }
  const sumQ = (c: string, r: string | null, q: 2 | 3) =>
    (r ? [r] : regions).reduce(
      (s, rr) => s + rev[c]![rr]!.slice((q - 1) * 3, q * 3).reduce((a, b) => a + b, 0),
      0,
    );
  const q2 = categories.map((c) => sumQ(c, null, 2));
  const q3 = categories.map((c) => sumQ(c, null, 3));
  const q2t = q2.reduce((a, b) => a + b, 0);
  const q3t = q3.reduce((a, b) => a + b, 0);
  const pct = (a: number, b: number) => ((b - a) / a) * 100;
  const euAugGap = categories.reduce((s, c) => s + (rev[c]!.EU![7]! / 17) * 14, 0);

  let callN = 0;
  const callId = () => `call_${rng.base62(24)}`;
  const messages: unknown[] = [];
  const call = (name: string, args: Record<string, unknown>) => ({
    id: callId(),
    type: 'function',
    function: { name, arguments: JSON.stringify(args) },
  });
  const assistant = (content: string | null, calls: ReturnType<typeof call>[]) => {
    callN += calls.length;
    messages.push(
      calls.length
        ? { role: 'assistant', content, tool_calls: calls, refusal: null }
        : { role: 'assistant', content, refusal: null },
    );
    return calls;
  };
  const tool = (c: { id: string }, content: string) =>
    messages.push({ role: 'tool', tool_call_id: c.id, content });

  messages.push({
    role: 'system',
    content:
      'You are a data analyst working in a sandboxed Python 3.11 environment with pandas, numpy and matplotlib. Files the user uploads are in /mnt/data. Use run_python to execute code; state is kept between calls. Check the data before drawing conclusions, show the numbers behind every claim, and say plainly when the data cannot answer a question. Save charts to /mnt/data and give their paths.',
  });
  messages.push({
    role: 'user',
    content:
      'Q3 revenue came in well below Q2 and finance wants to know which product categories drove the drop before Thursday. Data is in /mnt/data/orders_2025.csv (one row per order line, Jan to Sep).',
  });
  let [c1] = assistant(null, [call('list_files', { path: '/mnt/data' })]);
  tool(c1!, 'orders_2025.csv\t48.2 MB\nproducts.csv\t212.4 KB\nregions.csv\t1.1 KB\nREADME.txt\t1.8 KB');

  [c1] = assistant(null, [
    call('run_python', {
      code: "import pandas as pd\nimport numpy as np\ndf = pd.read_csv('/mnt/data/orders_2025.csv', parse_dates=['order_ts'])\nprint(df.shape)\nprint(df.head(8).to_string())\nprint()\ndf.info()",
    }),
  ]);
  const heads: (string | number)[][] = [];
  for (let i = 0; i < 8; i++) {
    const c = rng.pick(categories);
    const qty = rng.int(1, 4);
    const price = Math.round((15 + rng.next() * 180) * 100) / 100;
    heads.push([
      `ORD-2025-${String(100231 + i * 3 + rng.int(0, 2)).padStart(7, '0')}`,
      `2025-01-01 ${String(rng.int(0, 2)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`,
      rng.pick(regions),
      `SKU-${c.slice(0, 3).toUpperCase()}-${rng.int(1000, 9999)}`,
      c,
      qty,
      price,
      Math.round(qty * price * 100) / 100,
      rng.next() < 0.9 ? 'USD' : 'EUR',
      rng.next() < 0.04 ? 'returned' : 'fulfilled',
    ]);
  }
  tool(
    c1!,
    `(1284117, 10)\n${frame(['order_id', 'order_ts', 'region', 'sku', 'category', 'qty', 'unit_price', 'revenue_usd', 'currency', 'status'], heads)}\n\n<class 'pandas.core.frame.DataFrame'>\nRangeIndex: 1284117 entries, 0 to 1284116\nData columns (total 10 columns):\n #   Column       Non-Null Count    Dtype         \n---  ------       --------------    -----         \n 0   order_id     1284117 non-null  object        \n 1   order_ts     1284117 non-null  datetime64[ns]\n 2   region       1284117 non-null  object        \n 3   sku          1284117 non-null  object        \n 4   category     1284117 non-null  object        \n 5   qty          1284117 non-null  int64         \n 6   unit_price   1284117 non-null  float64       \n 7   revenue_usd  1284117 non-null  float64       \n 8   currency     1284117 non-null  object        \n 9   status       1284117 non-null  object        \ndtypes: datetime64[ns](1), float64(2), int64(1), object(6)\nmemory usage: 98.0+ MB`,
  );

  [c1] = assistant(
    "The file has 1.28M order lines with revenue already converted to USD. There's a `status` column, so I'll exclude returned lines. First, the quarterly totals to confirm the size of the drop:",
    [
      call('run_python', {
        code: "df = df[df.status != 'returned']\ndf['quarter'] = df.order_ts.dt.quarter\ndf['month'] = df.order_ts.dt.month\nq = df.groupby('quarter').revenue_usd.sum()\nprint(q.map('{:,.2f}'.format))\nprint('Q3 vs Q2: {:+.1%}'.format(q[3] / q[2] - 1))",
      }),
    ],
  );
  const q1t = categories.reduce(
    (s, c) => s + regions.reduce((a, r) => a + rev[c]![r]!.slice(0, 3).reduce((x, y) => x + y, 0), 0),
    0,
  );
  tool(
    c1!,
    `quarter\n1    ${money2(q1t)}\n2    ${money2(q2t)}\n3    ${money2(q3t)}\nName: revenue_usd, dtype: object\nQ3 vs Q2: ${pct(q2t, q3t) >= 0 ? '+' : ''}${pct(q2t, q3t).toFixed(1)}%`,
  );

  [c1] = assistant(
    'Before splitting by category, a random sample of rows and the weekly series, to make sure nothing odd (duplicates, currency mix-ups, outliers) is hiding in the totals:',
    [
      call('run_python', {
        code: "print(df.sample(72, random_state=7).sort_values('order_ts').to_string())\nprint()\nprint(df[['qty', 'unit_price', 'revenue_usd']].describe().round(2).to_string())",
      }),
    ],
  );
  const sample: (string | number)[][] = [];
  const sampleIdx: number[] = [];
  for (let i = 0; i < 72; i++) {
    const c = rng.pick(categories);
    const qty = rng.next() < 0.7 ? 1 : rng.int(2, 6);
    const price = Math.round((9 + rng.next() * 240) * 100) / 100;
    const month = 1 + Math.floor((i / 72) * 9);
    sampleIdx.push(rng.int(1000, 1284000));
    sample.push([
      `ORD-2025-${String(rng.int(100000, 999999)).padStart(7, '0')}`,
      `2025-${String(month).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')} ${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`,
      rng.pick(regions),
      `SKU-${c.slice(0, 3).toUpperCase()}-${rng.int(1000, 9999)}`,
      c,
      qty,
      price,
      Math.round(qty * price * 100) / 100,
      rng.next() < 0.88 ? 'USD' : 'EUR',
      'fulfilled',
      Math.ceil(month / 3),
      month,
    ]);
  }
  tool(
    c1!,
    `${frame(['order_id', 'order_ts', 'region', 'sku', 'category', 'qty', 'unit_price', 'revenue_usd', 'currency', 'status', 'quarter', 'month'], sample, sampleIdx)}\n\n${frame(
      ['qty', 'unit_price', 'revenue_usd'],
      [
        [1231482, 1231482, 1231482],
        [1.41, 71.86, 101.32],
        [0.93, 48.17, 96.04],
        [1, 2.99, 2.99],
        [1, 34.99, 38.5],
        [1, 59.0, 69.9],
        [2, 94.5, 129.0],
        [24, 899.0, 4315.2],
      ],
      ['count', 'mean', 'std', 'min', '25%', '50%', '75%', 'max'],
    )}`,
  );

  [c1] = assistant(null, [
    call('run_python', {
      code: "weekly = df.set_index('order_ts').groupby('category').revenue_usd.resample('W-SUN').sum().unstack(0)\nprint(weekly.round(0).astype(int).to_string())",
    }),
  ]);
  const weeks: (string | number)[][] = [];
  const weekIdx: string[] = [];
  for (let w = 0; w < 39; w++) {
    const day = new Date(Date.UTC(2025, 0, 5 + w * 7));
    weekIdx.push(day.toISOString().slice(0, 10));
    const m = Math.min(8, day.getUTCMonth());
    const gap = day >= new Date(Date.UTC(2025, 7, 11)) && day <= new Date(Date.UTC(2025, 7, 31)) ? 0.69 : 1;
    weeks.push(
      categories.map((c) =>
        Math.round(
          (regions.reduce((a, r) => a + rev[c]![r]![m]!, 0) / 4.33) *
            (0.9 + rng.next() * 0.2) *
            (w === 0 ? 0.62 : 1) *
            gap,
        ),
      ),
    );
  }
  tool(c1!, frame(categories, weeks, weekIdx).replace(/^/, 'category    ').replace('\n', '\norder_ts\n'));

  [c1] = assistant(null, [
    call('run_python', {
      code: "by_cat = df[df.quarter.isin([2, 3])].pivot_table(index='category', columns='quarter', values='revenue_usd', aggfunc='sum')\nby_cat['change'] = by_cat[3] - by_cat[2]\nby_cat['change_pct'] = (by_cat[3] / by_cat[2] - 1) * 100\nby_cat['share_of_drop_pct'] = by_cat['change'] / by_cat['change'].sum() * 100\nprint(by_cat.sort_values('change').round(2).to_string())",
    }),
  ]);
  const catRows = categories
    .map((c, k) => ({ c, q2: q2[k]!, q3: q3[k]!, ch: q3[k]! - q2[k]! }))
    .sort((a, b) => a.ch - b.ch);
  const totalCh = q3t - q2t;
  tool(
    c1!,
    frame(
      ['2', '3', 'change', 'change_pct', 'share_of_drop_pct'],
      catRows.map((r) => [r.q2, r.q3, r.ch, pct(r.q2, r.q3), (r.ch / totalCh) * 100]),
      catRows.map((r) => r.c),
    )
      .replace(/^/, 'quarter  ')
      .replace('\n', '\ncategory\n'),
  );

  const worst = catRows.slice(0, 2).map((r) => r.c);
  const calls = assistant(
    `${worst[0]} and ${worst[1]} account for most of the decline. Before blaming the categories, I'll check whether the drop is spread across regions or concentrated in one:`,
    worst.map((c) =>
      call('run_python', {
        code: `sub = df[(df.category == '${c}') & df.quarter.isin([2, 3])]\nt = sub.pivot_table(index='region', columns='month', values='revenue_usd', aggfunc='sum')\nprint('${c}')\nprint(t.round(0).to_string())`,
      }),
    ),
  );
  calls.forEach((cl, k) => {
    const c = worst[k]!;
    tool(
      cl,
      `${c}\n${frame(
        ['4', '5', '6', '7', '8', '9'],
        regions.map((r) => rev[c]![r]!.slice(3, 9).map((v) => Math.round(v))),
        regions,
      )
        .replace(/^/, 'month  ')
        .replace('\n', '\nregion\n')}`,
    );
  });

  [c1] = assistant('To see both effects at once, the monthly revenue for every category and region:', [
    call('run_python', {
      code: "full = df.pivot_table(index=['category', 'region'], columns='month', values='revenue_usd', aggfunc='sum')\nprint((full / 1000).round(1).to_string())",
    }),
  ]);
  const pivotRows: number[][] = [];
  const pivotIdx: string[] = [];
  for (const c of categories)
    for (const r of regions) {
      pivotIdx.push(`${c.padEnd(12)} ${r}`);
      pivotRows.push(rev[c]![r]!.map((v) => Math.round(v / 100) / 10));
    }
  tool(
    c1!,
    frame(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
      pivotRows.map((r) => r.map((v) => v.toFixed(1))),
      pivotIdx,
    )
      .replace(/^/, 'month            ')
      .replace('\n', '\ncategory     region\n'),
  );

  [c1] = assistant(
    "Two different patterns. Outdoor is down in every region from July onwards, which looks like a real change in demand. But EU in August is low across both categories, and only in that one month. That looks like missing data rather than a sales drop, so I'll check the daily order counts for EU in August.",
    [
      call('run_python', {
        code: "eu_aug = df[(df.region == 'EU') & (df.month == 8)]\ndaily = eu_aug.groupby(eu_aug.order_ts.dt.date).agg(lines=('order_id', 'size'), revenue=('revenue_usd', 'sum'))\ndaily = daily.reindex(pd.date_range('2025-08-01', '2025-08-31').date, fill_value=0)\nprint(daily.to_string())",
      }),
    ],
  );
  const dailyRows: (string | number)[][] = [];
  const dailyIdx: string[] = [];
  const euAugDaily = categories.reduce((s, c) => s + rev[c]!.EU![7]!, 0) / 17;
  for (let d = 1; d <= 31; d++) {
    dailyIdx.push(`2025-08-${String(d).padStart(2, '0')}`);
    if (d >= 11 && d <= 24) dailyRows.push([0, 0]);
    else {
      const v = euAugDaily * (0.8 + rng.next() * 0.4);
      dailyRows.push([Math.round(v / 71.3), Math.round(v * 100) / 100]);
    }
  }
  tool(c1!, frame(['lines', 'revenue'], dailyRows, dailyIdx));

  [c1] = assistant(
    "No EU orders at all from 11 to 24 August, with normal volumes on either side. A business that size doesn't go to zero for exactly 14 days, so this is a data gap. Let me check the README and whether any other region or month has gaps like this.",
    [
      call('run_python', {
        code: "print(open('/mnt/data/README.txt').read())\ncounts = df.groupby([df.region, df.order_ts.dt.date]).size().unstack(0)\nfull = counts.reindex(pd.date_range('2025-01-01', '2025-09-30').date)\nprint('days with no orders per region:')\nprint(full.isna().sum().to_string())\nprint(counts.loc[pd.Timestamp('2025-08-01').date():pd.Timestamp('2025-08-31').date()].fillna(0).astype(int).to_string())",
      }),
    ],
  );
  tool(
    c1!,
    `orders_2025.csv: order lines exported from the warehouse (dbt model fct_order_lines), one row per line.
revenue_usd: net of discounts, converted at the daily ECB rate on order date.
status: fulfilled | returned | cancelled (cancelled lines are excluded from the export).
Known issues:
- EU orders placed through the new checkout (launched 2025-08-11) were written to a separate
  staging table until the backfill job is fixed (DATA-2291). They are NOT in this export.
- Returns are recorded on the original order line (status changes), not as new lines.

days with no orders per region:
region
APAC      0
EU       14
LATAM     0
NA        0
${frame(
  regions,
  dailyIdx.map((_, k) =>
    regions.map((r) =>
      r === 'EU' && k >= 10 && k <= 23
        ? 0
        : Math.round(
            (regionShare[r]! * 5400 * (0.85 + rng.next() * 0.3)) / (k % 7 === 2 || k % 7 === 3 ? 1.25 : 1),
          ),
    ),
  ),
  dailyIdx,
)
  .replace(/^/, 'region    ')
  .replace('\n', '\norder_ts\n')}`,
  );

  assistant(
    `Here's what drove the drop, and an important caveat.

**Q3 was ${Math.abs(pct(q2t, q3t)).toFixed(1)}% below Q2** in this export (${money2(q3t)} vs ${money2(q2t)} USD, returns excluded).

**1. A data gap, not lost sales (EU, 11–24 Aug).** The export has no EU orders at all for 14 days. The README says EU orders from the new checkout, launched 11 August, went to a staging table and are missing from the export (ticket DATA-2291). Every category in EU is affected, so this drags every line down. If those days looked like the rest of August, roughly **${money2(euAugGap)} USD** is missing.

**2. A real decline in Outdoor.** Outdoor is down in *every* region from July onwards, by about 15–20% compared with Q2. It is the single biggest real driver. The timing matches the July price increase, and Q2 also had a pre-summer peak.

**3. The other categories** move by a few percent, mostly within normal month-to-month noise once the EU gap is accounted for.

I'd suggest finance wait for the DATA-2291 backfill before publishing the category breakdown. If you want, I can estimate the numbers with the gap filled in and make a chart for the deck.`,
    [],
  );

  messages.push({
    role: 'user',
    content:
      "Yes please. Estimate the gap (use the EU days around it, same weekdays), redo the Q2→Q3 breakdown with it filled in, and make one chart for the deck: the drop split into 'data gap', 'Outdoor' and 'everything else'.",
  });
  [c1] = assistant(null, [
    call('run_python', {
      code: "eu = df[df.region == 'EU']\nd = eu.groupby([eu.order_ts.dt.date, 'category']).revenue_usd.sum().unstack(fill_value=0)\nd.index = pd.to_datetime(d.index)\nref = d[(d.index >= '2025-07-28') & (d.index <= '2025-09-07') & ~d.index.isin(pd.date_range('2025-08-11', '2025-08-24'))]\nby_wd = ref.groupby(ref.index.weekday).mean()\ngap = pd.DataFrame([by_wd.loc[x.weekday()] for x in pd.date_range('2025-08-11', '2025-08-24')], index=pd.date_range('2025-08-11', '2025-08-24'))\nest = gap.sum()\nprint('estimated missing EU revenue by category (USD):')\nprint(est.round(2).to_string())\nprint('total', round(est.sum(), 2))",
    }),
  ]);
  const est = categories.map((c) => ({ c, v: (rev[c]!.EU![7]! / 17) * 14 * (0.97 + rng.next() * 0.06) }));
  const estTotal = est.reduce((s, e) => s + e.v, 0);
  tool(
    c1!,
    `estimated missing EU revenue by category (USD):\ncategory\n${est.map((e) => `${e.c.padEnd(12)} ${e.v.toFixed(2).padStart(12)}`).join('\n')}\ntotal ${estTotal.toFixed(2)}`,
  );

  [c1] = assistant(null, [
    call('run_python', {
      code: "adj = by_cat[[2, 3]].copy()\nadj[3] = adj[3] + est.reindex(adj.index).fillna(0)\nadj['change'] = adj[3] - adj[2]\nadj['change_pct'] = (adj[3] / adj[2] - 1) * 100\nprint(adj.sort_values('change').round(2).to_string())\nprint('Q3 vs Q2 adjusted: {:+.1%}'.format(adj[3].sum() / adj[2].sum() - 1))",
    }),
  ]);
  const adj = categories
    .map((c, k) => {
      const e = est.find((x) => x.c === c)!.v;
      return { c, q2: q2[k]!, q3: q3[k]! + e, ch: q3[k]! + e - q2[k]! };
    })
    .sort((a, b) => a.ch - b.ch);
  const adjTotal = adj.reduce((s, r) => s + r.q3, 0);
  tool(
    c1!,
    `${frame(
      ['2', '3', 'change', 'change_pct'],
      adj.map((r) => [r.q2, r.q3, r.ch, pct(r.q2, r.q3)]),
      adj.map((r) => r.c),
    )
      .replace(/^/, 'quarter  ')
      .replace(
        '\n',
        '\ncategory\n',
      )}\nQ3 vs Q2 adjusted: ${pct(q2t, adjTotal) >= 0 ? '+' : ''}${pct(q2t, adjTotal).toFixed(1)}%`,
  );

  const outdoorCh = adj.find((r) => r.c === 'Outdoor')!.ch;
  const restCh = q3t + estTotal - q2t - outdoorCh;
  [c1] = assistant(null, [
    call('run_python', {
      code: "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\nparts = {'Data gap (EU, 11-24 Aug)': -est.sum(), 'Outdoor': adj.loc['Outdoor', 'change'], 'Everything else': adj['change'].sum() - adj.loc['Outdoor', 'change']}\nfig, ax = plt.subplots(figsize=(8, 4.5), dpi=150)\nbars = ax.barh(list(parts), [v / 1e3 for v in parts.values()], color=['#9aa5b1', '#d64545', '#5b7083'])\nax.axvline(0, color='black', linewidth=0.8)\nax.set_xlabel('Change Q2 -> Q3, thousand USD')\nax.set_title('What drove the Q3 revenue drop')\nax.bar_label(bars, fmt='%.0fk', padding=4)\nfig.tight_layout()\nfig.savefig('/mnt/data/q3_drop_breakdown.png')\nprint({k: round(v, 2) for k, v in parts.items()})",
    }),
  ]);
  tool(
    c1!,
    `{'Data gap (EU, 11-24 Aug)': ${(-estTotal).toFixed(2)}, 'Outdoor': ${outdoorCh.toFixed(2)}, 'Everything else': ${restCh.toFixed(2)}}`,
  );
  assistant(
    `Done. The chart is at \`/mnt/data/q3_drop_breakdown.png\`.

With the EU gap filled in from the surrounding weeks (same weekdays, 28 Jul–7 Sep excluding the gap), the picture for the deck is:

| Driver | Q2 → Q3 change (USD) |
|---|---:|
| Data gap (EU, 11–24 Aug, DATA-2291) | ${money2(-estTotal)} |
| Outdoor (all regions, from July) | ${money2(outdoorCh)} |
| Everything else | ${money2(restCh)} |

- **Adjusted**, Q3 is ${pct(q2t, adjTotal).toFixed(1)}% against Q2 instead of ${pct(q2t, q3t).toFixed(1)}%.
- **Outdoor** is the one real driver, down ${Math.abs(pct(adj.find((r) => r.c === 'Outdoor')!.q2, adj.find((r) => r.c === 'Outdoor')!.q3)).toFixed(1)}% against Q2 in every region. The timing fits the July price increase, and Q2 was flattered by the pre-summer peak.
- **The gap estimate** assumes the missing days looked like the weeks around them. The new checkout may have changed conversion, so treat it as ±15% until the backfill lands.

For the deck I'd label the grey bar "not lost: missing from the export, backfill pending".`,
    [],
  );
  messages.push({
    role: 'user',
    content:
      'Last thing: product wants to know if Outdoor is really the price increase or if we lost volume for another reason. Can you show units vs average price by month for Outdoor, and which SKUs lost the most?',
  });
  [c1] = assistant(null, [
    call('run_python', {
      code: "products = pd.read_csv('/mnt/data/products.csv')\nout = df[df.category == 'Outdoor'].merge(products, on='sku')\nm = out.groupby('month').agg(units=('qty', 'sum'), revenue=('revenue_usd', 'sum'), list_price=('list_price_usd', 'mean'))\nm['avg_paid'] = m.revenue / m.units\nprint(m.round(2).to_string())",
    }),
  ]);
  tool(
    c1!,
    `Traceback (most recent call last):
  File "<stdin>", line 2, in <module>
  File "/usr/local/lib/python3.11/site-packages/pandas/core/frame.py", line 10832, in merge
    return merge(
           ^^^^^^
  File "/usr/local/lib/python3.11/site-packages/pandas/core/reshape/merge.py", line 170, in merge
    op = _MergeOperation(
         ^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/pandas/core/reshape/merge.py", line 794, in __init__
    ) = self._get_merge_keys()
        ^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/pandas/core/reshape/merge.py", line 1297, in _get_merge_keys
    right_keys.append(right._get_label_or_level_values(rk))
                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/pandas/core/generic.py", line 1911, in _get_label_or_level_values
    raise KeyError(key)
KeyError: 'sku'`,
  );
  [c1] = assistant('`products.csv` uses a different key name. Checking its columns:', [
    call('run_python', { code: 'print(products.columns.tolist())\nprint(products.head(12).to_string())' }),
  ]);
  const skus: (string | number)[][] = [];
  const skuIds: string[] = [];
  for (let i = 0; i < 40; i++) {
    const id = `SKU-OUT-${rng.int(1000, 9999)}`;
    skuIds.push(id);
    const name = rng.pick([
      'Trail tent 2P',
      'Down jacket',
      'Hiking pole pair',
      'Dry bag 20L',
      'Headlamp 400lm',
      'Camp stove',
      'Sleeping mat',
      'Rain shell',
      'Water filter',
      'Daypack 28L',
    ]);
    const lp = Math.round((25 + rng.next() * 280) * 100) / 100;
    skus.push([
      id,
      `${name} ${rng.pick(['', 'Pro', 'Lite', 'XL'])}`.trim(),
      'Outdoor',
      lp,
      Math.round(lp * (1.09 + rng.next() * 0.06) * 100) / 100,
      '2025-07-01',
    ]);
  }
  tool(
    c1!,
    `['product_sku', 'name', 'category', 'list_price_usd_h1', 'list_price_usd', 'price_effective']\n${frame(
      ['product_sku', 'name', 'category', 'list_price_usd_h1', 'list_price_usd', 'price_effective'],
      skus.slice(0, 12),
    )}`,
  );
  [c1] = assistant(null, [
    call('run_python', {
      code: "out = df[df.category == 'Outdoor'].merge(products.rename(columns={'product_sku': 'sku'}), on='sku', how='left')\nprint('unmatched lines:', out.name.isna().sum())\nm = out.groupby('month').agg(units=('qty', 'sum'), revenue=('revenue_usd', 'sum'))\nm['avg_paid'] = m.revenue / m.units\nprint(m.round(2).to_string())\nsku = out[out.quarter.isin([2, 3])].pivot_table(index=['sku', 'name'], columns='quarter', values='qty', aggfunc='sum').fillna(0)\nsku['units_change_pct'] = (sku[3] / sku[2] - 1) * 100\nsku = sku.merge(products.set_index('product_sku')[['list_price_usd_h1', 'list_price_usd']], left_on='sku', right_index=True)\nsku['price_change_pct'] = (sku.list_price_usd / sku.list_price_usd_h1 - 1) * 100\nprint(sku.sort_values(3).head(40).round(1).to_string())",
    }),
  ]);
  const monthRows: (string | number)[][] = [];
  for (let m = 0; m < 9; m++) {
    const revenue = regions.reduce((a, r) => a + rev.Outdoor![r]![m]!, 0);
    const price = m >= 6 ? 84.9 + rng.next() * 2 : 76.4 + rng.next() * 2;
    monthRows.push([
      Math.round(revenue / price),
      Math.round(revenue * 100) / 100,
      Math.round(price * 100) / 100,
    ]);
  }
  const skuRows = skus.map((r) => {
    const u2 = rng.int(300, 2600);
    const drop = 0.62 + rng.next() * 0.3;
    const u3 = Math.round(u2 * drop);
    return [
      u2,
      u3,
      ((u3 / u2 - 1) * 100).toFixed(1),
      r[3]!,
      r[4]!,
      (((r[4] as number) / (r[3] as number) - 1) * 100).toFixed(1),
    ];
  });
  tool(
    c1!,
    `unmatched lines: 0\n${frame(['units', 'revenue', 'avg_paid'], monthRows, [1, 2, 3, 4, 5, 6, 7, 8, 9]).replace(/^/, '      ').replace('\n', '\nmonth\n')}\n${frame(
      ['2', '3', 'units_change_pct', 'list_price_usd_h1', 'list_price_usd', 'price_change_pct'],
      skuRows,
      skus.map((r) => `${r[0]}  ${String(r[1]).padEnd(22)}`),
    )}`,
  );
  assistant(
    `Mostly the price increase, but not only.

**By month (Outdoor, all regions):** units fall by about 20% from July while the average price paid rises by about 11% (from roughly $77 to $85). Revenue therefore falls less than units do, about 12–18%.

**By SKU:** every Outdoor SKU had a list-price increase of 9–15% on 1 July (\`price_effective\` in products.csv). Unit losses are broad (the typical SKU is down 10–38% against Q2), not concentrated in a few products. That points to the price change rather than, say, a stock-out of a best seller: a stock-out would show a few SKUs near zero.

**What the data cannot tell you:** Q2 includes the pre-summer peak, so some of the drop is seasonal. To separate the two properly, compare with Q3 2024 or with a region where prices did not change. This file only covers 2025.

For product, I'd summarise it as: "Outdoor volume is down about 20% since the 1 July price increase and the loss is spread across the range. Part of it is seasonal, which we can't separate without last year's data."`,
    [],
  );
  void callN;
  return (
    JSON.stringify(
      { model: 'gpt-4.1-2025-04-14', temperature: 0.2, tools: OPENAI_TOOLS, messages },
      null,
      2,
    ) + '\n'
  );
}

const OPENAI_TOOLS = [
  {
    type: 'function',
    function: {
      name: 'run_python',
      description:
        'Run Python code in the sandbox and return stdout and stderr. State persists between calls.',
      parameters: {
        type: 'object',
        properties: { code: { type: 'string', description: 'The code to run.' } },
        required: ['code'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'list_files',
      description: 'List files in a directory of the sandbox, with sizes.',
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
  },
];

// ---------------------------------------------------------------------------
// Sample 3: a Codex CLI rollout of a refactoring session in a Go service

const FLEET_ROOT = '/home/lena/src/fleetd';

const FLEET_CLIENT = (
  pkg: string,
  what: string,
  types: string,
  methods: string,
  loop: string,
  extraImports = '',
  lateImports = '',
) => `package ${pkg}

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
${extraImports}	"net/http"
${lateImports}	"time"
)

// Client talks to the ${what} REST API.
type Client struct {
	baseURL    string
	httpClient *http.Client
	token      string
}

// New returns a client for baseURL. A nil hc gets a client with a 10s timeout.
func New(baseURL, token string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Second}
	}
	return &Client{baseURL: baseURL, httpClient: hc, token: token}
}

// ErrNotFound is returned when the ${what} API answers 404.
var ErrNotFound = errors.New("${pkg}: not found")
${types}${methods}
func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return fmt.Errorf("${pkg}: encode request: %w", err)
		}
	}
${loop}}

func (c *Client) decode(method, path string, resp *http.Response, out any) error {
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return ErrNotFound
	case resp.StatusCode >= 400:
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return fmt.Errorf("${pkg}: %s %s: status %d: %s", method, path, resp.StatusCode, bytes.TrimSpace(msg))
	case out == nil:
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("${pkg}: decode %s %s: %w", method, path, err)
	}
	return nil
}
`;

const FLEET_FILES: Record<string, string> = {
  'go.mod': `module github.com/acme/fleetd

go 1.22

require (
	github.com/prometheus/client_golang v1.19.1
	go.uber.org/zap v1.27.0
	golang.org/x/sync v0.7.0
)
`,
  'AGENTS.md': `# fleetd

Go service that schedules deliveries for the fleet: it reads orders from the
queue, reserves stock (inventory API), books a carrier (shipping API) and
raises the invoice (billing API).

- \`make test\` runs \`go test -race ./...\`; \`make lint\` runs golangci-lint.
- Keep exported APIs of \`internal/*\` packages stable unless asked; callers live in
  \`cmd/fleetd\` and \`internal/scheduler\`.
- No new third-party dependencies without asking.
- Tests use \`httptest\`; never call real services.
`,
  'internal/billing/client.go': FLEET_CLIENT(
    'billing',
    'billing',
    `
// Invoice is a bill for one delivery.
type Invoice struct {
	ID          string    \`json:"id"\`
	AccountID   string    \`json:"account_id"\`
	OrderID     string    \`json:"order_id"\`
	AmountCents int64     \`json:"amount_cents"\`
	Currency    string    \`json:"currency"\`
	DueAt       time.Time \`json:"due_at"\`
	Status      string    \`json:"status"\`
}
`,
    `
// GetInvoice fetches one invoice.
func (c *Client) GetInvoice(ctx context.Context, id string) (*Invoice, error) {
	var inv Invoice
	if err := c.do(ctx, http.MethodGet, "/v1/invoices/"+id, nil, &inv); err != nil {
		return nil, err
	}
	return &inv, nil
}

// CreateInvoice raises an invoice for an order.
func (c *Client) CreateInvoice(ctx context.Context, in *Invoice) (*Invoice, error) {
	var out Invoice
	if err := c.do(ctx, http.MethodPost, "/v1/invoices", in, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
`,
    `	var lastErr error
	for attempt := 0; attempt < 4; attempt++ {
		if attempt > 0 {
			// 200ms, 400ms, 800ms plus up to 100ms of jitter.
			wait := time.Duration(100<<attempt)*time.Millisecond + time.Duration(rand.Intn(100))*time.Millisecond
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return fmt.Errorf("billing: build request: %w", err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.httpClient.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			lastErr = fmt.Errorf("billing: %s %s: status %d", method, path, resp.StatusCode)
			continue
		}
		return c.decode(method, path, resp, out)
	}
	return fmt.Errorf("billing: giving up after 4 attempts: %w", lastErr)
`,
    '	"math/rand"\n',
  ),
  'internal/shipping/client.go': FLEET_CLIENT(
    'shipping',
    'carrier booking',
    `
// Booking is a reserved pickup slot with a carrier.
type Booking struct {
	ID        string    \`json:"id"\`
	OrderID   string    \`json:"order_id"\`
	Carrier   string    \`json:"carrier"\`
	PickupAt  time.Time \`json:"pickup_at"\`
	Tracking  string    \`json:"tracking,omitempty"\`
	Cancelled bool      \`json:"cancelled"\`
}

// Quote is a carrier's price for a parcel.
type Quote struct {
	Carrier     string \`json:"carrier"\`
	PriceCents  int64  \`json:"price_cents"\`
	Currency    string \`json:"currency"\`
	TransitDays int    \`json:"transit_days"\`
}
`,
    `
// Quotes asks every carrier for a price for the parcel.
func (c *Client) Quotes(ctx context.Context, orderID string, weightGrams int) ([]Quote, error) {
	var out struct {
		Quotes []Quote \`json:"quotes"\`
	}
	path := fmt.Sprintf("/v2/quotes?order=%s&weight_g=%d", orderID, weightGrams)
	if err := c.do(ctx, http.MethodGet, path, nil, &out); err != nil {
		return nil, err
	}
	return out.Quotes, nil
}

// Book reserves a pickup slot. The API treats a repeated Idempotency-Key as the same booking.
func (c *Client) Book(ctx context.Context, b *Booking) (*Booking, error) {
	var out Booking
	if err := c.do(ctx, http.MethodPost, "/v2/bookings", b, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
`,
    `	// Retry for up to 15s in total, honouring Retry-After; only 503s and network errors are retried.
	deadline := time.Now().Add(15 * time.Second)
	key := newIdempotencyKey()
	for attempt := 1; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return fmt.Errorf("shipping: build request: %w", err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		if method == http.MethodPost {
			req.Header.Set("Idempotency-Key", key)
		}
		resp, err := c.httpClient.Do(req)
		wait := time.Duration(attempt) * 500 * time.Millisecond
		switch {
		case err != nil:
		case resp.StatusCode == http.StatusServiceUnavailable:
			if s, perr := strconv.Atoi(resp.Header.Get("Retry-After")); perr == nil {
				wait = time.Duration(s) * time.Second
			}
			resp.Body.Close()
			err = fmt.Errorf("shipping: %s %s: status 503", method, path)
		default:
			return c.decode(method, path, resp, out)
		}
		if time.Now().Add(wait).After(deadline) {
			return fmt.Errorf("shipping: retry budget exhausted after %d attempts: %w", attempt, err)
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
`,
    '',
    '	"strconv"\n',
  ),
  'internal/inventory/client.go': FLEET_CLIENT(
    'inventory',
    'inventory',
    `
// Reservation holds stock for an order until it ships or expires.
type Reservation struct {
	ID        string         \`json:"id"\`
	OrderID   string         \`json:"order_id"\`
	Lines     map[string]int \`json:"lines"\`
	ExpiresAt time.Time      \`json:"expires_at"\`
}
`,
    `
// Reserve holds stock for the order's lines (SKU -> quantity).
func (c *Client) Reserve(ctx context.Context, orderID string, lines map[string]int) (*Reservation, error) {
	var out Reservation
	body := map[string]any{"order_id": orderID, "lines": lines}
	if err := c.do(ctx, http.MethodPut, "/stock/reservations/"+orderID, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Release gives reserved stock back.
func (c *Client) Release(ctx context.Context, orderID string) error {
	return c.do(ctx, http.MethodDelete, "/stock/reservations/"+orderID, nil, nil)
}
`,
    `	var lastErr error
	wait := 250 * time.Millisecond
	for attempt := 0; attempt < 5; attempt++ {
		if attempt > 0 {
			time.Sleep(wait)
			wait *= 2
		}
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return fmt.Errorf("inventory: build request: %w", err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.httpClient.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			lastErr = fmt.Errorf("inventory: %s %s: status %d", method, path, resp.StatusCode)
			continue
		}
		return c.decode(method, path, resp, out)
	}
	return fmt.Errorf("inventory: giving up after 5 attempts: %w", lastErr)
`,
  ),
};
FLEET_FILES['internal/shipping/idempotency.go'] = `package shipping

import (
	"crypto/rand"
	"encoding/hex"
)

func newIdempotencyKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
`;

const RETRY_GO = `package httpx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// Policy says when and how often a request is retried.
type Policy struct {
	// MaxAttempts counts the first try; 0 means no limit (then Budget must be set).
	MaxAttempts int
	// BaseDelay is the delay before the second attempt; it doubles each time, up to MaxDelay.
	BaseDelay time.Duration
	MaxDelay  time.Duration
	// Budget caps the total time spent waiting between attempts; 0 means no cap.
	Budget time.Duration
	// Retryable decides whether a response or transport error is worth another try.
	// Nil means DefaultRetryable.
	Retryable func(resp *http.Response, err error) bool
}

// DefaultRetryable retries transport errors, 429 and 5xx except 501.
func DefaultRetryable(resp *http.Response, err error) bool {
	if err != nil {
		return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
	}
	return resp.StatusCode == http.StatusTooManyRequests ||
		(resp.StatusCode >= 500 && resp.StatusCode != http.StatusNotImplemented)
}

// ErrExhausted wraps the last failure once the policy gives up.
var ErrExhausted = errors.New("httpx: retries exhausted")

// Do sends the request built by newReq until it succeeds, is not retryable, or the
// policy gives up. newReq is called once per attempt so bodies can be re-sent.
// The returned response (if any) is the caller's to close.
func Do(ctx context.Context, hc *http.Client, p Policy, newReq func(context.Context) (*http.Request, error)) (*http.Response, error) {
	retryable := p.Retryable
	if retryable == nil {
		retryable = DefaultRetryable
	}
	var waited time.Duration
	for attempt := 1; ; attempt++ {
		req, err := newReq(ctx)
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req)
		if !retryable(resp, err) {
			return resp, err
		}
		last := err
		if resp != nil {
			last = fmt.Errorf("status %d", resp.StatusCode)
		}
		wait := p.delay(attempt, resp)
		drain(resp)
		if p.MaxAttempts > 0 && attempt >= p.MaxAttempts {
			return nil, fmt.Errorf("%w after %d attempts: %w", ErrExhausted, attempt, last)
		}
		if p.Budget > 0 && waited+wait > p.Budget {
			return nil, fmt.Errorf("%w: budget %s spent after %d attempts: %w", ErrExhausted, p.Budget, attempt, last)
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
			waited += wait
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		}
	}
}

// delay is full-jitter exponential backoff, unless the server asked for a specific wait.
func (p Policy) delay(attempt int, resp *http.Response) time.Duration {
	if d, ok := retryAfter(resp); ok {
		return d
	}
	ceiling := p.BaseDelay << (attempt - 1)
	if ceiling <= 0 || (p.MaxDelay > 0 && ceiling > p.MaxDelay) {
		ceiling = p.MaxDelay
	}
	if ceiling <= 0 {
		return 0
	}
	return rand.N(ceiling) + 1
}

// retryAfter reads a Retry-After header in seconds or as an HTTP date.
func retryAfter(resp *http.Response) (time.Duration, bool) {
	if resp == nil {
		return 0, false
	}
	v := resp.Header.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0), true
	}
	return 0, false
}

func drain(resp *http.Response) {
	if resp == nil {
		return
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
}
`;

const RETRY_TEST_GO = `package httpx

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

func server(t *testing.T, statuses ...int) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := int(calls.Add(1)) - 1
		status := statuses[min(n, len(statuses)-1)]
		if status == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "0")
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func get(url string) func(context.Context) (*http.Request, error) {
	return func(ctx context.Context) (*http.Request, error) {
		return http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	}
}

var fast = Policy{MaxAttempts: 4, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}

func TestDo_SucceedsFirstTime(t *testing.T) {
	srv, calls := server(t, 200)
	resp, err := Do(context.Background(), srv.Client(), fast, get(srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if calls.Load() != 1 {
		t.Fatalf("calls = %d, want 1", calls.Load())
	}
}

func TestDo_RetriesServerErrors(t *testing.T) {
	srv, calls := server(t, 502, 500, 200)
	resp, err := Do(context.Background(), srv.Client(), fast, get(srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if calls.Load() != 3 {
		t.Fatalf("calls = %d, want 3", calls.Load())
	}
}

func TestDo_DoesNotRetryClientErrors(t *testing.T) {
	for _, status := range []int{400, 401, 404, 409, 422, 501} {
		srv, calls := server(t, status)
		resp, err := Do(context.Background(), srv.Client(), fast, get(srv.URL))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != status || calls.Load() != 1 {
			t.Fatalf("status %d: got %d after %d calls", status, resp.StatusCode, calls.Load())
		}
	}
}

func TestDo_GivesUpAfterMaxAttempts(t *testing.T) {
	srv, calls := server(t, 500)
	_, err := Do(context.Background(), srv.Client(), fast, get(srv.URL))
	if !errors.Is(err, ErrExhausted) {
		t.Fatalf("err = %v, want ErrExhausted", err)
	}
	if calls.Load() != 4 {
		t.Fatalf("calls = %d, want 4", calls.Load())
	}
}

func TestDo_HonoursRetryAfter(t *testing.T) {
	srv, calls := server(t, 503, 503, 200)
	start := time.Now()
	resp, err := Do(context.Background(), srv.Client(), Policy{MaxAttempts: 3, BaseDelay: time.Hour}, get(srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if calls.Load() != 3 || time.Since(start) > time.Second {
		t.Fatalf("calls = %d in %s; Retry-After: 0 should override the hour-long base delay", calls.Load(), time.Since(start))
	}
}

func TestDo_StopsOnBudget(t *testing.T) {
	srv, _ := server(t, 500)
	p := Policy{BaseDelay: 20 * time.Millisecond, MaxDelay: 20 * time.Millisecond, Budget: 50 * time.Millisecond}
	_, err := Do(context.Background(), srv.Client(), p, get(srv.URL))
	if !errors.Is(err, ErrExhausted) {
		t.Fatalf("err = %v, want ErrExhausted", err)
	}
}

func TestDo_StopsWhenContextIsCancelled(t *testing.T) {
	srv, _ := server(t, 500)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	p := Policy{MaxAttempts: 100, BaseDelay: 10 * time.Millisecond, MaxDelay: 10 * time.Millisecond}
	_, err := Do(ctx, srv.Client(), p, get(srv.URL))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want context.DeadlineExceeded", err)
	}
}

func TestDelay_IsBoundedByMaxDelay(t *testing.T) {
	p := Policy{BaseDelay: 100 * time.Millisecond, MaxDelay: time.Second}
	for attempt := 1; attempt < 70; attempt++ {
		if d := p.delay(attempt, nil); d <= 0 || d > time.Second {
			t.Fatalf("attempt %d: delay %s out of (0, 1s]", attempt, d)
		}
	}
}

func TestRetryAfter_ParsesSecondsAndDates(t *testing.T) {
	h := http.Header{}
	h.Set("Retry-After", "7")
	if d, ok := retryAfter(&http.Response{Header: h}); !ok || d != 7*time.Second {
		t.Fatalf("seconds: %s %v", d, ok)
	}
	h.Set("Retry-After", time.Now().Add(-time.Minute).UTC().Format(http.TimeFormat))
	if d, ok := retryAfter(&http.Response{Header: h}); !ok || d != 0 {
		t.Fatalf("past date: %s %v", d, ok)
	}
	h.Set("Retry-After", "soon")
	if _, ok := retryAfter(&http.Response{Header: h}); ok {
		t.Fatal("garbage accepted")
	}
}
`;

FLEET_FILES['internal/scheduler/dispatch.go'] = `package scheduler

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/acme/fleetd/internal/billing"
	"github.com/acme/fleetd/internal/inventory"
	"github.com/acme/fleetd/internal/shipping"
)

// Dispatcher turns a paid order into a reservation, a booking and an invoice.
type Dispatcher struct {
	Inventory *inventory.Client
	Shipping  *shipping.Client
	Billing   *billing.Client
	Log       *zap.Logger
}

// Dispatch runs the three steps in order and undoes the reservation if booking fails.
func (d *Dispatcher) Dispatch(ctx context.Context, o Order) error {
	if _, err := d.Inventory.Reserve(ctx, o.ID, o.Lines); err != nil {
		return d.classify("reserve", o, err)
	}
	booking, err := d.Shipping.Book(ctx, &shipping.Booking{OrderID: o.ID, Carrier: o.Carrier, PickupAt: o.ReadyAt})
	if err != nil {
		if rerr := d.Inventory.Release(context.WithoutCancel(ctx), o.ID); rerr != nil {
			d.Log.Warn("release after failed booking", zap.String("order", o.ID), zap.Error(rerr))
		}
		return d.classify("book", o, err)
	}
	_, err = d.Billing.CreateInvoice(ctx, &billing.Invoice{
		AccountID:   o.AccountID,
		OrderID:     o.ID,
		AmountCents: o.TotalCents + booking.PriceCents(),
		Currency:    o.Currency,
		DueAt:       time.Now().AddDate(0, 0, 14),
	})
	return d.classify("invoice", o, err)
}

// classify marks errors from exhausted retries as temporary so the queue redelivers the order later.
func (d *Dispatcher) classify(step string, o Order, err error) error {
	if err == nil {
		return nil
	}
	if strings.Contains(err.Error(), "giving up after") || strings.Contains(err.Error(), "retry budget exhausted") {
		return &TemporaryError{Step: step, OrderID: o.ID, Err: err}
	}
	return fmt.Errorf("%s order %s: %w", step, o.ID, err)
}
`;

FLEET_FILES['internal/config/config.go'] = `package config

import (
	"fmt"
	"os"
	"time"
)

// Config is read once at start-up from the environment.
type Config struct {
	ListenAddr       string
	QueueURL         string
	BillingURL       string
	ShippingURL      string
	InventoryURL     string
	ServiceToken     string
	HTTPTimeout      time.Duration
	DispatchWorkers  int
	ShutdownGrace    time.Duration
}

// FromEnv reads the configuration; required variables that are missing are an error.
func FromEnv() (*Config, error) {
	c := &Config{
		ListenAddr:      getenv("LISTEN_ADDR", ":8080"),
		QueueURL:        os.Getenv("QUEUE_URL"),
		BillingURL:      os.Getenv("BILLING_URL"),
		ShippingURL:     os.Getenv("SHIPPING_URL"),
		InventoryURL:    os.Getenv("INVENTORY_URL"),
		ServiceToken:    os.Getenv("SERVICE_TOKEN"),
		DispatchWorkers: 8,
	}
	var err error
	if c.HTTPTimeout, err = duration("HTTP_TIMEOUT", 10*time.Second); err != nil {
		return nil, err
	}
	if c.ShutdownGrace, err = duration("SHUTDOWN_GRACE", 30*time.Second); err != nil {
		return nil, err
	}
	for name, v := range map[string]string{"QUEUE_URL": c.QueueURL, "BILLING_URL": c.BillingURL, "SHIPPING_URL": c.ShippingURL, "INVENTORY_URL": c.InventoryURL, "SERVICE_TOKEN": c.ServiceToken} {
		if v == "" {
			return nil, fmt.Errorf("config: %s is required", name)
		}
	}
	return c, nil
}

func getenv(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func duration(name string, def time.Duration) (time.Duration, error) {
	v := os.Getenv(name)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", name, err)
	}
	return d, nil
}
`;

FLEET_FILES['internal/billing/client_test.go'] = `package billing

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func newTestClient(t *testing.T, h http.HandlerFunc) *Client {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return New(srv.URL, "tok", srv.Client())
}

func TestGetInvoice(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/invoices/inv_1" {
			t.Errorf("path = %s", r.URL.Path)
		}
		_ = json.NewEncoder(w).Encode(Invoice{ID: "inv_1", AmountCents: 12900, Currency: "EUR", Status: "open"})
	})
	inv, err := c.GetInvoice(context.Background(), "inv_1")
	if err != nil {
		t.Fatal(err)
	}
	if inv.AmountCents != 12900 || inv.Status != "open" {
		t.Fatalf("got %+v", inv)
	}
}

func TestGetInvoice_NotFound(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNotFound) })
	if _, err := c.GetInvoice(context.Background(), "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("err = %v, want ErrNotFound", err)
	}
}

func TestGetInvoice_RetriesOn503(t *testing.T) {
	var calls atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) < 3 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_ = json.NewEncoder(w).Encode(Invoice{ID: "inv_2"})
	})
	if _, err := c.GetInvoice(context.Background(), "inv_2"); err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 3 {
		t.Fatalf("calls = %d, want 3", calls.Load())
	}
}

func TestGetInvoice_GivesUpAfterFourAttempts(t *testing.T) {
	var calls atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	_, err := c.GetInvoice(context.Background(), "inv_7")
	if err == nil {
		t.Fatal("expected an error")
	}
	if got := calls.Load(); got != 4 {
		t.Fatalf("calls = %d, want 4", got)
	}
	if !strings.Contains(err.Error(), "giving up after 4 attempts") {
		t.Fatalf("error = %q, want it to contain %q", err, "giving up after 4 attempts")
	}
}

func TestCreateInvoice(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		var in Invoice
		_ = json.NewDecoder(r.Body).Decode(&in)
		in.ID = "inv_9"
		in.Status = "open"
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(in)
	})
	out, err := c.CreateInvoice(context.Background(), &Invoice{OrderID: "ord_1", AmountCents: 500, Currency: "EUR", DueAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if out.ID != "inv_9" || out.OrderID != "ord_1" {
		t.Fatalf("got %+v", out)
	}
}

func TestCreateInvoice_SendsAuth(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if got := r.Header.Get("Authorization"); got != "Bearer tok" {
			t.Errorf("Authorization = %q", got)
		}
		_ = json.NewEncoder(w).Encode(Invoice{})
	})
	if _, err := c.CreateInvoice(context.Background(), &Invoice{}); err != nil {
		t.Fatal(err)
	}
}

func TestCreateInvoice_BadRequestIsNotRetried(t *testing.T) {
	var calls atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		http.Error(w, "currency must be ISO 4217", http.StatusBadRequest)
	})
	_, err := c.CreateInvoice(context.Background(), &Invoice{Currency: "euro"})
	if err == nil || !strings.Contains(err.Error(), "ISO 4217") || calls.Load() != 1 {
		t.Fatalf("err = %v after %d calls", err, calls.Load())
	}
}
`;

FLEET_FILES['internal/shipping/client_test.go'] = `package shipping

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func newTestClient(t *testing.T, h http.HandlerFunc) *Client {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return New(srv.URL, "tok", srv.Client())
}

func TestQuotes(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("weight_g") != "1200" {
			t.Errorf("query = %s", r.URL.RawQuery)
		}
		_, _ = w.Write([]byte(\`{"quotes":[{"carrier":"dhl","price_cents":890,"currency":"EUR","transit_days":2}]}\`))
	})
	q, err := c.Quotes(context.Background(), "ord_1", 1200)
	if err != nil || len(q) != 1 || q[0].Carrier != "dhl" {
		t.Fatalf("quotes = %+v, err = %v", q, err)
	}
}

func TestBook_SameIdempotencyKeyOnRetry(t *testing.T) {
	var mu sync.Mutex
	var keys []string
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		n := len(keys)
		mu.Unlock()
		if n < 3 {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_ = json.NewEncoder(w).Encode(Booking{ID: "bk_1"})
	})
	if _, err := c.Book(context.Background(), &Booking{OrderID: "ord_1"}); err != nil {
		t.Fatal(err)
	}
	if len(keys) != 3 || keys[0] == "" || keys[0] != keys[1] || keys[1] != keys[2] {
		t.Fatalf("keys = %q, want three equal non-empty keys", keys)
	}
}

func TestBook_HonoursRetryAfter(t *testing.T) {
	var first time.Time
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if first.IsZero() {
			first = time.Now()
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		if since := time.Since(first); since < 900*time.Millisecond {
			t.Errorf("retried after %s, want about 1s", since)
		}
		_ = json.NewEncoder(w).Encode(Booking{ID: "bk_2"})
	})
	if _, err := c.Book(context.Background(), &Booking{OrderID: "ord_2"}); err != nil {
		t.Fatal(err)
	}
}

func TestBook_BudgetExhausted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer srv.Close()

	c := New(srv.URL, "tok", srv.Client())
	start := time.Now()
	_, err := c.Book(context.Background(), &Booking{OrderID: "ord_1"})
	if err == nil {
		t.Fatal("expected an error")
	}
	if time.Since(start) < 14*time.Second {
		t.Fatalf("gave up after %s, want about 15s", time.Since(start))
	}
	if !strings.Contains(err.Error(), "retry budget exhausted") {
		t.Fatalf("error = %q, want it to contain %q", err, "retry budget exhausted")
	}
}

func TestIdempotencyKey_Unique(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		k := newIdempotencyKey()
		if seen[k] {
			t.Fatalf("duplicate key %s", k)
		}
		seen[k] = true
	}
}
`;

type PatchOp = { path: string; add: string } | { path: string; edits: [string, string][] };

/** Applies Codex `apply_patch` operations to the project and returns the patch text the model sent. */
function applyPatch(p: Project, ops: PatchOp[]): { patch: string; summary: string } {
  const out = ['*** Begin Patch'];
  const summary: string[] = [];
  for (const op of ops) {
    if ('add' in op) {
      out.push(
        `*** Add File: ${op.path}`,
        ...op.add
          .replace(/\n$/, '')
          .split('\n')
          .map((l) => `+${l}`),
      );
      p.write(op.path, op.add);
      summary.push(`A ${op.path}`);
      continue;
    }
    out.push(`*** Update File: ${op.path}`);
    for (const [oldText, newText] of op.edits) {
      const before = p.text(op.path).split('\n');
      const at = p.edit(op.path, oldText, newText) - 1;
      const ctx = before.slice(Math.max(0, at - 3), at);
      const oldLines = oldText.split('\n');
      const after = before.slice(at + oldLines.length, at + oldLines.length + 3);
      out.push(
        `@@${ctx.length && /^(func|type) /.test(before[at - ctx.length - 1] ?? '') ? ` ${before[at - ctx.length - 1]}` : ''}`,
        ...ctx.map((l) => ` ${l}`),
        ...oldLines.map((l) => `-${l}`),
        ...newText.split('\n').map((l) => `+${l}`),
        ...after.map((l) => ` ${l}`),
      );
    }
    summary.push(`M ${op.path}`);
  }
  out.push('*** End Patch');
  return { patch: out.join('\n'), summary: `Success. Updated the following files:\n${summary.join('\n')}\n` };
}

class CodexWriter {
  readonly lines: unknown[] = [];
  private context = 9_800;
  private pending = 0;
  private totals = {
    input_tokens: 0,
    cached_input_tokens: 0,
    output_tokens: 0,
    reasoning_output_tokens: 0,
    total_tokens: 0,
  };

  constructor(
    private readonly rng: Rng,
    private readonly clock: Clock,
    readonly cwd: string,
  ) {}

  private line(type: string, payload: unknown, min = 5, max = 60): void {
    this.lines.push({ timestamp: this.clock.tick(min, max), type, payload });
  }

  meta(sessionId: string): void {
    this.lines.push({
      timestamp: this.clock.iso(),
      type: 'session_meta',
      payload: {
        id: sessionId,
        timestamp: this.clock.iso(),
        cwd: this.cwd,
        originator: 'codex_cli_rs',
        cli_version: '0.46.0',
        instructions: null,
        source: 'cli',
        model_provider: 'openai',
        git: {
          commit_hash: this.rng.hex(40),
          branch: 'refactor/shared-retry',
          repository_url: 'git@github.com:acme/fleetd.git',
        },
      },
    });
  }

  injected(text: string): void {
    this.line(
      'response_item',
      { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
      0,
      2,
    );
    this.pending += roughTokens(text);
  }

  user(text: string): void {
    this.line(
      'response_item',
      { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
      20_000,
      90_000,
    );
    this.line('event_msg', { type: 'user_message', message: text, kind: 'plain' }, 0, 2);
    this.pending += roughTokens(text);
  }

  turn(turnId: string): void {
    this.line('turn_context', {
      turn_id: turnId,
      cwd: this.cwd,
      approval_policy: 'on-request',
      sandbox_policy: {
        mode: 'workspace-write',
        network_access: false,
        exclude_tmpdir_env_var: false,
        exclude_slash_tmp: false,
      },
      model: 'gpt-5-codex',
      effort: 'medium',
      summary: 'auto',
    });
  }

  private tokenCount(output: number, reasoning: number): void {
    const input = this.context + this.pending;
    const last = {
      input_tokens: input,
      cached_input_tokens: this.context - (this.context % 256),
      output_tokens: output,
      reasoning_output_tokens: reasoning,
      total_tokens: input + output,
    };
    for (const k of Object.keys(this.totals) as (keyof typeof this.totals)[]) this.totals[k] += last[k];
    this.context = input + output;
    this.pending = 0;
    this.line(
      'event_msg',
      {
        type: 'token_count',
        info: { total_token_usage: { ...this.totals }, last_token_usage: last, model_context_window: 272000 },
        rate_limits: {
          primary: {
            used_percent: 11 + Math.floor(this.lines.length / 40),
            window_minutes: 299,
            resets_in_seconds: 9_412,
          },
          secondary: { used_percent: 38, window_minutes: 10_079, resets_in_seconds: 331_200 },
        },
      },
      0,
      3,
    );
  }

  reasoning(title: string, text: string): void {
    const summary = `**${title}**\n\n${text}`;
    this.line(
      'response_item',
      {
        type: 'reasoning',
        summary: [{ type: 'summary_text', text: summary }],
        content: null,
        encrypted_content: `gAAAAAB${this.rng.base64(this.rng.int(600, 1400))}`,
      },
      2_000,
      9_000,
    );
    this.line('event_msg', { type: 'agent_reasoning', text: summary }, 0, 2);
    this.pendingReasoning += roughTokens(text) * 3;
  }
  private pendingReasoning = 0;

  private answer(outputTokens: number): void {
    this.tokenCount(outputTokens + this.pendingReasoning, this.pendingReasoning);
    this.pendingReasoning = 0;
  }

  shell(command: string, output: string, exitCode = 0, seconds?: number): void {
    const callId = `call_${this.rng.base62(24)}`;
    const args = JSON.stringify({
      command: ['bash', '-lc', command],
      workdir: this.cwd,
      timeout_ms: 120_000,
    });
    this.line(
      'response_item',
      { type: 'function_call', name: 'shell', arguments: args, call_id: callId },
      500,
      4_000,
    );
    this.answer(roughTokens(args) + 12);
    const duration = seconds ?? this.rng.int(2, 900) / 100;
    this.line(
      'event_msg',
      {
        type: 'exec_command_end',
        call_id: callId,
        stdout: '',
        stderr: '',
        aggregated_output: '',
        exit_code: exitCode,
        duration: { secs: Math.floor(duration), nanos: Math.round((duration % 1) * 1e9) },
        formatted_output: '',
      },
      Math.round(duration * 1000),
      Math.round(duration * 1000) + 200,
    );
    this.line(
      'response_item',
      {
        type: 'function_call_output',
        call_id: callId,
        output: JSON.stringify({ output, metadata: { exit_code: exitCode, duration_seconds: duration } }),
      },
      1,
      20,
    );
    this.pending += roughTokens(output) + 20;
  }

  patch(p: Project, ops: PatchOp[]): void {
    const callId = `call_${this.rng.base62(24)}`;
    const { patch, summary } = applyPatch(p, ops);
    this.line(
      'response_item',
      { type: 'custom_tool_call', status: 'completed', call_id: callId, name: 'apply_patch', input: patch },
      3_000,
      20_000,
    );
    this.answer(roughTokens(patch));
    this.line(
      'response_item',
      {
        type: 'custom_tool_call_output',
        call_id: callId,
        output: JSON.stringify({ output: summary, metadata: { exit_code: 0, duration_seconds: 0.0 } }),
      },
      20,
      200,
    );
    this.pending += roughTokens(summary) + 20;
  }

  say(text: string): void {
    this.line(
      'response_item',
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] },
      1_000,
      6_000,
    );
    this.line('event_msg', { type: 'agent_message', message: text }, 0, 2);
    this.answer(roughTokens(text));
  }

  compacted(summary: string): void {
    this.line('compacted', { message: summary }, 8_000, 20_000);
    this.line('event_msg', { type: 'context_compacted' }, 0, 5);
    this.context = 9_800 + roughTokens(summary);
  }
}

/** `go test -v` output for a set of packages; names are the tests, durations are made up. */
function goTestV(rng: Rng, pkgs: [string, string[]][], race = false): string {
  const out: string[] = [];
  for (const [pkg, tests] of pkgs) {
    if (!tests.length) {
      out.push(`?   \tgithub.com/acme/fleetd/${pkg}\t[no test files]`);
      continue;
    }
    for (const t of tests) {
      out.push(`=== RUN   ${t}`, `--- PASS: ${t} (0.${String(rng.int(0, 40)).padStart(2, '0')}s)`);
    }
    out.push(
      'PASS',
      `ok  \tgithub.com/acme/fleetd/${pkg}\t${(rng.int(20, 900) / 1000 + (race ? 1.1 : 0)).toFixed(3)}s`,
    );
  }
  return out.join('\n');
}

const FLEET_TESTS: [string, string[]][] = [
  ['cmd/fleetd', []],
  [
    'internal/billing',
    [
      'TestGetInvoice',
      'TestGetInvoice_NotFound',
      'TestGetInvoice_RetriesOn503',
      'TestGetInvoice_GivesUpAfterFourAttempts',
      'TestCreateInvoice',
      'TestCreateInvoice_SendsAuth',
      'TestCreateInvoice_BadRequestIsNotRetried',
    ],
  ],
  [
    'internal/config',
    ['TestFromEnv_Defaults', 'TestFromEnv_Required', 'TestFromEnv_BadDuration', 'TestFromEnv_Overrides'],
  ],
  [
    'internal/inventory',
    [
      'TestReserve',
      'TestReserve_Conflict',
      'TestReserve_RetriesServerErrors',
      'TestRelease',
      'TestRelease_NotFoundIsError',
    ],
  ],
  [
    'internal/queue',
    [
      'TestConsumer_AcksOnSuccess',
      'TestConsumer_NacksTemporaryErrors',
      'TestConsumer_DeadLettersAfterFiveDeliveries',
      'TestConsumer_StopsOnCancel',
      'TestConsumer_Concurrency',
      'TestMessage_Decode',
      'TestMessage_DecodeRejectsUnknownVersion',
    ],
  ],
  [
    'internal/scheduler',
    [
      'TestDispatch_HappyPath',
      'TestDispatch_ReleasesStockWhenBookingFails',
      'TestDispatch_TemporaryOnExhaustedRetries',
      'TestDispatch_PermanentOnClientError',
      'TestDispatch_InvoiceIncludesShipping',
      'TestOrder_Validate',
      'TestOrder_ValidateRejectsEmptyLines',
    ],
  ],
  [
    'internal/shipping',
    [
      'TestQuotes',
      'TestQuotes_Empty',
      'TestBook',
      'TestBook_SameIdempotencyKeyOnRetry',
      'TestBook_HonoursRetryAfter',
      'TestBook_BudgetExhausted',
      'TestIdempotencyKey_Unique',
    ],
  ],
  [
    'internal/telemetry',
    ['TestMetrics_Registered', 'TestMiddleware_RecordsStatus', 'TestMiddleware_RecordsLatency'],
  ],
];

function codexSample(): string {
  const rng = new Rng(0xc0de0003);
  const clock = new Clock(Date.parse('2025-10-14T08:12:40.517Z'), rng);
  const p = new Project(FLEET_ROOT, FLEET_FILES);
  const w = new CodexWriter(rng, clock, FLEET_ROOT);
  const cat = (path: string) => p.text(path);

  w.meta(`0199e1c4-${rng.hex(4)}-7${rng.hex(3)}-${rng.hex(4)}-${rng.hex(12)}`);
  w.injected(`<user_instructions>\n\n${cat('AGENTS.md')}\n</user_instructions>`);
  w.injected(
    `<environment_context>\n  <cwd>${FLEET_ROOT}</cwd>\n  <approval_policy>on-request</approval_policy>\n  <sandbox_mode>workspace-write</sandbox_mode>\n  <network_access>restricted</network_access>\n  <shell>bash</shell>\n</environment_context>`,
  );
  // Turn 1: compare the three clients (later replaced by the compaction summary).
  w.user(
    "billing, shipping and inventory each hand-roll their own retry loop and they all behave differently. I want one shared helper in internal/httpx. Start by comparing the three loops and tell me which differences look deliberate and which are accidents. Don't change code yet.",
  );
  w.turn('0199e1c4-turn-1');
  w.reasoning(
    'Comparing retry loops',
    "I need to read each client's do() and list attempts, backoff, jitter, what is retried, context handling and idempotency.",
  );
  w.shell(
    `rg -n "attempt|Retry-After|time.Sleep|Idempotency" internal --type go`,
    p
      .grep(/attempt|Retry-After|time\.Sleep|Idempotency/)
      .map((l) => l.slice(FLEET_ROOT.length + 1))
      .join('\n'),
  );
  w.shell(`sed -n '1,200p' internal/billing/client.go`, cat('internal/billing/client.go'));
  w.shell(`sed -n '1,200p' internal/shipping/client.go`, cat('internal/shipping/client.go'));
  w.shell(`sed -n '1,200p' internal/inventory/client.go`, cat('internal/inventory/client.go'));
  w.shell(
    `rg -n "giving up after|retry budget exhausted" --type go`,
    p
      .grep(/giving up after|retry budget exhausted/)
      .map((l) => l.slice(FLEET_ROOT.length + 1))
      .join('\n'),
  );
  w.reasoning(
    'Classifying the differences',
    'Billing retries POST /v1/invoices on 5xx without an idempotency key: a timeout after the server committed means a second invoice. Shipping sends an Idempotency-Key, so its POST retries are safe. Inventory uses time.Sleep and ignores ctx between attempts. The scheduler matches error strings to detect exhausted retries.',
  );
  w.say(
    `Here is how the three loops compare.

| | billing | shipping | inventory |
|---|---|---|---|
| attempts | 4 | unlimited within a 15s budget | 5 |
| backoff | 200/400/800ms + ≤100ms jitter | linear 0.5s·n | 250ms doubling, no jitter |
| retries | transport errors, 429, 5xx | transport errors, 503 only | transport errors, 5xx |
| Retry-After | ignored | honoured (seconds only) | ignored |
| ctx during wait | respected | respected | **ignored** (\`time.Sleep\`) |
| POST safety | **retries POST without idempotency key** | Idempotency-Key on POST | PUT/DELETE only (idempotent) |

Deliberate, in my reading: shipping's time budget and 503-only rule (the carrier API returns 502 for permanent routing errors, per the comment), shipping's idempotency key, and the different attempt counts.

Accidental: inventory ignoring cancellation; billing retrying \`CreateInvoice\` with no idempotency key, which can double-invoice after a timeout; no jitter in inventory; Retry-After ignored in two of three.

One coupling to watch: \`internal/scheduler/dispatch.go\` detects exhausted retries by matching the strings "giving up after" and "retry budget exhausted", so changing error messages would silently turn temporary failures into permanent ones.

Proposal: \`httpx.Do(ctx, hc, Policy, newReq)\` with \`MaxAttempts\`, \`BaseDelay/MaxDelay\` (full jitter), \`Budget\`, a \`Retryable\` func, Retry-After support, and a sentinel \`ErrExhausted\` that the scheduler can check with \`errors.Is\`. For billing, either add an Idempotency-Key (if the API supports it) or stop retrying POST.`,
  );
  w.user(
    "Agreed on all of it. The billing API does honour Idempotency-Key (24h window), so add one and keep retrying. Go ahead and implement, keep the clients' public APIs unchanged, switch the scheduler to errors.Is, and run the tests and the linter at the end.",
  );
  w.turn('0199e1c4-turn-2');
  w.reasoning(
    'Re-reading before editing',
    'Context is getting large after reading all three clients twice. Continue with the plan.',
  );
  w.shell(
    `git status --short && git log --oneline -5`,
    `a41c9e2 scheduler: release stock when booking fails\n7d0b118 shipping: idempotency key on bookings\n2c5f3a0 inventory: reservations keyed by order id\n91be7d4 billing: CreateInvoice\n0f3e6c1 config: HTTP_TIMEOUT and SHUTDOWN_GRACE`,
  );

  // The context filled up here and Codex compacted it.
  w.compacted(
    `You are resuming an in-progress task after context compaction. The earlier conversation was summarized as follows.

- Active task: refactor the three hand-rolled HTTP retry loops (internal/billing, internal/shipping, internal/inventory; each in client.go, func (c *Client) do) into one shared helper in a new package internal/httpx. The user approved the plan; implement it now.
- Plan agreed with the user:
  - httpx.Do(ctx, hc *http.Client, p Policy, newReq func(context.Context) (*http.Request, error)) (*http.Response, error); Policy{MaxAttempts, BaseDelay, MaxDelay, Budget, Retryable}; full-jitter exponential backoff; Retry-After in seconds or HTTP date; sentinel ErrExhausted wrapped with %w.
  - billing: 4 attempts, base 200ms, max 2s; retries transport errors, 429, 5xx; ADD an Idempotency-Key header on POST (billing API honours it for 24h) and keep retrying CreateInvoice.
  - shipping: keep the 15s budget and the 503-only rule (carrier returns 502 for permanent routing errors) plus transport errors; keep one Idempotency-Key per call across retries; honour Retry-After.
  - inventory: 5 attempts, base 250ms, max 4s, now with jitter and respecting ctx (it used time.Sleep before).
  - scheduler: internal/scheduler/dispatch.go classify() matches the strings "giving up after" / "retry budget exhausted"; switch to errors.Is(err, httpx.ErrExhausted).
- Constraints: keep the exported APIs of the clients unchanged; no new dependencies (Go 1.22, math/rand/v2 is fine); tests with httptest only; run \`go test -race ./...\` and \`golangci-lint run\` at the end.
- State: nothing edited yet; working tree clean on branch refactor/shared-retry.`,
  );
  w.turn('0199e1c4-turn-2');

  // Everything from here on is what the model sees after compaction.
  w.reasoning(
    'Resuming after compaction',
    'The summary has the plan. I need the current code of the three clients again before writing patches, since I no longer have their text.',
  );
  w.shell(
    `ls internal && git status --short`,
    'billing\nconfig\ninventory\nqueue\nscheduler\nshipping\ntelemetry',
  );
  w.shell(`sed -n '1,200p' internal/billing/client.go`, cat('internal/billing/client.go'));
  w.shell(`sed -n '1,200p' internal/shipping/client.go`, cat('internal/shipping/client.go'));
  w.shell(`sed -n '1,200p' internal/inventory/client.go`, cat('internal/inventory/client.go'));
  w.shell(`sed -n '1,80p' internal/scheduler/dispatch.go`, cat('internal/scheduler/dispatch.go'));
  w.reasoning(
    'Writing the shared helper',
    'newReq is called per attempt so the body reader is fresh each time. The response of the last retryable attempt must be drained and closed before giving up, and the error must wrap ErrExhausted and the last cause. Budget counts only waiting time.',
  );
  w.patch(p, [{ path: 'internal/httpx/retry.go', add: RETRY_GO }]);
  w.patch(p, [{ path: 'internal/httpx/retry_test.go', add: RETRY_TEST_GO }]);
  const httpxTests = [
    'TestDo_SucceedsFirstTime',
    'TestDo_RetriesServerErrors',
    'TestDo_DoesNotRetryClientErrors',
    'TestDo_GivesUpAfterMaxAttempts',
    'TestDo_HonoursRetryAfter',
    'TestDo_StopsOnBudget',
    'TestDo_StopsWhenContextIsCancelled',
    'TestDelay_IsBoundedByMaxDelay',
    'TestRetryAfter_ParsesSecondsAndDates',
  ];
  w.shell(`go test ./internal/httpx/ -count=1 -v`, goTestV(rng, [['internal/httpx', httpxTests]]));
  w.reasoning(
    'Porting billing',
    'Replace the loop with httpx.Do; POST gets an Idempotency-Key generated once per call. Need a key helper: shipping has newIdempotencyKey unexported; move it to httpx as NewIdempotencyKey.',
  );
  w.patch(p, [
    {
      path: 'internal/httpx/retry.go',
      edits: [
        [
          `import (
	"context"
	"errors"`,
          `import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"`,
        ],
        [
          `func drain(resp *http.Response) {`,
          `// NewIdempotencyKey returns a random key for the Idempotency-Key header; use one per logical request.
func NewIdempotencyKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func drain(resp *http.Response) {`,
        ],
      ],
    },
  ]);
  w.shell(
    `go build ./...`,
    `# github.com/acme/fleetd/internal/httpx
internal/httpx/retry.go:4:2: rand redeclared in this block
	internal/httpx/retry.go:9:2: other declaration of rand
internal/httpx/retry.go:9:2: "math/rand/v2" imported and not used`,
    1,
  );
  w.reasoning('Import clash', 'crypto/rand and math/rand/v2 are both "rand". Alias crypto/rand as crand.');
  w.patch(p, [
    {
      path: 'internal/httpx/retry.go',
      edits: [
        [`	"crypto/rand"\n`, `	crand "crypto/rand"\n`],
        [`	_, _ = rand.Read(b[:])`, `	_, _ = crand.Read(b[:])`],
      ],
    },
  ]);
  w.shell(`go build ./...`, '');
  const billingLoopStart = `	var lastErr error
	for attempt := 0; attempt < 4; attempt++ {`;
  const billingText = cat('internal/billing/client.go');
  const billingLoop = billingText.slice(
    billingText.indexOf(billingLoopStart),
    billingText.indexOf('}\n\nfunc (c *Client) decode'),
  );
  w.patch(p, [
    {
      path: 'internal/billing/client.go',
      edits: [
        [
          `	"io"\n	"math/rand"\n	"net/http"\n	"time"\n)`,
          `	"io"\n	"net/http"\n	"time"\n\n	"github.com/acme/fleetd/internal/httpx"\n)`,
        ],
        [
          `// ErrNotFound is returned when the billing API answers 404.`,
          `// retryPolicy: 4 attempts, 200ms doubling up to 2s with full jitter. POSTs carry an
// Idempotency-Key (the billing API dedupes them for 24h), so they are safe to retry.
var retryPolicy = httpx.Policy{MaxAttempts: 4, BaseDelay: 200 * time.Millisecond, MaxDelay: 2 * time.Second}

// ErrNotFound is returned when the billing API answers 404.`,
        ],
        [
          billingLoop,
          `	key := httpx.NewIdempotencyKey()
	resp, err := httpx.Do(ctx, c.httpClient, retryPolicy, func(ctx context.Context) (*http.Request, error) {
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return nil, fmt.Errorf("billing: build request: %w", err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		if method == http.MethodPost {
			req.Header.Set("Idempotency-Key", key)
		}
		return req, nil
	})
	if err != nil {
		return fmt.Errorf("billing: %s %s: %w", method, path, err)
	}
	return c.decode(method, path, resp, out)
`,
        ],
      ],
    },
  ]);
  const shipText = cat('internal/shipping/client.go');
  const shipLoop = shipText.slice(
    shipText.indexOf('	// Retry for up to 15s'),
    shipText.indexOf('}\n\nfunc (c *Client) decode'),
  );
  w.patch(p, [
    {
      path: 'internal/shipping/client.go',
      edits: [
        [
          `	"net/http"\n	"strconv"\n	"time"\n)`,
          `	"net/http"\n	"time"\n\n	"github.com/acme/fleetd/internal/httpx"\n)`,
        ],
        [
          `// ErrNotFound is returned when the carrier booking API answers 404.`,
          `// retryPolicy keeps the carrier API's rules: only 503 and transport errors are retried
// (502 means a permanent routing error there), for at most 15s of waiting, honouring Retry-After.
var retryPolicy = httpx.Policy{
	BaseDelay: 500 * time.Millisecond,
	MaxDelay:  4 * time.Second,
	Budget:    15 * time.Second,
	Retryable: func(resp *http.Response, err error) bool {
		if err != nil {
			return httpx.DefaultRetryable(nil, err)
		}
		return resp.StatusCode == http.StatusServiceUnavailable
	},
}

// ErrNotFound is returned when the carrier booking API answers 404.`,
        ],
        [
          shipLoop,
          `	key := httpx.NewIdempotencyKey()
	resp, err := httpx.Do(ctx, c.httpClient, retryPolicy, func(ctx context.Context) (*http.Request, error) {
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return nil, fmt.Errorf("shipping: build request: %w", err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		if method == http.MethodPost {
			req.Header.Set("Idempotency-Key", key)
		}
		return req, nil
	})
	if err != nil {
		return fmt.Errorf("shipping: %s %s: %w", method, path, err)
	}
	return c.decode(method, path, resp, out)
`,
        ],
      ],
    },
  ]);
  w.shell(`git rm -q internal/shipping/idempotency.go && go build ./...`, '');
  p.files.delete('internal/shipping/idempotency.go');
  const invText = cat('internal/inventory/client.go');
  const invLoop = invText.slice(
    invText.indexOf('	var lastErr error'),
    invText.indexOf('}\n\nfunc (c *Client) decode'),
  );
  w.patch(p, [
    {
      path: 'internal/inventory/client.go',
      edits: [
        [`	"net/http"\n	"time"\n)`, `	"net/http"\n	"time"\n\n	"github.com/acme/fleetd/internal/httpx"\n)`],
        [
          `// ErrNotFound is returned when the inventory API answers 404.`,
          `// retryPolicy: 5 attempts, 250ms doubling up to 4s with full jitter. Only PUT and DELETE
// are used, both idempotent. Unlike the old loop, waiting stops when ctx is cancelled.
var retryPolicy = httpx.Policy{MaxAttempts: 5, BaseDelay: 250 * time.Millisecond, MaxDelay: 4 * time.Second}

// ErrNotFound is returned when the inventory API answers 404.`,
        ],
        [
          invLoop,
          `	resp, err := httpx.Do(ctx, c.httpClient, retryPolicy, func(ctx context.Context) (*http.Request, error) {
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return nil, fmt.Errorf("inventory: build request: %w", err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		return req, nil
	})
	if err != nil {
		return fmt.Errorf("inventory: %s %s: %w", method, path, err)
	}
	return c.decode(method, path, resp, out)
`,
        ],
      ],
    },
  ]);
  w.patch(p, [
    {
      path: 'internal/scheduler/dispatch.go',
      edits: [
        [`	"context"\n	"fmt"\n	"strings"\n	"time"`, `	"context"\n	"errors"\n	"fmt"\n	"time"`],
        [
          `	"github.com/acme/fleetd/internal/billing"\n`,
          `	"github.com/acme/fleetd/internal/billing"\n	"github.com/acme/fleetd/internal/httpx"\n`,
        ],
        [
          `	if strings.Contains(err.Error(), "giving up after") || strings.Contains(err.Error(), "retry budget exhausted") {`,
          `	if errors.Is(err, httpx.ErrExhausted) {`,
        ],
      ],
    },
  ]);
  w.shell(`go build ./... && go vet ./...`, '');
  const failing = `--- FAIL: TestGetInvoice_GivesUpAfterFourAttempts (0.71s)
    client_test.go:88: error = "billing: GET /v1/invoices/inv_7: httpx: retries exhausted after 4 attempts: status 503", want it to contain "giving up after 4 attempts"
FAIL
FAIL\tgithub.com/acme/fleetd/internal/billing\t1.934s
--- FAIL: TestBook_BudgetExhausted (15.02s)
    client_test.go:141: error = "shipping: POST /v2/bookings: httpx: retries exhausted: budget 15s spent after 9 attempts: status 503", want it to contain "retry budget exhausted"
FAIL
FAIL\tgithub.com/acme/fleetd/internal/shipping\t16.288s`;
  w.shell(
    `go test -race ./... 2>&1 | tail -40`,
    `?   \tgithub.com/acme/fleetd/cmd/fleetd\t[no test files]
${failing}
ok  \tgithub.com/acme/fleetd/internal/config\t1.041s
ok  \tgithub.com/acme/fleetd/internal/httpx\t1.262s
ok  \tgithub.com/acme/fleetd/internal/inventory\t2.117s
ok  \tgithub.com/acme/fleetd/internal/queue\t1.388s
ok  \tgithub.com/acme/fleetd/internal/scheduler\t1.172s
ok  \tgithub.com/acme/fleetd/internal/telemetry\t1.056s
FAIL`,
    1,
    24.8,
  );
  w.reasoning(
    'Tests pinned the old messages',
    'Both failures assert on the old error strings, which is exactly the coupling we removed from the scheduler. Switch them to errors.Is(err, httpx.ErrExhausted). The shipping test also takes 15s of real time; give the test its own short policy? The policy is a package var, so the test can swap it.',
  );
  w.shell(`sed -n '1,200p' internal/billing/client_test.go`, cat('internal/billing/client_test.go'));
  w.shell(`sed -n '1,200p' internal/shipping/client_test.go`, cat('internal/shipping/client_test.go'));
  w.patch(p, [
    {
      path: 'internal/billing/client_test.go',
      edits: [
        [
          `	"net/http/httptest"\n	"strings"\n	"sync/atomic"\n	"testing"\n	"time"\n)`,
          `	"net/http/httptest"\n	"strings"\n	"sync/atomic"\n	"testing"\n	"time"\n\n	"github.com/acme/fleetd/internal/httpx"\n)`,
        ],
        [
          `	if !strings.Contains(err.Error(), "giving up after 4 attempts") {
		t.Fatalf("error = %q, want it to contain %q", err, "giving up after 4 attempts")
	}`,
          `	if !errors.Is(err, httpx.ErrExhausted) {
		t.Fatalf("error = %v, want it to wrap httpx.ErrExhausted", err)
	}`,
        ],
        [
          `func TestCreateInvoice_SendsAuth(t *testing.T) {`,
          `func TestCreateInvoice_RetriesWithTheSameIdempotencyKey(t *testing.T) {
	var keys []string
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		if len(keys) == 1 {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		_ = json.NewEncoder(w).Encode(Invoice{ID: "inv_10"})
	})
	if _, err := c.CreateInvoice(context.Background(), &Invoice{OrderID: "ord_2"}); err != nil {
		t.Fatal(err)
	}
	if len(keys) != 2 || keys[0] == "" || keys[0] != keys[1] {
		t.Fatalf("keys = %q, want two equal non-empty keys", keys)
	}
}

func TestCreateInvoice_SendsAuth(t *testing.T) {`,
        ],
      ],
    },
    {
      path: 'internal/shipping/client_test.go',
      edits: [
        [
          `	"sync"\n	"testing"\n	"time"\n)`,
          `	"sync"\n	"testing"\n	"time"\n\n	"github.com/acme/fleetd/internal/httpx"\n)`,
        ],
        [`	"net/http/httptest"\n	"strings"\n`, `	"net/http/httptest"\n`],
        [`	"context"\n	"encoding/json"\n`, `	"context"\n	"encoding/json"\n	"errors"\n`],
        [
          `	c := New(srv.URL, "tok", srv.Client())
	start := time.Now()
	_, err := c.Book(context.Background(), &Booking{OrderID: "ord_1"})
	if err == nil {
		t.Fatal("expected an error")
	}
	if time.Since(start) < 14*time.Second {
		t.Fatalf("gave up after %s, want about 15s", time.Since(start))
	}
	if !strings.Contains(err.Error(), "retry budget exhausted") {
		t.Fatalf("error = %q, want it to contain %q", err, "retry budget exhausted")
	}`,
          `	// Same rules as production, but a 300ms budget so the test does not wait 15s.
	saved := retryPolicy
	retryPolicy.Budget = 300 * time.Millisecond
	t.Cleanup(func() { retryPolicy = saved })

	c := New(srv.URL, "tok", srv.Client())
	_, err := c.Book(context.Background(), &Booking{OrderID: "ord_1"})
	if !errors.Is(err, httpx.ErrExhausted) {
		t.Fatalf("error = %v, want it to wrap httpx.ErrExhausted", err)
	}`,
        ],
        [`		k := newIdempotencyKey()`, `		k := httpx.NewIdempotencyKey()`],
      ],
    },
  ]);
  FLEET_TESTS.find(([k]) => k === 'internal/billing')![1].splice(
    5,
    0,
    'TestCreateInvoice_RetriesWithTheSameIdempotencyKey',
  );
  w.shell(
    `git diff --stat -- internal/billing/client_test.go internal/shipping/client_test.go; go test -race -count=1 ./internal/billing/ ./internal/shipping/ -v 2>&1 | tail -60`,
    `${p.diffStat(['internal/billing/client_test.go', 'internal/shipping/client_test.go'])}\n${goTestV(
      rng,
      FLEET_TESTS.filter(([k]) => k === 'internal/billing' || k === 'internal/shipping'),
      true,
    )}`,
  );
  w.shell(
    `go test -race -count=1 -v ./... 2>&1`,
    goTestV(
      rng,
      [...FLEET_TESTS, ['internal/httpx', httpxTests] as [string, string[]]].sort((a, b) =>
        a[0].localeCompare(b[0]),
      ),
      true,
    ),
    0,
    27.3,
  );
  w.shell(
    `golangci-lint run ./...`,
    `internal/httpx/retry.go:54:3: ineffectual assignment to last (ineffassign)
		last := err
		^
1 issues:
* ineffassign: 1`,
    1,
  );
  w.reasoning(
    'Lint',
    'golangci flags `last := err` because it is overwritten when resp != nil. Restructure into an if/else.',
  );
  w.patch(p, [
    {
      path: 'internal/httpx/retry.go',
      edits: [
        [
          `		last := err
		if resp != nil {
			last = fmt.Errorf("status %d", resp.StatusCode)
		}`,
          `		var last error
		if resp != nil {
			last = fmt.Errorf("status %d", resp.StatusCode)
		} else {
			last = err
		}`,
        ],
      ],
    },
  ]);
  w.shell(
    `golangci-lint run ./... && go test -race -count=1 -v ./...`,
    `0 issues.\n${goTestV(
      rng,
      [...FLEET_TESTS, ['internal/httpx', httpxTests] as [string, string[]]].sort((a, b) =>
        a[0].localeCompare(b[0]),
      ),
      true,
    )}`,
    0,
    26.1,
  );
  w.shell(`sed -n '1,200p' internal/httpx/retry.go`, cat('internal/httpx/retry.go'));
  w.shell(
    `git status --short && git diff --stat`,
    ` M internal/billing/client.go\n M internal/billing/client_test.go\n A internal/httpx/retry.go\n A internal/httpx/retry_test.go\n M internal/inventory/client.go\n M internal/scheduler/dispatch.go\n M internal/shipping/client.go\n M internal/shipping/client_test.go\n D internal/shipping/idempotency.go\n${p.diffStat()}`,
  );
  w.shell(`git diff`, p.diff());
  w.say(
    `Done. The three clients now share \`internal/httpx\`:

- **\`httpx.Do\`** with a \`Policy\` (attempts, full-jitter exponential backoff, optional time budget, pluggable \`Retryable\`), Retry-After in seconds or as an HTTP date, and \`ErrExhausted\` wrapped with the last cause. \`NewIdempotencyKey\` moved here from shipping.
- **billing**: same 4 attempts and retry rules, but POST now carries an Idempotency-Key, so a retried \`CreateInvoice\` can no longer raise a second invoice.
- **shipping**: behaviour kept (503 and transport errors only, 15s budget, Retry-After, one key per call across retries).
- **inventory**: 5 attempts as before, now with jitter, and it stops waiting when the context is cancelled (it used \`time.Sleep\` before).
- **scheduler**: \`classify\` uses \`errors.Is(err, httpx.ErrExhausted)\` instead of matching error text.

Two client tests asserted on the old error strings; they now use \`errors.Is\`, and the shipping budget test swaps in a 300ms policy instead of waiting 15 real seconds. \`go test -race ./...\` and \`golangci-lint run\` are clean. Public APIs of the three clients are unchanged.`,
  );

  // Turn 3: a small follow-up.
  w.user(
    'Nice. Last thing: make the shipping retry budget configurable (SHIPPING_RETRY_BUDGET, default 15s), wired through config like HTTP_TIMEOUT.',
  );
  w.turn('0199e1c4-turn-3');
  w.reasoning(
    'Config plumbing',
    'Config has a duration() helper. The shipping policy is a package var; a per-client policy field set by an option keeps the public New signature unchanged.',
  );
  w.shell(
    `sed -n '1,80p' internal/config/config.go && rg -n "shipping.New" --type go`,
    `${cat('internal/config/config.go')}\ncmd/fleetd/main.go:61:\tship := shipping.New(cfg.ShippingURL, cfg.ServiceToken, hc)`,
  );
  w.patch(p, [
    {
      path: 'internal/config/config.go',
      edits: [
        [
          `	HTTPTimeout      time.Duration\n`,
          `	HTTPTimeout      time.Duration\n	ShippingBudget   time.Duration\n`,
        ],
        [
          `	if c.ShutdownGrace, err = duration("SHUTDOWN_GRACE", 30*time.Second); err != nil {`,
          `	if c.ShippingBudget, err = duration("SHIPPING_RETRY_BUDGET", 15*time.Second); err != nil {
		return nil, err
	}
	if c.ShutdownGrace, err = duration("SHUTDOWN_GRACE", 30*time.Second); err != nil {`,
        ],
      ],
    },
    {
      path: 'internal/shipping/client.go',
      edits: [
        [
          `type Client struct {
	baseURL    string
	httpClient *http.Client
	token      string
}`,
          `type Client struct {
	baseURL    string
	httpClient *http.Client
	token      string
	policy     httpx.Policy
}

// WithRetryBudget sets how long the client keeps retrying a request in total.
func (c *Client) WithRetryBudget(d time.Duration) *Client {
	c.policy.Budget = d
	return c
}`,
        ],
        [
          `	return &Client{baseURL: baseURL, httpClient: hc, token: token}`,
          `	return &Client{baseURL: baseURL, httpClient: hc, token: token, policy: retryPolicy}`,
        ],
        [
          `	resp, err := httpx.Do(ctx, c.httpClient, retryPolicy, func`,
          `	resp, err := httpx.Do(ctx, c.httpClient, c.policy, func`,
        ],
      ],
    },
  ]);
  w.shell(
    `sed -i 's/ship := shipping.New(cfg.ShippingURL, cfg.ServiceToken, hc)/ship := shipping.New(cfg.ShippingURL, cfg.ServiceToken, hc).WithRetryBudget(cfg.ShippingBudget)/' cmd/fleetd/main.go && go build ./... && go test -race -count=1 ./internal/config/ ./internal/shipping/ && SHIPPING_RETRY_BUDGET=soon go run ./cmd/fleetd 2>&1 | head -2`,
    `ok  \tgithub.com/acme/fleetd/internal/config\t1.047s\nok  \tgithub.com/acme/fleetd/internal/shipping\t1.612s\n{"level":"fatal","ts":1760430121.882,"caller":"fleetd/main.go:38","msg":"config","error":"config: SHIPPING_RETRY_BUDGET: time: invalid duration \\"soon\\""}\nexit status 1`,
  );
  w.say(
    '`SHIPPING_RETRY_BUDGET` is read in `config.FromEnv` with the same `duration` helper as `HTTP_TIMEOUT` (default 15s; a bad value fails at start-up, checked above). The shipping client gained `WithRetryBudget`, and `cmd/fleetd/main.go` passes the configured value; `shipping.New` keeps its signature. Config and shipping tests pass.',
  );
  return jsonl(w.lines);
}

// ---------------------------------------------------------------------------
// Sample 4: a pi session (v3 tree) with a compaction entry and a model change

const MDT_ROOT = '/home/sam/code/mdtable';

const MDT_FILES: Record<string, string> = {
  'mdtable/render.py': `"""Render rows as a GitHub-flavoured Markdown table, padded so it also reads well as plain text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

ALIGN_MARKERS = {"left": ":---", "right": "---:", "center": ":---:", None: "---"}


@dataclass(frozen=True)
class Column:
    title: str
    align: str | None = None  # "left", "right", "center" or None


def _cell(value: object) -> str:
    if value is None:
        return ""
    text = str(value)
    # Pipes would end the cell; newlines would end the row.
    return text.replace("|", "\\\\|").replace("\\r\\n", " ").replace("\\n", " ")


def _pad(text: str, width: int, align: str | None) -> str:
    gap = width - len(text)
    if gap <= 0:
        return text
    if align == "right":
        return " " * gap + text
    if align == "center":
        left = gap // 2
        return " " * left + text + " " * (gap - left)
    return text + " " * gap


def render(columns: Sequence[Column], rows: Iterable[Sequence[object]]) -> str:
    cells = [[_cell(v) for v in row] for row in rows]
    for i, row in enumerate(cells):
        if len(row) != len(columns):
            raise ValueError(f"row {i} has {len(row)} cells, expected {len(columns)}")
    widths = [
        max([len(col.title), len(ALIGN_MARKERS[col.align])] + [len(row[k]) for row in cells])
        for k, col in enumerate(columns)
    ]
    lines = [
        "| " + " | ".join(_pad(col.title, widths[k], col.align) for k, col in enumerate(columns)) + " |",
        "| " + " | ".join(_marker(col.align, widths[k]) for k, col in enumerate(columns)) + " |",
    ]
    for row in cells:
        lines.append("| " + " | ".join(_pad(v, widths[k], columns[k].align) for k, v in enumerate(row)) + " |")
    return "\\n".join(lines) + "\\n"


def _marker(align: str | None, width: int) -> str:
    if align == "left":
        return ":" + "-" * (width - 1)
    if align == "right":
        return "-" * (width - 1) + ":"
    if align == "center":
        return ":" + "-" * (width - 2) + ":"
    return "-" * width
`,
  'tests/test_render.py': `import pytest

from mdtable.render import Column, render


def test_basic_table():
    out = render([Column("name"), Column("qty", "right")], [["apple", 3], ["kiwi", 12]])
    assert out == (
        "| name  | qty |\\n"
        "| ----- | --: |\\n"
        "| apple |   3 |\\n"
        "| kiwi  |  12 |\\n"
    )


def test_center_alignment():
    out = render([Column("x", "center")], [["a"], ["abcde"]])
    assert out.splitlines()[2] == "|   a   |"


def test_escapes_pipes_and_newlines():
    out = render([Column("note")], [["a|b\\nc"]])
    assert "a\\\\|b c" in out


def test_none_is_empty():
    out = render([Column("a"), Column("b")], [[None, 1]])
    assert out.splitlines()[2] == "|     | 1   |"


def test_row_length_is_checked():
    with pytest.raises(ValueError, match="row 0 has 1 cells, expected 2"):
        render([Column("a"), Column("b")], [["only one"]])
`,
  'pyproject.toml': `[project]
name = "mdtable"
version = "0.6.1"
description = "Render rows as Markdown tables that also line up as plain text"
requires-python = ">=3.10"
dependencies = []

[project.scripts]
mdtable = "mdtable.cli:main"

[tool.pytest.ini_options]
testpaths = ["tests"]

[tool.ruff]
line-length = 110
`,
};

class PiWriter {
  readonly lines: unknown[] = [];
  private parent: string | null = null;
  private usage = { input: 0, cacheRead: 6_200 };
  provider = 'anthropic';
  model = 'claude-sonnet-4-5';

  constructor(
    private readonly rng: Rng,
    private readonly clock: Clock,
  ) {}

  private id(): string {
    return this.rng.hex(8);
  }

  private entry(type: string, fields: Record<string, unknown>, min = 200, max = 2_000): string {
    const id = this.id();
    this.lines.push({ type, id, parentId: this.parent, timestamp: this.clock.tick(min, max), ...fields });
    this.parent = id;
    return id;
  }

  header(cwd: string): void {
    this.lines.push({ type: 'session', version: 3, id: this.rng.uuid(), timestamp: this.clock.iso(), cwd });
  }

  modelChange(provider: string, modelId: string): string {
    this.provider = provider;
    this.model = modelId;
    return this.entry('model_change', { provider, modelId });
  }

  thinkingLevel(level: string): string {
    return this.entry('thinking_level_change', { thinkingLevel: level });
  }

  user(text: string): string {
    this.usage.input += roughTokens(text);
    return this.entry(
      'message',
      { message: { role: 'user', content: text, timestamp: this.clock.now } },
      20_000,
      120_000,
    );
  }

  assistant(opts: {
    think?: string;
    text?: string;
    calls?: { name: string; args: Record<string, unknown> }[];
  }): { id: string; callIds: string[] } {
    const content: unknown[] = [];
    if (opts.think)
      content.push({
        type: 'thinking',
        thinking: opts.think,
        thinkingSignature: this.rng.base64(this.rng.int(120, 300)),
      });
    if (opts.text) content.push({ type: 'text', text: opts.text });
    const callIds: string[] = [];
    for (const c of opts.calls ?? []) {
      const callId =
        this.provider === 'anthropic'
          ? `toolu_01${this.rng.base62(22)}`
          : `call_${this.rng.base62(24)}|fc_${this.rng.hex(32)}`;
      callIds.push(callId);
      content.push({ type: 'toolCall', id: callId, name: c.name, arguments: c.args });
    }
    const output = roughTokens(JSON.stringify(content));
    const input = this.usage.input;
    const cacheRead = this.usage.cacheRead;
    this.usage = { input: this.rng.int(3, 12), cacheRead: cacheRead + input + output };
    const cost = +(input * 3e-6 + cacheRead * 0.3e-6 + output * 15e-6).toFixed(6);
    const id = this.entry(
      'message',
      {
        message: {
          role: 'assistant',
          content,
          api: this.provider === 'anthropic' ? 'anthropic-messages' : 'openai-responses',
          provider: this.provider,
          model: this.model,
          usage: {
            input,
            output,
            cacheRead,
            cacheWrite: input,
            totalTokens: input + output + cacheRead,
            cost: {
              input: +(input * 3e-6).toFixed(6),
              output: +(output * 15e-6).toFixed(6),
              cacheRead: +(cacheRead * 0.3e-6).toFixed(6),
              cacheWrite: 0,
              total: cost,
            },
          },
          stopReason: callIds.length ? 'toolUse' : 'stop',
          timestamp: this.clock.now,
        },
      },
      2_000,
      12_000,
    );
    return { id, callIds };
  }

  result(callId: string, toolName: string, text: string, isError = false): string {
    this.usage.input += roughTokens(text);
    return this.entry(
      'message',
      {
        message: {
          role: 'toolResult',
          toolCallId: callId,
          toolName,
          content: [{ type: 'text', text }],
          isError,
          timestamp: this.clock.now,
        },
      },
      100,
      6_000,
    );
  }

  /** One assistant step with its tool results, in call order. */
  step(opts: {
    think?: string;
    text?: string;
    calls?: { name: string; args: Record<string, unknown>; result: string; isError?: boolean }[];
  }): string {
    const { id, callIds } = this.assistant(opts);
    let last = id;
    (opts.calls ?? []).forEach((c, k) => {
      last = this.result(callIds[k]!, c.name, c.result, c.isError);
    });
    return last;
  }

  compaction(
    summary: string,
    firstKeptEntryId: string,
    tokensBefore: number,
    readFiles: string[],
    modifiedFiles: string[],
  ): void {
    this.entry(
      'compaction',
      { summary, firstKeptEntryId, tokensBefore, details: { readFiles, modifiedFiles }, fromHook: false },
      4_000,
      15_000,
    );
    this.usage = { input: roughTokens(summary), cacheRead: 6_200 };
  }
}

const WIDTH_TESTS = `import pytest

from mdtable.render import Column, display_width, render


@pytest.mark.parametrize(
    ("text", "width"),
    [
        ("abc", 3),
        ("東京", 4),
        ("e\\u0301", 1),  # e + combining acute
        ("👨\\u200d👩\\u200d👧", 2),  # ZWJ family: one glyph
        ("ﾊﾝｶｸ", 4),  # half-width katakana
        ("Ｆｕｌｌ", 8),  # full-width Latin
        ("🇳🇿", 2),  # flag: two regional indicators
        ("", 0),
    ],
)
def test_display_width(text, width):
    assert display_width(text) == width


def test_cjk_table_lines_up():
    out = render([Column("city"), Column("pop", "right")], [["東京", "37.4M"], ["Auckland", "1.7M"]])
    widths = {display_width(line) for line in out.splitlines()}
    assert widths == {22}
`;

function piSample(): string {
  const rng = new Rng(0x91e55e04);
  const clock = new Clock(Date.parse('2026-01-21T09:03:11.204Z'), rng);
  const p = new Project(MDT_ROOT, MDT_FILES);
  const w = new PiWriter(rng, clock);
  const read = (path: string) => ({ name: 'read', args: { path }, result: p.text(path) });
  const bash = (command: string, result: string, isError = false) => ({
    name: 'bash',
    args: { command },
    result,
    isError,
  });
  const edit = (path: string, oldText: string, newText: string) => {
    p.edit(path, oldText, newText);
    return {
      name: 'edit',
      args: { path, oldText, newText },
      result: `Successfully replaced text in ${path}.`,
    };
  };

  w.header(MDT_ROOT);
  w.modelChange('anthropic', 'claude-sonnet-4-5');
  w.thinkingLevel('medium');
  // Turn 1: the alignment bug (later summarized by the compaction).
  w.user(
    "Tables with Chinese text or emoji come out misaligned in `mdtable render` — see issue #41: a row with '東京' is two columns short in a terminal. Please fix it without adding a dependency if you can.",
  );
  w.step({
    think:
      'Widths come from len(), which counts code points, not terminal columns. CJK wide characters take two columns, emoji too, combining marks zero. Read render.py first.',
    calls: [read('mdtable/render.py'), read('tests/test_render.py')],
  });
  w.step({
    text: 'Reproducing with the example from the issue:',
    calls: [
      bash(
        `python -c "from mdtable.render import Column, render; print(render([Column('city'), Column('pop', 'right')], [['東京', '37.4M'], ['Auckland', '1.7M'], ['São Paulo 🇧🇷', '22.4M']]))"`,
        '| city        | pop   |\n| ----------- | ----: |\n| 東京          | 37.4M |\n| Auckland    |  1.7M |\n| São Paulo 🇧🇷 | 22.4M |\n',
      ),
    ],
  });
  w.step({
    think:
      "len('東京') = 2 but it takes 4 columns; the flag is two regional indicators (len 2) and takes 2 columns, so that row happens to look right. unicodedata.east_asian_width gives W/F for wide chars; combining marks (category Mn/Me) and zero-width joiners take 0; emoji presentation sequences are mostly W in recent Unicode. A small display_width() in stdlib is enough for the issue.",
    calls: [
      edit(
        'mdtable/render.py',
        `from dataclasses import dataclass
from typing import Iterable, Sequence
`,
        `import unicodedata
from dataclasses import dataclass
from typing import Iterable, Sequence
`,
      ),
      edit(
        'mdtable/render.py',
        `def _pad(text: str, width: int, align: str | None) -> str:
    gap = width - len(text)`,
        `def display_width(text: str) -> int:
    """Terminal columns taken by text: wide and full-width characters count 2, combining marks 0."""
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or ch in "\\u200b\\u200c\\u200d\\ufe0e\\ufe0f":
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def _pad(text: str, width: int, align: str | None) -> str:
    gap = width - display_width(text)`,
      ),
      edit(
        'mdtable/render.py',
        `        max([len(col.title), len(ALIGN_MARKERS[col.align])] + [len(row[k]) for row in cells])`,
        `        max([display_width(col.title), len(ALIGN_MARKERS[col.align])] + [display_width(row[k]) for row in cells])`,
      ),
    ],
  });
  w.step({
    calls: [
      bash(
        `python -c "from mdtable.render import Column, render; print(render([Column('city'), Column('pop', 'right')], [['東京', '37.4M'], ['Auckland', '1.7M'], ['São Paulo 🇧🇷', '22.4M']]))" && python -m pytest -q`,
        '| city          | pop   |\n| ------------- | ----: |\n| 東京          | 37.4M |\n| Auckland      |  1.7M |\n| São Paulo 🇧🇷 | 22.4M |\n\n.....                                                                    [100%]\n5 passed in 0.04s\n',
      ),
    ],
  });
  const lastOfTurn1 = w.step({
    text: 'Fixed: widths now use `display_width()` (wide/full-width = 2 columns, combining marks and zero-width characters = 0), stdlib only. The issue example lines up and the existing 5 tests pass. I have not added tests for the new function yet.',
  });
  void lastOfTurn1;

  // Turn 2: tests; compaction happens after it.
  const turn2 = w.user(
    'Add tests for display_width and a CJK table, including a combining accent (e + U+0301) and a ZWJ family emoji.',
  );
  w.step({
    think:
      "ZWJ sequences: '👨‍👩‍👧' is three W emoji joined by U+200D. My function counts 2+2+2 = 6, a terminal shows it as 2 columns (one glyph) in most modern terminals. Per-codepoint counting can't get that right without grapheme segmentation. Be honest: test what we do, document the limitation, or handle ZWJ by skipping the character after a ZWJ. Skipping the joined emoji (count the cluster as the first emoji's width) is a reasonable heuristic.",
    calls: [
      bash(
        `python - <<'EOF'\nfrom mdtable.render import display_width\nfor s in ['東京', 'e\\u0301', '👨\\u200d👩\\u200d👧', 'ﾊﾝｶｸ', 'Ｆｕｌｌ', '🇳🇿']:\n    print(repr(s), len(s), display_width(s))\nEOF`,
        "'東京' 2 4\n'é' 2 1\n'👨\\u200d👩\\u200d👧' 5 6\n'ﾊﾝｶｸ' 4 4\n'Ｆｕｌｌ' 4 8\n'🇳🇿' 2 2\n",
      ),
    ],
  });
  w.step({
    text: "The ZWJ family counts 6 but renders as one 2-column glyph. I'll treat a character right after a ZWJ as part of the previous glyph:",
    calls: [
      edit(
        'mdtable/render.py',
        `    width = 0
    for ch in text:
        if unicodedata.combining(ch) or ch in "\\u200b\\u200c\\u200d\\ufe0e\\ufe0f":
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width`,
        `    width = 0
    joined = False
    for ch in text:
        if ch == "\\u200d":
            joined = True  # the next character belongs to the same glyph
            continue
        if joined or unicodedata.combining(ch) or ch in "\\u200b\\u200c\\ufe0e\\ufe0f":
            joined = False
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width`,
      ),
    ],
  });
  const keptEnd = w.step({
    calls: [
      {
        name: 'write',
        args: {
          path: 'tests/test_width.py',
          content: WIDTH_TESTS,
        },
        result: `Successfully wrote ${WIDTH_TESTS.length} bytes to tests/test_width.py`,
      },
    ],
  });
  p.write('tests/test_width.py', WIDTH_TESTS);
  const beforeCompaction = w.step({
    calls: [
      bash(
        'python -m pytest -q',
        '..............                                                           [100%]\n14 passed in 0.05s\n',
      ),
    ],
  });
  void beforeCompaction;
  void keptEnd;

  w.compaction(
    `## Goal
Fix misaligned Markdown tables when cells contain CJK text or emoji (issue #41), without adding a dependency.

## Constraints & Preferences
- Standard library only (no wcwidth).
- Keep the public API of mdtable.render unchanged.

## Progress
### Done
- [x] Reproduced: widths used len(), so '東京' was padded as 2 columns instead of 4.
- [x] Added display_width() in mdtable/render.py: east_asian_width W/F count 2, combining marks and zero-width characters 0, a character after U+200D joins the previous glyph.
- [x] _pad() and the column widths use display_width(); the issue example lines up.
- [x] Added tests/test_width.py (8 width cases, a CJK table); 14 tests pass.

### In Progress
- [ ] (none)

### Blocked
- (none)

## Key Decisions
- **Per-codepoint width with a ZWJ rule instead of grapheme segmentation**: good enough for the issue without a dependency; flags (regional indicator pairs) already come out as 2.

## Next Steps
1. Check ambiguous-width characters (east_asian_width "A") and decide on a default.
2. Mention the width rules in the README.

## Critical Context
- Alignment markers in the separator row are plain ASCII, so len() is still right there.

<read-files>
mdtable/render.py
tests/test_render.py
</read-files>

<modified-files>
mdtable/render.py
tests/test_width.py
</modified-files>`,
    turn2,
    14_212,
    ['mdtable/render.py', 'tests/test_render.py'],
    ['mdtable/render.py', 'tests/test_width.py'],
  );

  // Turn 3, on another model.
  w.thinkingLevel('high');
  w.modelChange('openai', 'gpt-5');
  w.user(
    "Thanks. A user on Windows Terminal says Greek and Cyrillic look fine but box-drawing characters and '±' are off by one in their East Asian locale. Is that the ambiguous-width thing? Handle it with an option, default unchanged.",
  );
  w.step({
    think:
      "East Asian Ambiguous (A): ±, §, box drawing, Greek and Cyrillic letters are A too. Terminals in CJK locales often render A as 2 columns; elsewhere as 1. An option ambiguous_width=1|2 on display_width and render, default 1, matches what most terminals do. The user's Greek looking fine contradicts A=2 for all... Windows Terminal treats some A chars as narrow. Can't be perfect; offer the option and document it.",
    calls: [
      read('mdtable/render.py'),
      bash(
        `python - <<'EOF'\nimport unicodedata\nfor ch in '±§─│┼αЖ…°×':\n    print(repr(ch), unicodedata.east_asian_width(ch))\nEOF`,
        "'±' A\n'§' A\n'─' A\n'│' A\n'┼' A\n'α' A\n'Ж' A\n'…' A\n'°' A\n'×' A\n",
      ),
    ],
  });
  w.step({
    text: 'They are all East Asian **Ambiguous** (`A`), Greek and Cyrillic included, so there is no single right answer: it depends on the terminal and locale. Adding `ambiguous_width` (1 or 2, default 1) to `display_width` and `render`:',
    calls: [
      edit(
        'mdtable/render.py',
        `def display_width(text: str) -> int:
    """Terminal columns taken by text: wide and full-width characters count 2, combining marks 0."""
    width = 0`,
        `def display_width(text: str, ambiguous_width: int = 1) -> int:
    """Terminal columns taken by text: wide and full-width characters count 2, combining marks 0.

    East Asian Ambiguous characters (±, box drawing, Greek, Cyrillic, ...) count
    \`ambiguous_width\`: 1 in most terminals, 2 in many CJK locales.
    """
    if ambiguous_width not in (1, 2):
        raise ValueError("ambiguous_width must be 1 or 2")
    width = 0`,
      ),
      edit(
        'mdtable/render.py',
        `        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width`,
        `        kind = unicodedata.east_asian_width(ch)
        width += 2 if kind in ("W", "F") else ambiguous_width if kind == "A" else 1
    return width`,
      ),
      edit(
        'mdtable/render.py',
        `def _pad(text: str, width: int, align: str | None) -> str:
    gap = width - display_width(text)`,
        `def _pad(text: str, width: int, align: str | None, ambiguous_width: int = 1) -> str:
    gap = width - display_width(text, ambiguous_width)`,
      ),
      edit(
        'mdtable/render.py',
        `def render(columns: Sequence[Column], rows: Iterable[Sequence[object]]) -> str:`,
        `def render(columns: Sequence[Column], rows: Iterable[Sequence[object]], *, ambiguous_width: int = 1) -> str:`,
      ),
      edit(
        'mdtable/render.py',
        `        max([display_width(col.title), len(ALIGN_MARKERS[col.align])] + [display_width(row[k]) for row in cells])`,
        `        max(
            [display_width(col.title, ambiguous_width), len(ALIGN_MARKERS[col.align])]
            + [display_width(row[k], ambiguous_width) for row in cells]
        )`,
      ),
      edit(
        'mdtable/render.py',
        `        "| " + " | ".join(_pad(col.title, widths[k], col.align) for k, col in enumerate(columns)) + " |",`,
        `        "| " + " | ".join(_pad(col.title, widths[k], col.align, ambiguous_width) for k, col in enumerate(columns)) + " |",`,
      ),
      edit(
        'mdtable/render.py',
        `        lines.append("| " + " | ".join(_pad(v, widths[k], columns[k].align) for k, v in enumerate(row)) + " |")`,
        `        lines.append(
            "| " + " | ".join(_pad(v, widths[k], columns[k].align, ambiguous_width) for k, v in enumerate(row)) + " |"
        )`,
      ),
    ],
  });
  w.step({
    calls: [
      edit(
        'tests/test_width.py',
        `    assert widths == {22}
`,
        `    assert widths == {22}


def test_ambiguous_width_option():
    assert display_width("±5 °C") == 5
    assert display_width("±5 °C", ambiguous_width=2) == 7
    with pytest.raises(ValueError):
        display_width("x", ambiguous_width=3)


def test_render_passes_ambiguous_width_through():
    out = render([Column("Δ")], [["±1"]], ambiguous_width=2)
    assert out.splitlines()[0] == "| Δ   |"
`,
      ),
      bash(
        'python -m pytest -q && ruff check . && ruff format --check .',
        '................                                                         [100%]\n16 passed in 0.05s\nAll checks passed!\n3 files already formatted\n',
      ),
    ],
  });
  w.step({
    text: `Yes, that's the ambiguous-width case. \`±\`, \`°\`, box-drawing characters, and also Greek and Cyrillic letters are East Asian *Ambiguous*: terminals in CJK locales often draw them 2 columns wide, most others 1. (Your user's Greek looking fine suggests Windows Terminal narrows some of them, so no rule will match every terminal.)

- \`display_width(text, ambiguous_width=1)\` and \`render(..., ambiguous_width=1)\`: pass \`2\` for CJK-locale terminals. The default is unchanged.
- Tests for the option; 16 pass, ruff is clean.

If you want, I can expose it on the CLI as \`--ambiguous-width 2\` too.`,
  });
  return jsonl(w.lines);
}

// ---------------------------------------------------------------------------
// Manifest and output

/** The page loads the first entry at first start. */
export const MANIFEST: SampleEntry[] = [
  {
    id: 'claude-code-tallybook',
    name: 'Claude Code: fixing report bugs in a TypeScript API',
    format: 'claude-code',
    file: 'claude-code-tallybook.jsonl',
    description:
      'Six turns of a Claude Code session that end in a 38-round debugging turn; default settings fire compaction and split that last turn: compare budget with turns.',
  },
  {
    id: 'openai-chat-revenue',
    name: 'OpenAI Chat Completions: data analysis with a Python tool',
    format: 'openai-chat',
    file: 'openai-chat-revenue.json',
    description:
      'A request body from a pandas analysis agent with tool_calls and tool results, well under the threshold: lower the window to see where each strategy cuts.',
  },
  {
    id: 'codex-shared-retry',
    name: 'Codex CLI: refactoring a Go service after a compaction',
    format: 'codex',
    file: 'codex-shared-retry.jsonl',
    description:
      'A Codex rollout with reasoning, shell calls and apply_patch; an earlier compacted line replaces the first turn with its summary, after the user prompts that Codex carries across.',
  },
  {
    id: 'pi-table-widths',
    name: 'pi: fixing table alignment, compacted once, then a model change',
    format: 'pi',
    file: 'pi-table-widths.jsonl',
    description:
      'A pi v3 session where a compaction entry keeps the entries from firstKeptEntryId on, followed by a switch from Claude to GPT-5.',
  },
];

const TALLY_NAMES_INITIAL = JSON.stringify(TALLY_NAMES);
const FLEET_TESTS_INITIAL = JSON.stringify(FLEET_TESTS);

/** The samples update their test lists as the sessions add tests: start each run from the original lists. */
function resetState(): void {
  for (const key of Object.keys(TALLY_NAMES)) delete TALLY_NAMES[key];
  Object.assign(TALLY_NAMES, JSON.parse(TALLY_NAMES_INITIAL) as Record<string, string[]>);
  FLEET_TESTS.splice(0, FLEET_TESTS.length, ...(JSON.parse(FLEET_TESTS_INITIAL) as [string, string[]][]));
}

const BUILDERS: Record<string, () => string> = {
  'claude-code-tallybook': claudeCodeSample,
  'openai-chat-revenue': openaiChatSample,
  'codex-shared-retry': codexSample,
  'pi-table-widths': piSample,
};

/** Every file of `public/samples/`, keyed by file name, manifest last. Pure: no disk access. */
export function generate(): Map<string, string> {
  resetState();
  const out = new Map<string, string>();
  for (const entry of MANIFEST) out.set(entry.file, BUILDERS[entry.id]!());
  out.set('index.json', JSON.stringify(MANIFEST, null, 2) + '\n');
  return out;
}

function main(): void {
  mkdirSync(SAMPLES_DIR, { recursive: true });
  for (const [name, text] of generate()) {
    writeFileSync(join(SAMPLES_DIR, name), text);
    console.log(`${name.padEnd(32)} ${(Buffer.byteLength(text) / 1024).toFixed(1).padStart(8)} KB`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
