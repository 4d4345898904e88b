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

/**
 * One message (an SSE event, an NDJSON line) went on past `MAX_MESSAGE_CHARS`
 * without ending: a body with no line breaks at all, or a server that never
 * closes an event. Held whole, it would grow until the worker ran out of memory.
 */
export class MessageTooLongError extends Error {
  constructor() {
    super(
      `one message of the stream passed ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters without ending`,
    );
    this.name = 'MessageTooLongError';
  }
}

const HEAD_CHARS = 500;

/**
 * The longest one message may be. The longest real one repeats a whole answer
 * at its cap (OpenAI Responses' `response.completed`), JSON escapes included.
 */
export const MAX_MESSAGE_CHARS = 4_000_000;

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
  let overflowed = false;
  const parser = createParser({
    onEvent: (message) => queue.push({ event: message.event, data: message.data }),
    maxBufferSize: MAX_MESSAGE_CHARS,
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflowed = true;
    },
  });
  let head = '';
  let sawEvent = false;
  for await (const text of readText(body, signal)) {
    if (head.length < HEAD_CHARS) head += text.slice(0, HEAD_CHARS - head.length);
    parser.feed(text);
    if (overflowed) {
      // Megabytes without one line break before any event: not a stream at all (a JSON page, say).
      if (!sawEvent && !queue.length)
        throw new StreamFormatError('the response was not a stream of server-sent events', head);
      throw new MessageTooLongError();
    }
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
  // The line being read, in the pieces it arrived in: each piece is scanned
  // for a line break once, so a long line costs its length, not its square.
  let pieces: string[] = [];
  let pending = 0;
  for await (const text of readText(body, signal)) {
    let start = 0;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
      pieces.push(text.slice(start, newline));
      const line = pieces.join('').trim();
      pieces = [];
      pending = 0;
      start = newline + 1;
      if (line) yield { data: line };
    }
    if (start < text.length) {
      pieces.push(text.slice(start));
      pending += text.length - start;
      if (pending > MAX_MESSAGE_CHARS) throw new MessageTooLongError();
    }
  }
  const last = pieces.join('').trim();
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
