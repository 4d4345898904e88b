/**
 * The count of what the newest compaction of a Claude Code transcript
 * lost, made once per compaction in a process of its own
 * (`statusline --count-lost`, started by `statuslineLoss.ts`): the ledger's
 * facts (`compactionFacts`, the judge's extraction and matching) of the part
 * it summarized, each kept or lost in its summary.
 *
 * That part lies between the boundary before it (or the file's start) and
 * its own boundary: only those bytes and what follows are imported, never
 * the whole session.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { compactionFacts } from '../core/ledger/ledger';
import { factLoss, type FactLoss } from '../core/ledger/survival';
import { claudeCode } from '../formats/claudeCode';
import { IssueLog } from '../formats/issues';
import { openCache, type LossCache } from './statuslineCache';
import { keyOf } from './statuslineLoss';

/**
 * The most bytes read back from a boundary to the one before it. A
 * compacted context is at most a window's worth of messages, whose lines,
 * tool results in full, rarely pass a few megabytes; beyond this the count
 * is not attempted rather than made slow.
 */
export const MAX_SEGMENT_BYTES = 32 * 1024 * 1024;

/** How a boundary line starts as Claude Code writes it; inside a JSON string its quotes would be escaped. */
const BOUNDARY_MARK = Buffer.from('"subtype":"compact_boundary"');

/**
 * The counting process: `--count-lost PATH AT SIZE ID`; counts, keeps the
 * count, gives the claim up. Without a cache to keep it in, nothing is counted.
 */
export function countLost(args: readonly string[], cache: LossCache | null = openCache()): void {
  const [path, at, size, id] = args;
  if (path === undefined || at === undefined || size === undefined || !cache) return;
  const boundary = { at: Number(at), id: id || null };
  try {
    factLossAt(path, boundary.at, Number(size), boundary.id, cache);
  } finally {
    cache.release(keyOf(path, boundary));
  }
}

/**
 * What the compaction whose boundary line starts at byte `boundaryAt` of
 * the transcript lost, counted once and kept in `cache`. No facts at all
 * when it cannot be told (no summarized part within `MAX_SEGMENT_BYTES`, or
 * no compaction at that place): the status line then shows its sizes alone.
 */
export function factLossAt(
  path: string,
  boundaryAt: number,
  fileSize: number,
  boundaryId: string | null,
  cache: LossCache | null = openCache(),
): FactLoss {
  const fd = openSync(path, 'r');
  try {
    const key = keyOf(path, { at: boundaryAt, id: boundaryId });
    const known = cache?.read(key);
    if (known) return known;
    const start = segmentStart(fd, boundaryAt);
    // Nothing to count is remembered too, as no facts: the status line shows the sizes alone.
    const loss = (start === null ? null : lossOfText(readRange(fd, start, fileSize))) ?? NO_LOSS;
    cache?.write(key, loss);
    return loss;
  } finally {
    closeSync(fd);
  }
}

/** What is kept when nothing could be counted. */
const NO_LOSS: FactLoss = { lost: 0, all: 0, byKind: {} };

/** The start of the line of the boundary before `boundaryAt`, 0 when there is none, null when too far back. */
function segmentStart(fd: number, boundaryAt: number): number | null {
  const from = Math.max(0, boundaryAt - MAX_SEGMENT_BYTES);
  const before = readBytes(fd, from, boundaryAt);
  const mark = before.lastIndexOf(BOUNDARY_MARK);
  if (mark >= 0) return from + before.lastIndexOf(0x0a, mark) + 1;
  return from === 0 ? 0 : null;
}

/** The count for the newest compaction of a transcript's text that starts at a boundary or at the session's start. */
export function lossOfText(text: string): FactLoss | null {
  const session = claudeCode.start(new IssueLog());
  let line = 0;
  for (let start = 0; start < text.length;) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    line++;
    const raw = text.slice(start, stop);
    start = stop + 1;
    if (!raw.trim()) continue;
    try {
      session.add(JSON.parse(raw), line);
    } catch {
      // A line still being written, or a broken one: the importer has no use for it.
    }
  }
  const history = session.finish().history;
  if (!history || history.compactions.length === 0) return null;
  return factLoss(compactionFacts(history, history.compactions.length - 1));
}

function readBytes(fd: number, from: number, to: number): Buffer {
  const buffer = Buffer.alloc(Math.max(0, to - from));
  const read = readSync(fd, buffer, 0, buffer.length, from);
  return buffer.subarray(0, read);
}

function readRange(fd: number, from: number, to: number): string {
  return readBytes(fd, from, to).toString('utf8');
}
