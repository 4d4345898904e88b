/**
 * A folder on disk for the archive's walk: `opendir` streams its entries (a
 * folder of 50,000 files is never one array), and a folder's identity is its
 * device and inode, so a folder reached twice is walked once.
 *
 * Links do not take the walk out of the folder it was given: a link whose
 * target (its real path) lies outside is not followed, only counted, unless
 * `followLinks` (`--follow-links`) says to. A link whose target lies inside
 * is not read through either: the target is read once, at its own place.
 */
import type { Dirent } from 'node:fs';
import { opendir, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { reasonOf, type Folder, type FolderEntry } from '../archive/walk';

export interface DiskWalkOptions {
  /** Follow links whose target is outside the root (`--follow-links`). */
  followLinks?: boolean;
  /** Real paths of files the walk never lists: the archive's own `--out` tables. */
  exclude?: ReadonlySet<string>;
}

interface Walk {
  /** The root's real path: links are judged against it. */
  root: string;
  followLinks: boolean;
  exclude: ReadonlySet<string>;
}

/** Whether `path` (a real path) is `root` or lies under it. */
export function isInside(root: string, path: string): boolean {
  if (path === root) return true;
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}

export async function diskFolder(path: string, options: DiskWalkOptions = {}): Promise<Folder<string>> {
  const info = await stat(path);
  if (!info.isDirectory()) throw Object.assign(new Error(`${path} is not a folder`), { code: 'ENOTDIR' });
  const root = await realpath(path);
  const walk: Walk = {
    root,
    followLinks: options.followLinks ?? false,
    exclude: options.exclude ?? new Set(),
  };
  return folderAt(path, root, `${info.dev}:${info.ino}`, walk);
}

function folderAt(path: string, real: string, identity: string, walk: Walk): Folder<string> {
  return { identity, entries: () => entriesOf(path, real, walk) };
}

async function openFolder(path: string, walk: Walk): Promise<Folder<string>> {
  const info = await stat(path);
  return folderAt(path, await realpath(path), `${info.dev}:${info.ino}`, walk);
}

async function* entriesOf(path: string, real: string, walk: Walk): AsyncGenerator<FolderEntry<string>> {
  const dir = await opendir(path, { bufferSize: 256 });
  for await (const dirent of dir) {
    if (walk.exclude.has(join(real, dirent.name))) continue;
    yield await entryOf(path, dirent, walk);
  }
}

async function entryOf(folder: string, dirent: Dirent, walk: Walk): Promise<FolderEntry<string>> {
  const path = join(folder, dirent.name);
  const { name } = dirent;
  if (dirent.isDirectory()) return { kind: 'folder', name, open: () => openFolder(path, walk) };
  // Its size is read when it is opened: most files of a large folder are never opened.
  if (dirent.isFile()) return { kind: 'file', name, file: path, size: null };
  if (!dirent.isSymbolicLink()) return { kind: 'unreadable', name, reason: 'not a regular file' };
  try {
    const target = await realpath(path);
    // Inside the root, the target is read where it is; outside, only when asked to.
    if (isInside(walk.root, target)) return { kind: 'link', name, leaves: false };
    if (!walk.followLinks) return { kind: 'link', name, leaves: true };
    // A followed link is taken for what it points at; its size is known on the way.
    const info = await stat(path);
    if (info.isDirectory()) return { kind: 'folder', name, open: () => openFolder(path, walk) };
    if (!info.isFile()) return { kind: 'unreadable', name, reason: 'not a regular file' };
    return { kind: 'file', name, file: path, size: info.size };
  } catch (error) {
    const code = reasonOf(error);
    const reason = code === 'ENOENT' ? 'a link to nothing' : code === 'ELOOP' ? 'a link loop' : code;
    return { kind: 'unreadable', name, reason };
  }
}
