/**
 * The page's analysis of the loaded transcript: the core's `analyze` over the
 * worker's view (its shape and counts), the same function the CLI calls. The
 * cut index is built once per view, so a drag only re-runs binary searches.
 */
import { useDeferredValue, useMemo } from 'react';
import { analyze, indexShape, type Analysis } from '../core/analysis';
import { useSettings } from '../state/settingsStore';
import { useTranscript } from '../state/transcriptStore';
import type { TranscriptView } from '../worker/protocol';

export interface PageAnalysis extends Analysis {
  view: TranscriptView;
}

/**
 * Views of up to this many messages are drawn as they arrive, not deferred:
 * their render is a task of tens of milliseconds, while a deferred render
 * starts over whenever the load's progress updates the page (every 50 ms),
 * so the default sample's estimated bars waited out its whole count and
 * never showed.
 */
export const DRAW_AT_ONCE_MAX_MESSAGES = 1000;

/** Whether `view` is drawn at once (see DRAW_AT_ONCE_MAX_MESSAGES). */
export function drawsAtOnce(view: TranscriptView | null): boolean {
  return view !== null && view.counts.length <= DRAW_AT_ONCE_MAX_MESSAGES;
}

export function useAnalysis(): PageAnalysis | null {
  // A new large transcript re-renders the whole page; deferred, React can do
  // it in slices instead of one long task that freezes the page.
  const current = useTranscript((s) => s.view);
  const deferred = useDeferredValue(current);
  const view = drawsAtOnce(current) ? current : deferred;
  const settings = useSettings((s) => s.settings);
  const index = useMemo(() => (view ? indexShape(view) : null), [view]);
  return useMemo(
    () => (view && index ? { ...analyze(view, settings, index), view } : null),
    [view, index, settings],
  );
}
