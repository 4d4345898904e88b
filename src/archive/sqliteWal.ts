/**
 * A SQLite database as it reads with its write-ahead log applied. OpenCode
 * keeps its database in WAL mode and does not checkpoint it when a run ends:
 * right after `opencode run` the main file can be a single empty page and
 * every session sits in `opencode.db-wal`. The log's committed frames are
 * copied onto the main file's pages here, the way SQLite itself would read
 * them, and the header is set back to rollback-journal mode, so an engine
 * that sees only the one file (sql.js) reads what OpenCode would.
 *
 * The log's layout (https://www.sqlite.org/fileformat2.html#walformat): a
 * 32-byte header (magic, version, page size, checkpoint, two salts, a
 * checksum), then frames of a 24-byte header (page number, the database's
 * size in pages on a commit frame, the salts, a running checksum) and a page.
 * A frame counts only when its salts are the header's and the running
 * checksum holds, and only up to the last commit: a torn or stale tail is
 * what SQLite ignores too.
 */

const HEADER = 32;
const FRAME_HEADER = 24;
const MAGIC_LITTLE = 0x377f0682;
const MAGIC_BIG = 0x377f0683;

/** The database bytes with `wal`'s committed frames applied; `db` itself when there are none. */
export function withWal(db: Uint8Array, wal: Uint8Array | null): Uint8Array {
  const applied = wal && wal.length >= HEADER ? applyFrames(db, wal) : db;
  return rollbackMode(applied);
}

function applyFrames(db: Uint8Array, wal: Uint8Array): Uint8Array {
  const view = new DataView(wal.buffer, wal.byteOffset, wal.byteLength);
  const magic = view.getUint32(0);
  if (magic !== MAGIC_LITTLE && magic !== MAGIC_BIG) return db;
  const bigEndian = magic === MAGIC_BIG;
  const pageSize = view.getUint32(8) === 1 ? 65536 : view.getUint32(8);
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return db;
  const salt1 = view.getUint32(16);
  const salt2 = view.getUint32(20);
  let sum = checksum(wal, 0, 24, bigEndian, [0, 0]);
  if (sum[0] !== view.getUint32(24) || sum[1] !== view.getUint32(28)) return db;
  /** Pages written by frames since the last commit, applied only once a commit frame closes them. */
  let pending = new Map<number, number>();
  const committed = new Map<number, number>();
  let pages = 0;
  for (let at = HEADER; at + FRAME_HEADER + pageSize <= wal.length; at += FRAME_HEADER + pageSize) {
    if (view.getUint32(at + 8) !== salt1 || view.getUint32(at + 12) !== salt2) break;
    sum = checksum(wal, at, 8, bigEndian, sum);
    sum = checksum(wal, at + FRAME_HEADER, pageSize, bigEndian, sum);
    if (sum[0] !== view.getUint32(at + 16) || sum[1] !== view.getUint32(at + 20)) break;
    pending.set(view.getUint32(at), at + FRAME_HEADER);
    const commitSize = view.getUint32(at + 4);
    if (commitSize > 0) {
      for (const [page, offset] of pending) committed.set(page, offset);
      pending = new Map();
      pages = commitSize;
    }
  }
  if (pages === 0) return db;
  const out = new Uint8Array(pages * pageSize);
  out.set(db.subarray(0, Math.min(db.length, out.length)));
  for (const [page, offset] of committed)
    if (page <= pages) out.set(wal.subarray(offset, offset + pageSize), (page - 1) * pageSize);
  return out;
}

/**
 * SQLite's checksum over `length` bytes (a multiple of 8) as 32-bit words in
 * the log's byte order, continued from `previous`.
 */
function checksum(
  bytes: Uint8Array,
  start: number,
  length: number,
  bigEndian: boolean,
  previous: readonly [number, number],
): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset + start, length);
  let [s0, s1] = previous;
  for (let i = 0; i < length; i += 8) {
    s0 = (s0 + view.getUint32(i, !bigEndian) + s1) >>> 0;
    s1 = (s1 + view.getUint32(i + 4, !bigEndian) + s0) >>> 0;
  }
  return [s0, s1];
}

/** The header's read and write versions (bytes 18 and 19) as rollback-journal mode: no log to look for. */
function rollbackMode(db: Uint8Array): Uint8Array {
  if (db.length < 100 || (db[18] !== 2 && db[19] !== 2)) return db;
  const out = db.slice();
  out[18] = 1;
  out[19] = 1;
  return out;
}
