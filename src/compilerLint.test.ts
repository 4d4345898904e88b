/**
 * The React Compiler's lint (react-hooks' compiler rules) reads a file only
 * when a top-level statement declares a component or hook by name: a
 * component written inside memo(...) in a file with no other was never
 * checked. eslint.config.js refuses that shape, so every component is read;
 * both halves are checked here, on a component that writes a ref while it
 * renders.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const FILE = 'src/ui/anything/Counter.tsx';
const BODY = ['  const seen = useRef(0);', '  seen.current += 1;', '  return <p>{seen.current}</p>;'];

async function problems(code: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(`${code.join('\n')}\n`, { filePath: FILE });
  return result.messages
    .filter((m) => m.ruleId?.startsWith('react-hooks/') || m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.line} ${m.ruleId}`);
}

describe('the React Compiler lint reads every component', () => {
  it('reports a ref written during render in a component declared by name and wrapped in memo', async () => {
    expect(
      await problems([
        "import { memo, useRef } from 'react';",
        'export const Counter = memo(CounterComponent);',
        'function CounterComponent() {',
        ...BODY,
        '}',
      ]),
    ).toEqual(['5 react-hooks/refs', '5 react-hooks/refs', '6 react-hooks/refs']);
  });

  it('refuses a component written inside memo(...) or forwardRef(...), which the compiler would not read', async () => {
    const wrapped = (call: string, fn: string) => [
      "import React, { forwardRef, memo, useRef } from 'react';",
      `export const Counter = ${call}(${fn} {`,
      ...BODY,
      '});',
    ];
    const refused = ['2 no-restricted-syntax'];
    expect(await problems(wrapped('memo', 'function Counter()'))).toEqual(refused);
    expect(await problems(wrapped('memo', '() =>'))).toEqual(refused);
    expect(await problems(wrapped('React.memo', 'function Counter()'))).toEqual(refused);
    expect(await problems(wrapped('forwardRef', 'function Counter()'))).toEqual(refused);
  });
});
