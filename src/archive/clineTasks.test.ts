import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { loadEstimator } from '../core/estimate';
import { fixture } from '../formats/testSupport.node';
import { placeOf } from './layout';
import { readSession } from './read';
import type { SessionReader } from './sessionReader';

function memoryReader(files: Record<string, string>): SessionReader {
  return {
    async *bytes(path) {
      yield new TextEncoder().encode(files[path]);
    },
    list: async () => [],
    sqlite: () => initSqlJs(),
  };
}

async function row(path: string, text: string) {
  const place = placeOf(path)!;
  const result = await readSession(
    memoryReader({ [path]: text }),
    { path, place },
    { estimator: () => loadEstimator('chars4') },
  );
  if (result.kind !== 'row') throw new Error(`${path} was not read as a session`);
  return { ...result.row, layout: place.layout };
}

describe('task folders of Cline, Roo Code and Kilo Code in an archive', () => {
  it.each([
    ['saoudrizwan.claude-dev', 'cline-task.json', 8, 0],
    ['rooveterinaryinc.roo-cline', 'roo-code-task.json', 8, 1],
    ['kilocode.kilo-code', 'kilo-code-task.json', 5, 0],
  ])('%s: the task history is read by the task importer', async (extension, file, messages, compactions) => {
    const path = `Code/User/globalStorage/${extension}/tasks/1763647331000/api_conversation_history.json`;
    const read = await row(path, fixture(file));
    expect([read.layout, read.format, read.messages, read.compactions, read.error]).toEqual([
      'cline',
      'cline',
      messages,
      compactions,
      undefined,
    ]);
  });

  it('a Goose session file is read by the Goose importer', async () => {
    const read = await row('.local/share/goose/sessions/20250310_101411.jsonl', fixture('goose.jsonl'));
    expect([read.format, read.messages, read.error]).toEqual(['goose', 6, undefined]);
  });
});
