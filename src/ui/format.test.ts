import { describe, expect, it } from 'vitest';
import { plural } from './format';

describe('a count with its noun', () => {
  it('is singular for exactly one and plural otherwise', () => {
    expect(plural(1, 'token')).toBe('1 token');
    expect(plural(0, 'token')).toBe('0 tokens');
    expect(plural(2, 'token')).toBe('2 tokens');
    expect(plural(20_000, 'token')).toBe('20,000 tokens');
  });

  it('follows the number as printed', () => {
    expect(plural(1.2, 'token')).toBe('1 token');
    expect(plural(1.6, 'token')).toBe('2 tokens');
  });

  it('takes an irregular plural', () => {
    expect(plural(3, 'child', 'children')).toBe('3 children');
    expect(plural(1, 'child', 'children')).toBe('1 child');
  });
});
