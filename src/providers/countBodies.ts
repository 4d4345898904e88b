/**
 * A transcript as each provider's token-counting endpoint takes it: the same
 * shapes their message endpoints accept, built from the core's messages.
 *
 * Left out on purpose: reasoning (a thinking block sent back without the
 * provider's signature is refused, and earlier turns' thinking is dropped
 * from the context anyway), and images (imported as counts only, with no
 * pixels to send). Empty texts are left out too: Anthropic refuses them.
 */
import { appendAll } from '../core/arrays';
import type { Message } from '../core/message';

type Json = Record<string, unknown>;

/** A call's arguments as the object providers want; text that is not a JSON object is wrapped, not lost. */
function argumentsObject(args: string): Json {
  try {
    const value: unknown = JSON.parse(args);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Json;
    return { input: value };
  } catch {
    return { input: args };
  }
}

/** Appends `content` to the last turn when it has `role`, else starts a turn: both APIs want roles to alternate. */
function pushTurn<T extends { role: string }>(
  turns: (T & { content: unknown[] })[],
  role: T['role'],
  content: unknown[],
  make: (content: unknown[]) => T & { content: unknown[] },
): void {
  if (content.length === 0) return;
  const last = turns.at(-1);
  if (last && last.role === role) appendAll(last.content, content);
  else turns.push(make(content));
}

function systemText(messages: readonly Message[]): string {
  return messages
    .filter((m) => m.role === 'system' && m.content.trim())
    .map((m) => m.content)
    .join('\n\n');
}

/** `POST /v1/messages/count_tokens`: `{model, system, messages}` with tool_use and tool_result blocks. */
export function anthropicCountBody(model: string, messages: readonly Message[]): Json {
  const turns: { role: 'user' | 'assistant'; content: unknown[] }[] = [];
  const make = (role: 'user' | 'assistant') => (content: unknown[]) => ({ role, content });
  for (const m of messages) {
    const text = m.content.trim() ? [{ type: 'text', text: m.content }] : [];
    switch (m.role) {
      case 'system':
        break;
      case 'user':
        pushTurn(turns, 'user', text, make('user'));
        break;
      case 'assistant': {
        const calls = (m.toolCalls ?? []).map((c) => ({
          type: 'tool_use',
          id: c.id,
          name: c.name,
          input: argumentsObject(c.arguments),
        }));
        pushTurn(turns, 'assistant', [...text, ...calls], make('assistant'));
        break;
      }
      case 'tool': {
        const result = { type: 'tool_result', tool_use_id: m.toolCallId ?? '', content: m.content };
        // Results come first in their user turn: after text, they open a new one.
        const last = turns.at(-1);
        if (last?.role === 'user' && last.content.some((b) => (b as Json).type !== 'tool_result')) {
          turns.push({ role: 'user', content: [result] });
        } else pushTurn(turns, 'user', [result], make('user'));
        break;
      }
    }
  }
  const system = systemText(messages);
  return { model, ...(system ? { system } : {}), messages: turns };
}

/** `models/{model}:countTokens`: a whole `generateContentRequest`, so the system instruction is counted too. */
export function geminiCountBody(model: string, messages: readonly Message[]): Json {
  const contents: { role: 'user' | 'model'; parts: unknown[] }[] = [];
  const callName = new Map<string, string>();
  const push = (role: 'user' | 'model', parts: unknown[]) => {
    if (parts.length === 0) return;
    const last = contents.at(-1);
    if (last && last.role === role) appendAll(last.parts, parts);
    else contents.push({ role, parts });
  };
  for (const m of messages) {
    const text = m.content.trim() ? [{ text: m.content }] : [];
    switch (m.role) {
      case 'system':
        break;
      case 'user':
        push('user', text);
        break;
      case 'assistant':
        for (const c of m.toolCalls ?? []) callName.set(c.id, c.name);
        push('model', [
          ...text,
          ...(m.toolCalls ?? []).map((c) => ({
            functionCall: { name: c.name, args: argumentsObject(c.arguments) },
          })),
        ]);
        break;
      case 'tool': {
        const name = m.toolName ?? callName.get(m.toolCallId ?? '') ?? 'tool';
        push('user', [{ functionResponse: { name, response: { content: m.content } } }]);
        break;
      }
    }
  }
  const id = model.replace(/^models\//, '');
  const system = systemText(messages);
  return {
    generateContentRequest: {
      model: `models/${id}`,
      contents,
      ...(system ? { systemInstruction: { parts: [{ text: system }] } } : {}),
    },
  };
}

/** `POST /v1/responses/input_tokens`: `{model, input}` with messages, function calls and their outputs. */
export function openAiInputBody(model: string, messages: readonly Message[]): Json {
  const input: Json[] = [];
  for (const m of messages) {
    switch (m.role) {
      case 'system':
      case 'user':
        if (m.content.trim()) input.push({ role: m.role, content: m.content });
        break;
      case 'assistant':
        if (m.content.trim()) input.push({ role: 'assistant', content: m.content });
        for (const c of m.toolCalls ?? [])
          input.push({ type: 'function_call', call_id: c.id, name: c.name, arguments: c.arguments });
        break;
      case 'tool':
        input.push({ type: 'function_call_output', call_id: m.toolCallId ?? '', output: m.content });
        break;
    }
  }
  return { model, input };
}
