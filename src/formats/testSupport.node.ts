/**
 * Shared by the format tests: read a fixture, and reduce an import to the
 * counts each fixture test pins down.
 */
import { readFileSync } from 'node:fs';
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
  const from = Math.max(last.atMessage, ...last.contextAfter) + 1;
  return [...last.contextAfter.map((i) => history.messages[i]!), ...history.messages.slice(from)];
}
