/**
 * Small transcript builders for the core's tests. Each test states its own
 * transcript with these, so the numbers it asserts can be read off the test.
 */
import type { Message, ToolCall } from '../message';
import type { SummaryChunk, SummaryRequest, Summarizer } from '../summarizer';

let next = 0;
const id = () => `m${++next}`;

export const sys = (content: string): Message => ({ id: id(), role: 'system', content });
export const user = (content: string, turnId?: string): Message => ({
  id: id(),
  role: 'user',
  content,
  turnId,
});
export const assistant = (content: string, toolCalls?: ToolCall[], turnId?: string): Message => ({
  id: id(),
  role: 'assistant',
  content,
  ...(toolCalls ? { toolCalls } : {}),
  turnId,
});
export const toolResult = (call: ToolCall, content: string, turnId?: string): Message => ({
  id: id(),
  role: 'tool',
  content,
  toolCallId: call.id,
  toolName: call.name,
  turnId,
});
export const call = (callId: string, name: string, args: Record<string, unknown>): ToolCall => ({
  id: callId,
  name,
  arguments: JSON.stringify(args),
});

/** About three cl100k tokens per repeat. */
export const filler = (n: number): string => 'some conversation content '.repeat(n);
export const chars = (n: number, ch = 'x'): string => ch.repeat(n);

/**
 * One ReAct turn: a system prompt, one user request, then `rounds` rounds of
 * an assistant writing a file and the tool confirming it.
 */
export function reactTurn(rounds: number): Message[] {
  const out = [sys('you are an agent'), user('build me a deck')];
  for (let i = 0; i < rounds; i++) {
    const c = call(`call-${String.fromCharCode(97 + (i % 26))}`, 'write_sandbox_file', {
      path: '/workspace/out.html',
      content: filler(40),
    });
    out.push(assistant(filler(20), [c]), toolResult(c, filler(30)));
  }
  return out;
}

/** A turn already stored by the agent: every message carries the turn's id. */
export function storedTurn(turnId: string, rounds: number, path: string): Message[] {
  const out = [user(`question ${turnId}`, turnId)];
  for (let i = 0; i < rounds; i++) {
    const c = call(`${turnId}-call-${i}`, 'write_sandbox_file', { path, content: 'x' });
    out.push(assistant(filler(20), [c], turnId), toolResult(c, filler(30), turnId));
  }
  out.push(assistant(`answer ${turnId}`, undefined, turnId));
  return out;
}

/** Stored turns go between the system prompt and the live turn. */
export function withStoredHistory(live: Message[], ...turns: Message[][]): Message[] {
  return [live[0], ...turns.flat(), ...live.slice(1)];
}

export interface RecordingSummarizer extends Summarizer {
  requests: SummaryRequest[];
}

type Behaviour = (request: SummaryRequest) => AsyncIterable<SummaryChunk>;

/** Plays one behaviour per call (the last one repeats) and records each request. */
export function scripted(...behaviours: Behaviour[]): RecordingSummarizer {
  const requests: SummaryRequest[] = [];
  return {
    label: 'test',
    requests,
    stream(request) {
      requests.push(request);
      return behaviours[Math.min(requests.length - 1, behaviours.length - 1)](request);
    },
  };
}

/** Streams `text` in a few chunks, then a finish reason. */
export const answers = (text: string, finish = 'stop'): Behaviour =>
  async function* () {
    for (let i = 0; i < text.length; i += 7) yield { type: 'text', text: text.slice(i, i + 7) };
    yield { type: 'finish', reason: finish };
    yield { type: 'usage', usage: { promptTokens: 1000, completionTokens: 50 } };
  };

export const fails = (error: unknown): Behaviour =>
  // eslint-disable-next-line require-yield
  async function* () {
    throw error;
  };

/** Waits for the abort signal like a request that never gets an answer. */
export const hangs: Behaviour = (request) => ({
  [Symbol.asyncIterator]: () => ({
    next: () =>
      new Promise<IteratorResult<SummaryChunk>>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  }),
});

/** Sends `first` chunks, then goes quiet until aborted. */
export const stallsAfter =
  (first: SummaryChunk[]): Behaviour =>
  (request) => {
    const queue = [...first];
    return {
      [Symbol.asyncIterator]: () => ({
        next: () =>
          queue.length
            ? Promise.resolve({ done: false, value: queue.shift()! })
            : new Promise<IteratorResult<SummaryChunk>>((_, reject) => {
                request.signal.addEventListener('abort', () =>
                  reject(new DOMException('aborted', 'AbortError')),
                );
              }),
      }),
    };
  };
