import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSession } from '../archive/read';
import type { SessionReader } from '../archive/sessionReader';
import { loadEstimator } from '../core';
import { countSession } from '../core/session/counted';
import { importTranscript } from '../formats/registry';
import type { ArchiveDocument } from './archive';
import { run, scratch } from './testSupport.node';
import { nodeSqlite } from './sqlite';

const SAMPLES = join(__dirname, '../../public/samples');

/** A home folder with a session of each kind the samples hold, a broken one, a non-UTF-8 one and a settings file. */
const FILES: Record<string, string> = {
  '.claude/projects/-home-lee-linkcheck/6f1c.jsonl': 'claude-code-linkcheck.jsonl',
  '.claude/projects/-home-maya-tallybook/2b7e.jsonl': 'claude-code-tallybook.jsonl',
  '.codex/sessions/2025/10/14/rollout-2025-10-14T08-12-40-019a.jsonl': 'codex-shared-retry.jsonl',
  '.pi/agent/sessions/--home-sam-mdtable--/2026-01-21T09-03-11_0b6f.jsonl': 'pi-table-widths.jsonl',
  // An OpenAI Chat list records no usage: its row is counted, and says so.
  'tasks/1733/api_conversation_history.json': 'openai-chat-revenue.json',
};

let home: string;
let doc: ArchiveDocument;
let stderr: string;
const out = () => join(home, '..', 'tables');

beforeAll(async () => {
  home = join(scratch('archive-cli-').dir, 'home');
  for (const [path, sample] of Object.entries(FILES)) {
    mkdirSync(dirname(join(home, path)), { recursive: true });
    copyFileSync(join(SAMPLES, sample), join(home, path));
  }
  writeFileSync(join(home, '.claude/projects/-home-lee-linkcheck/torn.jsonl'), '{"type":"user","uuid":');
  writeFileSync(
    join(home, '.claude/projects/-home-lee-linkcheck/latin1.jsonl'),
    Buffer.from([0x7b, 0xe9, 0x7d, 0x0a]),
  );
  writeFileSync(join(home, '.claude/settings.json'), '{"model":"opus"}');
  const r = await run(['archive', home, '--json', '--jobs', '2', '--out', `${out()}.parquet`]);
  expect(r.code).toBe(0);
  doc = JSON.parse(r.out);
  stderr = r.err;
}, 120_000);

afterAll(() => rmSync(dirname(home), { recursive: true, force: true }));

const row = (path: string) => doc.sessions.find((s) => s.file === path)!;

