/**
 * Helpers importers share to assemble a Message: omit empty optional fields
 * (so exports and comparisons stay clean) and accumulate text, reasoning and
 * image counts from content parts.
 */
import type { Message, Role, SourceRef, ToolCall } from '../core/message';

export interface MessageInit {
  id: string;
  role: Role;
  content?: string;
  reasoning?: string;
  toolCalls?: ToolCall[];
  toolCallId?: string;
  toolName?: string;
  name?: string;
  images?: number;
  opaqueTokens?: number;
  kind?: 'summary';
  turnId?: string;
  source?: SourceRef;
}

export function makeMessage(init: MessageInit): Message {
  const message: Message = { id: init.id, role: init.role, content: init.content ?? '' };
  if (init.reasoning) message.reasoning = init.reasoning;
  if (init.toolCalls && init.toolCalls.length > 0) message.toolCalls = init.toolCalls;
  if (init.toolCallId !== undefined) message.toolCallId = init.toolCallId;
  if (init.toolName) message.toolName = init.toolName;
  if (init.name) message.name = init.name;
  if (init.images) message.images = init.images;
  if (init.opaqueTokens) message.opaqueTokens = init.opaqueTokens;
  if (init.kind) message.kind = init.kind;
  if (init.turnId) message.turnId = init.turnId;
  if (init.source && (init.source.line !== undefined || init.source.path !== undefined))
    message.source = init.source;
  return message;
}

/** Text, reasoning and images gathered from the parts of one source message. */
export class Parts {
  readonly text: string[] = [];
  readonly reasoning: string[] = [];
  images = 0;

  addText(text: string | undefined): void {
    if (text) this.text.push(text);
  }

  addReasoning(text: string | undefined): void {
    if (text) this.reasoning.push(text);
  }

  /** Parts of one message are separate paragraphs to the model; a newline keeps them apart. */
  content(): string {
    return this.text.join('\n');
  }

  /** The text parts with `separator` between them, where a format joins them its own way. */
  joined(separator: string): string {
    return this.text.join(separator);
  }

  reasoningText(): string | undefined {
    return this.reasoning.length ? this.reasoning.join('\n\n') : undefined;
  }

  get empty(): boolean {
    return this.text.length === 0 && this.reasoning.length === 0 && this.images === 0;
  }
}

/** `$.messages[3]`-style child paths. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}
