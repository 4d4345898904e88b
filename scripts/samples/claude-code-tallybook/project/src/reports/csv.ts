import { toDecimalString } from '../money/money';
import type { MonthlyReport } from './types';

const HEADER = ['date', 'category', 'description', 'kind', 'amount', 'currency', 'rate', 'amount_report'];

/** RFC 4180 quoting: only when needed, doubling inner quotes. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
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
  out.push(line(['', '', `Total ${report.month}`, '', '', '', '', toDecimalString(report.total)]));
  return out.join('\r\n') + '\r\n';
}
