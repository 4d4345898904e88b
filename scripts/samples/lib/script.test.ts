import { describe, expect, it } from 'vitest';
import { childBody, fill, parseScript } from './script';

const LEVELS: Record<string, number> = { step: 1, bash: 2, output: 3 };
const levelOf = (kind: string) => LEVELS[kind] ?? 1;

describe('parseScript', () => {
  it('reads kinds, positional arguments, quoted arguments and options from the header', () => {
    const [bash] = parseScript('-- bash "Run the tests" error timeout=120000 label="a b" --\n', () => 1);
    expect(bash).toMatchObject({
      kind: 'bash',
      args: ['Run the tests', 'error'],
      opts: { timeout: '120000', label: 'a b' },
      where: 'script:1',
    });
  });

  it('keeps a body exactly, without the line break that ends its last line', () => {
    const text = [
      '-- a --',
      'one',
      '  two  ',
      '',
      '-- b --',
      '-- c --',
      '',
      '',
      '-- d --',
      'tab\there',
      '',
    ].join('\n');
    expect(parseScript(text, levelOf).map((s) => s.body)).toEqual(['one\n  two  \n', '', '\n', 'tab\there']);
  });

  it('keeps a final line break when the file ends with an empty line', () => {
    expect(parseScript('-- a --\nlast\n\n', levelOf)[0]!.body).toBe('last\n');
  });

  it('nests sections by the depth of their kind', () => {
    const text =
      '-- step --\n-- bash --\nls\n-- output --\nx\n-- bash --\npwd\n-- output --\n/\n-- step --\n';
    const steps = parseScript(text, levelOf);
    expect(steps.map((s) => s.kind)).toEqual(['step', 'step']);
    expect(steps[0]!.children.map((c) => [c.body, childBody(c, 'output')])).toEqual([
      ['ls', 'x'],
      ['pwd', '/'],
    ]);
  });

  it('drops comments and the text before the first header', () => {
    const text = 'About this script.\n-- # Turn 1 --\nnotes\n-- step --\n';
    expect(parseScript(text, levelOf).map((s) => s.kind)).toEqual(['step']);
  });

  it('names the line of a section that cannot stand where it is', () => {
    expect(() => parseScript('intro\n-- output --\nx\n', levelOf, 's.txt')).toThrow(
      's.txt:2: "output" outside',
    );
  });
});

describe('fill', () => {
  it('replaces each placeholder with its value, given the text after its name', () => {
    const values = { root: () => '/home/x', lineOf: (a: string) => `<${a}>` };
    expect(fill('{{root}}/a.ts:{{lineOf a.ts | needle}}}', values, 'here')).toBe(
      '/home/x/a.ts:<a.ts | needle>}',
    );
  });

  it('refuses a name it has no value for', () => {
    expect(() => fill('x {{nope}}', {}, 's.txt:3')).toThrow('s.txt:3: no value named {{nope}}');
  });
});
