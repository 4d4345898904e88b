/**
 * pi 1.x `context_edit` entries: a later entry that changes what an earlier
 * entry sends.
 */
import type { Message } from '../core/message';
import { field, isRecord, str } from './json';
import type { JsonRecord } from './json';
import type { Entry } from './piEntry';
import { framed, readContent } from './piEntry';

/**
 * pi 1.x `context_edit` entries rewrite what an earlier entry sends: the
 * newest edit of an entry wins; a `replacement` of null removes it.
 */
export function contextEdits(path: readonly Entry[]): Map<string, JsonRecord> {
  const edits = new Map<string, JsonRecord>();
  for (const entry of path) {
    const target = entry.type === 'context_edit' ? str(entry.record, 'targetId') : undefined;
    if (target !== undefined) edits.set(target, entry.record);
  }
  return edits;
}

export function applyEdit(message: Message | undefined, edit: JsonRecord | undefined): Message | undefined {
  if (!message || !edit || !('replacement' in edit)) return message;
  const replacement = field(edit, 'replacement');
  if (replacement === null) return undefined;
  if (!isRecord(replacement)) return message;
  const parts = readContent(field(replacement, 'content'));
  const assistant = message.role === 'assistant';
  // Joined and weighed as the message itself would be (see `emit`).
  const edited: Message = { ...message, content: assistant ? parts.content() : parts.joined('') };
  delete edited.images;
  delete edited.framingChars;
  if (parts.images) edited.images = parts.images;
  if (!assistant) return edited;
  const weighed = parts.text.reduce((sum, t) => sum + t.length, 0) + (message.reasoning?.length ?? 0);
  return framed(edited, weighed);
}
