import { describe, expect, it } from 'vitest';
import { ODD_NAME_ROWS } from './__fixtures__/oddNames';
import { nameMap, ownValue, withName, withoutName } from './nameMap';

describe('a name map', () => {
  it.each(ODD_NAME_ROWS)('stores and reads back %s exactly, and nothing under it before', (_, name) => {
    const empty = nameMap<number>();
    expect(ownValue(empty, name)).toBeUndefined();
    const one = withName(empty, name, 7);
    expect(ownValue(one, name)).toBe(7);
    expect(Object.keys(one)).toEqual([name]);
    expect(ownValue(withoutName(one, name), name)).toBeUndefined();
    // Through JSON, as a store writes and reads it.
    const back = nameMap(Object.entries(JSON.parse(JSON.stringify(one)) as Record<string, number>));
    expect(ownValue(back, name)).toBe(7);
  });

  it('never touches Object.prototype', () => {
    nameMap([['__proto__', { polluted: true }]]);
    withName({}, '__proto__', { polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads a constant table by its own names only', () => {
    const table: Readonly<Record<string, string>> = { read: 'read' };
    expect([ownValue(table, 'read'), ownValue(table, 'constructor'), ownValue(table, '__proto__')]).toEqual([
      'read',
      undefined,
      undefined,
    ]);
  });
});
