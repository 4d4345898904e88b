/**
 * Reading a streamed response body: server-sent events for most providers,
 * newline-delimited JSON for Ollama's native API. Both stop at once when the
 * call's signal aborts, even on a body that would never produce another byte.
 */
import { createParser } from 'eventsource-parser';

/** One unit of a stream: an SSE event (with its name, if any) or one NDJSON line. */
export interface WireMessage {
  event?: string;
  data: string;
}

/** The body was not in the expected format at all (e.g. a JSON page with status 200). */
export class StreamFormatError extends Error {
  /** The start of what arrived instead. */
  readonly head: string;
  constructor(message: string, head: string) {
    super(message);
    this.name = 'StreamFormatError';
    this.head = head;
  }
}

const HEAD_CHARS = 500;

/**
 * Decoded text chunks of a body. An abort cancels the reader, because a body
 * from a stalled server (or a test double) may never settle a pending read.
 */
async function* readText(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<string> {
  signal.throwIfAborted();
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const onAbort = () => {
    reader.cancel(signal.reason).catch(() => {});
  };
  signal.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        throw error;
      }
      if (signal.aborted) throw signal.reason;
      if (step.done) break;
      const text = decoder.decode(step.value, { stream: true });
      if (text) yield text;
    }
    finished = true;
    const tail = decoder.decode();
    if (tail) yield tail;
  } finally {
    signal.removeEventListener('abort', onAbort);
    // A consumer that stops early must not leave the connection streaming.
    if (!finished) reader.cancel().catch(() => {});
  }
}

export async function* readSse(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
): AsyncGenerator<WireMessage> {
  const queue: WireMessage[] = [];
  const parser = createParser({
    onEvent: (message) => queue.push({ event: message.event, data: message.data }),
  });
  let head = '';
  let sawEvent = false;
  for await (const text of readText(body, signal)) {
    if (head.length < HEAD_CHARS) head += text.slice(0, HEAD_CHARS - head.length);
    parser.feed(text);
    while (queue.length) {
      sawEvent = true;
      yield queue.shift() as WireMessage;
    }
  }
  if (!sawEvent && head.trim()) {
    throw new StreamFormatError('the response was not a stream of server-sent events', head);
  }
}

export async function* readNdjson(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
): AsyncGenerator<WireMessage> {
  let buffer = '';
  for await (const text of readText(body, signal)) {
    buffer += text;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) yield { data: line };
      newline = buffer.indexOf('\n');
    }
  }
  const last = buffer.trim();
  if (last) yield { data: last };
}

/** Parses one message's JSON; undefined when it is not JSON (the adapter decides what that means). */
export function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
