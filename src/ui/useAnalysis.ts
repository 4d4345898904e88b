/**
 * The page's analysis of the loaded transcript: the core's `analyze` over the
 * worker's view (its shape and counts), the same function the CLI calls. The
 * cut index is built once per view, so a drag only re-runs binary searches.
 */
import { startTransition, useEffect, useMemo, useState } from 'react';
import { analyze, analyzeInSteps, indexShape, type Analysis } from '../core/analysis';
import type { SettingsFields } from '../core/settings';
import { useSettings } from '../state/settingsStore';
import { useTranscript } from '../state/transcriptStore';
import type { TranscriptView } from '../worker/protocol';
import { runInSlices } from './runInSlices';

export interface PageAnalysis extends Analysis {
  view: TranscriptView;
}

/**
 * Views of up to this many messages are drawn as they arrive, not in a
 * transition: their render is a task of tens of milliseconds, while a
 * transition starts over whenever the load's progress updates the page
 * (every 50 ms), so the default sample's estimated bars waited out its
 * whole count and never showed.
 */
export const DRAW_AT_ONCE_MAX_MESSAGES = 1000;

/** Whether `view` is drawn at once (see DRAW_AT_ONCE_MAX_MESSAGES). */
export function drawsAtOnce(view: TranscriptView | null): boolean {
  return view !== null && view.counts.length <= DRAW_AT_ONCE_MAX_MESSAGES;
}

/** How long one slice of a new transcript's analysis may hold the main thread. */
const SLICE_MS = 12;

/** A view's index, then its analysis a strategy at a time. */
function* inSteps(view: TranscriptView, settings: SettingsFields): Generator<void, PageAnalysis, void> {
  const index = indexShape(view);
  yield;
  return { ...(yield* analyzeInSteps(view, settings, index)), view };
}

interface Sliced {
  analysis: PageAnalysis;
  /** The settings it was made under: while they hold, it is the answer as it is. */
  settings: SettingsFields;
}

export function useAnalysis(): PageAnalysis | null {
  const view = useTranscript((s) => s.view);
  const settings = useSettings((s) => s.settings);
  // A new transcript is analysed in slices, every preset reading all its tool
  // results (one task of 70 ms at 20 MB); until that ends the page goes on
  // showing the transcript before it, as a deferred render did.
  const [sliced, setSliced] = useState<Sliced | null>(null);
  const [failure, setFailure] = useState<{ view: TranscriptView; error: unknown } | null>(null);
  const done = sliced?.analysis.view === view;
  useEffect(() => {
    if (!view || done) return;
    // New settings meanwhile start it again, so that it ends with an analysis for them.
    return runInSlices(
      inSteps(view, settings),
      (analysis) =>
        drawsAtOnce(view)
          ? setSliced({ analysis, settings })
          : startTransition(() => setSliced({ analysis, settings })),
      (error) => setFailure({ view, error }),
      // A large view's first slice takes a task of its own: in the task that drew the view's arrival it made one long task.
      { budgetMs: SLICE_MS, startLater: !drawsAtOnce(view) },
    );
  }, [view, settings, done]);
  if (failure && failure.view === view) throw failure.error;
  // A drag, or any other change of the settings over a view already analysed, is
  // `analyze` at once over its index: binary searches, in the same render.
  return useMemo(() => {
    if (!view || !sliced) return null;
    const { analysis } = sliced;
    if (sliced.settings === settings) return analysis;
    return { ...analyze(analysis.view, settings, analysis.index), view: analysis.view };
  }, [view, sliced, settings]);
}
