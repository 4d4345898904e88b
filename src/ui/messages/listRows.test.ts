import { describe, expect, it } from 'vitest';
import { roleLabel, rowsPerPage, tabStopOf, toggled } from './listRows';

describe('a row of the message list', () => {
  it('shows its role, or "summary" for a summary', () => {
    expect(roleLabel('tool', false)).toBe('tool');
    expect(roleLabel('user', true)).toBe('summary');
  });

  it('opens when closed and closes when open, leaving the set it came from as it was', () => {
    const before = new Set([2, 5]);
    expect([...toggled(before, 7)]).toEqual([2, 5, 7]);
    expect([...toggled(before, 2)]).toEqual([5]);
    expect([...before]).toEqual([2, 5]);
  });
});

describe('the row the Tab key reaches', () => {
  const drawn = [
    { index: 10, end: 330 },
    { index: 11, end: 360 },
    { index: 12, end: 390 },
  ];

  it('is the selected row when it is drawn', () => {
    expect(tabStopOf(11, drawn, 340)).toBe(11);
  });

  it('is the first row reaching below the scroll offset when the selected one is not drawn', () => {
    expect(tabStopOf(40, drawn, 340)).toBe(11);
    expect(tabStopOf(null, drawn, 0)).toBe(10);
  });

  it('is the first row when nothing is drawn past the offset', () => {
    expect(tabStopOf(null, drawn, 390)).toBe(0);
    expect(tabStopOf(null, [], 0)).toBe(0);
  });
});

describe('the rows a page holds', () => {
  it('is the height in 30-pixel rows less one', () => {
    expect(rowsPerPage(600)).toBe(19);
    expect(rowsPerPage(619)).toBe(19);
  });

  it('is at least one, and counts 300 pixels before the list is laid out', () => {
    expect(rowsPerPage(40)).toBe(1);
    expect(rowsPerPage(0)).toBe(1);
    expect(rowsPerPage(undefined)).toBe(9);
  });
});
