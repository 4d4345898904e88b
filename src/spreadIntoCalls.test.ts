/**
 * A spread into a call passes every item on the stack; past about 60,000 the
 * engine throws, and long sessions could not be opened. The lint rule that
 * refuses it (eslint.config.js, docs/security.md "Large files") is checked
 * here, so the rule itself cannot quietly stop matching.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function spreadProblems(filePath: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

describe('spreads into calls in src', () => {
  it('refuse push(...x), Math.max(...x), new X(...x) and fn.apply(x, items), in every folder', async () => {
    const code = [
      'export function f(out: number[], items: number[]): unknown[] {',
      '  out.push(...items);',
      '  const top = Math.max(...items);',
      '  const date = new Date(...(items as [number]));',
      '  const text = String.fromCharCode.apply(null, items);',
      '  return [top, date, text];',
      '}',
      '',
    ].join('\n');
    for (const folder of ['core', 'formats', 'providers', 'share', 'security', 'worker', 'state', 'cli']) {
      expect(await spreadProblems(`src/${folder}/anything.ts`, code), folder).toEqual([2, 3, 4, 5]);
    }
    expect(await spreadProblems('src/ui/Anything.tsx', code)).toEqual([2, 3, 4, 5]);
  });

  it('let spreads into arrays and objects, and spreads in tests, stand', async () => {
    const code =
      'export const f = (a: number[], o: object) => [[...a, 1], { ...o }, Math.max(a[0] ?? 0, 1)];\n';
    expect(await spreadProblems('src/formats/anything.ts', code)).toEqual([]);
    expect(
      await spreadProblems('src/formats/anything.test.ts', 'export const t = Math.max(...[1, 2]);\n'),
    ).toEqual([]);
  });

  it('name the helpers to use instead', async () => {
    const [result] = await eslint.lintText('export const f = (a: number[]) => Math.max(...a);\n', {
      filePath: 'src/core/anything.ts',
    });
    expect(result.messages.map((m) => m.message)).toEqual([
      'A spread into a call puts every item on the stack and overflows it on a long transcript: use appendAll, maxOf or minOf from src/core/arrays.ts (docs/security.md, "Large files").',
    ]);
  });
});
