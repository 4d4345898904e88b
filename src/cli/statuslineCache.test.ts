import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FactLoss } from '../core/ledger/survival';
import { ccAssistant, ccBoundary, ccSummary } from './liveSupport.node';
import { statusline } from './statusline';
import { cacheFolder, openCache, readOwned } from './statuslineCache';
import { knownLoss } from './statuslineLoss';
import { scratch, withEnv } from './testSupport.node';

const uid = process.getuid!();
const LOSS: FactLoss = { lost: 1, all: 2, byKind: { paths: { lost: 1, all: 2 } } };
const NONE: FactLoss = { lost: 0, all: 0, byKind: {} };
const KEY = '/p/session.jsonl\n120\nb1';

/** A cache folder's path inside a fresh scratch folder, not made yet. */
const newFolder = () => join(scratch('status-cache-').dir, 'compaction-playground');

/** The one count file a cache wrote into `folder`. */
function countFile(folder: string): string {
  const names = readdirSync(folder).filter((n) => n.endsWith('.json'));
  expect(names).toHaveLength(1);
  return join(folder, names[0]!);
}

/** A file of the victim's that a planted link points at. */
const victimFile = () => scratch('status-victim-').file('victim.txt', 'precious\n');

describe('statusline cache: where it is', () => {
  it('$XDG_CACHE_HOME/compaction-playground, else ~/.cache/compaction-playground; a relative XDG_CACHE_HOME is ignored', () => {
    const home = () => '/home/ann';
    expect(cacheFolder({ XDG_CACHE_HOME: '/x/cache' }, 'linux', home)).toBe('/x/cache/compaction-playground');
    expect(cacheFolder({}, 'linux', home)).toBe('/home/ann/.cache/compaction-playground');
    expect(cacheFolder({ XDG_CACHE_HOME: 'cache' }, 'linux', home)).toBe(
      '/home/ann/.cache/compaction-playground',
    );
    expect(cacheFolder({}, 'darwin', home)).toBe('/home/ann/Library/Caches/compaction-playground');
    expect(cacheFolder({}, 'linux', () => '')).toBeNull();
  });

  it('the folder is made with mode 0700, and a count is a file of mode 0600 read back as written', () => {
    const folder = newFolder();
    const cache = openCache({ folder })!;
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    cache.write(KEY, LOSS);
    expect(statSync(countFile(folder)).mode & 0o777).toBe(0o600);
    expect(cache.read(KEY)).toEqual(LOSS);
    expect(cache.read('/p/other.jsonl\n120\nb1')).toBeNull();
  });
});

describe('statusline cache: what another user could plant is never followed nor believed', () => {
  it('a link planted where a count goes is replaced, not written through: the file it points at is unchanged', () => {
    const folder = newFolder();
    const cache = openCache({ folder })!;
    cache.write(KEY, LOSS);
    const file = countFile(folder);
    const victim = victimFile();
    rmSync(file);
    symlinkSync(victim, file);
    // Where a temporary file of this process would once have gone, too.
    symlinkSync(victim, `${file}.${process.pid}`);
    cache.write(KEY, NONE);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(cache.read(KEY)).toEqual(NONE);
  });

  it('a link planted where a claim goes is not written through either', () => {
    const folder = newFolder();
    const cache = openCache({ folder })!;
    cache.write(KEY, LOSS);
    const claim = `${countFile(folder)}.counting`;
    const victim = victimFile();
    // An old file: a link to it looks like a claim long given up, which a count may take over.
    utimesSync(victim, new Date('2020-01-01'), new Date('2020-01-01'));
    symlinkSync(victim, claim);
    expect(cache.claim(KEY)).toBe(true);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(claim).isFile()).toBe(true);
    // Claimed now: a second status line does not start another count, until it is given up.
    expect(cache.claim(KEY)).toBe(false);
    cache.release(KEY);
    expect(cache.claim(KEY)).toBe(true);
  });

  it('a count read through a link is not read, even a link to a good count', () => {
    const folder = newFolder();
    const cache = openCache({ folder })!;
    cache.write(KEY, LOSS);
    const file = countFile(folder);
    const elsewhere = scratch('status-fake-').file('count.json', readFileSync(file, 'utf8'));
    rmSync(file);
    symlinkSync(elsewhere, file);
    expect(cache.read(KEY)).toBeNull();
  });

  it('a count that is not a regular file is not read', () => {
    const folder = newFolder();
    const cache = openCache({ folder })!;
    cache.write(KEY, LOSS);
    const file = countFile(folder);
    rmSync(file);
    mkdirSync(file);
    expect(cache.read(KEY)).toBeNull();
  });

  it('a file of another user is not read; a folder of another user is not used', () => {
    const folder = newFolder();
    openCache({ folder })!.write(KEY, LOSS);
    const file = countFile(folder);
    expect(readOwned(file, uid)).toContain('"lost":1');
    expect(readOwned(file, uid + 1)).toBeNull();
    expect(openCache({ folder, uid: uid + 1 })).toBeNull();
  });

  it('a folder others may enter (0777, 0750) is not used, however good its counts', () => {
    const folder = newFolder();
    openCache({ folder })!.write(KEY, LOSS);
    chmodSync(folder, 0o777);
    expect(openCache({ folder })).toBeNull();
    chmodSync(folder, 0o750);
    expect(openCache({ folder })).toBeNull();
    // Nothing is counted without a cache to keep the count: the status line shows the sizes alone.
    const started: string[][] = [];
    expect(
      knownLoss('/p/session.jsonl', { at: 120, id: 'b1' }, 500, openCache({ folder }), (a) =>
        started.push(a),
      ),
    ).toBeNull();
    expect(started).toEqual([]);
    chmodSync(folder, 0o700);
    expect(openCache({ folder })!.read(KEY)).toEqual(LOSS);
  });

  it('a link in place of the folder, even to a good folder of the user’s, is not used', () => {
    const good = newFolder();
    openCache({ folder: good })!.write(KEY, LOSS);
    const link = newFolder();
    symlinkSync(good, link);
    expect(openCache({ folder: link })).toBeNull();
  });

  it('the status line with a cache folder of mode 0777 says the compaction’s sizes and nothing of its facts', async () => {
    const xdg = scratch('status-xdg-').dir;
    mkdirSync(join(xdg, 'compaction-playground'), { mode: 0o777 });
    chmodSync(join(xdg, 'compaction-playground'), 0o777);
    const path = scratch('status-').file(
      'session.jsonl',
      ccAssistant('a1', 'u1', 'x', { input_tokens: 150_000, output_tokens: 10 }) +
        ccBoundary('b1', 'a1', { trigger: 'auto', preTokens: 167_500, postTokens: 9_000 }) +
        ccSummary('s1', 'b1', 'Summary.') +
        ccAssistant('a2', 's1', 'continuing', { input_tokens: 12_000, output_tokens: 10 }),
    );
    const out: string[] = [];
    const restore = withEnv({ XDG_CACHE_HOME: xdg });
    try {
      await statusline([], { out: (t) => out.push(t), err: (t) => out.push(t) }, async () =>
        JSON.stringify({ transcript_path: path }),
      );
    } finally {
      restore();
    }
    expect(out).toEqual(['context 6% (12k/200k) · auto-compact in 155k · auto-compacted 168k→9k']);
    expect(readdirSync(join(xdg, 'compaction-playground'))).toEqual([]);
  });
});
