/**
 * The scripted agent scenario's reading of a request: the tools it declares
 * and the conversation reduced to what the script needs (user texts, tool
 * calls and results), the same for all four protocols an agent speaks.
 */
import type { Family } from './protocols';

type Json = Record<string, unknown>;

/** One tool a request declares, with the parts of its schema the script fills. */
export interface DeclaredTool {
  name: string;
  description: string;
  /** Property name → JSON type (`string`, `array`, …). */
  properties: Record<string, string>;
  required: string[];
}

export type Turn =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  | { kind: 'tool-call'; id: string; name: string }
  | { kind: 'tool-result'; id: string };

export interface Conversation {
  tools: DeclaredTool[];
  /** System prompt or instructions, as text. */
  system: string;
  turns: Turn[];
  /**
   * The texts of the last message when the user (or the agent on the user's
   * behalf) sent it, tool results or not: Claude Code puts its compaction
   * prompt beside the last tool result in one message.
   */
  lastUserText: string;
}

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return list(content)
    .map((part) => (typeof part === 'string' ? part : isObject(part) ? str(part.text) : ''))
    .filter(Boolean)
    .join('\n');
}

function declared(name: unknown, description: unknown, schema: unknown): DeclaredTool {
  const properties: Record<string, string> = {};
  const shape = isObject(schema) ? schema : {};
  for (const [key, value] of Object.entries(isObject(shape.properties) ? shape.properties : {})) {
    properties[key] = isObject(value) ? String(value.type ?? 'string').toLowerCase() : 'string';
  }
  return {
    name: str(name),
    description: str(description),
    properties,
    required: list(shape.required).map(String),
  };
}

function toolsOf(family: Family, body: Json): DeclaredTool[] {
  const tools = list(body.tools).filter(isObject);
  switch (family) {
    case 'anthropic':
      return tools.filter((t) => t.name).map((t) => declared(t.name, t.description, t.input_schema));
    case 'openai-chat':
      return tools
        .map((t) => (isObject(t.function) ? t.function : {}))
        .filter((f) => f.name)
        .map((f) => declared(f.name, f.description, f.parameters));
    case 'openai-responses':
      return tools
        .filter((t) => t.type === 'function' && t.name)
        .map((t) => declared(t.name, t.description, t.parameters));
    case 'gemini':
      return tools.flatMap((t) =>
        list(t.functionDeclarations)
          .filter(isObject)
          .map((f) => declared(f.name, f.description, f.parametersJsonSchema ?? f.parameters)),
      );
    default:
      return [];
  }
}

function anthropicTurns(body: Json): Turn[] {
  const turns: Turn[] = [];
  for (const message of list(body.messages).filter(isObject)) {
    const blocks =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : list(message.content);
    const parts = blocks.filter(isObject);
    const results = parts.filter((b) => b.type === 'tool_result');
    if (message.role === 'user') {
      // A user message carrying tool results is the tools' answer; its texts are reminders, not a request.
      if (results.length)
        for (const r of results) turns.push({ kind: 'tool-result', id: str(r.tool_use_id) });
      else turns.push({ kind: 'user', text: textOf(parts.filter((b) => b.type === 'text')) });
      continue;
    }
    const text = textOf(parts.filter((b) => b.type === 'text'));
    if (text) turns.push({ kind: 'assistant', text });
    for (const use of parts.filter((b) => b.type === 'tool_use'))
      turns.push({ kind: 'tool-call', id: str(use.id), name: str(use.name) });
  }
  return turns;
}

function chatTurns(body: Json): Turn[] {
  const turns: Turn[] = [];
  for (const message of list(body.messages).filter(isObject)) {
    if (message.role === 'user') turns.push({ kind: 'user', text: textOf(message.content) });
    else if (message.role === 'tool') turns.push({ kind: 'tool-result', id: str(message.tool_call_id) });
    else if (message.role === 'assistant') {
      const text = textOf(message.content);
      if (text) turns.push({ kind: 'assistant', text });
      for (const call of list(message.tool_calls).filter(isObject)) {
        const fn = isObject(call.function) ? call.function : {};
        turns.push({ kind: 'tool-call', id: str(call.id), name: str(fn.name) });
      }
    }
  }
  return turns;
}

