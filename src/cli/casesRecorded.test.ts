import { describe, expect, it } from 'vitest';
import { run, scratch } from './testSupport.node';

const entry = (id: string, parentId: string | null, body: object) =>
  JSON.stringify({ id, parentId, timestamp: '2026-03-04T09:00:01.000Z', ...body });
const user = (id: string, parent: string | null, text: string) =>
  entry(id, parent, { type: 'message', message: { role: 'user', content: text, timestamp: 1 } });
const reply = (id: string, parent: string, text: string) =>
  entry(id, parent, {
    type: 'message',
    message: { role: 'assistant', content: [{ type: 'text', text }], stopReason: 'stop', timestamp: 2 },
  });

/** A pi session whose compaction summarized the first turn, kept the second, and wrote a summary naming the CSV header. */
const SESSION = [
  JSON.stringify({ type: 'session', version: 3, id: 's', timestamp: '2026-03-04T09:00:00.000Z', cwd: '/w' }),
  user('e1', null, 'Keep the CSV header as LEDGER_V2. The bug is in src/export/range.ts.'),
  reply('e2', 'e1', 'Found it: range.ts skips 2024-02-29.'),
  user('e3', 'e2', 'Fix isInRange.'),
  reply('e4', 'e3', 'Fixed isInRange.'),
  entry('c1', 'e4', {
    type: 'compaction',
    summary: '## Goal\nKeep LEDGER_V2 as the header.',
    firstKeptEntryId: 'e3',
    tokensBefore: 900,
  }),
  user('e5', 'c1', 'Ship it.'),
].join('\n');

describe('cases on a case forked at a recorded compaction', () => {
  it("prints what the agent kept there beside the strategies' rows, and lists it in --json", async () => {
    const dir = scratch('cases-recorded-');
    dir.file('s.jsonl', `${SESSION}\n`);
    dir.file('leap.case.json', {
      id: 'leap',
      session: 's.jsonl',
      cuts: ['recorded'],
      facts: [
        { id: 'header', kind: 'identifier', side: 'before', evidence: { message: 0, quote: 'LEDGER_V2' } },
        {
          id: 'file',
          kind: 'artifact',
          side: 'before',
          evidence: { message: 0, quote: 'src/export/range.ts' },
        },
        { id: 'fix', kind: 'identifier', side: 'after', evidence: { message: 3, quote: 'isInRange' } },
      ],
    });
    const table = await run(['cases', dir.dir, '--strategy', 'budget']);
    expect(table.code).toBe(0);
    expect(table.out).toContain('leap  budget    2 ');
    expect(table.out).toMatch(/^leap\s+compaction #1\s+from 2\s+1\/2\s+1\/2\s+0\/2\s+1\/1\s+\d+ → \d+$/m);
    const doc = JSON.parse((await run(['cases', dir.dir, '--strategy', 'budget', '--json'])).out) as {
      recorded: { case: string; keptFrom: number; factsInSummary: number; controlsKept: number }[];
    };
    expect(doc.recorded).toMatchObject([{ case: 'leap', keptFrom: 2, factsInSummary: 1, controlsKept: 1 }]);
  });
});
