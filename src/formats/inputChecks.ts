/**
 * Checks on the raw text before any parser sees it. Detection and both import
 * paths share them, so a file is judged the same way however it arrives.
 */
import type { IssueLog } from './issues';
import { ImportError } from './types';

/** A byte-order mark is an artefact of the editor that saved the file, not part of the transcript. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function startsLikeJson(text: string): boolean {
  const head = text.slice(0, 4096);
  const match = /\S/.exec(head);
  if (match === null || (match[0] !== '{' && match[0] !== '[')) return false;
  // The summarizer's own transcript starts with `[User]:`, which is text, not a JSON array.
  return !/^\s*\[(User|Assistant|Tool result)[\] ]/.test(head);
}

/** Refuses what cannot be a transcript before any parser sees it. */
export function checkReadable(text: string): void {
  if (text.trim() === '') throw new ImportError('empty', 'The file is empty');
  const sample = text.slice(0, 8192);
  let control = 0;
  let replacement = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0)
      throw new ImportError(
        'binary',
        'This looks like a binary file (it contains NUL bytes), not a text transcript',
      );
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0x7f) control++;
    if (c === 0xfffd) replacement++;
  }
  if (control > sample.length / 10 || replacement > sample.length / 10) {
    throw new ImportError(
      'binary',
      'This looks like a binary file or text in an encoding other than UTF-8, not a text transcript',
    );
  }
}

/** Replacement characters mean bytes were lost before the text reached us: warn rather than import silently. */
export function noteReplacementCharacters(text: string, log: IssueLog): void {
  const first = text.indexOf('\uFFFD');
  if (first === -1) return;
  log.warn(
    'replacement-characters',
    'The text contains U+FFFD replacement characters: some bytes were not valid UTF-8 and were replaced',
    {},
    text.slice(Math.max(0, first - 40), first + 40),
  );
}
