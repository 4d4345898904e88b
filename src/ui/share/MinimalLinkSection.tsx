/**
 * The minimal link in the share dialog: its length, what it carries and cut
 * short, the list a reader will see, and ranges of messages whose text the
 * user adds back.
 */
import { MAX_ADDED_OPENING_CHARS, type IndexRange } from '../../share/minimal';
import type { ShareLinks } from '../../worker/protocol';
import { fmt } from '../format';
import { LinkRow } from './LinkRow';
import { minimalNotes, rangeLabel, rowLabel } from './shareView';
import { useAddRangesForm } from './useShareLink';

/** The notes that are there only when the link has something to say of its cut, each with its test id. */
const NOTE_LINES = [
  ['session', 'share-minimal-session'],
  ['cut', 'share-minimal-cut'],
  ['cutShort', 'share-minimal-cut-short'],
  ['over', 'share-minimal-over'],
] as const;

export function MinimalLinkSection({
  result,
  include,
  onInclude,
  recommended,
}: {
  result: ShareLinks['minimal'];
  include: IndexRange[];
  onInclude(ranges: IndexRange[]): void;
  recommended: boolean;
}) {
  const form = useAddRangesForm(include, onInclude);
  if (!result) return null;
  const link = 'error' in result ? null : result;
  const notes = link ? minimalNotes(link) : null;
  return (
    <div className="share-minimal" data-testid="share-minimal-section">
      <LinkRow
        label="Minimal link (the counts of every message, the text of the few where the cut is decided)"
        testId="share-minimal"
        result={link ? { fragment: link.fragment } : (result as { error: string })}
        note={recommended ? '· recommended: the full link is too long' : undefined}
      />
      {link && notes && (
        <>
          <p className="muted" data-testid="share-minimal-left-out">
            {notes.carried}
          </p>
          {NOTE_LINES.map(
            ([key, testId]) =>
              notes[key] && (
                <p key={key} className="muted" data-testid={testId}>
                  {notes[key]}
                </p>
              ),
          )}
          <details className="minimal-preview">
            <summary>{notes.rowsTitle}</summary>
            <ol data-testid="share-minimal-preview">
              {link.rows.map((row) => (
                <li key={row.from} className={row.text === null ? 'omitted' : undefined}>
                  <span className="mono">{rowLabel(row)}</span>{' '}
                  <span className="num mono">{fmt(row.tokens)}</span>{' '}
                  {row.text === null ? (
                    <em className="muted">text not included</em>
                  ) : (
                    <span>
                      {row.text}
                      {row.part ? ' …' : ''}
                    </span>
                  )}
                </li>
              ))}
            </ol>
          </details>
        </>
      )}
      <form
        className="share-minimal-add"
        // The page says what is wrong with a length in its own words, not the browser's.
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit();
        }}
      >
        <label htmlFor="share-minimal-range">Add text back, messages</label>
        <input
          id="share-minimal-range"
          data-testid="share-minimal-range"
          value={form.text}
          placeholder="e.g. 3-7, 12"
          aria-invalid={form.problem !== null || undefined}
          onChange={(e) => form.setText(e.target.value)}
        />
        <label className="check">
          <input
            type="radio"
            name="share-minimal-amount"
            data-testid="share-minimal-opening"
            checked={!form.whole}
            onChange={() => form.setWhole(false)}
          />
          the first
        </label>
        <input
          type="number"
          className="share-minimal-chars"
          data-testid="share-minimal-chars"
          aria-label="Characters of each message"
          min={1}
          max={MAX_ADDED_OPENING_CHARS}
          value={form.chars}
          disabled={form.whole}
          onChange={(e) => form.setChars(e.target.value)}
        />
        <span>characters of each</span>
        <label className="check">
          <input
            type="radio"
            name="share-minimal-amount"
            data-testid="share-minimal-whole"
            checked={form.whole}
            onChange={() => form.setWhole(true)}
          />
          whole text
        </label>
        <button type="submit" data-testid="share-minimal-add" disabled={form.text.trim() === ''}>
          Add
        </button>
      </form>
      {form.problem && (
        <p className="field-error" data-testid="share-minimal-range-error">
          {form.problem}
        </p>
      )}
      {include.length > 0 && (
        <p className="share-minimal-added" data-testid="share-minimal-added">
          Added back:{' '}
          {include.map((r, k) => (
            <button
              key={k}
              type="button"
              className="chip"
              title="Take this range out again"
              onClick={() => onInclude(include.filter((_, j) => j !== k))}
            >
              {rangeLabel(r)} ×
            </button>
          ))}
          {notes?.added && <span data-testid="share-minimal-added-carried"> (carried: {notes.added})</span>}
        </p>
      )}
    </div>
  );
}