describe('compaction-playground archive', () => {
  it('gives one row per session, a row with its error for a broken file, and skips the settings', () => {
    expect(doc.sessions.map((s) => [s.file, s.format, s.error ?? null])).toEqual([
      ['.claude/projects/-home-lee-linkcheck/6f1c.jsonl', 'claude-code', null],
      [
        '.claude/projects/-home-lee-linkcheck/latin1.jsonl',
        null,
        '.claude/projects/-home-lee-linkcheck/latin1.jsonl: The file is not valid UTF-8 text (first invalid byte at offset 1)',
      ],
      [
        '.claude/projects/-home-lee-linkcheck/torn.jsonl',
        null,
        '.claude/projects/-home-lee-linkcheck/torn.jsonl: line 1, column 23: Unexpected end of input: the JSON is truncated',
      ],
      ['.claude/projects/-home-maya-tallybook/2b7e.jsonl', 'claude-code', null],
      ['.codex/sessions/2025/10/14/rollout-2025-10-14T08-12-40-019a.jsonl', 'codex', null],
      ['.pi/agent/sessions/--home-sam-mdtable--/2026-01-21T09-03-11_0b6f.jsonl', 'pi', null],
      ['tasks/1733/api_conversation_history.json', 'openai-chat', null],
    ]);
    expect(doc.totals.skippedFiles).toBe(1);
    expect(stderr).toMatch(/^archive: read 7 sessions \(/m);
  });

  it('holds for each session the numbers replay --json (recorded) and inspect --json give for the file', async () => {
    for (const [path] of Object.entries(FILES)) {
      const file = join(home, path);
      const replayed = JSON.parse((await run(['replay', file, '--json'])).out);
      const inspected = JSON.parse((await run(['inspect', file, '--json'])).out);
      const r = row(path);
      expect([r.format, r.messages]).toEqual([inspected.format, inspected.messages.length]);
      expect([r.calls, r.compactions]).toEqual([replayed.calls, replayed.recorded.compactions.length]);
      // One reading of the sizes for both: recorded, or counted and marked estimated.
      expect([r.peakContextTokens, r.inputTokensTotal, r.estimated]).toEqual([
        replayed.recorded.peakContextTokens,
        replayed.recorded.inputTokensTotal,
        replayed.recorded.estimated,
      ]);
    }
    expect(doc.sessions.filter((s) => s.estimated).map((s) => s.file)).toEqual([
      'tasks/1733/api_conversation_history.json',
    ]);
  }, 120_000);

  it('counts a file without usage as the timeline does: each call its context plus what the file does not show', async () => {
    const text = readFileSync(join(home, 'tasks/1733/api_conversation_history.json'), 'utf8');
    const imported = importTranscript(text);
    const { points, unrecorded } = countSession(
      imported.messages,
      imported.history,
      await loadEstimator('o200k_base'),
    );
    const sizes = points.map((p) => p.estimatedTokens + (unrecorded ?? 0));
    const r = row('tasks/1733/api_conversation_history.json');
    expect(r.calls).toBe(points.length);
    expect(r.peakContextTokens).toBe(Math.max(...sizes));
    expect(r.inputTokensTotal).toBe(sizes.reduce((a, b) => a + b, 0));
  });

  it('takes the place, the times, the folder and the model from the file', () => {
    expect(row('.codex/sessions/2025/10/14/rollout-2025-10-14T08-12-40-019a.jsonl')).toMatchObject({
      layout: 'codex',
      project: '/home/lena/src/fleetd',
      firstTime: '2025-10-14T08:12:40.517Z',
      lastTime: '2025-10-14T08:23:25.172Z',
      model: 'gpt-5-codex',
      compactions: 1,
      calls: 42,
      peakContextTokens: 36695,
      inputTokensTotal: 859592,
    });
  });

  it('fills the ledger columns with what audit --json gives for the same file', async () => {
    const path = '.claude/projects/-home-lee-linkcheck/6f1c.jsonl';
    const audited = await run(['audit', join(home, path), '--json']);
    type Facts = Record<string, { kept: unknown[]; lost: unknown[] }>;
    const ledger = JSON.parse(audited.out) as {
      compactions: { facts: Facts; rereads: unknown[] }[];
      loops: unknown[];
    };
    const facts = ledger.compactions.flatMap((c) => Object.values(c.facts));
    const kept = facts.reduce((n, f) => n + f.kept.length, 0);
    const all = facts.reduce((n, f) => n + f.kept.length + f.lost.length, 0);
    expect(ledger.compactions).toHaveLength(2);
    expect(row(path)).toMatchObject({
      survival: kept / all,
      rereads: ledger.compactions.reduce((n, c) => n + c.rereads.length, 0),
      loops: ledger.loops.length,
      lostPaths: ledger.compactions.reduce((n, c) => n + c.facts.paths.lost.length, 0),
      pathSurvival: 0.7,
      commandSurvival: 0,
      instructionSurvival: 1,
    });
    // The bill: the session's from audit's total, each compaction's from its own.
    const audit = JSON.parse(audited.out) as {
      compactions: { bill: Record<string, number | null> }[];
      bill: Record<string, number | null>;
    };
    expect(row(path)).toMatchObject({
      billActionsToFirstEdit: audit.bill.actionsToFirstEditMax,
      billPaceBefore: null,
      billFreshStart: audit.compactions[0]!.bill.freshStart,
      billFilesReRead: audit.bill.filesReRead,
      billCommandsReRun: audit.bill.commandsReRun,
      billRegatherTokens: audit.bill.regatherTokens,
      billRegatherCostUsd: audit.bill.regatherCost,
      billFactsLost: audit.bill.factsLost,
    });
    expect(audit.bill).toMatchObject({ actionsToFirstEditMax: 2, regatherTokens: 503, factsLost: 7 });
    // A session that records no compaction lost nothing.
    expect(row('tasks/1733/api_conversation_history.json')).toMatchObject({
      survival: null,
      rereads: 0,
      loops: 0,
      lostPaths: 0,
      pathSurvival: null,
      commandSurvival: null,
      instructionSurvival: null,
      billActionsToFirstEdit: null,
      billFilesReRead: 0,
      billCommandsReRun: 0,
      billRegatherTokens: 0,
      billRegatherCostUsd: 0,
      billFactsLost: 0,
    });
  });

  it('sums the rows into the totals, the peak being the largest', () => {
    const sum = (key: 'messages' | 'calls' | 'compactions' | 'inputTokensTotal' | 'bytes') =>
      doc.sessions.reduce((s, r) => s + (r[key] ?? 0), 0);
    expect(doc.totals).toMatchObject({
      sessions: 7,
      errors: 2,
      estimated: 1,
      messages: sum('messages'),
      calls: sum('calls'),
      compactions: sum('compactions'),
      inputTokensTotal: sum('inputTokensTotal'),
      bytes: sum('bytes'),
      peakContextTokens: Math.max(...doc.sessions.map((r) => r.peakContextTokens ?? 0)),
    });
    expect(doc.totals.costUsd).toBeCloseTo(
      doc.sessions.reduce((s, r) => s + (r.costUsd ?? 0), 0),
      10,
    );
    // The bills: linkcheck (1 file, 503 tokens, 7 facts; its `npm test` again is a check), the Codex session (3 files, 3,631 tokens,
    // 5 facts) and pi (1 file, 785 tokens, 3 facts).
    expect(doc.totals).toMatchObject({
      billActionsToFirstEditMax: 5,
      billFilesReRead: 5,
      billCommandsReRun: 0,
      billRegatherTokens: 503 + 3_631 + 785,
      billFactsLost: 15,
    });
    expect(doc.totals.billRegatherCostUsd).toBeCloseTo(
      doc.sessions.reduce((s, r) => s + (r.billRegatherCostUsd ?? 0), 0),
      12,
    );
  });

  it('writes the sessions and the compactions as two Parquet tables', async () => {
    const read = async (path: string) => {
      const bytes = readFileSync(path);
      const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      return parquetReadObjects({ file, rowFormat: 'object' });
    };
    const sessions = await read(`${out()}.sessions.parquet`);
    const compactions = await read(`${out()}.compactions.parquet`);
    expect(sessions).toHaveLength(7);
    const codex = sessions.find((s) => String(s.file).startsWith('.codex/'))!;
    expect([codex.format, codex.compactions, codex.inputTokensTotal]).toEqual(['codex', 1n, 859592n]);
    const retry = compactions.find((c) => String(c.file).startsWith('.codex/'))!;
    // As audit --json gives it for the same file: five reads, then the first patch.
    expect([
      retry.billActionsToFirstEdit,
      retry.billPaceBefore,
      retry.billFreshStart,
      retry.billFilesReRead,
      retry.billCommandsReRun,
      retry.billRegatherTokens,
      retry.billFactsLost,
    ]).toEqual([5n, null, null, 3n, 0n, 3631n, 5n]);
    expect(retry.billRegatherCostUsd).toBeCloseTo(0.00453875, 12);
    expect(codex.billRegatherTokens).toBe(3631n);
    expect(compactions.map((c) => [c.file, c.index]).sort()).toEqual(
      doc.sessions
        .flatMap((s) => Array.from({ length: s.compactions }, (_, i) => [s.file, BigInt(i)]))
        .sort(),
    );
  });
});

describe('compaction-playground archive --out', () => {
  it('writes CSV with a header and JSON Lines with every column, and refuses another extension', async () => {
    const dir = scratch('archive-out-');
    mkdirSync(join(dir.dir, 'p/.claude/projects/-x'), { recursive: true });
    copyFileSync(
      join(SAMPLES, 'claude-code-linkcheck.jsonl'),
      join(dir.dir, 'p/.claude/projects/-x/s.jsonl'),
    );
    expect(
      (await run(['archive', join(dir.dir, 'p'), '--jobs', '1', '--out', join(dir.dir, 'a.csv')])).code,
    ).toBe(0);
    const csv = readFileSync(join(dir.dir, 'a.sessions.csv'), 'utf8').split('\n');
    expect(csv[0]).toMatch(/^file,format,layout,project,cwd,subagent,firstTime,lastTime,bytes,messages,/);
    expect(csv[0]).toContain(
      ',billActionsToFirstEditMax,billFreshStart,billFilesReRead,billCommandsReRun,billRegatherTokens,billRegatherCostUsd,billFactsLost,error',
    );
    const compactionCsv = readFileSync(join(dir.dir, 'a.compactions.csv'), 'utf8').split('\n');
    expect(compactionCsv[0]).toContain(
      ',billActionsToFirstEdit,billPaceBefore,billFreshStart,billFilesReRead,',
    );
    // Compaction 1 of linkcheck: 1 call to the first edit, pace 0, fresh start 3; 1 file, no command, 503 tokens.
    expect(compactionCsv[1]).toMatch(/,1,0,3,1,0,503,0\.001509,3$/);
    expect(csv[1]).toMatch(
      /^\.claude\/projects\/-x\/s\.jsonl,claude-code,claude-code,\/home\/lee\/code\/linkcheck,/,
    );
    expect(readFileSync(join(dir.dir, 'a.compactions.csv'), 'utf8').split('\n')).toHaveLength(4);
    expect(
      (await run(['archive', join(dir.dir, 'p'), '--jobs', '1', '--out', join(dir.dir, 'a.jsonl')])).code,
    ).toBe(0);
    const first = JSON.parse(readFileSync(join(dir.dir, 'a.sessions.jsonl'), 'utf8').split('\n')[0]!);
    expect(first).toMatchObject({ file: '.claude/projects/-x/s.jsonl', compactions: 2, error: null });
    const bad = await run(['archive', join(dir.dir, 'p'), '--out', join(dir.dir, 'a.xlsx')]);
    expect([bad.code, bad.err.trim()]).toEqual([
      2,
      `compaction-playground: --out: expected a file ending in .parquet, .csv or .jsonl, got '${join(dir.dir, 'a.xlsx')}'`,
    ]);
  }, 120_000);
});

describe('reading one session of the archive', () => {
  const readerOf = (sample: string): SessionReader => {
    const bytes = readFileSync(join(SAMPLES, sample));
    return {
      async *bytes() {
        yield new Uint8Array(bytes);
      },
      list: async () => [],
      sqlite: nodeSqlite,
    };
  };
  const place = { layout: 'claude-code' as const, project: '-x', subagent: false };

  it('makes the row of a session that records its usage without tokenizing it, when no compaction made it gather anything again', async () => {
    let asked = 0;
    const result = await readSession(
      readerOf('claude-code-tallybook.jsonl'),
      { path: 'p/s.jsonl', place },
      {
        estimator: () => {
          asked++;
          return Promise.reject(new Error('no tokenizer for a file that records its usage'));
        },
      },
    );
    expect(asked).toBe(0);
    expect(result).toMatchObject({ kind: 'row', row: { estimated: false, billRegatherTokens: 0 } });
    expect(result.kind === 'row' && result.row.error).toBe(undefined);
  });

  it('counts only the results a compaction made the agent gather again, in a session that records its usage', async () => {
    let asked = 0;
    const result = await readSession(
      readerOf('claude-code-linkcheck.jsonl'),
      { path: 'p/s.jsonl', place },
      {
        estimator: () => {
          asked++;
          return loadEstimator('o200k_base');
        },
      },
    );
    expect(asked).toBe(1);
    expect(result).toMatchObject({
      kind: 'row',
      row: { compactions: 2, estimated: false, lostPaths: 3, loops: 0, billRegatherTokens: 503 },
    });
    expect(result.kind === 'row' && result.row.error).toBe(undefined);
  });

  it('gives a file that cannot be read a row with the reason, not a failure of the archive', async () => {
    const reader: SessionReader = {
      // eslint-disable-next-line require-yield -- a file whose first read fails
      async *bytes() {
        throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
      },
      list: async () => [],
      sqlite: nodeSqlite,
    };
    const place = { layout: 'claude-code' as const, project: '-x', subagent: false };
    const result = await readSession(
      reader,
      { path: 'p/s.jsonl', place },
      { estimator: () => loadEstimator('o200k_base') },
    );
    expect(result).toMatchObject({
      kind: 'row',
      row: { file: 'p/s.jsonl', format: null, error: 'p/s.jsonl: the file cannot be read (EACCES)' },
    });
  });
});
