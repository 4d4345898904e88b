/**
 * Case folders in the published pi benchmark's layout (`source.jsonl` and
 * `gold.json`; src/cases/wassname.ts), read from disk like a case file and
 * its session: inside the folder given, regular files, bounded.
 */
import { dirname, join } from 'node:path';
import { CaseError, type LoadedCase } from '../cases/caseFile';
import { GOLD_FILE, loadPublishedCase, SOURCE_FILE } from '../cases/wassname';
import { MAX_CASE_BYTES, MAX_SESSION_BYTES, readInside, type CaseReadOptions } from './caseDisk';

/** The folders among `names` (paths under a folder, as `readdir` lists them) that hold both files. */
export function publishedFolders(names: readonly string[]): string[] {
  const all = new Set(names.map((n) => n.replaceAll('\\', '/')));
  const isGold = (n: string) => n === GOLD_FILE || n.endsWith(`/${GOLD_FILE}`);
  return [...all]
    .filter(isGold)
    .map((n) => dirname(n))
    .filter((d) => all.has(d === '.' ? SOURCE_FILE : `${d}/${SOURCE_FILE}`))
    .sort();
}

/** One folder of the published layout under `root`, its problems named by file. */
export async function loadPublishedFolder(
  root: string,
  dir: string,
  options: CaseReadOptions,
): Promise<LoadedCase> {
  const read = (name: string, limit: number) =>
    readInside(root, join(dir, name), limit, options).catch((error: unknown) => {
      if (error instanceof CaseError) throw new CaseError(`${join(dir, name)}: ${error.message}`);
      throw error;
    });
  const gold = await read(GOLD_FILE, MAX_CASE_BYTES);
  const source = await read(SOURCE_FILE, MAX_SESSION_BYTES);
  return loadPublishedCase({ dir, gold, source });
}
