/**
 * A case folder's files read from disk: a case file and the session it names
 * stay inside the folder (a link out of it is read only with
 * `--follow-links`, as the archive's walk), only regular files are opened,
 * and no read goes past a byte limit. A case folder comes from a pull
 * request as often as from its author: its `session` must not read any file
 * of the machine, nor wait forever on a pipe or a terminal.
 */
import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { isAbsolute, resolve, win32 } from 'node:path';
import { formatBytes } from '../core/numbers';
import { CaseError } from '../cases/caseFile';
import { isInside } from './archiveFolder';

/** A case file is a page of JSON; this is many times the largest one needs. */
export const MAX_CASE_BYTES = 1024 * 1024;
/** A case's session is a transcript written for it; this is many times the shipped ones. */
export const MAX_SESSION_BYTES = 32 * 1024 * 1024;

export interface CaseReadOptions {
  /** Read a file through a link that leads out of the case folder. */
  followLinks?: boolean;
}

/**
 * Where `name`, as a file in `fromDir` writes it, is on disk; a `CaseError`
 * when it is absolute or its `..` climb out of `root`, before anything is
 * read.
 */
export function pathInside(root: string, fromDir: string, name: string): string {
  if (isAbsolute(name) || win32.isAbsolute(name))
    throw new CaseError(
      `${name} is an absolute path: name a file inside the case folder, relative to the case file`,
    );
  const path = resolve(fromDir, name);
  if (!isInside(resolve(root), path))
    throw new CaseError(`${name} leads out of the case folder ${root}: name a file inside it`);
  return path;
}

const READ_CHUNK = 1 << 20;
const NOT_A_FILE = 'not a regular file (a folder, a pipe or a device is not read)';

/**
 * The text of the file at `path` in the case folder `root`. The file's real
 * path and kind are looked up first (`realpath`, `stat`: neither opens it),
 * so a link out, a folder, a pipe or a device is refused without a read that
 * could block; the file is then opened without blocking, checked again
 * through the handle (it may have been swapped meanwhile), and read at most
 * `limit` bytes. Every problem is a `CaseError` without the path, which the
 * caller names; `folder` is what `root` is to a reader.
 */
export async function readInside(
  root: string,
  path: string,
  limit: number,
  options: CaseReadOptions = {},
  folder = 'the case folder',
): Promise<string> {
  let real: string;
  try {
    real = await realpath(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CaseError(code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? error})`);
  }
  if (!options.followLinks && !isInside(await realpath(root), real))
    throw new CaseError(`a link out of ${folder} (--follow-links reads it)`);
  if (!(await stat(real)).isFile()) throw new CaseError(NOT_A_FILE);
  const handle = await open(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!(await handle.stat()).isFile()) throw new CaseError(NOT_A_FILE);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(READ_CHUNK);
      const { bytesRead } = await handle.read(chunk, 0, READ_CHUNK, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > limit)
        throw new CaseError(`larger than ${formatBytes(limit)}, the most a case reads from one file`);
      chunks.push(chunk.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    await handle.close();
  }
}
