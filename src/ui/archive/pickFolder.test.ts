import { describe, expect, it } from 'vitest';
import { chosenFolder } from './pickFolder';

const picked = (webkitRelativePath: string, name: string) => ({ webkitRelativePath, name }) as File;

describe('a folder chosen with the folder input', () => {
  it('is named after the chosen folder, each file by its path inside it', () => {
    const a = picked('sessions/proj/one.jsonl', 'one.jsonl');
    const b = picked('sessions/two.jsonl', 'two.jsonl');
    expect(chosenFolder([a, b])).toEqual({
      kind: 'files',
      name: 'sessions',
      files: [
        { path: 'proj/one.jsonl', file: a },
        { path: 'two.jsonl', file: b },
      ],
    });
  });

  it('falls back to the file name, and to "folder", when the browser gives no relative path', () => {
    const c = picked('', 'three.jsonl');
    expect(chosenFolder([c])).toEqual({
      kind: 'files',
      name: 'folder',
      files: [{ path: 'three.jsonl', file: c }],
    });
    expect(chosenFolder([])).toEqual({ kind: 'files', name: 'folder', files: [] });
  });
});
