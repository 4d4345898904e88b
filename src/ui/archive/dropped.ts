/**
 * A folder dropped on the archive view. Chromium hands out a directory
 * handle (`getAsFileSystemHandle`), read by the same walk as a picked folder;
 * elsewhere the entry API (`webkitGetAsEntry`) lists it, a batch of entries at
 * a time. Both must be asked during the drop event itself: the items are
 * emptied once it returns.
 */
import type { OpenedFolder } from './runArchive';

type WithHandle = DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };

export function droppedFolder(data: DataTransfer | null): Promise<OpenedFolder | null> {
  const item = data?.items[0] as WithHandle | undefined;
  if (!item || item.kind !== 'file') return Promise.resolve(null);
  const handle = item.getAsFileSystemHandle?.();
  const entry = item.webkitGetAsEntry();
  return (async () => {
    const found = await handle?.catch(() => null);
    if (found?.kind === 'directory') {
      const root = found as FileSystemDirectoryHandle;
      return { kind: 'handle', name: root.name, root };
    }
    if (!entry?.isDirectory) return null;
    const files: { path: string; file: File }[] = [];
    await collect(entry as FileSystemDirectoryEntry, '', files);
    return { kind: 'files', name: entry.name, files };
  })();
}

async function collect(dir: FileSystemDirectoryEntry, prefix: string, out: { path: string; file: File }[]) {
  const reader = dir.createReader();
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return;
    for (const entry of batch) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory) await collect(entry as FileSystemDirectoryEntry, path, out);
      else {
        const file = await new Promise<File>((resolve, reject) =>
          (entry as FileSystemFileEntry).file(resolve, reject),
        );
        out.push({ path, file });
      }
    }
  }
}
