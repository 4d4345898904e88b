/** Opening a folder for the archive: the directory picker where the browser has one, else `<input webkitdirectory>`. */
import { readFolder, type OpenedFolder } from './runArchive';

/** The directory picker where the browser has one; otherwise the folder input does the same. */
export async function pickFolder(input: HTMLInputElement | null): Promise<void> {
  const picker = (window as { showDirectoryPicker?: () => Promise<FileSystemDirectoryHandle> })
    .showDirectoryPicker;
  if (!picker) {
    input?.click();
    return;
  }
  try {
    const root = await picker();
    void readFolder({ kind: 'handle', name: root.name, root });
  } catch {
    // The user closed the picker.
  }
}

/** The files of an `<input webkitdirectory>`, their paths relative to the chosen folder. */
export function chosenFolder(list: ArrayLike<File>): OpenedFolder {
  const files = Array.from(list, (file) => {
    const full = file.webkitRelativePath || file.name;
    return { path: full.slice(full.indexOf('/') + 1), file };
  });
  const first = list[0]?.webkitRelativePath ?? '';
  return { kind: 'files', name: first.slice(0, first.indexOf('/')) || 'folder', files };
}
