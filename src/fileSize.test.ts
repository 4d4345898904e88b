/**
 * No source file under src/ is longer than 450 lines: a longer one holds
 * several things, and is split along its seams. Tests are not counted (a
 * format's specification may run long). A component of the page (a .tsx file
 * under src/ui) stops at 250: past that it is several components, hooks or
 * helpers in one file, and reads better as theirs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

export const MAX_SOURCE_LINES = 450;
export const MAX_COMPONENT_LINES = 250;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
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

/** The components under `ui/` (paths relative to src) longer than `limit`, as `path: N lines`. */
export function longComponents(files: { path: string; text: string }[], limit: number): string[] {
  return longFiles(
    files.filter(({ path }) => path.startsWith('ui/') && path.endsWith('.tsx')),
    limit,
  );
}

describe('the length of source files', () => {
  const files = sourceFiles(__dirname).map((path) => ({
    path: relative(__dirname, path).replaceAll('\\', '/'),
    text: readFileSync(path, 'utf8'),
  }));
  const found = longFiles(files, MAX_SOURCE_LINES);

  it(`keeps every source file under src/ at ${MAX_SOURCE_LINES} lines or fewer`, () => {
    expect(found).toEqual([]);
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
          { path: 'ui/load/Big.tsx', text: 'x\n'.repeat(251) },
          { path: 'ui/load/Fits.tsx', text: 'x\n'.repeat(250) },
          { path: 'ui/load/helpers.ts', text: 'x\n'.repeat(300) },
          { path: 'cli/Report.tsx', text: 'x\n'.repeat(300) },
        ],
        250,
      ),
    ).toEqual(['ui/load/Big.tsx: 251 lines']);
  });
});
