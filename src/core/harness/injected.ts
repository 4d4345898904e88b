/**
 * The instructions Codex injects as user messages (its AGENTS.md and the
 * environment): not prompts, and rebuilt after a compaction from the
 * session's current ones.
 */
import type { Message } from '../message';

/** The instruction messages Codex injects as user messages and rebuilds after a compaction. */
export type InjectedKind = 'user_instructions' | 'environment_context';

/**
 * The kind of instructions a user message is, as Codex recognises them by
 * their opening (any case, after leading white space): AGENTS.md
 * instructions, in their old `<user_instructions>` wrapper or the newer
 * `# AGENTS.md instructions for …` heading, and `<environment_context>`.
 */
export function injectedKind(message: Message): InjectedKind | null {
  if (message.role !== 'user') return null;
  const opening = message.content.trimStart().slice(0, 40).toLowerCase();
  if (opening.startsWith('<environment_context>')) return 'environment_context';
  if (opening.startsWith('<user_instructions>') || opening.startsWith('# agents.md instructions for'))
    return 'user_instructions';
  return null;
}

/**
 * The indexes of the injected instructions Codex puts back: the newest of
 * each kind (the session's current ones), in their order in `kinds`.
 */
export function newestInjected(kinds: readonly (InjectedKind | null)[]): number[] {
  const newest = new Map<InjectedKind, number>();
  kinds.forEach((kind, i) => {
    if (kind) newest.set(kind, i);
  });
  return [...newest.values()].sort((a, b) => a - b);
}
