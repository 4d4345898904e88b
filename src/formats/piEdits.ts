/**
 * pi 1.x `context_edit` entries: a later entry on the branch that changes
 * what an earlier entry sends. pi 1.6 applies them as it projects each entry
 * into messages (`projectContextEntry` in the coding agent's
 * `dist/core/session-manager.js`), and so do we, on the entry itself before
 * it is read:
 *
 * - the newest edit of an entry wins;
 * - a `replacement` of null removes everything the entry sends;
 * - otherwise a user, assistant, tool result or custom message keeps its
 *   role and every other field and takes the replacement's content whole: a
 *   reply's thinking and tool calls go with its old text. Other messages
 *   (summaries, `!` commands, system prompts) are sent unchanged.
 */
import type { JsonRecord } from './json';
import { field, isRecord, rec, str } from './json';
import type { Entry } from './piEntry';

/** The newest `context_edit` of each target on the path, by the target's id. */
export function contextEdits(path: readonly Entry[]): Map<string, JsonRecord> {
  const edits = new Map<string, JsonRecord>();
  for (const entry of path) {
    const target = entry.type === 'context_edit' ? str(entry.record, 'targetId') : undefined;
    if (target !== undefined) edits.set(target, entry.record);
  }
  return edits;
}

/** The message roles whose content an edit replaces (`hookMessage` is the older name of `custom`). */
const EDITABLE_ROLES: ReadonlySet<string> = new Set([
  'user',
  'assistant',
  'toolResult',
  'custom',
  'hookMessage',
]);

/** What an edited entry now is: the same entry with its new content, or null when the edit removes it. */
export function editedEntry(entry: Entry, edit: JsonRecord | undefined): Entry | null {
  if (!edit || !('replacement' in edit)) return entry;
  const replacement = field(edit, 'replacement');
  if (replacement === null) return null;
  if (!isRecord(replacement)) return entry;
  const content = field(replacement, 'content');
  if (entry.type === 'custom_message') return { ...entry, record: { ...entry.record, content } };
  const message = entry.type === 'message' ? rec(entry.record, 'message') : undefined;
  if (!message || !EDITABLE_ROLES.has(str(message, 'role') ?? '')) return entry;
  return { ...entry, record: { ...entry.record, message: { ...message, content } } };
}

/** Whether a replacement took tool calls or thinking from a reply along with its text. */
export function replyLost(entry: Entry, edited: Entry | null): boolean {
  if (!edited || edited === entry || entry.type !== 'message') return false;
  const before = rec(entry.record, 'message');
  if (!before || str(before, 'role') !== 'assistant') return false;
  const kinds = (message: JsonRecord | undefined): Set<string> => {
    const content = message ? field(message, 'content') : undefined;
    const blocks = Array.isArray(content) ? content : [];
    return new Set(blocks.filter(isRecord).map((b) => str(b, 'type') ?? ''));
  };
  const after = kinds(rec(edited.record, 'message'));
  return [...kinds(before)].some((k) => (k === 'toolCall' || k === 'thinking') && !after.has(k));
}
