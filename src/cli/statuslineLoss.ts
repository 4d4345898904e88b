/**
 * What the newest compaction of a Claude Code transcript lost, as the
 * status line shows it: the ledger's facts of the part it summarized,
 * counted kept and lost (`statuslineCount.ts`).
 *
 * The facts of a full window take longer than a status line may (a 2 MB
 * part: about 300 ms, more under load), so the status line never counts: on
 * its first run after a compaction it starts the count in a process of its
 * own and says it is counting. The count, which never changes, is kept in a
 * small file under the system's temporary folder, keyed by the transcript
 * and the boundary's place in it, and every later run reads it there. This
 * module is the status line's side: the cache and the start of the count,
 * with nothing of the importer or the judge to load. `statusline.ts` loads
 * it only when the tail holds a boundary.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEDGER_KINDS } from '../core/ledger/kinds';
import type { FactLoss } from '../core/ledger/survival';
import { COUNT_FLAG } from './statuslineFlag';

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

/** The compaction a status line is about: where its boundary line starts, and its `uuid`. */
export interface BoundaryAt {
  at: number;
  id: string | null;
}

export const keyOf = (path: string, boundary: BoundaryAt) => `${path}\n${boundary.at}\n${boundary.id ?? ''}`;

/**
 * The count for the status line: read back when it was made, else started
 * in a process of its own (see the module's comment) and `counting` said.
 */
export function knownLoss(
  path: string,
  boundary: BoundaryAt,
  fileSize: number,
  cache: LossCache = fileCache(),
  start: (args: string[]) => void = startCount,
): FactLoss | 'counting' {
  const key = keyOf(path, boundary);
  const known = cache.read(key);
  if (known) return known;
  if (cache.claim(key)) start([path, String(boundary.at), String(fileSize), boundary.id ?? '']);
  return 'counting';
}

/** `statusline --count-lost PATH AT SIZE ID` in a detached process that outlives this one. */
function startCount(args: string[]): void {
  const bin = fileURLToPath(new URL('../../bin/compaction-playground.mjs', import.meta.url));
  const child = spawn(process.execPath, [bin, 'statusline', COUNT_FLAG, ...args], {
    detached: true,
    stdio: 'ignore',
  });
  child.on('error', () => {});
  child.unref();
}

/** The counts under the system's temporary folder, one small file per transcript, written whole or not at all. */
export function fileCache(folder = join(tmpdir(), 'compaction-playground-statusline')): LossCache {
  const fileOf = (key: string) =>
    join(folder, `${createHash('sha1').update(key.split('\n')[0]!).digest('hex')}.json`);
  return {
    read(key) {
      try {
        const stored = JSON.parse(readFileSync(fileOf(key), 'utf8')) as { key?: unknown; loss?: unknown };
        return stored.key === key && isLoss(stored.loss) ? stored.loss : null;
      } catch {
        return null;
      }
    },
    write(key, loss) {
      try {
        mkdirSync(folder, { recursive: true });
        const file = fileOf(key);
        const temporary = `${file}.${process.pid}`;
        writeFileSync(temporary, JSON.stringify({ key, loss }));
        renameSync(temporary, file);
      } catch {
        // Only a cache: the next run counts again.
      }
    },
    claim(key) {
      const claim = `${fileOf(key)}.counting`;
      try {
        mkdirSync(folder, { recursive: true });
        if (Date.now() - statSync(claim).mtimeMs < CLAIM_MS) return false;
      } catch {
        // No claim yet.
      }
      try {
        writeFileSync(claim, String(process.pid));
        return true;
      } catch {
        return false;
      }
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
