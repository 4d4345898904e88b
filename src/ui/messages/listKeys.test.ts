import { describe, expect, it } from 'vitest';
import { keyTarget } from './listKeys';

describe('keyTarget', () => {
  it('moves one row with the arrows and stays put at either end', () => {
    expect(keyTarget('ArrowDown', 4, 10, 5)).toBe(5);
    expect(keyTarget('ArrowUp', 4, 10, 5)).toBe(3);
    expect(keyTarget('ArrowDown', 9, 10, 5)).toBe(9);
    expect(keyTarget('ArrowUp', 0, 10, 5)).toBe(0);
  });

  it('goes to the first and the last row with Home and End', () => {
    expect(keyTarget('Home', 31_000, 50_000, 12)).toBe(0);
    expect(keyTarget('End', 3, 50_000, 12)).toBe(49_999);
  });

  it('moves a page with Page Up and Page Down, stopping at the ends', () => {
    expect(keyTarget('PageDown', 4, 100, 12)).toBe(16);
    expect(keyTarget('PageUp', 16, 100, 12)).toBe(4);
    expect(keyTarget('PageDown', 95, 100, 12)).toBe(99);
    expect(keyTarget('PageUp', 5, 100, 12)).toBe(0);
  });

  it('leaves other keys, and an empty list, alone', () => {
    expect(keyTarget('Enter', 4, 10, 5)).toBeNull();
    expect(keyTarget('a', 4, 10, 5)).toBeNull();
    expect(keyTarget('ArrowDown', 0, 0, 5)).toBeNull();
  });
});
