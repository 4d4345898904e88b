/**
 * The formats that are not JSON: Aider's Markdown history and, as the last
 * resort, a conversation pasted as text. Detection and import of a text that
 * does not start with `{` or `[` go through here.
 */
import { detectAider, importAider } from './aider';
import type { Imported } from './format';
import type { IssueLog } from './issues';
import { detectPlainText, importPlainText } from './plainText';
import type { Detection, FormatId } from './types';

export type TextFormatId = 'text' | 'aider';

export function isTextFormat(format: FormatId | undefined): format is TextFormatId {
  return format === 'text' || format === 'aider';
}

/** The text formats' hand-written fixtures, as the importers declare theirs (`fixtures`). */
export const TEXT_FIXTURES: Readonly<Record<TextFormatId, readonly string[]>> = {
  aider: ['aider.chat.history.md', 'aider-commands.chat.history.md'],
  text: ['plain.txt'],
};

/** Aider's history when its marks are there and more convincing than speaker labels; else plain text. */
export function detectTextFormat(text: string): Detection {
  const plain = detectPlainText(text);
  const aider = detectAider(text);
  return aider && aider.confidence > plain.confidence ? aider : plain;
}

export function importTextFormat(format: TextFormatId, text: string, log: IssueLog): Imported {
  return format === 'aider' ? importAider(text, log) : importPlainText(text, log);
}
