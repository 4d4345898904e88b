/**
 * Shared by the format tests: read a fixture, and reduce an import to the
 * counts each fixture test pins down.
 */
import { readFileSync } from 'node:fs';
import { maxOf } from '../core/arrays';
import type { Message } from '../core/message';
import type { SessionHistory } from '../core/session/history';
import type { ImportResult } from './types';
import { ImportError } from './types';

export function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

export interface Counts {
  messages: number;
  roles: Record<string, number>;
  toolCalls: number;
  pairedResults: number;
  summaries: number;
  withReasoning: number;
  images: number;
}

export function counts(messages: readonly Message[]): Counts {
  const roles: Record<string, number> = {};
  const callIds = new Set<string>();
  let toolCalls = 0;
  let pairedResults = 0;
  for (const m of messages) {
    roles[m.role] = (roles[m.role] ?? 0) + 1;
    for (const call of m.toolCalls ?? []) {
      toolCalls++;
      callIds.add(call.id);
    }
    if (m.role === 'tool' && m.toolCallId !== undefined && callIds.has(m.toolCallId)) pairedResults++;
  }
  return {
    messages: messages.length,
    roles,
    toolCalls,
    pairedResults,
    summaries: messages.filter((m) => m.kind === 'summary').length,
    withReasoning: messages.filter((m) => m.reasoning).length,
    images: messages.reduce((n, m) => n + (m.images ?? 0), 0),
  };
}

export function issueCodes(result: ImportResult): string[] {
  return result.issues.map((i) => i.code);
}

export function importErrorOf(run: () => unknown): ImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw new Error(`expected an ImportError, got ${String(error)}`);
  }
  throw new Error('expected an ImportError, nothing was thrown');
}

/**
 * The context after the last recorded compaction, rebuilt from the history
 * the way the contract reads it: that compaction's `contextAfter`, then every
 * message after the later of its `atMessage` and its last listed index.
 */
export function contextFromHistory(history: SessionHistory): Message[] {
  const last = history.compactions[history.compactions.length - 1];
  if (!last) return history.messages;
  const from = Math.max(last.atMessage, maxOf(last.contextAfter) ?? -1) + 1;
  return [...last.contextAfter.map((i) => history.messages[i]!), ...history.messages.slice(from)];
}

/**
 * A Claude Code session of `messages` messages, in the shape Claude Code
 * writes (one chain of `parentUuid` links; texts kept short so that 500,000
 * messages stay near 80 MB): each turn is a prompt, a reply that reads a
 * file, the file's contents, and a closing reply, four messages whose two
 * replies record their usage.
 */
export function longClaudeCodeSession(messages: number): string {
  if (messages % 4 !== 0) throw new Error(`a turn is four messages; ${messages} is not a multiple of 4`);
  const start = Date.parse('2026-03-18T22:00:00.000Z');
  const lines: string[] = [];
  let parentUuid: string | null = null;
  const write = (uuid: string, type: 'user' | 'assistant', message: object): void => {
    const timestamp = new Date(start + lines.length * 1000).toISOString();
    lines.push(JSON.stringify({ type, uuid, parentUuid, sessionId: 's1', timestamp, message }));
    parentUuid = uuid;
  };
  const usage = { input_tokens: 4, output_tokens: 20 };
  for (let k = 0; k < messages / 4; k++) {
    write(`u${k}`, 'user', { role: 'user', content: `Read f${k}` });
    const read = { type: 'tool_use', id: `r${k}`, name: 'Read', input: { file_path: `f${k}` } };
    write(`a${k}`, 'assistant', { id: `m${k}a`, role: 'assistant', content: [read], usage });
    write(`t${k}`, 'user', {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: `r${k}`, content: `${k}` }],
    });
    write(`b${k}`, 'assistant', {
      id: `m${k}b`,
      role: 'assistant',
      content: [{ type: 'text', text: `${k}` }],
      usage,
    });
  }
  return `${lines.join('\n')}\n`;
}
