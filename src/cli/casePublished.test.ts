import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, scratch } from './testSupport.node';

/** A pi session and its gold.json (schema 2) written for these tests, in the published layout. */
const FIXTURE = 'src/cli/__fixtures__/published/tide-cli';
const SOURCE = readFileSync(join(FIXTURE, 'source.jsonl'), 'utf8');
const GOLD = JSON.parse(readFileSync(join(FIXTURE, 'gold.json'), 'utf8')) as {
  source_sha256?: string;
  first_kept_entry_id?: string;
  fixture: string;
  facts: { id: string; evidence_quote: string; source_region: string; source_entry_id: string }[];
};

type Gold = typeof GOLD;

/** A copy of the fixture under `parent/name`, its gold changed by `edit` and its session replaced by `source`. */
function copy(parent: string, name: string, edit: (gold: Gold) => void = () => {}, source = SOURCE): string {
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  const gold = structuredClone(GOLD);
  edit(gold);
  writeFileSync(join(dir, 'gold.json'), JSON.stringify(gold));
  writeFileSync(join(dir, 'source.jsonl'), source);
  return dir;
}

interface Doc {
  cases: { id: string; file: string; messages: number; cuts: number[]; facts: number; probes: number }[];
  runs: { case: string; cut: number; keptFrom: number; factsTotal: number; controlsTotal: number }[];
  baseline: { factsKept: number; factsTotal: number; controlsKept: number; controlsTotal: number };
}

async function json(dir: string): Promise<Doc> {
  const result = await run(['cases', dir, '--strategy', 'budget', '--json']);
  expect(result.err).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.out) as Doc;
}

async function refused(dir: string): Promise<string> {
  const result = await run(['cases', dir, '--strategy', 'budget']);
  expect(result.code).toBe(2);
  return result.err.trim();
}

describe('cases on the published layout (source.jsonl + gold.json v2)', () => {
  it('reads a folder as one case cut at its first kept entry: pre_first_kept facts before, tail controls after', async () => {
    const doc = await json(FIXTURE);
    // 15 entries, the model change sends nothing: 14 messages; the first kept entry e100000c is message 10.
    expect(doc.cases).toEqual([
      expect.objectContaining({ id: 'tide-cli', file: `${FIXTURE}/gold.json`, messages: 14, cuts: [10] }),
    ]);
    expect(doc.cases[0]).toMatchObject({ facts: 6, probes: 4 });
    expect(doc.runs.map((r) => [r.cut, r.keptFrom, r.factsTotal, r.controlsTotal])).toEqual([[10, 10, 4, 2]]);
    // Every quote is verbatim in its entry, so the full session keeps every fact.
    expect(doc.baseline).toMatchObject({ factsKept: 4, factsTotal: 4, controlsKept: 2, controlsTotal: 2 });
  });

  it('reads a parent folder of such folders, each a case, in name order', async () => {
    const { dir } = scratch('published-parent-');
    copy(dir, 'b-second', (g) => (g.fixture = 'second'));
    copy(dir, 'a-first', (g) => (g.fixture = 'First Run'));
    expect((await json(dir)).cases.map((c) => c.id)).toEqual(['first-run', 'second']);
  });

  it('forks a whole session at its first recorded compaction when gold.json names no first kept entry', async () => {
    const { dir } = scratch('published-whole-');
    const compaction = {
      type: 'compaction',
      id: 'e1000010',
      parentId: 'e100000f',
      timestamp: '2026-11-02T10:00:00.000Z',
      summary: '## Goal\nMetres.',
      firstKeptEntryId: 'e100000c',
      tokensBefore: 1200,
    };
    const after = { ...JSON.parse(SOURCE.trim().split('\n').at(-1)!), id: 'e1000011', parentId: 'e1000010' };
    const whole = `${SOURCE}${JSON.stringify(compaction)}\n${JSON.stringify(after)}\n`;
    const folder = copy(
      dir,
      'whole',
      (g) => {
        delete g.source_sha256;
        delete g.first_kept_entry_id;
      },
      whole,
    );
    const doc = await json(folder);
    // The entries from the compaction on are left out: the session as pi had it when it compacted.
    expect(doc.cases[0]).toMatchObject({ messages: 14, cuts: [10] });
  });

  it('maps a first kept entry that sends nothing (a model change) to the message after it', async () => {
    const { dir } = scratch('published-model-change-');
    const folder = copy(dir, 'mc', (g) => {
      delete g.source_sha256;
      g.first_kept_entry_id = 'e1000006';
      // The facts after the model change are now in the kept tail.
      for (const f of g.facts)
        if (['e1000007', 'e100000a'].includes(f.source_entry_id)) f.source_region = 'retained_tail_control';
    });
    expect((await json(folder)).cases[0].cuts).toEqual([5]);
  });

  it('refuses a session that is not the one gold.json was written for', async () => {
    const { dir } = scratch('published-edited-');
    const folder = copy(dir, 'edited', () => {}, SOURCE.replace('metres', 'meters'));
    expect(await refused(folder)).toMatch(
      new RegExp(
        `^compaction-playground: ${folder}/source\\.jsonl: its sha256 is [0-9a-f]{64}, but gold\\.json was written for ${GOLD.source_sha256}: the session was edited or replaced`,
      ),
    );
  });

  it('refuses a quote that is not verbatim in its entry, naming the file, the fact and its question', async () => {
    const { dir } = scratch('published-quote-');
    const folder = copy(
      dir,
      'q',
      (g) => (g.facts[0].evidence_quote = 'Switch it to metres and keep it short.'),
    );
    expect(await refused(folder)).toBe(
      `compaction-playground: ${folder}/gold.json: fact fact-01 ("What unit must the heights be printed in, and how wide may the output be?"): evidence_quote is not verbatim in entry e1000001: "Switch it to metres and keep it short."`,
    );
  });

  it('refuses an entry id the session does not have, and a fact on the wrong side of the cut', async () => {
    const { dir } = scratch('published-ids-');
    const unknown = copy(dir, 'u', (g) => (g.facts[1].source_entry_id = 'ffffffff'));
    expect(await refused(unknown)).toContain(
      'fact fact-02 ("How are feet converted to metres, and where are heights stored?"): source_entry_id ffffffff is not an entry of source.jsonl',
    );
    const side = copy(dir, 's', (g) => (g.facts[4].source_region = 'pre_first_kept'));
    expect(await refused(side)).toContain(
      'fact fact-05 ("What is the default of the --station flag?"): source_region is pre_first_kept but entry e100000d is in the kept tail',
    );
  });

  it('refuses two facts whose ids name one case fact', async () => {
    const { dir } = scratch('published-twice-');
    const twice = copy(dir, 't', (g) => (g.facts[1].id = 'Fact_01'));
    expect(await refused(twice)).toContain(
      'fact Fact_01 ("How are feet converted to metres, and where are heights stored?"): the id is used twice',
    );
  });

  it('refuses a gold file of another schema version, and one with no cut', async () => {
    const { dir } = scratch('published-schema-');
    const v1 = copy(dir, 'v1', (g) => Object.assign(g, { schema_version: 1 }));
    expect(await refused(v1)).toBe(
      `compaction-playground: ${v1}/gold.json: schema_version: schema_version must be 2 (the version this reader knows)`,
    );
    const noCut = copy(dir, 'nc', (g) => {
      delete g.source_sha256;
      delete g.first_kept_entry_id;
    });
    expect(await refused(noCut)).toBe(
      `compaction-playground: ${noCut}/gold.json: no cut: it names no first_kept_entry_id and source.jsonl records no compaction`,
    );
  });
});
