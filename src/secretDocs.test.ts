/**
 * The table of secret kinds in docs/security.md names exactly the kinds the
 * share scanner knows, in its order: a kind added to the scanner without a
 * row, or a row without a kind, fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SECRET_KINDS } from './share/secrets';

describe('the table of kinds in docs/security.md', () => {
  /** The first column of the table under "### Kinds" of the secrets section. */
  function documentedKinds(): string[] {
    const doc = readFileSync(join(__dirname, '..', 'docs', 'security.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Secrets never leave in a link or bundle'));
    const kinds = section.slice(section.indexOf('### Kinds'));
    const table = kinds.slice(kinds.indexOf('\n|'), kinds.indexOf('\n\n', kinds.indexOf('\n|') + 1));
    return table
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2)
      .map((line) => line.split('|')[1].trim().replace(/^`|`$/g, ''));
  }

  test('the table of kinds in docs/security.md names exactly the scanner’s kinds', () => {
    const documented = documentedKinds();
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.filter((kind) => !SECRET_KINDS.includes(kind as never))).toEqual([]);
    expect(SECRET_KINDS.filter((kind) => !documented.includes(kind))).toEqual([]);
    expect(documented).toEqual([...SECRET_KINDS]);
  });
});
