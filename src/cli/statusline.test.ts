import { execFile } from 'node:child_process';
import { appendFileSync, mkdirSync, truncateSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ccAssistant, ccBoundary, ccSummary, ccUser } from './liveSupport.node';
import { statusline, TAIL_BYTES } from './statusline';
import { scratch } from './testSupport.node';

/** Runs the command in-process on this stdin text and environment; returns its one line and exit code. */
async function status(stdin: string, env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const code = await statusline(
    [],
    { out: (t) => out.push(t), err: (t) => out.push(`ERR ${t}`) },
    async () => stdin,
    env,
  );
  return { code, out };
}

const input = (fields: object) =>
  JSON.stringify({
    session_id: 's-1',
    model: { id: 'claude-sonnet-4-5', display_name: 'Sonnet 4.5' },
    workspace: { current_dir: '/p' },
    ...fields,
  });
const usage = (input_tokens: number, cache_read_input_tokens = 0) => ({
  input_tokens,
  cache_read_input_tokens,
  cache_creation_input_tokens: 0,
  output_tokens: 10,
});

function session(lines: string): string {
  return scratch('status-').file('session.jsonl', lines);
}

describe('statusline', () => {
  it('the context share and the tokens until Claude Code auto-compacts (200,000 − 20,000 − 13,000 = 167,000)', async () => {
    const path = session(ccUser('u1', null, 'hi') + ccAssistant('a1', 'u1', 'hello', usage(4000, 80000)));
    expect(await status(input({ transcript_path: path }))).toEqual({
      code: 0,
      out: ['context 42% (84k/200k) · auto-compact in 83k'],
    });
  });

  it('prefers the usage Claude Code passes in context_window, and its window size', async () => {
    const given = input({
      context_window: { context_window_size: 1_000_000, current_usage: usage(100_000, 400_000) },
    });
    expect((await status(given)).out).toEqual(['context 50% (500k/1M) · auto-compact in 467k']);
  });

  it('CLAUDE_AUTOCOMPACT_PCT_OVERRIDE brings auto-compact earlier: 50% of the effective 180,000 is 90,000', async () => {
    const path = session(ccAssistant('a1', 'u1', 'x', usage(84000)));
    expect(
      (await status(input({ transcript_path: path }), { CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: '50' })).out,
    ).toEqual(['context 42% (84k/200k) · auto-compact in 6k']);
    // It can only lower the point: 95% leaves the default.
    expect(
      (await status(input({ transcript_path: path }), { CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: '95' })).out,
    ).toEqual(['context 42% (84k/200k) · auto-compact in 83k']);
  });

  it('after a compaction, what it left as recorded', async () => {
    const path = session(
      ccAssistant('a1', 'u1', 'x', usage(150_000)) +
        ccBoundary('b1', 'a1', { trigger: 'auto', preTokens: 167_500, postTokens: 9_000 }) +
        ccSummary('s1', 'b1', 'We were fixing the tests.') +
        ccAssistant('a2', 's1', 'continuing', usage(12_000)),
    );
    expect((await status(input({ transcript_path: path }))).out).toEqual([
      'context 6% (12k/200k) · auto-compact in 155k · auto-compacted 168k→9k',
    ]);
  });

  it('a sub-agent’s usage is not the main context', async () => {
    const path = session(
      ccAssistant('a1', 'u1', 'x', usage(50_000)) +
        ccAssistant('a2', 'a1', 'side', usage(3_000)).replace('"isSidechain":false', '"isSidechain":true'),
    );
    expect((await status(input({ transcript_path: path }))).out).toEqual([
      'context 25% (50k/200k) · auto-compact in 117k',
    ]);
  });
});

describe('statusline: hostile input gives one short line and exit 0', () => {
  it('garbage on stdin', async () => {
    expect(await status('\u0000\u00ff not json {')).toEqual({
      code: 0,
      out: ['context ?: no status JSON on stdin'],
    });
  });

  it('nothing on stdin, or JSON that is not an object', async () => {
    expect((await status('')).out).toEqual(['context ?: no status JSON on stdin']);
    expect((await status('[1,2]')).out).toEqual(['context ?: no status JSON on stdin']);
  });

  it('transcript_path at /dev/zero is not read', async () => {
    expect(await status(input({ transcript_path: '/dev/zero' }))).toEqual({
      code: 0,
      out: ['context ? of 200k · transcript is not a file'],
    });
  });

  it('transcript_path at a directory', async () => {
    const dir = scratch('status-dir-').dir;
    mkdirSync(join(dir, 'x.jsonl'));
    expect((await status(input({ transcript_path: join(dir, 'x.jsonl') }))).out).toEqual([
      'context ? of 200k · transcript is not a file',
    ]);
  });

  it('a transcript that does not exist', async () => {
    expect((await status(input({ transcript_path: '/no/such/file.jsonl' }))).out).toEqual([
      'context ? of 200k · no transcript',
    ]);
  });

  it('a 1 GB transcript: only its last megabyte is read, in well under the status line’s 300 ms', async () => {
    const path = session('');
    truncateSync(path, 1024 ** 3); // sparse: a gigabyte of zero bytes
    appendFileSync(path, `\n${ccAssistant('a1', 'u1', 'x', usage(84000))}`);
    const started = performance.now();
    const { code, out } = await status(input({ transcript_path: path }));
    expect(performance.now() - started).toBeLessThan(300);
    expect({ code, out }).toEqual({ code: 0, out: ['context 42% (84k/200k) · auto-compact in 83k'] });
  });

  it('a usage line older than the last megabyte is not looked for', async () => {
    const path = session(
      ccAssistant('a1', 'u1', 'x', usage(84000)) + ccUser('u2', 'a1', 'y'.repeat(TAIL_BYTES)),
    );
    expect((await status(input({ transcript_path: path }))).out).toEqual(['context ? of 200k']);
  });

  it('from the executable: garbage on a real stdin still exits 0 with one line', async () => {
    const bin = resolve(import.meta.dirname, '../../bin/compaction-playground.mjs');
    const child = promisify(execFile)('node', [bin, 'statusline']);
    child.child.stdin!.end('garbage');
    const { stdout } = await child;
    expect(stdout).toBe('context ?: no status JSON on stdin\n');
  }, 60_000);
});
