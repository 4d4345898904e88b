import { isCurrency, money, type Currency, type Money } from '../money/money';
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
    super(`line ${line}: ${message}`);
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
    format === 'YYYY-MM-DD' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) throw new StatementError(line, `bad date "${value}", expected ${format}`);
  const [y, mo, d] = format === 'YYYY-MM-DD' ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  return `${y}-${mo}-${d}`;
}

/** "1,234.56", "-12.5", "(45.00)" -> minor units, without going through a float. */
export function parseAmount(value: string, currency: Currency, line: number): Money {
  let text = value.replaceAll(',', '').replaceAll('$', '').trim();
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  }
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new StatementError(line, `bad amount "${value}"`);
  const exp = EXPONENT[currency];
  const frac = (m[2] ?? '').padEnd(exp, '0');
  if (frac.length > exp) throw new StatementError(line, `too many decimals in "${value}" for ${currency}`);
  const minor = Number(m[1]) * 10 ** exp + Number(frac || '0');
  return money(negative ? -minor : minor, currency);
}

export function parseStatement(text: string, profile: BankProfile, fallback: Currency): StatementLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitRecord(lines[0] ?? '');
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i === -1) throw new StatementError(1, `missing column "${name}" for ${profile.name}`);
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
    if (!isCurrency(code)) throw new StatementError(i + 1, `unsupported currency "${code}"`);
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
        .replace(/\s+/g, ' '),
      amount,
    });
  }
  return out;
}

/** The share of a split bill, rounded so the shares add up to the whole. */
export function shareOf(total: Money, percent: number): Money {
  return money(Math.round((total.minor * percent) / 100), total.currency);
}
