/**
 * docs/api.md describes the package's whole public surface: every name the
 * three entry points export, functions, constants, classes and types alike.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const API = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');

function exportedNames(entry: string): string[] {
  const file = join(ROOT, entry);
  const program = ts.createProgram([file], { noEmit: true, skipLibCheck: true, types: [] });
  const source = program.getSourceFile(file)!;
  const module = program.getTypeChecker().getSymbolAtLocation(source)!;
  return program
    .getTypeChecker()
    .getExportsOfModule(module)
    .map((s) => s.name)
    .sort();
}

describe('docs/api.md', () => {
  it.each(['src/core/index.ts', 'src/providers/index.ts', 'src/formats/index.ts'])(
    'names every export of %s in bold code',
    (entry) => {
      const names = exportedNames(entry);
      expect(names.length).toBeGreaterThan(20);
      expect(names.filter((name) => !API.includes(`**\`${name}`))).toEqual([]);
    },
    60_000,
  );
});
