import { describe, expect, it } from 'vitest';
import { matchRanges } from '../../worker/search';
import { decorate, type Piece } from './decorate';

/** Marked text in «», boxes as [NAME]. */
function drawn(pieces: Piece[]): string {
  return pieces
    .map((p) => {
      const shown = p.kind === 'text' ? p.text : `[${p.name}]`;
      return p.marked ? `«${shown}»` : shown;
    })
    .join('');
}

const marked = (text: string, query: string) => drawn(decorate(text, matchRanges(text, query)));

describe('decorate', () => {
  it('marks every match in plain text', () => {
    expect(marked('see the docs, the Docs', 'docs')).toBe('see the «docs», the «Docs»');
  });

  it('marks a match at the very start and the very end', () => {
    expect(marked('docs and docs', 'docs')).toBe('«docs» and «docs»');
  });

  it('boxes invisible characters and marks a match on either side of one', () => {
    expect(marked('evil\u202Eexe.txt', 'exe')).toBe('evil[RLO]«exe».txt');
    expect(marked('evil\u202Eexe.txt', 'evil')).toBe('«evil»[RLO]exe.txt');
  });

  it('marks a box that lies inside a match', () => {
    expect(marked('ab\u200Bcd', 'b\u200Bc')).toBe('a«b»«[ZWSP]»«c»d');
  });

  it('draws text without matches or invisible characters as one piece', () => {
    expect(decorate('plain', [])).toEqual([{ kind: 'text', text: 'plain', marked: false }]);
  });

  it('marks a bracketed stretch past the box limit whole when a match touches it', () => {
    const text = 'a\u200Bb\u200Bneedle\u200Bc';
    const pieces = decorate(text, matchRanges(text, 'needle'), 1);
    expect(drawn(pieces)).toBe('a[ZWSP]«b[ZWSP]needle[ZWSP]c»');
  });
});
