import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STRATEGIES } from '../core';
import { HARNESSES } from '../core/harness/registry';
import { FIX_SESSION } from './liveSupport.node';
import { run, scratch } from './testSupport.node';

const SAMPLE = join(__dirname, '../../public/samples/claude-code-linkcheck.jsonl');

describe('compaction-playground audit', () => {
  it('beside each compaction, what every strategy would have left at the same moment, over the agent’s facts', async () => {
    const path = scratch('audit-strategies-').file('s.jsonl', FIX_SESSION);
    const r = await run(['audit', path, '--json', '--keep-recent', '40', '--tokenizer', 'chars4']);
    const [entry] = JSON.parse(r.out).compactions;
    const byName = Object.fromEntries(entry.strategies.map((s: { strategy: string }) => [s.strategy, s]));
    // Every strategy, the presets in the registry's order: a new preset needs no change here.
    expect(entry.strategies.map((s: { strategy: string }) => s.strategy)).toEqual(STRATEGIES);
    // The agent kept 1 of its 6 facts; our budget cut summarizes the first 3 messages and keeps the last 5.
    const all6 = {
      paths: { lost: 0, all: 2 },
      commands: { lost: 0, all: 1 },
      errors: { lost: 0, all: 1 },
      instructions: { lost: 0, all: 2 },
    };
    expect(byName.budget).toEqual({
      strategy: 'budget',
      tokensAfter: 169,
      summarizedMessages: 3,
      keptMessages: 5,
      facts: { lost: 0, all: 6, byKind: all6 },
    });
    // Whole turns: the one turn is the last, so there is nothing to compact and everything stays.
    expect(byName.turns).toEqual({
      strategy: 'turns',
      tokensAfter: null,
      summarizedMessages: 0,
      keptMessages: 8,
      facts: { lost: 0, all: 6, byKind: all6 },
    });
    // Claude Code's rules summarize all 8; the offline summary names the paths, the command, the error and the task.
    expect(byName['claude-code']).toMatchObject({
      summarizedMessages: 8,
      keptMessages: 0,
      facts: { lost: 0 },
    });
    const text = (await run(['audit', path, '--keep-recent', '40', '--tokenizer', 'chars4'])).out;
    expect(text).toContain(
      '  facts kept   agent 1/6; at the same moment: budget 6/6, pi 6/6, turns 6/6 (nothing to compact),',
    );
  });

  it('--no-strategies leaves the strategies out and the rest of the ledger as it was', async () => {
    const full = JSON.parse((await run(['audit', SAMPLE, '--json'])).out);
    const lean = JSON.parse((await run(['audit', SAMPLE, '--json', '--no-strategies'])).out);
    // The three cut rules and every preset.
    expect(full.compactions[0].strategies).toHaveLength(3 + HARNESSES.length);
    expect(lean.compactions.map((e: { strategies: unknown[] }) => e.strategies)).toEqual([[], []]);
    const without = (doc: { compactions: object[] }) =>
      doc.compactions.map((e) => ({ ...e, strategies: undefined }));
    expect(without(lean)).toEqual(without(full));
    expect(lean.survival).toEqual(full.survival);
    const text = (await run(['audit', SAMPLE, '--no-strategies'])).out;
    expect(text).not.toContain('at the same moment');
  });

  it('prints the ledger of each recorded compaction under the documented JSON names', async () => {
    const r = await run(['audit', SAMPLE, '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(Object.keys(doc)).toEqual(['compactions', 'survival', 'loops', 'bill']);
    expect(doc.compactions).toHaveLength(2);
    const first = doc.compactions[0];
    for (const name of [
      'index',
      'atMessage',
      'trigger',
      'tokensBefore',
      'tokensAfter',
      'durationMs',
      'summaryTokens',
      'facts',
      'rereads',
      'cacheWriteAfter',
      'callsUntilNext',
      'cost',
      'bill',
    ])
      expect(first).toHaveProperty(name);
    expect(Object.keys(first.facts)).toEqual([
      'paths',
      'commands',
      'errors',
      'instructions',
      'numbers',
      'todos',
    ]);
    expect(first).toMatchObject({
      index: 0,
      atMessage: 20,
      trigger: 'manual',
      tokensBefore: 22_739,
      tokensAfter: 17_991,
      durationMs: null,
      cacheWriteAfter: 742,
      callsUntilNext: 6,
      rereads: [{ path: '/home/lee/code/linkcheck/src/check.ts', atMessage: 22 }],
    });
    expect(first.facts.paths.lost).toEqual(['src/cli.ts']);
    expect(first.facts.commands).toEqual({
      kept: [],
      lost: ['npm test', 'npx tsx src/cli.ts docs/**/*.md README.md'],
    });
    expect(first.cost).toMatchObject({ model: 'claude-sonnet-4-5', paidForItself: false });
    expect(Object.keys(doc.survival)).toEqual([
      'paths',
      'commands',
      'errors',
      'instructions',
      'numbers',
      'todos',
    ]);
    expect(doc.survival).toMatchObject({ paths: 0.7, commands: 0, errors: null, instructions: 1 });
    expect(doc.loops).toEqual([]);
    // Read check.ts again, then wrote limit.ts; `npm test` (run before it) ran again at message 30: a check, not amnesia.
    expect(first.bill).toEqual({
      actionsToFirstEdit: 1,
      actionsAfter: 8,
      // Three reads and a passing `npm test` before the first edit; edits back to back after it.
      paceBefore: 0,
      freshStart: 3,
      filesReRead: 1,
      commandsReRun: 0,
      verificationsReRun: 1,
      regatherTokens: 503,
      regatherCost: (503 * 3) / 1_000_000,
      factsLost: 3,
    });
    expect(doc.bill).toEqual({
      compactions: 2,
      actionsToFirstEditMax: 2,
      filesReRead: 1,
      commandsReRun: 0,
      verificationsReRun: 1,
      regatherTokens: 503,
      regatherCost: (503 * 3) / 1_000_000,
      factsLost: 7,
    });
  });

  it('prints a ledger a person reads: lost facts, re-reads, the cost and the survival line', async () => {
    const r = await run(['audit', SAMPLE]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('compaction 1 at message 20 (manual, compact_boundary): 22,739 → 17,991 tokens');
    expect(r.out).toContain('  paths        kept 4 of 5; lost: src/cli.ts');
    expect(r.out).toContain('  re-reads     1: /home/lee/code/linkcheck/src/check.ts (message 22)');
    expect(r.out).toContain(
      'survival    paths 70% · commands 0% · instructions 100% · numbers 100% kept over 2 compactions',
    );
    expect(r.out).toContain(
      '  bill         Compaction 1 at #20: 1 action to the first edit (pace 0, fresh start 3); re-read 1 file, re-ran 0 commands (and 1 check to verify): 503 tokens ($0.0015) re-gathered; 3 facts lost',
    );
    expect(r.out).toContain(
      'bill        Over 2 compactions: at most 2 actions to the first edit; re-read 1 file, re-ran 0 commands (and 1 check to verify): 503 tokens ($0.0015) re-gathered; 7 facts lost',
    );
  });

  it('says a file without compactions has none, and refuses to run without one FILE', async () => {
    const { file } = scratch('audit-');
    const plain = file('chat.json', [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ]);
    const r = await run(['audit', plain, '--json']);
    expect(JSON.parse(r.out)).toEqual({
      compactions: [],
      survival: { paths: null, commands: null, errors: null, instructions: null, numbers: null, todos: null },
      loops: [],
      bill: {
        compactions: 0,
        actionsToFirstEditMax: null,
        filesReRead: 0,
        commandsReRun: 0,
        verificationsReRun: 0,
        regatherTokens: 0,
        regatherCost: null,
        factsLost: 0,
      },
    });
    const bad = await run(['audit']);
    expect([bad.code, bad.err]).toEqual([
      2,
      'compaction-playground: audit needs exactly one FILE (see --help)\n',
    ]);
  });
});
