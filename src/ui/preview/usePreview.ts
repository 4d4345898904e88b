/**
 * Running a preview: a react-query mutation around one worker request, with
 * the streamed events collected for the page and Stop wired to the worker.
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Reason } from '../../core/compactor';
import type { PromptOverrides } from '../../core/prompts';
import type { Settings } from '../../core/settings';
import { WorkerRequestError, workerClient } from '../../worker/client';
import { usePreviewResult } from '../../state/previewStore';
import type { WorkerFailure, PreviewEvent, PreviewResult, SummarizerChoice } from '../../worker/protocol';
import { applyPreviewEvent, emptyLog, type StreamLog } from './streamLog';

export interface PreviewInput {
  settings: Settings;
  /** The analysis' part not in the file, counted in before and after. */
  unseenTokens?: number;
  summarizer: SummarizerChoice;
  instructions?: string;
  prompts?: PromptOverrides;
  reason: Reason;
  /** The chosen strategy does not fire: the run is forced. */
  forced?: boolean;
  /**
   * The offline summarizer's own re-run after an edit, which locks nothing. It
   * travels with the run rather than in a state of its own, so the page never
   * sees the run pending without knowing whose it is (the field being typed in
   * would be disabled for a frame, and lose its focus).
   */
  itself?: boolean;
}

export function usePreview() {
  const [log, setLog] = useState<StreamLog>(emptyLog);
  const running = useRef<number | null>(null);
  const mutation = useMutation<PreviewResult, WorkerFailure, PreviewInput>({
    retry: false,
    mutationFn: async ({ itself: _itself, ...input }) => {
      setLog(emptyLog());
      const pending: PreviewEvent[] = [];
      let scheduled = false;
      // Stream events arrive faster than frames; fold them in once per frame.
      const flush = () => {
        scheduled = false;
        const batch = pending.splice(0);
        setLog((current) => batch.reduce(applyPreviewEvent, current));
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
