/**
 * Text as the page draws it: invisible characters named in boxes, and the
 * search matches marked, both at once. A match may start or end inside
 * ordinary text and cover a boxed character; offsets are the text's own.
 */
import type { TextRange } from '../../worker/search';
import { MAX_BOXES, revealInvisible } from './invisible';

export type Piece =
  | { kind: 'text'; text: string; marked: boolean }
  | { kind: 'invisible'; name: string; title: string; count: number; marked: boolean };

/** `marks` sorted and not overlapping, as `matchRanges` gives them. */
export function decorate(text: string, marks: readonly TextRange[], maxBoxes = MAX_BOXES): Piece[] {
  const pieces: Piece[] = [];
  let r = 0;
  let offset = 0;
  /** Whether any mark overlaps [from, to); skips the marks that end before `from`. */
  const overlaps = (from: number, to: number) => {
    while (r < marks.length && marks[r].end <= from) r++;
    return r < marks.length && marks[r].start < to;
  };
  for (const segment of revealInvisible(text, maxBoxes)) {
    const end = offset + segment.raw.length;
    if (segment.kind === 'invisible') {
      const { name, title, count } = segment;
      pieces.push({ kind: 'invisible', name, title, count, marked: overlaps(offset, end) });
    } else if (segment.text !== segment.raw) {
      // Past the box limit the drawn text is not the raw text: marked whole or not at all.
      pieces.push({ kind: 'text', text: segment.text, marked: overlaps(offset, end) });
    } else {
      let at = offset;
      while (at < end) {
        if (!overlaps(at, end)) {
          pieces.push({ kind: 'text', text: segment.text.slice(at - offset), marked: false });
          break;
        }
        const mark = marks[r];
        if (mark.start > at) {
          pieces.push({
            kind: 'text',
            text: segment.text.slice(at - offset, mark.start - offset),
            marked: false,
          });
          at = mark.start;
          continue;
        }
        const stop = Math.min(mark.end, end);
        pieces.push({ kind: 'text', text: segment.text.slice(at - offset, stop - offset), marked: true });
        at = stop;
      }
    }
    offset = end;
  }
  return pieces;
}
