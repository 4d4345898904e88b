import { execFile } from 'node:child_process';
import { appendFileSync, mkdirSync, truncateSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ccAssistant,
  ccBoundary,
  ccSummary,
  ccToolResult,
  ccToolUse,
  ccUser,
  FIX_SESSION,
} from './liveSupport.node';
import { lossLine, statusline, TAIL_BYTES, type WindowResolver } from './statusline';
import { claudeCodeWindow } from '../core/harness/claudeCodeWindow';
import { countLost, factLossAt, MAX_SEGMENT_BYTES } from './statuslineCount';
import type { FactLoss } from '../core/ledger/survival';
import { knownLoss, type LossCache } from './statuslineLoss';
import { run, scratch } from './testSupport.node';

/** The machine's own Claude Code settings never reach a test: none are read. */
const noSettingsFiles: WindowResolver = (r) =>
  claudeCodeWindow({ env: r.env, files: { scopes: {} }, model: r.model, reportedWindow: r.reportedWindow });

/**
 * Runs the command in-process on this stdin text and environment; returns
 * its one line and exit code. A compaction's lost facts are counted on the
 * spot, as the counting process would, into a cache of the test's own.
 */
async function status(
  stdin: string,
  env: NodeJS.ProcessEnv = {},
  resolveWindow: WindowResolver = noSettingsFiles,
  argv: string[] = [],
) {
  const out: string[] = [];
  const { cache } = memoryCache();
  const code = await statusline(
    argv,
    { out: (t) => out.push(t), err: (t) => out.push(`ERR ${t}`) },
    async () => stdin,
    env,
    async (path, c, size) => factLossAt(path, c.at, size, c.id, cache),
    resolveWindow,
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

/** A cache in memory that says how often it was asked and written. */
function memoryCache() {
  const stored = new Map<string, FactLoss>();
  const claimed = new Set<string>();
  const calls = { reads: 0, writes: 0 };
  const cache: LossCache = {
    read: (key) => (calls.reads++, stored.get(key) ?? null),
    write: (key, loss) => void (calls.writes++, stored.set(key, loss)),
    claim: (key) => !claimed.has(key) && Boolean(claimed.add(key)),
    release: (key) => void claimed.delete(key),
  };
  return { cache, calls, stored };
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

  it('after a compaction, how many facts its summary lost, the kinds it lost most first', async () => {
    const path = session(FIX_SESSION);
    expect((await status(input({ transcript_path: path }))).out).toEqual([
      'context 6% (12k/200k) · auto-compact in 155k · auto-compacted 168k→9k, lost 5 of 6 facts: 2 instructions, 1 path, 1 command',
    ]);
  });

  it('counts the facts audit --json lists as lost for the same compaction', async () => {
    const path = session(FIX_SESSION);
    const audited = JSON.parse((await run(['audit', path, '--json'])).out) as {
      compactions: { facts: Record<string, { kept: string[]; lost: string[] }> }[];
    };
    const facts = audited.compactions[0]!.facts;
    const size = Buffer.byteLength(FIX_SESSION);
    const at = FIX_SESSION.indexOf(
      '{"isSidechain":false,"sessionId":"s-1","version":"2.0.55","type":"system"',
    );
    const loss = factLossAt(path, at, size, 'b1', memoryCache().cache)!;
    expect(loss.lost).toBe(Object.values(facts).reduce((n, f) => n + f.lost.length, 0));
    expect(loss.byKind).toEqual({
      paths: { lost: facts.paths!.lost.length, all: 2 },
      commands: { lost: facts.commands!.lost.length, all: 1 },
      errors: { lost: facts.errors!.lost.length, all: 1 },
      instructions: { lost: facts.instructions!.lost.length, all: 2 },
    });
    expect(facts.paths!.lost).toEqual(['/p/src/util.ts']);
  });

  it('the newest of two compactions is counted over what it summarized: the first summary and what followed', async () => {
    const path = session(
      FIX_SESSION +
        ccToolUse('a6', 'a5', 't6', 'Bash', { command: 'git diff --stat' }) +
        ccToolResult('r6', 'a6', 't6', 'src/app.ts | 2 +-') +
        ccAssistant('a7', 'r6', 'Done.', usage(40_000)) +
        ccBoundary('b2', 'a7', { trigger: 'manual', preTokens: 41_000, postTokens: 3_000 }) +
        ccSummary('s2', 'b2', 'The add function in src/app.ts is fixed; git diff --stat showed it.') +
        ccAssistant('a8', 's2', 'ok', usage(4_000)),
    );
    // Its part is the first summary, `git diff --stat` and its output: one fact, the command, kept.
    // The first compaction's five lost facts are not counted again.
    expect((await status(input({ transcript_path: path }))).out).toEqual([
      'context 2% (4k/200k) · auto-compact in 163k · manual-compacted 41k→3k, lost 0 of 1 fact',
    ]);
  });

  it('a count is made once per compaction and read back after', () => {
    const path = session(FIX_SESSION);
    const at = FIX_SESSION.indexOf('"subtype":"compact_boundary"');
    const lineStart = FIX_SESSION.lastIndexOf('\n', at) + 1;
    const { cache, calls, stored } = memoryCache();
    const first = factLossAt(path, lineStart, Buffer.byteLength(FIX_SESSION), 'b1', cache);
    expect(calls).toEqual({ reads: 1, writes: 1 });
    const [key] = stored.keys();
    stored.set(key!, { lost: 1, all: 1, byKind: { todos: { lost: 1, all: 1 } } });
    expect(factLossAt(path, lineStart, Buffer.byteLength(FIX_SESSION), 'b1', cache)).toEqual({
      lost: 1,
      all: 1,
      byKind: { todos: { lost: 1, all: 1 } },
    });
    expect(calls).toEqual({ reads: 2, writes: 1 });
    expect(first).toMatchObject({ lost: 5, all: 6 });
  });

  it('the status line itself never counts: it starts one count per compaction and says so until it is made', () => {
    const path = session(FIX_SESSION);
    const at = FIX_SESSION.lastIndexOf('\n', FIX_SESSION.indexOf('"subtype":"compact_boundary"')) + 1;
    const size = Buffer.byteLength(FIX_SESSION);
    const { cache } = memoryCache();
    const started: string[][] = [];
    const start = (args: string[]) => void started.push(args);
    expect(knownLoss(path, { at, id: 'b1' }, size, cache, start)).toBe('counting');
    expect(knownLoss(path, { at, id: 'b1' }, size, cache, start)).toBe('counting');
    expect(started).toEqual([[path, String(at), String(size), 'b1']]);
    countLost(started[0]!, cache);
    expect(knownLoss(path, { at, id: 'b1' }, size, cache, start)).toMatchObject({ lost: 5, all: 6 });
    expect(started).toHaveLength(1);
  });

  it('while the lost facts are being counted the line leaves them out: no progress word', () => {
    const compaction = { trigger: 'auto', before: 167_500, after: 9_000, at: 0, id: 'b1' };
    expect(lossLine(compaction, 'counting')).toBe('auto-compacted 168k→9k');
    expect(lossLine({ ...compaction, after: null }, 'counting')).toBe('auto-compacted at 168k');
    expect(lossLine(compaction, null)).toBe('auto-compacted 168k→9k');
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
  it('a window below one token, or past any model’s, is not a window: the model’s is used (1M for one Claude Code does not recognize), never Infinity%', async () => {
    // Math.floor(0.5) was a window of 0: `context Infinity% (5/0)`.
    for (const size of [0, 0.5, -200_000, 1e308])
      expect(
        (await status(input({ context_window: { context_window_size: size, current_usage: usage(5) } }))).out,
      ).toEqual(['context 0% (5/200k) · auto-compact in 167k']);
    expect(
      (
        await status(
          input({ model: { id: 'no-such-model' }, context_window: { current_usage: usage(50_000) } }),
        )
      ).out,
    ).toEqual(['context 5% (50k/1M) · auto-compact in 917k (1M window assumed: unrecognized model)']);
  });

  it('token counts that are not counts (1e999 is Infinity, negative, huge) give no share rather than Infinity% or -0%', async () => {
    const raw = (usageJson: string) =>
      input({ context_window: { current_usage: 'USAGE' } }).replace('"USAGE"', usageJson);
    expect((await status(raw('{"input_tokens":1e999}'))).out).toEqual(['context ? of 200k']);
    expect((await status(raw('{"input_tokens":5,"cache_read_input_tokens":1e308}'))).out).toEqual([
      'context 0% (5/200k) · auto-compact in 167k',
    ]);
    expect((await status(raw('{"input_tokens":-5}'))).out).toEqual(['context ? of 200k']);
    const path = session(
      ccBoundary('b1', 'a1', { trigger: 'auto', preTokens: 1e308, postTokens: 9_000 }).replace(
        '1e+308',
        '1e999',
      ) + ccAssistant('a2', 'b1', 'x', usage(12_000)),
    );
    expect((await status(input({ transcript_path: path }))).out).toEqual([
      'context 6% (12k/200k) · auto-compact in 155k · auto-compacted',
    ]);
  });

  it('a line break, an escape sequence or a control character in the transcript stays one plain line', async () => {
    // Within the 16 characters a trigger keeps: a line feed, a screen clear, an 8-bit CSI, a bell, NEL, DEL.
    const trigger = 'a\nu\x1b[2Jt\x9b1mo\x07\x85x\x7f';
    const path = session(
      ccAssistant('a1', 'u1', 'x', usage(150_000)) +
        ccBoundary('b1', 'a1', { trigger, preTokens: 167_500, postTokens: 9_000 }) +
        ccSummary('s1', 'b1', 'Summary.') +
        ccAssistant('a2', 's1', 'continuing', usage(12_000)),
    );
    const { out } = await status(input({ transcript_path: path }));
    expect(out).toEqual(['context 6% (12k/200k) · auto-compact in 155k · a uto x-compacted 168k→9k']);
  });

  it('a trigger longer than Claude Code’s is cut to 16 characters', async () => {
    const path = session(
      ccBoundary('b1', 'a1', { trigger: 'x'.repeat(10_000) }) + ccAssistant('a2', 'b1', 'x', usage(12_000)),
    );
    expect((await status(input({ transcript_path: path }))).out).toEqual([
      `context 6% (12k/200k) · auto-compact in 155k · ${'x'.repeat(16)}-compacted`,
    ]);
  });

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

  it('a compaction whose summarized part starts more than MAX_SEGMENT_BYTES back: its sizes only', async () => {
    const path = session(ccUser('u0', null, 'start'));
    truncateSync(path, MAX_SEGMENT_BYTES + 1024); // sparse: no boundary before, and too far to the start
    appendFileSync(
      path,
      `\n${ccAssistant('a1', 'u0', 'x', usage(150_000))}` +
        ccBoundary('b1', 'a1', { trigger: 'auto', preTokens: 167_500, postTokens: 9_000 }) +
        ccSummary('s1', 'b1', 'Summary.') +
        ccAssistant('a2', 's1', 'continuing', usage(12_000)),
    );
    expect((await status(input({ transcript_path: path }))).out).toEqual([
      'context 6% (12k/200k) · auto-compact in 155k · auto-compacted 168k→9k',
    ]);
  });

  it('a usage line older than the last megabyte is not looked for', async () => {
    const path = session(
      ccAssistant('a1', 'u1', 'x', usage(84000)) + ccUser('u2', 'a1', 'y'.repeat(TAIL_BYTES)),
    );
    expect((await status(input({ transcript_path: path }))).out).toEqual(['context ? of 200k']);
  });

  it('from the executable: the first line after a compaction is finished, without the lost facts; a later one has the count', async () => {
    const bin = resolve(import.meta.dirname, '../../bin/compaction-playground.mjs');
    const path = session(FIX_SESSION);
    const env = { ...process.env, XDG_CACHE_HOME: scratch('status-cache-').dir };
    const line = async () => {
      const child = promisify(execFile)('node', [bin, 'statusline'], { env });
      child.child.stdin!.end(input({ transcript_path: path }));
      return (await child).stdout;
    };
    // No progress word: the part still being counted is left out.
    expect(await line()).toBe('context 6% (12k/200k) · auto-compact in 155k · auto-compacted 168k→9k\n');
    let next = await line();
    while (!next.includes('lost')) next = await line();
    expect(next).toBe(
      'context 6% (12k/200k) · auto-compact in 155k · auto-compacted 168k→9k, lost 5 of 6 facts: 2 instructions, 1 path, 1 command\n',
    );
  }, 120_000);

  it('from the executable: garbage on a real stdin still exits 0 with one line', async () => {
    const bin = resolve(import.meta.dirname, '../../bin/compaction-playground.mjs');
    const child = promisify(execFile)('node', [bin, 'statusline']);
    child.child.stdin!.end('garbage');
    const { stdout } = await child;
    expect(stdout).toBe('context ?: no status JSON on stdin\n');
  }, 60_000);
});
