/**
 * The note that says where a slider stopped and why ("capped at 27,904: a
 * quarter of window − reserve"), shown at the pointer during a drag and at
 * the slider after a key, and read out by a screen reader through a polite
 * live region that is always present (a live region added with its text is
 * not announced). Plain text: it may quote nothing from the transcript, but it
 * is never HTML either way.
 */

/** What a slider's note says, and where: `x` in plot pixels, or null for "at the slider". */
export interface Note {
  text: string;
  x: number | null;
  slider: 'keep' | 'cut';
}

interface StripNoteProps {
  note: Note | null;
  /** Where to show it, in CSS pixels from the plot's left edge. */
  x: number;
  top: number;
  width: number;
}

/** Widest the note gets; near the right edge it moves left so it stays inside the strip. */
const NOTE_WIDTH = 440;

export function StripNote({ note, x, top, width }: StripNoteProps) {
  return (
    <>
      {note ? (
        <div
          className="token-strip__note"
          data-testid="strip-stop"
          data-slider={note.slider}
          style={{ left: Math.max(0, Math.min(x + 12, width - NOTE_WIDTH)), top, maxWidth: NOTE_WIDTH }}
          aria-hidden="true"
        >
          {note.text}
        </div>
      ) : null}
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {note?.text ?? ''}
      </span>
    </>
  );
}
