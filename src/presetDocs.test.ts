/**
 * The presets table of docs/harnesses.md says what each module says: its
 * rows are the registry's, in its order, with each module's trigger, plan
 * and sources.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS } from './core/harness/registry';

const DOC = readFileSync(join(__dirname, '..', 'docs', 'harnesses.md'), 'utf8');

/** The rows of the table that follows `heading`, as trimmed cells. */
function tableAfter(markdown: string, heading: string): string[][] {
  const lines = markdown.slice(markdown.indexOf(heading)).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

describe('docs/harnesses.md', () => {
  it('lists every preset of the registry, in its order, as its module describes it', () => {
    expect(tableAfter(DOC, '## The presets and their sources')).toEqual(
      PRESETS.map((p) => [`\`${p.id}\``, p.doc.trigger, p.doc.plan, p.doc.sources]),
    );
  });
});
