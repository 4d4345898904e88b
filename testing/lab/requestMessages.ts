/**
 * The recorded requests read into the product's messages (text, tool calls
 * and results) by the product's own request importers, and the conversation
 * as it stood when the agent asked for its summary: what the lab runs the
 * agent's preset on and compares with what the agent sent next.
 */
import type { Message } from '../../src/core';
import { importTranscript } from '../../src/formats';
import type { FormatId } from '../../src/formats/types';
import { AGENT_SUMMARY } from '../mock-llm/agentScript';
import { mockSummary } from '../mock-llm/summary';
import type { LabRequest } from './requests';

/** Each protocol the agents speak is a request format the product imports. */
const FORMAT_OF: Partial<Record<LabRequest['family'], FormatId>> = {
  anthropic: 'anthropic',
  'openai-chat': 'openai-chat',
  'openai-responses': 'openai-responses',
  gemini: 'gemini',
};

/** The messages of one request, as the product imports that protocol's request body; none when it cannot. */
export function requestMessages(request: Pick<LabRequest, 'call' | 'family' | 'body'>): Message[] {
  const format = FORMAT_OF[request.family];
  if (!format) return [];
  try {
    return importTranscript(JSON.stringify(request.body), { format, fileName: `request ${request.call}` })
      .messages;
  } catch {
    // A request with no conversation in it (a bare title or quota call) is no conversation to compare.
    return [];
  }
}

/** What makes two messages the same message: role, text, calls and the call a result answers. */
export function messageKey(m: Message): string {
  const calls = (m.toolCalls ?? []).map((c) => [c.id, c.name, c.arguments]);
  return JSON.stringify([m.role, m.content, calls, m.toolCallId ?? '']);
}

/** A request of the conversation itself: it declares the agent's tools (titles, quota checks and loop checks do not). */
export const isConversation = (r: LabRequest) =>
  !r.summary && Array.isArray(r.body.tools) && r.body.tools.length > 0;

/** A summarization request, the conversation as it stood then, and what the agent sent next. */
export interface SummaryCall {
  /** The summarization request's call number. */
  call: number;
  /** The conversation at that call: the last request before it, then what came of it (see `conversationAt`). */
  before: Message[];
  /** The first request of the conversation after it; null when the agent sent none. */
  next: Message[] | null;
}

/**
 * The openings of the mock's summaries: the scripted agent's, and the one any
 * other model name gets (Gemini CLI asks a compression model of its own).
 */
const MOCK_SUMMARIES = [
  AGENT_SUMMARY.split('\n')[0],
  mockSummary('', 'agent').split('\n').slice(0, 2).join('\n'),
];

/** A message holding one of the mock's summaries: the output of a compaction, never history. */
export const isMockSummary = (m: Message) => MOCK_SUMMARIES.some((opening) => m.content.includes(opening));

/** Where each compaction starts: the first of each run of summarization requests (Gemini CLI sends two, pi one per part). */
export function summaryStarts(requests: readonly LabRequest[]): number[] {
  return requests.flatMap((r, i) => (r.summary && !requests[i - 1]?.summary ? [i] : []));
}

/**
 * The conversation when the agent compacted (at its first summarization
 * request unless `at` names another): the messages of its last request
 * before the summarization request, then the model's reply to it and the
 * tool results that followed, which no earlier request holds. They are read
 * from the summarization request when it sends the history as messages
 * (Claude Code, Codex, Gemini CLI the part it compresses); when it sends the
 * history as one text (pi, OpenCode 1.18), from the calls and results the
 * request after it holds that no earlier request did: a split turn's, kept.
 * A request that sends the history as messages shows every call made before
 * it, so a call only the request after holds was made after the summary
 * (Claude Code runs on with its turn). A plain reply in the request after is
 * the agent's own acknowledgement or the summary, never history; the mock's
 * summary is never history.
 */
export function conversationAt(
  requests: readonly LabRequest[],
  at = requests.findIndex((r) => r.summary),
): SummaryCall | null {
  if (!requests[at]?.summary) return null;
  const previous = requests.slice(0, at).filter(isConversation).at(-1);
  const following = requests.slice(at + 1).find(isConversation);
  const before = previous ? requestMessages(previous) : [];
  const next = following ? requestMessages(following) : null;
  // A count per message, not a set: the same closing reply ends every turn of the script.
  const known = new Map<string, number>();
  const seen = (m: Message) => known.set(messageKey(m), (known.get(messageKey(m)) ?? 0) + 1);
  before.forEach(seen);
  const add = (from: readonly Message[], wanted: (m: Message) => boolean) => {
    const left = new Map(known);
    for (const m of from) {
      const key = messageKey(m);
      const times = left.get(key) ?? 0;
      if (times > 0) left.set(key, times - 1);
      else if (wanted(m) && !isMockSummary(m)) {
        before.push(m);
        seen(m);
      }
    }
  };
  const asked = requestMessages(requests[at]);
  const isExchange = (m: Message) =>
    m.role === 'tool' || (m.role === 'assistant' && Boolean(m.toolCalls?.length));
  add(asked, (m) => m.role === 'assistant' || m.role === 'tool');
  if (!asked.some(isExchange)) add(next ?? [], isExchange);
  return { call: requests[at].call, before, next };
}
