/**
 * A folder on disk for the archive's walk: `opendir` streams its entries (a
 * folder of 50,000 files is never one array), links are followed to what
 * they point at, and a folder's identity is its device and inode, so a link
 * back up the tree is walked once.
 */
import type { Dirent } from 'node:fs';
import { opendir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { reasonOf, type Folder, type FolderEntry } from '../archive/walk';

export async function diskFolder(path: string): Promise<Folder<string>> {
  const info = await stat(path);
  if (!info.isDirectory()) throw Object.assign(new Error(`${path} is not a folder`), { code: 'ENOTDIR' });
  return {
    identity: `${info.dev}:${info.ino}`,
    entries: () => entriesOf(path),
  };
}

async function* entriesOf(path: string): AsyncGenerator<FolderEntry<string>> {
  const dir = await opendir(path, { bufferSize: 256 });
  for await (const dirent of dir) yield await entryOf(path, dirent);
}

async function entryOf(folder: string, dirent: Dirent): Promise<FolderEntry<string>> {
  const path = join(folder, dirent.name);
  const { name } = dirent;
  if (dirent.isDirectory()) return { kind: 'folder', name, open: () => diskFolder(path) };
  // Its size is read when it is opened: most files of a large folder are never opened.
  if (dirent.isFile()) return { kind: 'file', name, file: path, size: null };
  if (!dirent.isSymbolicLink()) return { kind: 'unreadable', name, reason: 'not a regular file' };
  try {
    // A link is taken for what it points at; its size is known on the way.
    const info = await stat(path);
    if (info.isDirectory()) return { kind: 'folder', name, open: () => diskFolder(path) };
    if (!info.isFile()) return { kind: 'unreadable', name, reason: 'not a regular file' };
    return { kind: 'file', name, file: path, size: info.size };
  } catch (error) {
    const code = reasonOf(error);
    const reason = code === 'ENOENT' ? 'a link to nothing' : code === 'ELOOP' ? 'a link loop' : code;
    return { kind: 'unreadable', name, reason };
  }
}
