/**
 * A full link or bundle carries the session over time: `replay` and `audit`
 * opened from it print exactly what they print for the file it was made from.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, scratch } from './testSupport.node';

const FIXTURES = join(__dirname, '../formats/fixtures');
/** Two Codex compactions, usage on every call, encrypted reasoning. */
const CODEX = join(FIXTURES, 'codex-compacted.jsonl');
/** Two pi compactions with the sizes pi recorded. */
const PI = join(FIXTURES, 'pi-compactions.jsonl');
const { file } = scratch('cp-session-link-');

async function out(...argv: string[]): Promise<string> {
  const result = await run(argv);
  expect(result.err).toBe('');
  expect(result.code).toBe(0);
  return result.out;
}

async function linkOf(transcript: string): Promise<string> {
  const result = await run(['share', transcript]);
  expect(result.code).toBe(0);
  return result.out.trim();
}

describe('a full link reproduces the session over time', () => {
  it('replay --link prints the JSON replay prints for the Codex file: 6 calls, 2 compactions, peak 10,100', async () => {
    const fromFile = await out('replay', CODEX, '--json');
    const fromLink = await out('replay', '--link', await linkOf(CODEX), '--json');
    expect(fromLink).toBe(fromFile);
    expect(JSON.parse(fromLink)).toMatchObject({
      calls: 6,
      recorded: { peakContextTokens: 10_100, inputTokensTotal: 37_800 },
    });
    expect(JSON.parse(fromLink).recorded.compactions.map((c: { atMessage: number }) => c.atMessage)).toEqual([
      7, 12,
    ]);
  });

  it('audit --link gives the same JSON as audit FILE, for Codex and pi', async () => {
    for (const transcript of [CODEX, PI]) {
      const fromFile = await out('audit', transcript, '--json');
      expect(JSON.parse(fromFile).compactions).toHaveLength(2);
      expect(await out('audit', '--link', await linkOf(transcript), '--json')).toBe(fromFile);
    }
  });

  it('replay --bundle and audit --bundle read the repro bundle as the file', async () => {
    const bundle = file('codex.json', '');
    expect((await run(['share', CODEX, '--bundle', bundle])).code).toBe(0);
    expect(await out('replay', '--bundle', bundle, '--json')).toBe(await out('replay', CODEX, '--json'));
    expect(await out('audit', '--bundle', bundle, '--json')).toBe(await out('audit', CODEX, '--json'));
  });

  it('counts the encrypted reasoning a link carries as the file counts it', async () => {
    const total = async (...argv: string[]) =>
      JSON.parse(await out('inspect', ...argv, '--json')).totalTokens;
    expect(await total('--link', await linkOf(CODEX))).toBe(await total(CODEX));
  });

  it('replay takes either FILE or a link, not both', async () => {
    const result = await run(['replay', CODEX, '--link', await linkOf(CODEX)]);
    expect(result.code).toBe(2);
    expect(result.err).toContain('carries its own transcript; drop');
  });
});
