/**
 * `audit --json` is a contract: the page's ledger panel and the command line
 * read one projection of the ledger (`ledgerDocument`), and the document it
 * prints stays byte for byte what it was before they shared it. The files in
 * `__fixtures__/audit/` are that output on the built-in samples; a change that
 * means to change the document (a new preset, a new price rule) writes them
 * again with `UPDATE_GOLDEN=1 npx vitest run src/cli/auditDocument.test.ts`,
 * and its diff shows what moved.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './testSupport.node';

const samples = join(__dirname, '../../public/samples');
const golden = (name: string) => join(__dirname, '__fixtures__/audit', `${name}.json`);
const expected = (name: string) => readFileSync(golden(name), 'utf8');

describe('audit --json, byte for byte', () => {
  for (const name of ['claude-code-linkcheck', 'codex-shared-retry', 'pi-table-widths'])
    it(`prints the same document as before on ${name}`, async () => {
      const r = await run(['audit', join(samples, `${name}.jsonl`), '--json']);
      expect(r.code).toBe(0);
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden(name), r.out);
      expect(r.out).toBe(expected(name));
    });
});
