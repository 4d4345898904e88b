/**
 * The executable as a user runs it: from any folder, through a link, with
 * the package's own tsx and tsconfig, never the current folder's.
 */
import { execFile } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ccUser } from './liveSupport.node';
import { scratch } from './testSupport.node';

const BIN = resolve(import.meta.dirname, '../../bin/compaction-playground.mjs');
const VERSION = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    version: string;
  }
).version;
const node = (args: string[], cwd: string) => promisify(execFile)(process.execPath, args, { cwd });

describe('the executable, run from another folder', () => {
  it('--version and --help from the system’s temporary folder', async () => {
    expect(await node([BIN, '--version'], tmpdir())).toEqual({ stdout: `${VERSION}\n`, stderr: '' });
    const help = await node([BIN, '--help'], tmpdir());
    expect(help.stdout).toMatch(/^compaction-playground: see where an agent transcript's context goes/);
    expect(help.stderr).toBe('');
  }, 60_000);

  it('inspect reads a file named relative to that folder', async () => {
    const folder = scratch('cp-elsewhere-');
    folder.file('x.jsonl', ccUser('u1', null, 'x'.repeat(400)));
    const result = await node([BIN, 'inspect', 'x.jsonl', '--json', '--tokenizer', 'chars4'], folder.dir);
    const doc = JSON.parse(result.stdout) as { format: string; messages: unknown[]; contextTokens: number };
    expect([doc.format, doc.messages.length, doc.contextTokens]).toEqual(['claude-code', 1, 100]);
  }, 60_000);

  it('through a link kept as a link (node --preserve-symlinks-main), the package is found where the file really is', async () => {
    const folder = scratch('cp-link-');
    const link = join(folder.dir, 'compaction-playground');
    symlinkSync(BIN, link);
    expect(await node(['--preserve-symlinks-main', link, '--version'], folder.dir)).toEqual({
      stdout: `${VERSION}\n`,
      stderr: '',
    });
  }, 60_000);
});
