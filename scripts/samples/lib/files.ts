/**
 * Reads the sources a sample is made from: its session script, its project
 * folder and its JSON lists. Files are read as they are, byte for byte; they
 * end up inside the generated transcripts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function readText(...path: string[]): string {
  return readFileSync(join(...path), 'utf8');
}

export function readJson<T>(...path: string[]): T {
  return JSON.parse(readText(...path)) as T;
}

/** Every file under `dir`, keyed by its path relative to `dir` with `/` separators, in sorted order. */
export function readTree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const paths = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();
  for (const path of paths) files[path] = readText(dir, path);
  return files;
}
