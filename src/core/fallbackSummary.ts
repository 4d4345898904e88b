/**
 * The fallback when the summarizer fails: a terse line per message. It keeps
 * tool names and paths so finished work is not redone, and it is held to the
 * summary budget so that a failed summary still frees room.
 */
import type { Estimator } from './estimate';
import type { Message } from './message';
import { truncate } from './serialize';

const ARCHIVE_HEADER = 'Raw conversation archive (no summary could be written):';
const ARCHIVE_LINE_CHARS = 500;

function archiveLine(message: Message): string | null {
  const text = truncate(message.content, ARCHIVE_LINE_CHARS);
  switch (message.role) {
    case 'user':
      return `- User: ${text}`;
    case 'assistant': {
      const calls = message.toolCalls?.map((c) => c.name).join(', ');
      return calls ? `- Assistant [${calls}]: ${text}` : `- Assistant: ${text}`;
    }
    case 'tool':
      return `- Tool[${message.toolName ?? 'tool'}]: ${text}`;
    case 'system':
      return null;
  }
}

/** Newest lines first into the budget; the newest line is always kept. */
export function fallbackSummary(messages: readonly Message[], budget: number, estimator: Estimator): string {
  const lines = messages.map(archiveLine).filter((l): l is string => l !== null);
  let first = 0;
  if (budget > 0) {
    let used = 0;
    first = lines.length;
    for (let i = lines.length - 1; i >= 0; i--) {
      used += estimator.countString(lines[i]);
      if (used > budget && i < lines.length - 1) break;
      first = i;
    }
  }
  const omitted = first > 0 ? `[${first} earlier messages omitted]\n` : '';
  return `${ARCHIVE_HEADER}\n\n${omitted}${lines.slice(first).join('\n')}`;
}
