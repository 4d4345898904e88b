/**
 * The walk over a folder, the same for the command line (Node's `opendir`)
 * and the page (directory handles): each calls it with its own `Folder`.
 * Folders are read as streams of entries and files are yielded as they are
 * found, so 50,000 files never sit in one list and the first rows appear
 * before the walk ends. Whatever cannot be read is said once, where it is,
 * and the walk goes on.
 */
import { belongsToSession, entersFolder, placeOf, type SessionPlace } from './layout';

/** One entry of a folder, as the platform lists it. */
export type FolderEntry<F> =
  /** `size` when listing tells it for free; else it is learnt when the file is read. */
  | { kind: 'file'; name: string; file: F; size: number | null }
  | { kind: 'folder'; name: string; open: () => Promise<Folder<F>> }
  /**
   * A link the platform does not read through: one that `leaves` the opened
   * folder (not followed unless asked), or one whose target is inside it and
   * is read at its own place, once.
   */
  | { kind: 'link'; name: string; leaves: boolean }
  /** An entry that could not be looked at (a dangling link, no permission). */
  | { kind: 'unreadable'; name: string; reason: string };

export interface Folder<F> {
  /**
   * What the folder is, whatever the path to it: Node's device and inode of
   * the real folder. Two paths with one identity are one folder, reached
   * again through a link; null where the platform has no links to follow.
   */
  readonly identity: string | null;
  entries(): AsyncIterable<FolderEntry<F>>;
}

export type WalkItem<F> =
  | { kind: 'session'; path: string; file: F; size: number | null; place: SessionPlace }
  | { kind: 'skipped'; path: string }
  /** A link out of the opened folder, not followed. */
  | { kind: 'outside-link'; path: string }
  | { kind: 'problem'; path: string; reason: string };

/** Deeper than any agent's layout; a guard where identities are unknown. */
export const MAX_DEPTH = 24;

export interface WalkOptions {
  signal?: AbortSignal;
}

/** Every session under `root`, with the files skipped and the places that could not be read. */
export async function* walkFolder<F>(
  root: Folder<F>,
  options: WalkOptions = {},
): AsyncGenerator<WalkItem<F>> {
  const seen = new Set<string>();
  yield* walkInto(root, '', 0, seen, options);
}

async function* walkInto<F>(
  folder: Folder<F>,
  prefix: string,
  depth: number,
  seen: Set<string>,
  options: WalkOptions,
): AsyncGenerator<WalkItem<F>> {
  if (folder.identity !== null) {
    // A link back to a folder already walked (a loop, or a second way in): once is enough.
    if (seen.has(folder.identity)) return;
    seen.add(folder.identity);
  }
  const here = prefix || '.';
  const subfolders: { name: string; open: () => Promise<Folder<F>> }[] = [];
  try {
    for await (const entry of folder.entries()) {
      if (options.signal?.aborted) return;
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.kind === 'unreadable') yield { kind: 'problem', path, reason: entry.reason };
      else if (entry.kind === 'link') {
        if (entry.leaves) yield { kind: 'outside-link', path };
      } else if (entry.kind === 'folder') {
        if (entersFolder(path)) subfolders.push(entry);
      } else if (!belongsToSession(path)) {
        const place = placeOf(path);
        yield place
          ? { kind: 'session', path, file: entry.file, size: entry.size, place }
          : { kind: 'skipped', path };
      }
    }
  } catch (error) {
    yield { kind: 'problem', path: here, reason: `the folder cannot be read (${reasonOf(error)})` };
  }
  for (const sub of subfolders) {
    if (options.signal?.aborted) return;
    const path = prefix ? `${prefix}/${sub.name}` : sub.name;
    if (depth + 1 > MAX_DEPTH) {
      yield { kind: 'problem', path, reason: `nested deeper than ${MAX_DEPTH} folders; not read` };
      continue;
    }
    let opened: Folder<F>;
    try {
      opened = await sub.open();
    } catch (error) {
      yield { kind: 'problem', path, reason: `the folder cannot be opened (${reasonOf(error)})` };
      continue;
    }
    yield* walkInto(opened, path, depth + 1, seen, options);
  }
}

/** The system's code where there is one (`EACCES`), else the message. */
export function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}
