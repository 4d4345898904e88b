/** Text tables the way pandas prints a DataFrame, for the analysis agent's tool results. */

/** Right-aligned columns with the index first; numbers print as pandas rounds them, `round(2)`. */
export function frame(columns: string[], rows: (string | number)[][], index?: (string | number)[]): string {
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

/** A frame whose columns and index have names, which pandas prints on lines of their own. */
export const named = (table: string, columns: string, index: string): string =>
  table.replace(/^/, columns).replace('\n', `\n${index}\n`);

function fmtNum(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return n.toFixed(2);
}

/** `'{:,.2f}'.format(x)`: thousands separators, two decimals. */
export const money2 = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
