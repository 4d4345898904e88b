/**
 * No source file is longer than 450 lines: the product's (src/), the
 * benchmarks' (bench/), the test tooling's (testing/) and the scripts'
 * (scripts/; the made-up projects the samples work on are data). A longer one
 * holds several things, and is split along its seams. Tests are not counted (a
 * format's specification may run long). A component of the page (a .tsx file
 * under src/ui) stops at 250: past that it is several components, hooks or
 * helpers in one file, and reads better as theirs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

export const MAX_SOURCE_LINES = 450;
export const MAX_COMPONENT_LINES = 250;

const ROOT = join(__dirname, '..');
/** The folders whose code is held to the limit, from the repository's root. */
export const SOURCE_FOLDERS = ['src', 'bench', 'testing', 'scripts'];
/** Made-up programs the sample sessions work on: data, copied byte for byte into the transcripts. */
const DATA = /^scripts\/samples\/[^/]+\/project\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.name === 'node_modules') return [];
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|mjs)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function linesOf(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

/** Each file over `limit` lines, as `path: N lines`. */
export function longFiles(files: { path: string; text: string }[], limit: number): string[] {
  return files
    .map(({ path, text }) => ({ path, lines: linesOf(text) }))
    .filter(({ lines }) => lines > limit)
    .map(({ path, lines }) => `${path}: ${lines} lines`);
}

/** The components under `src/ui/` longer than `limit`, as `path: N lines`. */
export function longComponents(files: { path: string; text: string }[], limit: number): string[] {
  return longFiles(
    files.filter(({ path }) => path.startsWith('src/ui/') && path.endsWith('.tsx')),
    limit,
  );
}

describe('the length of source files', () => {
  const files = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)))
    .map((path) => ({ path: relative(ROOT, path).replaceAll('\\', '/'), text: readFileSync(path, 'utf8') }))
    .filter(({ path }) => !DATA.test(path));
  const found = longFiles(files, MAX_SOURCE_LINES);

  it(`keeps every source file of ${SOURCE_FOLDERS.join(', ')} at ${MAX_SOURCE_LINES} lines or fewer`, () => {
    expect(found).toEqual([]);
  });

  it('reads the benchmarks, the test tooling and the scripts, not only src', () => {
    const folders = new Set(files.map(({ path }) => path.split('/')[0]));
    expect([...folders].sort()).toEqual([...SOURCE_FOLDERS].sort());
    expect(files.some(({ path }) => DATA.test(path))).toBe(false);
  });

  it(`keeps every component under src/ui at ${MAX_COMPONENT_LINES} lines or fewer`, () => {
    expect(longComponents(files, MAX_COMPONENT_LINES)).toEqual([]);
  });

  it('names a long file with its length, and counts a last line without its newline', () => {
    expect(
      longFiles(
        [
          { path: 'a.ts', text: 'x\n'.repeat(3) },
          { path: 'b.ts', text: 'x\n'.repeat(4) },
          { path: 'c.ts', text: 'x\nx\nx\nx' },
        ],
        3,
      ),
    ).toEqual(['b.ts: 4 lines', 'c.ts: 4 lines']);
  });

  it('names a component under src/ui past its limit, and no helper or file elsewhere', () => {
    expect(
      longComponents(
        [
          { path: 'src/ui/load/Big.tsx', text: 'x\n'.repeat(251) },
          { path: 'src/ui/load/Fits.tsx', text: 'x\n'.repeat(250) },
          { path: 'src/ui/load/helpers.ts', text: 'x\n'.repeat(300) },
          { path: 'src/cli/Report.tsx', text: 'x\n'.repeat(300) },
        ],
        250,
      ),
    ).toEqual(['src/ui/load/Big.tsx: 251 lines']);
  });
});
