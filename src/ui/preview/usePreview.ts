/**
 * Running a preview: a react-query mutation around one worker request, with
 * the streamed events collected for the page and Stop wired to the worker.
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Reason } from '../../core/compactor';
import type { PromptOverrides } from '../../core/prompts';
import type { Settings } from '../../core/settings';
import type { SummaryPart } from '../../core/summarizer';
import type { ProviderHttpRequest } from '../../providers/events';
import { WorkerRequestError, workerClient } from '../../worker/client';
import { usePreviewResult } from '../../state/previewStore';
import type { WorkerFailure, PreviewEvent, PreviewResult, SummarizerChoice } from '../../worker/protocol';

export interface StreamLog {
  /** Streamed summary text per part, for the attempt in progress. */
  text: Record<SummaryPart, string>;
  reasoning: Record<SummaryPart, string>;
  /** The summarization requests as the core built them (system + prompt), newest attempt per part. */
  requests: { part: SummaryPart; attempt: number; system: string; prompt: string; maxTokens: number }[];
  /** The HTTP requests sent to the provider, key redacted. */
  http: { part: SummaryPart; request: ProviderHttpRequest }[];
  /** Raw stream lines, for the raw tab. */
  raw: { part: SummaryPart; text: string }[];
  notes: string[];
}

const emptyLog = (): StreamLog => ({
  text: { history: '', 'turn-prefix': '' },
  reasoning: { history: '', 'turn-prefix': '' },
  requests: [],
  http: [],
  raw: [],
  notes: [],
});

/** The raw tab keeps the first events of a long stream; enough to debug a protocol. */
const MAX_RAW = 2000;

function apply(log: StreamLog, event: PreviewEvent): StreamLog {
  switch (event.type) {
    case 'request':
      return {
        ...log,
        text: { ...log.text, [event.part]: '' },
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
        return { ...log, text: { ...log.text, [event.part]: log.text[event.part] + event.chunk.text } };
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
    case 'provider-event':
      if (event.event.type !== 'raw' || log.raw.length >= MAX_RAW) return log;
      return {
        ...log,
        raw: [
          ...log.raw,
          {
            part: event.part,
            text: event.event.event
              ? `event: ${event.event.event}\ndata: ${event.event.data}`
              : event.event.data,
          },
        ],
      };
  }
}

export interface PreviewInput {
  settings: Settings;
  /** The analysis' part not in the file, counted in before and after. */
  unseenTokens?: number;
  summarizer: SummarizerChoice;
  instructions?: string;
  prompts?: PromptOverrides;
  reason: Reason;
}

export function usePreview() {
  const [log, setLog] = useState<StreamLog>(emptyLog);
  const running = useRef<number | null>(null);
  const mutation = useMutation<PreviewResult, WorkerFailure, PreviewInput>({
    retry: false,
    mutationFn: async (input) => {
      setLog(emptyLog());
      const pending: PreviewEvent[] = [];
      let scheduled = false;
      // Stream events arrive faster than frames; fold them in once per frame.
      const flush = () => {
        scheduled = false;
        const batch = pending.splice(0);
        setLog((current) => batch.reduce(apply, current));
      };
      const { id, result } = workerClient.request('compact', input, undefined, (event) => {
        pending.push(event);
        if (!scheduled) {
          scheduled = true;
          requestAnimationFrame(flush);
        }
      });
      running.current = id;
      try {
        const value = await result;
        usePreviewResult.getState().set(value);
        return value;
      } catch (error) {
        throw error instanceof WorkerRequestError
          ? error.failure
          : { code: 'worker', message: String(error) };
      } finally {
        running.current = null;
        flush();
      }
    },
  });
  const stop = useCallback(() => {
    if (running.current !== null) workerClient.cancel(running.current);
  }, []);
  return { mutation, log, stop };
}
