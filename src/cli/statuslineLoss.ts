/**
 * What the newest compaction of a Claude Code transcript lost, as the
 * status line shows it: the ledger's facts of the part it summarized,
 * counted kept and lost (`statuslineCount.ts`).
 *
 * The facts of a full window take longer than a status line may (a 2 MB
 * part: about 300 ms, more under load), so the status line never counts: on
 * its first run after a compaction it starts the count in a process of its
 * own and says it is counting. The count, which never changes, is kept in a
 * small file in the user's own cache folder (`statuslineCache.ts`), keyed by
 * the transcript and the boundary's place in it, and every later run reads it
 * there; without a cache that may be trusted nothing is counted. This
 * module is the status line's side: the cache and the start of the count,
 * with nothing of the importer or the judge to load. `statusline.ts` loads
 * it only when the tail holds a boundary.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FactLoss } from '../core/ledger/survival';
import { openCache, type LossCache } from './statuslineCache';
import { COUNT_FLAG } from './statuslineFlag';

export type { LossCache } from './statuslineCache';

/** The compaction a status line is about: where its boundary line starts, and its `uuid`. */
export interface BoundaryAt {
  at: number;
  id: string | null;
}

export const keyOf = (path: string, boundary: BoundaryAt) => `${path}\n${boundary.at}\n${boundary.id ?? ''}`;

/**
 * The count for the status line: read back when it was made, else started
 * in a process of its own (see the module's comment) and `counting` said;
 * null, and nothing started, without a cache to keep it in.
 */
export function knownLoss(
  path: string,
  boundary: BoundaryAt,
  fileSize: number,
  cache: LossCache | null = openCache(),
  start: (args: string[]) => void = startCount,
): FactLoss | 'counting' | null {
  if (!cache) return null;
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
