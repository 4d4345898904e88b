import type { Message } from '../core';

/** A message's first line as the list and the bars show it: text, else its calls, reasoning or images. */
export function firstLine(message: Message): string {
  const text =
    message.content.trim() ||
    message.toolCalls?.map((c) => `${c.name}(${c.arguments.slice(0, 80)})`).join(' ') ||
    (message.reasoning ? `(thinking) ${message.reasoning.trim()}` : '') ||
    (message.images ? `(${message.images} image${message.images > 1 ? 's' : ''})` : '');
  const line = text.slice(0, 400).split('\n')[0].replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}
