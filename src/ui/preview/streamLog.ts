/**
 * What a running preview has streamed, folded event by event for the page's
 * summary, request and raw tabs. Everything kept here is bounded: the text by
 * the providers' answer cap, the raw tab by count and characters.
 */
import type { SummaryPart } from '../../core/summarizer';
import type { ProviderEvent, ProviderHttpRequest } from '../../providers/events';
import type { PreviewEvent } from '../../worker/protocol';
import { NO_TEXT, appendText, type StreamedText } from './streamedText';

export interface StreamLog {
  /** Streamed summary text per part, for the attempt in progress, as lines (`streamedText.ts` says why). */
  text: Record<SummaryPart, StreamedText>;
  reasoning: Record<SummaryPart, string>;
  /** The summarization requests as the core built them (system + prompt), newest attempt per part. */
  requests: { part: SummaryPart; attempt: number; system: string; prompt: string; maxTokens: number }[];
  /** The HTTP requests sent to the provider, key redacted. */
  http: { part: SummaryPart; request: ProviderHttpRequest }[];
  /** Raw stream lines, for the raw tab. */
  raw: { part: SummaryPart; text: string }[];
  /** Characters kept in `raw`. */
  rawChars: number;
  notes: string[];
}

export const emptyLog = (): StreamLog => ({
  text: { history: NO_TEXT, 'turn-prefix': NO_TEXT },
  reasoning: { history: '', 'turn-prefix': '' },
  requests: [],
  http: [],
  raw: [],
  rawChars: 0,
  notes: [],
});

/** The raw tab keeps the first events of a long stream; enough to debug a protocol. */
export const MAX_RAW = 2000;
/** And at most this many characters of them: one event may be megabytes long. */
export const MAX_RAW_CHARS = 2_000_000;

/** A raw event as the raw tab shows it, cut where the tab's room ends. */
function rawLine(event: Extract<ProviderEvent, { type: 'raw' }>, room: number): string {
  const text = event.event ? `event: ${event.event}\ndata: ${event.data}` : event.data;
  return text.length <= room
    ? text
    : `${text.slice(0, room)}… (cut: the raw tab keeps the first ${MAX_RAW_CHARS.toLocaleString('en-US')} characters)`;
}

export function applyPreviewEvent(log: StreamLog, event: PreviewEvent): StreamLog {
  switch (event.type) {
    case 'request':
      return {
        ...log,
        text: { ...log.text, [event.part]: NO_TEXT },
        reasoning: { ...log.reasoning, [event.part]: '' },
        requests: [
          ...log.requests,
          {
            part: event.part,
            attempt: event.attempt,
            system: event.system,
            prompt: event.prompt,
            maxTokens: event.maxTokens,
          },
        ],
      };
    case 'chunk':
      if (event.chunk.type === 'text')
        return {
          ...log,
          text: { ...log.text, [event.part]: appendText(log.text[event.part], event.chunk.text) },
        };
      if (event.chunk.type === 'reasoning') {
        return {
          ...log,
          reasoning: { ...log.reasoning, [event.part]: log.reasoning[event.part] + event.chunk.text },
        };
      }
      return log;
    case 'attempt-failed':
      return {
        ...log,
        notes: [...log.notes, `${event.part} attempt ${event.attempt} failed: ${event.error}`],
      };
    case 'fallback':
      return {
        ...log,
        notes: [...log.notes, `${event.part}: fell back to the raw archive (${event.error})`],
      };
    case 'provider-request':
      return { ...log, http: [...log.http, { part: event.part, request: event.request }] };
    case 'provider-event': {
      if (event.event.type !== 'raw' || log.raw.length >= MAX_RAW || log.rawChars >= MAX_RAW_CHARS)
        return log;
      const text = rawLine(event.event, MAX_RAW_CHARS - log.rawChars);
      return { ...log, raw: [...log.raw, { part: event.part, text }], rawChars: log.rawChars + text.length };
    }
  }
}

/** What a running preview is doing, for its status line: the part and attempt last sent, or 'sending' before any. */
export function runStatus(log: Pick<StreamLog, 'requests'>): string {
  const last = log.requests[log.requests.length - 1];
  return last ? `${last.part}, attempt ${last.attempt}` : 'sending';
}
