import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, scratch } from './testSupport.node';

const entry = (id: string, parentId: string | null, role: 'user' | 'assistant', text: string) =>
  JSON.stringify({
    type: 'message',
    id,
    parentId,
    timestamp: '2026-03-04T09:00:01.000Z',
    message:
      role === 'user'
        ? { role, content: text, timestamp: 1 }
        : { role, content: [{ type: 'text', text }], stopReason: 'stop', timestamp: 2 },
  });
const HEADER = JSON.stringify({
  type: 'session',
  version: 3,
  id: 's',
  timestamp: '2026-03-04T09:00:00.000Z',
  cwd: '/w',
});
const SESSION = [
  HEADER,
  entry('e1', null, 'user', 'Keep the CSV header as LEDGER_V2.'),
  entry('e2', 'e1', 'assistant', 'The header stays LEDGER_V2; the filter is in src/export/range.ts.'),
  entry('e3', 'e2', 'user', 'Now add a test.'),
  entry('e4', 'e3', 'assistant', 'Added src/export/range.test.ts.'),
].join('\n');

function folder() {
  const dir = scratch('case-pin-');
  dir.file('s.jsonl', `${SESSION}\n`);
  const file = dir.file('leap.case.json', {
    id: 'leap',
    session: 's.jsonl',
    cuts: [2],
    facts: [
      {
        id: 'range',
        kind: 'artifact',
        side: 'before',
        evidence: { message: 1, quote: 'src/export/range.ts' },
      },
      { id: 'test', kind: 'artifact', side: 'after', evidence: { message: 3, quote: 'range.test.ts' } },
    ],
  });
  return { dir: dir.dir, file };
}

describe('cases --pin', () => {
  it('writes the session sha256 and each message id, and a pinned case loads without a notice', async () => {
    const { dir, file } = folder();
    const before = await run(['cases', dir, '--strategy', 'budget']);
    expect(before.err).toContain('case leap: not pinned to its session');
    const pinned = await run(['cases', dir, '--pin']);
    expect(pinned.code).toBe(0);
    expect(pinned.out).toMatch(/leap\.case\.json: pinned to .*s\.jsonl \(sha256 [0-9a-f]{12}…\)/);
    const written = JSON.parse(readFileSync(file, 'utf8')) as {
      sha256: string;
      cutIds: Record<string, string>;
      facts: { evidence: { id: string } }[];
    };
    expect(written.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(written.cutIds).toEqual({ '2': 'e3' });
    expect(written.facts.map((f) => f.evidence.id)).toEqual(['e2', 'e4']);
    const after = await run(['cases', dir, '--strategy', 'budget']);
    expect(after.code).toBe(0);
    expect(after.err).not.toContain('not pinned');
    expect((await run(['cases', dir, '--pin'])).out).toContain('already pinned');
  });

  it('refuses a session edited after pinning, naming the case file, the session and what moved', async () => {
    const { dir, file } = folder();
    await run(['cases', dir, '--pin']);
    const lines = SESSION.split('\n');
    const inserted = entry('e0', null, 'user', 'Before anything: read the README.');
    writeFileSync(
      join(dir, 's.jsonl'),
      [HEADER, inserted, lines[1].replace('"parentId":null', '"parentId":"e0"'), ...lines.slice(2)].join(
        '\n',
      ) + '\n',
    );
    const result = await run(['cases', dir]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`${file}: case leap: its session `);
    expect(result.err).toContain('s.jsonl changed since the case was pinned');
    expect(result.err).toContain('cut 2: message 2 is now 3 (id e3); fact range: message 1 is now 2 (id e2)');
  });
});
