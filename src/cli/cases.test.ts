import { describe, expect, it } from 'vitest';
import { run, scratch } from './testSupport.node';

function folder() {
  const dir = scratch('cases-cmd-');
  dir.file('s.json', {
    messages: [
      { role: 'user', content: 'Fix the parser in src/parse.ts. Never touch the lockfile.' },
      { role: 'assistant', content: 'Fixed src/parse.ts.' },
      { role: 'user', content: 'Now update docs/guide.md.' },
      { role: 'assistant', content: 'Updated docs/guide.md.' },
    ],
  });
  dir.file('one.case.json', {
    id: 'one',
    session: 's.json',
    cuts: [2],
    facts: [
      { id: 'parser', kind: 'artifact', side: 'before', evidence: { message: 1, quote: 'src/parse.ts' } },
      { id: 'guide', kind: 'artifact', side: 'after', evidence: { message: 3, quote: 'docs/guide.md' } },
    ],
  });
  return dir.dir;
}

describe('cases', () => {
  it('runs the cases offline under the strategies given, totals per strategy in --json', async () => {
    const result = await run(['cases', folder(), '--strategy', 'budget,turns', '--json']);
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.out) as {
      summarizer: string;
      strategies: string[];
      cases: { id: string; messages: number; facts: number }[];
      runs: { strategy: string; cut: number; keptFrom: number; factsKept: number; controlsKept: number }[];
      baseline: Record<string, number>;
      totals: {
        strategy: string;
        runs: number;
        notCompacted: number;
        factsTotal: number;
        controlsTotal: number;
        loops: number;
      }[];
    };
    expect(doc.summarizer).toBe('offline');
    expect(doc.strategies).toEqual(['budget', 'turns']);
    expect(doc.cases).toMatchObject([{ id: 'one', messages: 4, facts: 2 }]);
    expect(doc.runs.map((r) => [r.strategy, r.cut, r.keptFrom, r.factsKept, r.controlsKept])).toEqual([
      ['budget', 2, 2, 1, 1],
      // A numeric cut is a keep-recent budget; turns keeps its last turns whatever the budget: nothing to compact.
      ['turns', 2, null, 1, 1],
    ]);
    // turns did not compact: counted apart, its facts in no rate.
    expect(
      doc.totals.map((t) => [t.strategy, t.runs, t.notCompacted, t.factsTotal, t.controlsTotal, t.loops]),
    ).toEqual([
      ['budget', 1, 0, 1, 1, 0],
      ['turns', 1, 1, 0, 0, 0],
    ]);
    expect(doc.baseline).toMatchObject({
      runs: 1,
      factsKept: 1,
      factsTotal: 1,
      controlsKept: 1,
      controlsTotal: 1,
    });
  });

  it('prints a table with a row per run and refuses a folder with no cases', async () => {
    const result = await run(['cases', folder(), '--strategy', 'budget']);
    expect(result.out.split('\n').slice(0, 4)).toEqual([
      'summarizer offline',
      '',
      expect.stringMatching(/^case +strategy +cut +facts +controls +probes +tokens +time +cost +again$/),
      expect.stringMatching(/^one +budget +2 +1\/1 +1\/1 +- +\d+ → \d+ +\d+ ms +\$0\.0000 +no$/),
    ]);
    const empty = scratch('cases-empty-').dir;
    const refused = await run(['cases', empty]);
    expect([refused.code, refused.err]).toEqual([
      2,
      `compaction-playground: ${empty}: no case files (*.case.json) in it, nor a folder with source.jsonl and gold.json\n`,
    ]);
  });
});
