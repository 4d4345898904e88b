/**
 * The agent's own plan: the newest todo list it wrote. Items not completed
 * are work the next turn must still do; a summary that drops them loses the
 * plan, and the agent starts over or stops early.
 */
import type { ToolCall } from '../message';
import { ownValue } from '../nameMap';

/** Todo tools and the key of their list, by agent: Claude Code, OpenCode, Codex. */
export const TODO_TOOLS: Readonly<Record<string, { list: string; text: readonly string[] }>> = {
  TodoWrite: { list: 'todos', text: ['content', 'activeForm'] },
  todowrite: { list: 'todos', text: ['content'] },
  update_plan: { list: 'plan', text: ['step'] },
};

/** Statuses that mean finished, in any of the agents' spellings. */
const DONE = new Set(['completed', 'complete', 'done', 'cancelled', 'canceled']);

export interface TodoItem {
  text: string;
  status: string;
}

/** The list a todo call writes, or undefined when the call is not one or names no list. */
export function todoList(call: ToolCall): TodoItem[] | undefined {
  const tool = ownValue(TODO_TOOLS, call.name);
  if (!tool) return undefined;
  let args: unknown;
  try {
    args = JSON.parse(call.arguments);
  } catch {
    return undefined;
  }
  if (args === null || typeof args !== 'object') return undefined;
  const list = (args as Record<string, unknown>)[tool.list];
  if (!Array.isArray(list)) return undefined;
  const items: TodoItem[] = [];
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object') continue;
    const record = entry as Record<string, unknown>;
    const key = tool.text.find((k) => typeof record[k] === 'string' && (record[k] as string).trim());
    if (!key) continue;
    items.push({
      text: (record[key] as string).trim(),
      status: typeof record.status === 'string' ? record.status : 'pending',
    });
  }
  return items;
}

export function isOpen(item: TodoItem): boolean {
  return !DONE.has(item.status.toLowerCase());
}
