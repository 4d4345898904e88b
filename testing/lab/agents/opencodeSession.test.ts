/** What an OpenCode (or Kilo) export says of how its compactions came about. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compactionsRecorded } from './opencodeSession';

const fixture = (path: string) =>
  readFileSync(new URL(`../../../src/formats/fixtures/lab/${path}`, import.meta.url), 'utf8');

describe('compactionsRecorded', () => {
  it('reads automatic and manual from the compaction parts (auto true, then the one the server was asked for)', () => {
    expect(compactionsRecorded(fixture('opencode/1.18.33/export.json'))).toEqual(['automatic', 'manual']);
    expect(compactionsRecorded(fixture('kilo/7.7.7/export.json'))).toEqual(['automatic', 'manual']);
  });

  it('reads automatic alone from a run that asked for none', () => {
    expect(compactionsRecorded(fixture('opencode/export-1.18.33.json'))).toEqual(['automatic']);
  });

  it('reads nothing from a session that never compacted', () => {
    const exported = {
      info: { id: 'ses_1' },
      messages: [{ info: { id: 'msg_1' }, parts: [{ type: 'text' }] }],
    };
    expect(compactionsRecorded(JSON.stringify(exported))).toEqual([]);
  });
});