function responsesTurns(body: Json): Turn[] {
  if (typeof body.input === 'string') return [{ kind: 'user', text: body.input }];
  const turns: Turn[] = [];
  for (const item of list(body.input).filter(isObject)) {
    const type = str(item.type) || 'message';
    if (type === 'message' && item.role === 'user') turns.push({ kind: 'user', text: textOf(item.content) });
    else if (type === 'message' && item.role === 'assistant')
      turns.push({ kind: 'assistant', text: textOf(item.content) });
    else if (type === 'function_call' || type === 'custom_tool_call')
      turns.push({ kind: 'tool-call', id: str(item.call_id), name: str(item.name) });
    else if (type === 'function_call_output' || type === 'custom_tool_call_output')
      turns.push({ kind: 'tool-result', id: str(item.call_id) });
  }
  return turns;
}

function geminiTurns(body: Json): Turn[] {
  const turns: Turn[] = [];
  for (const content of list(body.contents).filter(isObject)) {
    const parts = list(content.parts).filter(isObject);
    const responses = parts.filter((p) => isObject(p.functionResponse));
    if (content.role === 'user') {
      if (responses.length)
        for (const p of responses)
          turns.push({ kind: 'tool-result', id: str((p.functionResponse as Json).id) });
      else turns.push({ kind: 'user', text: textOf(parts) });
      continue;
    }
    const text = textOf(parts.filter((p) => !p.thought));
    if (text) turns.push({ kind: 'assistant', text });
    for (const p of parts.filter((p) => isObject(p.functionCall))) {
      const call = p.functionCall as Json;
      turns.push({ kind: 'tool-call', id: str(call.id), name: str(call.name) });
    }
  }
  return turns;
}

function systemOf(family: Family, body: Json): string {
  if (family === 'anthropic') return textOf(body.system);
  if (family === 'openai-responses') {
    // Codex sends its instructions as `developer` messages in the input, not as `instructions`.
    const developer = list(body.input)
      .filter(isObject)
      .filter((m) => m.role === 'developer' || m.role === 'system')
      .map((m) => textOf(m.content));
    return [str(body.instructions), ...developer].filter(Boolean).join('\n');
  }
  if (family === 'gemini')
    return textOf(isObject(body.systemInstruction) ? body.systemInstruction.parts : '');
  return list(body.messages)
    .filter(isObject)
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => textOf(m.content))
    .join('\n');
}

function lastUserText(family: Family, body: Json): string {
  if (family === 'openai-responses') {
    if (typeof body.input === 'string') return body.input;
    const last = list(body.input).filter(isObject).at(-1);
    return last && (last.type ?? 'message') === 'message' && last.role === 'user' ? textOf(last.content) : '';
  }
  const messages = list(family === 'gemini' ? body.contents : body.messages).filter(isObject);
  const last = messages.at(-1);
  if (!last || last.role !== 'user') return '';
  if (family === 'gemini')
    return textOf(list(last.parts).filter((p) => isObject(p) && typeof p.text === 'string'));
  if (typeof last.content === 'string') return last.content;
  return textOf(list(last.content).filter((b) => isObject(b) && b.type === 'text'));
}

/** The request as the script sees it; an unknown family reads as an empty conversation. */
export function readConversation(family: Family, body: Json): Conversation {
  const turns =
    family === 'anthropic'
      ? anthropicTurns(body)
      : family === 'openai-chat'
        ? chatTurns(body)
        : family === 'openai-responses'
          ? responsesTurns(body)
          : family === 'gemini'
            ? geminiTurns(body)
            : [];
  return {
    tools: toolsOf(family, body),
    system: systemOf(family, body),
    turns,
    lastUserText: lastUserText(family, body),
  };
}
