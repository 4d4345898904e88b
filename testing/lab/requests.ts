/**
 * The requests an agent sent to the mock, as the lab keeps them: headers
 * without keys, the body as parsed JSON, the prompt's size by the mock's
 * counting rule (`testing/mock-llm/counting.ts`: characters of the body's
 * strings / 3) and whether the mock took it for a summarization request.
 */
import { agentUsage } from '../mock-llm/agentFrames';
import { readConversation } from '../mock-llm/agentConversation';
import { isSummaryRequest } from '../mock-llm/agentScript';
import { countRoute, mockCount } from '../mock-llm/counting';
import type { Family } from '../mock-llm/protocols';
import type { RecordedRequest } from '../mock-llm/server';

export interface LabRequest {
  /** 1-based, in the order the mock received them. */
  call: number;
  url: string;
  family: Family;
  model: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** The mock's count of the whole body. */
  tokens: number;
  /** The usage the mock reported back (prompt + reply): the number an agent compares with its threshold. */
  usage: number;
  summary: boolean;
}

const KEY_HEADERS = /^(authorization|x-api-key|x-goog-api-key|api-key|cookie)$/i;

export function withoutKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !KEY_HEADERS.test(name)));
}

/** A call to one of the mock's counting endpoints, by the mock's own routes: its path exactly, not a word in it. */
export function isCountingCall(url: string): boolean {
  return countRoute(new URL(url, 'http://mock').pathname) !== undefined;
}

/**
 * The generation requests among everything the mock received (counting
 * calls, preflights, probes and unknown endpoints left out). Every reply the
 * mock streamed answers one of these; a call an agent holds back while it
 * summarizes (Claude Code's, answered before its summarization request) shows
 * first in the request after the summary, not in the one that produced it.
 */
export function labRequests(recorded: readonly RecordedRequest[]): LabRequest[] {
  const out: LabRequest[] = [];
  for (const request of recorded) {
    if (request.method !== 'POST' || !request.family || !request.body) continue;
    if (isCountingCall(request.url)) continue;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      continue;
    }
    out.push({
      call: out.length + 1,
      url: request.url,
      family: request.family,
      model: request.model ?? '',
      headers: withoutKeys(request.headers),
      body,
      tokens: mockCount(body),
      usage: (({ inputTokens, outputTokens }) => inputTokens + outputTokens)(
        agentUsage(request.family, body),
      ),
      summary: isSummaryRequest(readConversation(request.family, body)),
    });
  }
  return out;
}
