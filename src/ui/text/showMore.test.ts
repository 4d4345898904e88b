import { describe, expect, it } from 'vitest';
import { SHOWN_STEP_CHARS, shownEnd } from './showMore';

describe('shownEnd', () => {
  const spacesAndTabs = ' \t'.repeat(2_500_000);

  it('draws a text shorter than one piece whole', () => {
    expect(shownEnd('hello', 1)).toBe(5);
    expect(shownEnd('', 1)).toBe(0);
  });

  it('draws 20,000 characters of five million at first, and 20,000 more with each step', () => {
    expect(SHOWN_STEP_CHARS).toBe(20_000);
    expect(shownEnd(spacesAndTabs, 1)).toBe(20_000);
    expect(shownEnd(spacesAndTabs, 2)).toBe(40_000);
    expect(shownEnd(spacesAndTabs, 250)).toBe(5_000_000);
    expect(shownEnd(spacesAndTabs, 251)).toBe(5_000_000);
  });

  it('draws at least one piece', () => {
    expect(shownEnd(spacesAndTabs, 0)).toBe(20_000);
  });

  it('ends a text of exactly two pieces after two steps, with nothing left to show', () => {
    expect(shownEnd('a'.repeat(40_000), 2)).toBe(40_000);
  });

  it('never cuts an emoji in two: the piece takes its second half too', () => {
    const text = `${'a'.repeat(19_999)}😀${'b'.repeat(100)}`;
    expect(shownEnd(text, 1)).toBe(20_001);
    expect(text.slice(0, shownEnd(text, 1)).endsWith('😀')).toBe(true);
    expect(shownEnd(`${'a'.repeat(19_998)}😀b`, 1)).toBe(20_000);
  });

  it('cuts where a lone half of a character stands, as it is', () => {
    expect(shownEnd(`${'a'.repeat(20_000)}\uDE00b`, 1)).toBe(20_000);
  });
});
