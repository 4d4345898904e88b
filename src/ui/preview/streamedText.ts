/**
 * A summary as it streams, kept as the lines it is drawn in. The page used to
 * add each delta to one string and split that string again every frame; each
 * line a memoized component kept pointed into that frame's copy of the whole
 * text, so every frame's copy stayed alive, and a provider that never stopped
 * grew the tab by the square of what it sent (3.8 GB after 40 s at 100 kB/s).
 * Here a finished line is made once, from the delta that ended it, and then
 * passed on as the same string; only the open line changes from frame to frame.
 */
export interface StreamedText {
  /** The finished lines, each made once. */
  readonly lines: readonly string[];
  /** The line still being written, after the last line break. */
  readonly open: string;
}

export const NO_TEXT: StreamedText = { lines: [], open: '' };

export function appendText(text: StreamedText, delta: string): StreamedText {
  if (!delta.includes('\n')) return { lines: text.lines, open: text.open + delta };
  const pieces = (text.open + delta).split('\n');
  const open = pieces.pop() ?? '';
  return { lines: [...text.lines, ...pieces], open };
}

export function isEmptyText(text: StreamedText): boolean {
  return text.lines.length === 0 && text.open === '';
}

/** What the first part becomes, with the second one after it below a rule, as the stored summary shows them. */
export function joinParts(first: StreamedText, second: StreamedText): StreamedText {
  if (isEmptyText(second)) return first;
  if (isEmptyText(first)) return second;
  return { lines: [...first.lines, first.open, '', '---', '', ...second.lines], open: second.open };
}

/** The text whole, for the plain view. */
export function wholeText(text: StreamedText): string {
  return [...text.lines, text.open].join('\n');
}
