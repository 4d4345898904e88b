import {
  appendFileSync,
  mkdirSync,
  statSync,
  truncateSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ccAssistant,
  ccUser,
  FIX_BOUNDARY,
  FIX_SUMMARY,
  FIX_WORK,
  startWatch,
  type Watching,
} from './liveSupport.node';
import { run, scratch } from './testSupport.node';

/** chars4 counts a quarter token per character, so 400 characters are exactly 100 tokens. */
const SETTINGS = ['--tokenizer', 'chars4', '--window', '1000', '--reserve', '100', '--keep-recent', '100'];
const FAST = ['--interval', '20'];
const text = (c: string) => c.repeat(400);
const opening = ccUser('u1', null, text('x')) + ccAssistant('a1', 'u1', text('y'));

let watching: Watching | null = null;
afterEach(async () => {
  await watching?.stop();
  watching = null;
});

function follow(path: string, extra: string[] = []): Watching {
  watching = startWatch([path, '--json', ...SETTINGS, ...FAST, ...extra]);
  return watching;
}

describe('watch FILE --json', () => {
  it('prints the context, its share of the window, the threshold and every strategy’s distance', async () => {
    const path = scratch('watch-').file('s.jsonl', opening);
    const update = await follow(path).nextOf('update');
    expect(update).toMatchObject({
      type: 'update',
      messages: 2,
      contextTokens: 200,
      threshold: 900,
      percentOfWindow: 20,
      window: 1000,
      strategy: 'budget',
      tokensPerCall: null,
    });
    expect(update.nextCompaction).toMatchObject({ budget: 701, pi: 701, turns: 701, 'mask-observations': 0 });
  }, 20_000);

  it('counts the part of each request the file does not show, as inspect does', async () => {
    // The call recorded 900 input tokens for 100 visible ones before it: 800 the file does not show.
    const recorded =
      ccUser('u1', null, text('x')) +
      ccAssistant('a1', 'u1', text('y'), { input_tokens: 900, output_tokens: 100 });
    const path = scratch('watch-').file('s.jsonl', recorded);
    const inspected = JSON.parse((await run(['inspect', path, '--json', ...SETTINGS])).out) as {
      unseenTokens: number;
      contextTokens: number;
    };
    expect(inspected.unseenTokens).toBe(800);
    expect(await follow(path).nextOf('update')).toMatchObject({ contextTokens: inspected.contextTokens });
  }, 20_000);

  it("counts the lab's measure of the agent version that wrote the file, as inspect does", async () => {
    // Claude Code 2.1.328 sends 8,588 tokens of system prompt and tools, measured by the lab.
    const recorded = (
      ccUser('u1', null, text('x')) +
      ccAssistant('a1', 'u1', text('y'), { input_tokens: 900, output_tokens: 100 })
    ).replaceAll('"version":"2.0.55"', '"version":"2.1.328"');
    const path = scratch('watch-').file('s.jsonl', recorded);
    const inspected = JSON.parse((await run(['inspect', path, '--json', ...SETTINGS])).out) as {
      unseenTokens: number;
      unseenSource: string;
      contextTokens: number;
    };
    expect([inspected.unseenTokens, inspected.unseenSource]).toEqual([8_588, 'lab']);
    expect(await follow(path).nextOf('update')).toMatchObject({ contextTokens: inspected.contextTokens });
  }, 20_000);

  it('a line written in two chunks is one message once its second half arrives, and never a problem', async () => {
    const path = scratch('watch-').file('s.jsonl', opening);
    const w = follow(path);
    await w.nextOf('update');
    // The first write ends halfway through a line: the follower has read that half when it reports the whole line before it.
    const fourth = ccAssistant('a2', 'u2', text('w'));
    appendFileSync(path, ccUser('u2', 'a1', text('z')) + fourth.slice(0, 50));
    expect(await w.nextOf('update')).toMatchObject({ messages: 3, contextTokens: 300 });
    appendFileSync(path, fourth.slice(50));
    expect(await w.nextOf('update')).toMatchObject({ messages: 4, contextTokens: 400, tokensPerCall: 200 });
    expect(w.lines.filter((l) => l.includes('"waiting"'))).toEqual([]);
  }, 20_000);

  it('a burst of appends is read as one update', async () => {
    const path = scratch('watch-').file('s.jsonl', opening);
    const w = follow(path);
    await w.nextOf('update');
    let parent = 'a1';
    for (let k = 0; k < 10; k++) {
      appendFileSync(path, ccUser(`b${k}`, parent, 'next?') + ccAssistant(`c${k}`, `b${k}`, 'done'));
      parent = `c${k}`;
    }
    expect(await w.nextOf('update')).toMatchObject({ messages: 22 });
    expect(w.since().filter((l) => l.startsWith('{"type":"update"'))).toEqual([]);
  }, 20_000);

  it('a truncated file is read again from the start', async () => {
    const path = scratch('watch-').file('s.jsonl', opening + ccUser('u2', 'a1', text('z')));
    const w = follow(path);
    expect(await w.nextOf('update')).toMatchObject({ messages: 3 });
    truncateSync(path, 0);
    appendFileSync(path, ccUser('n1', null, text('q')));
    expect(await w.nextOf('restarted')).toMatchObject({ reason: 'truncated' });
    expect(await w.nextOf('update')).toMatchObject({ messages: 1, contextTokens: 100 });
  }, 20_000);

  it('a file rewritten in place at the same size, with other content, is read again from the start', async () => {
    const path = scratch('watch-').file('s.jsonl', opening);
    utimesSync(path, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    const w = follow(path);
    expect(await w.nextOf('update')).toMatchObject({ messages: 2, contextTokens: 200 });
    // As many bytes, in the same inode: one message of 800 characters in place of two of 400, padded with spaces.
    const same =
      ccUser('n1', null, 'q'.repeat(800))
        .slice(0, -1)
        .padEnd(Buffer.byteLength(opening) - 1) + '\n';
    const inode = statSync(path).ino;
    writeFileSync(path, same);
    utimesSync(path, new Date('2026-01-01T00:00:05Z'), new Date('2026-01-01T00:00:05Z'));
    expect({ size: statSync(path).size, inode: statSync(path).ino }).toEqual({
      size: Buffer.byteLength(opening),
      inode,
    });
    expect(await w.nextOf('restarted')).toMatchObject({ reason: 'replaced' });
    expect(await w.nextOf('update')).toMatchObject({ messages: 1, contextTokens: 200 });
  }, 20_000);

  it('a deleted file is said once and waited for; written again, it is read as a new file', async () => {
    const path = scratch('watch-').file('s.jsonl', opening);
    const w = follow(path);
    await w.nextOf('update');
    unlinkSync(path);
    expect(await w.nextOf('deleted')).toEqual({ type: 'deleted', file: path });
    writeFileSync(path, ccUser('n1', null, text('q')));
    expect(await w.nextOf('restarted')).toMatchObject({ reason: 'replaced' });
    expect(await w.nextOf('update')).toMatchObject({ messages: 1 });
    expect(w.lines.filter((l) => l.includes('"deleted"'))).toHaveLength(1);
  }, 20_000);

  it('a compaction gets its line once its summary is in: the sizes recorded and what the summary lost', async () => {
    const path = scratch('watch-').file('s.jsonl', FIX_WORK);
    const w = follow(path, ['--strategy', 'claude-code']);
    await w.nextOf('update');
    // The boundary alone: its summary is still to come, so there is nothing yet to judge.
    appendFileSync(path, FIX_BOUNDARY);
    await w.nextOf('waiting');
    expect(w.lines.filter((l) => l.includes('"compaction"'))).toEqual([]);
    appendFileSync(path, FIX_SUMMARY);
    expect(await w.nextOf('compaction')).toEqual({
      type: 'compaction',
      file: path,
      line: 9,
      trigger: 'auto',
      tokensBefore: 167_500,
      tokensAfter: 9_000,
      atMessage: 8,
      ledger:
        'auto compaction at line 9: 167,500 → 9,000 tokens; lost 5 of 6 facts: 2 instructions, 1 path, 1 command',
      facts: {
        paths: { kept: ['/p/src/app.ts'], lost: ['/p/src/util.ts'] },
        commands: { kept: [], lost: ['npm test -- --run app'] },
        errors: { kept: [], lost: ['Error: expected 3 to be 4'] },
        instructions: {
          kept: [],
          lost: ['Fix the failing test in src/app.ts. Never push to main.', 'Never push to main.'],
        },
        numbers: { kept: [], lost: [] },
        todos: { kept: [], lost: [] },
      },
    });
    expect(await w.nextOf('update')).toMatchObject({ messages: 1 });
  }, 20_000);

  it('a folder: follows its newest session and switches when a new one starts', async () => {
    const dir = scratch('watch-dir-');
    const older = dir.file('old.jsonl', opening);
    const w = follow(dir.dir);
    expect(await w.nextOf('following')).toEqual({ type: 'following', file: older });
    expect(await w.nextOf('update')).toMatchObject({ messages: 2 });
    const newer = join(dir.dir, 'project', 'new.jsonl');
    mkdirSync(join(dir.dir, 'project'));
    writeFileSync(newer, ccUser('n1', null, text('q')));
    expect(await w.nextOf('following')).toEqual({ type: 'following', file: newer });
    expect(await w.nextOf('update')).toMatchObject({ messages: 1 });
  }, 20_000);
});

describe('watch FILE (text)', () => {
  it('one line for the context and one for every strategy’s next compaction', async () => {
    const path = scratch('watch-').file('s.jsonl', opening);
    watching = startWatch([path, ...SETTINGS, ...FAST, '--strategy', 'claude-code']);
    const line = await watching.next((l) => l.includes('messages'));
    expect(line).toBe('2 messages, 200 tokens (20% of 1,000), threshold 1 (claude-code)');
    const next = await watching.next(() => true);
    expect(next).toMatch(
      /^ {2}next compaction: budget in 701 tokens · pi in 701 tokens · turns in 701 tokens · claude-code now · /,
    );
  }, 20_000);
});

describe('watch: bad input', () => {
  it('a missing file is bad input, said in one line', async () => {
    const result = await run(['watch', '/no/such/session.jsonl']);
    expect(result).toMatchObject({
      code: 2,
      err: 'compaction-playground: /no/such/session.jsonl: no such file or folder\n',
    });
  });

  it('the top-level help names it', async () => {
    expect((await run(['--help'])).out).toContain('compaction-playground watch FILE|DIR [options]');
  });
});
