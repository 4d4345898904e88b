/**
 * A text that may be megabytes long, in a scrolling `<pre>`: the first piece
 * drawn visibly, with the search's matches marked in it, and a "Show more"
 * that adds the next piece (`showMore.ts` says why and how much).
 */
import { useMemo, useState } from 'react';
import { matchRanges } from '../../worker/search';
import { fmt } from '../format';
import { shownEnd } from './showMore';
import { VisibleText } from './VisibleText';

export function LongText({
  text,
  query = '',
  className,
  testId,
}: {
  text: string;
  /** The active search, whose matches in the drawn part are marked; '' for none. */
  query?: string;
  className: string;
  testId?: string;
}) {
  // The steps belong to this text: another text starts again at its first piece.
  const [shown, setShown] = useState({ text, steps: 1 });
  const steps = shown.text === text ? shown.steps : 1;
  const end = shownEnd(text, steps);
  const drawn = useMemo(() => text.slice(0, end), [text, end]);
  const marks = useMemo(() => (query ? matchRanges(drawn, query) : undefined), [drawn, query]);
  return (
    <>
      <pre className={className} data-testid={testId}>
        <VisibleText text={drawn} marks={marks} />
      </pre>
      {end < text.length && (
        <p className="text-more">
          <span className="muted" data-testid="text-shown">
            The first {fmt(end)} of {fmt(text.length)} characters.
          </span>{' '}
          <button
            type="button"
            className="small"
            data-testid="text-more"
            onClick={() => setShown({ text, steps: steps + 1 })}
          >
            Show more
          </button>
        </p>
      )}
    </>
  );
}
