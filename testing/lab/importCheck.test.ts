/**
 * The lab's import check over what OpenCode wrote: its export as one JSON
 * document, its database through the archive's reader, each compaction part
 * counted as the file's own mark.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { opencodeDatabase, type Exported } from '../../src/archive/opencodeDatabaseSupport.node';
import { countChars4 } from '../../src/core';
import type { AgentRun } from './agent';
import { opencodeAgent } from './agents/opencode';
import { checkImport, checkRun, checkSessionFile, compactionsMarked, importIsExact } from './checks';
import type { LabRequest } from './requests';

const EXPORT = readFileSync(
  new URL('../../src/formats/fixtures/lab/opencode/1.18.33/export.json', import.meta.url),
  'utf8',
);
const SESSION_ID = (JSON.parse(EXPORT) as Exported).info.id;

/** The export stored as OpenCode stores it: `opencode.db` (Kilo's `kilo.db`) in a folder of its own. */
async function databaseFile(name = 'opencode.db', text = EXPORT): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'lab-opencode-db-'));
  const file = join(dir, name);
  writeFileSync(file, await opencodeDatabase([{ exported: JSON.parse(text) as Exported, project: 'prj' }]));
  return file;
}

describe('compactionsMarked', () => {
  it("counts an OpenCode export's compaction parts, the automatic ones and the one asked for", () => {
    expect(compactionsMarked(EXPORT, 'opencode')).toBe(5);
  });

  it('is null for an export cut short, which the import then refuses', () => {
    const cut = EXPORT.slice(0, EXPORT.length / 2);
    expect(compactionsMarked(cut, 'opencode')).toBeNull();
    const check = checkImport('export.json', cut, 'opencode');
    expect(check.detected).toBe('error');
    expect(importIsExact(check)).toBe(false);
  });
});

describe('checkSessionFile', () => {
  it('reads opencode.db through the archive database reader: one check per session, named opencode.db#<id>', async () => {
    const checks = await checkSessionFile(await databaseFile(), 'opencode');
    expect(checks).toEqual([
      {
        file: `opencode.db#${SESSION_ID}`,
        detected: 'opencode',
        messages: 32,
        toolCalls: 5,
        toolResults: 5,
        unpaired: 0,
        compactionsInFile: 5,
        compactionsImported: 5,
        compactionsInLedger: 5,
        problems: [],
      },
    ]);
  });

  it("reads Kilo's kilo.db, OpenCode's tables under another name, the same way", async () => {
    const kilo = readFileSync(
      new URL('../../src/formats/fixtures/lab/kilo/7.7.7/export.json', import.meta.url),
      'utf8',
    );
    const id = (JSON.parse(kilo) as Exported).info.id;
    const [check] = await checkSessionFile(await databaseFile('kilo.db', kilo), 'opencode');
    expect(check).toMatchObject({ file: `kilo.db#${id}`, detected: 'opencode', compactionsImported: 5 });
    expect(importIsExact(check)).toBe(true);
  });

  it('finds in the database what it finds in the export', async () => {
    const [fromDatabase] = await checkSessionFile(await databaseFile(), 'opencode');
    const fromExport = checkImport('export.json', EXPORT, 'opencode');
    expect({ ...fromDatabase, file: 'export.json' }).toEqual(fromExport);
  });
});

describe('checkRun over an OpenCode run', () => {
  it('says exact for the export and the database the agent wrote, and counts the summarization requests', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lab-opencode-run-'));
    const exported = join(dir, 'opencode-export.json');
    writeFileSync(exported, EXPORT);
    const run: AgentRun = {
      sessionFiles: [exported, await databaseFile()],
      format: 'opencode',
      compactions: ['automatic', 'manual'],
      notes: [],
    };
    const summary = (call: number): LabRequest => ({
      call,
      url: '/v1/chat/completions',
      family: 'openai-chat',
      model: 'agent',
      headers: {},
      body: { messages: [] },
      tokens: 100,
      usage: 120,
      summary: call % 2 === 0,
    });
    const result = await checkRun(opencodeAgent, '1.18.33', run, [1, 2, 3, 4].map(summary), countChars4);
    expect([result.requests, result.summaryRequests]).toEqual([4, 2]);
    expect(result.imports?.map((c) => [c.file, c.compactionsImported])).toEqual([
      ['opencode-export.json', 5],
      [`opencode.db#${SESSION_ID}`, 5],
    ]);
    expect(result.importExact).toBe(true);
  });
});
