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

export function useAnalysis(): PageAnalysis | null {
  // A new transcript re-renders the whole page; deferred, React can do it in
  // slices instead of one long task that freezes the page.
  const view = useDeferredValue(useTranscript((s) => s.view));
  const settings = useSettings((s) => s.settings);
  const index = useMemo(() => (view ? indexShape(view) : null), [view]);
  return useMemo(
    () => (view && index ? { ...analyze(view, settings, index), view } : null),
    [view, index, settings],
  );
}
