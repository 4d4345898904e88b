/**
 * Untrusted text drawn so that nothing in it is hidden: invisible and
 * direction-changing characters appear as named boxes, search matches as
 * `<mark>`. Always text nodes, never HTML.
 */
import { memo, useMemo } from 'react';
import type { TextRange } from '../../worker/search';
import { decorate } from './decorate';
import './text.css';

const NO_MARKS: readonly TextRange[] = [];

export const VisibleText = memo(VisibleTextComponent);

function VisibleTextComponent({
  text,
  marks = NO_MARKS,
}: {
  text: string;
  /** Matches to mark, sorted, by offsets into `text`. */
  marks?: readonly TextRange[];
}) {
  const pieces = useMemo(() => decorate(text, marks), [text, marks]);
  return pieces.map((piece, i) => {
    const shown =
      piece.kind === 'text' ? (
        piece.text
      ) : (
        <span key={i} className="invisible-char" title={piece.title} data-name={piece.name}>
          {piece.count > 1 ? `${piece.name}×${piece.count}` : piece.name}
        </span>
      );
    return piece.marked ? <mark key={i}>{shown}</mark> : shown;
  });
}
