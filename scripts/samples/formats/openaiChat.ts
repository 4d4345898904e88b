/**
 * OpenAI Chat Completions request bodies: the `messages` array a client
 * sends, built from a session script.
 *
 * Script kinds, by depth. Top level: `system`, `user`, `assistant` (body:
 * the content, empty for `null`; children: `call NAME`) and `tool` (body:
 * the result of the oldest call not yet answered). A call's children are its
 * arguments, each named by its kind (`-- code --`, `-- path --`), in order.
 */
import type { Rng } from '../lib/random';
import { fill, parseScript, type Values } from '../lib/script';

const LEVELS: Record<string, number> = { system: 1, user: 1, assistant: 1, tool: 1, call: 2 };

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The messages of the script; `rng` names the calls. */
export function openaiChatMessages(text: string, file: string, rng: Rng, values: Values): unknown[] {
  const messages: unknown[] = [];
  const unanswered: ToolCall[] = [];
  for (const s of parseScript(text, (kind) => LEVELS[kind] ?? 3, file)) {
    const f = (t: string) => fill(t, values, s.where);
    if (s.kind === 'system' || s.kind === 'user') messages.push({ role: s.kind, content: f(s.body) });
    else if (s.kind === 'assistant') {
      const content = s.body === '' ? null : f(s.body);
      const calls = s.children.map((call): ToolCall => {
        const args = Object.fromEntries(call.children.map((arg) => [arg.kind, f(arg.body)]));
        return {
          id: `call_${rng.base62(24)}`,
          type: 'function',
          function: { name: call.args[0]!, arguments: JSON.stringify(args) },
        };
      });
      unanswered.push(...calls);
      messages.push(
        calls.length
          ? { role: 'assistant', content, tool_calls: calls, refusal: null }
          : { role: 'assistant', content, refusal: null },
      );
    } else if (s.kind === 'tool') {
      const call = unanswered.shift();
      if (!call) throw new Error(`${s.where}: a tool result without a call`);
      messages.push({ role: 'tool', tool_call_id: call.id, content: f(s.body) });
    } else throw new Error(`${s.where}: unknown section "${s.kind}"`);
  }
  return messages;
}
