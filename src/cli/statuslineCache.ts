/**
 * Where the status line keeps the counts of lost facts: a folder of the
 * user's own (`$XDG_CACHE_HOME/compaction-playground`, else
 * `~/.cache/compaction-playground`; `~/Library/Caches` on macOS,
 * `%LOCALAPPDATA%` on Windows), never the shared temporary folder, where
 * another user could plant a link that the status line would write through
 * or a count it would show.
 *
 * The folder is made with mode 0700. One that is not a folder (a link to
 * one included), belongs to another user or lets others in is not used at
 * all: the status line then shows a compaction's sizes alone and counts
 * nothing. No file in it is opened through a link; a count is read only from
 * a regular file of the user's own, and written to a new file (created, never
 * opened, mode 0600) renamed into place, so nothing that was there before is
 * ever written into.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { LEDGER_KINDS } from '../core/ledger/kinds';
import type { FactLoss } from '../core/ledger/survival';

/** Where the count of one compaction is remembered. */
export interface LossCache {
  read(key: string): FactLoss | null;
  write(key: string, loss: FactLoss): void;
  /**
   * Claims the count of `key` for one counting process: false while another
   * claimed it less than `CLAIM_MS` ago, so a burst of status lines starts one.
   */
  claim(key: string): boolean;
  /** Gives the claim up, counted or not. */
  release(key: string): void;
}

/** How long a claimed count is left to its process before another may start. */
const CLAIM_MS = 60_000;
/** A count file is a few hundred bytes; anything far larger is not one. */
const MAX_FILE_BYTES = 64 * 1024;

/** 0 where the platform has no such flag (Windows): there the folder's own rights guard it. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NO_BLOCK = constants.O_NONBLOCK ?? 0;
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;

export interface CacheOptions {
  /** The folder; by default `cacheFolder()`. */
  folder?: string | null;
  /** The user the folder and its files must belong to; by default this process's (none on Windows). */
  uid?: number;
}

/** The user's cache folder for this tool, or null without a home to put it in. */
export function cacheFolder(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: () => string = homedir,
): string | null {
  const name = 'compaction-playground';
  if (platform === 'win32' && env.LOCALAPPDATA && isAbsolute(env.LOCALAPPDATA))
    return join(env.LOCALAPPDATA, name);
  // The XDG specification: a relative value is invalid and ignored.
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) return join(env.XDG_CACHE_HOME, name);
  let own: string;
  try {
    own = home();
  } catch {
    return null;
  }
  if (!own || !isAbsolute(own)) return null;
  return platform === 'darwin' ? join(own, 'Library', 'Caches', name) : join(own, '.cache', name);
}

/**
 * The cache, its folder made if it is missing; null when the folder cannot
 * be made or may not be trusted (see the module's comment).
 */
export function openCache(options: CacheOptions = {}): LossCache | null {
  const folder = options.folder === undefined ? cacheFolder() : options.folder;
  const uid = 'uid' in options ? options.uid : process.getuid?.();
  if (!folder || !ownFolder(folder, uid)) return null;
  return folderCache(folder, uid);
}

/** Makes the folder (mode 0700) when it is missing; true when it is a folder of `uid` that no one else may enter. */
export function ownFolder(folder: string, uid: number | undefined): boolean {
  try {
    // lstat: a link, even to a good folder, is not the folder.
    const info = lstatOrMake(folder);
    if (!info.isDirectory()) return false;
    if (uid === undefined) return true;
    return info.uid === uid && (info.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** The folder's own `lstat`, the folder (and its parents) made first when it is missing. */
function lstatOrMake(folder: string) {
  try {
    return lstatSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(folder), { recursive: true, mode: 0o700 });
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    // Made meanwhile by another status line: looked at like any other.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return lstatSync(folder);
}

/**
 * A file's text when it is a regular file of `uid` (of anyone when `uid`
 * is undefined), opened without following a link and without waiting on a
 * pipe; else null.
 */
export function readOwned(file: string, uid: number | undefined): string | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | NO_FOLLOW | NO_BLOCK);
  } catch {
    return null;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return null;
    if (uid !== undefined && info.uid !== uid) return null;
    return readFileSync(fd, 'utf8');
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Creates `file` anew (never an existing file, never through a link), mode 0600, with `text`; false when it was there. */
function createNew(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, CREATE_NEW, 0o600);
  } catch {
    return false;
  }
  try {
    writeSync(fd, text);
    return true;
  } catch {
    rmSync(file, { force: true });
    return false;
  } finally {
    closeSync(fd);
  }
}

/** The counts in a trusted folder, one small file per transcript, written whole or not at all. */
function folderCache(folder: string, uid: number | undefined): LossCache {
  const fileOf = (key: string) =>
    join(folder, `statusline-${createHash('sha1').update(key.split('\n')[0]!).digest('hex')}.json`);
  return {
    read(key) {
      const text = readOwned(fileOf(key), uid);
      if (text === null) return null;
      try {
        const stored = JSON.parse(text) as { key?: unknown; loss?: unknown };
        return stored.key === key && isLoss(stored.loss) ? stored.loss : null;
      } catch {
        return null;
      }
    },
    write(key, loss) {
      const file = fileOf(key);
      const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
      if (!createNew(temporary, JSON.stringify({ key, loss }))) return;
      try {
        // A rename replaces the name, whatever it was (a link included), and writes into nothing.
        renameSync(temporary, file);
      } catch {
        // Only a cache: the next run counts again.
        rmSync(temporary, { force: true });
      }
    },
    claim(key) {
      const claim = `${fileOf(key)}.counting`;
      for (let attempt = 0; attempt < 2; attempt++) {
        if (createNew(claim, String(process.pid))) return true;
        try {
          const info = lstatSync(claim);
          if (info.isFile() && Date.now() - info.mtimeMs < CLAIM_MS) return false;
          // A claim whose process died long ago, or something that is not a claim: its name is freed.
          rmSync(claim, { force: true });
        } catch {
          // Gone meanwhile: claim it again.
        }
      }
      return false;
    },
    release(key) {
      rmSync(`${fileOf(key)}.counting`, { force: true });
    },
  };
}

/** A stored count is read back only when it has the shape this module writes. */
function isLoss(value: unknown): value is FactLoss {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.lost !== 'number' || typeof v.all !== 'number') return false;
  if (typeof v.byKind !== 'object' || v.byKind === null) return false;
  return Object.entries(v.byKind).every(
    ([kind, n]) =>
      (LEDGER_KINDS as readonly string[]).includes(kind) &&
      typeof n === 'object' &&
      n !== null &&
      typeof (n as { lost?: unknown }).lost === 'number' &&
      typeof (n as { all?: unknown }).all === 'number',
  );
}
