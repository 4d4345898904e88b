/** Where each protocol puts the prompt and the model in a request body, read back as plain text. */
import type { Family, Json } from './protocols';

function texts(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => {
      if (typeof part === 'string') return part;
      const text = (part as Json | null)?.text;
      return typeof text === 'string' ? text : '';
    })
    .join('\n');
}

/** All the text a request sends (system and user), and the model, wherever each protocol puts them. */
export function readRequest(
  family: Family,
  body: Json,
  pathModel?: string,
): { model: string; prompt: string } {
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  switch (family) {
    case 'openai-chat':
    case 'ollama':
      return { model: String(body.model ?? ''), prompt: messages.map((m) => texts(m?.content)).join('\n') };
    case 'anthropic':
      return {
        model: String(body.model ?? ''),
        prompt: [texts(body.system), ...messages.map((m) => texts(m?.content))].join('\n'),
      };
    case 'openai-responses': {
      const input = body.input;
      const items =
        typeof input === 'string'
          ? input
          : Array.isArray(input)
            ? input.map((m) => texts((m as Json)?.content)).join('\n')
            : '';
      return { model: String(body.model ?? ''), prompt: [texts(body.instructions), items].join('\n') };
    }
    case 'gemini': {
      const contents = Array.isArray(body.contents) ? (body.contents as Json[]) : [];
      return {
        model: pathModel ?? '',
        prompt: [
          texts((body.systemInstruction as Json | undefined)?.parts),
          ...contents.map((c) => texts(c?.parts)),
        ].join('\n'),
      };
    }
  }
}
