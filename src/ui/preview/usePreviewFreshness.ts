/**
 * Keeps a preview honest: remembers what the shown result was made from, says
 * when the page no longer matches it, and runs the offline summarizer again
 * by itself once the changes pause (it is free and instant; a provider costs
 * money, so that waits for a click). A stale result is not shared either.
 */
import { useEffect, useRef, useState } from 'react';
import { usePreviewResult } from '../../state/previewStore';
import type { PreviewResult } from '../../worker/protocol';
import { staleReason, type PreviewBasis, type StaleReason } from './staleness';

/** How long the page must stay unchanged before the offline preview runs again. */
export const OFFLINE_RERUN_MS = 400;

interface Options {
  /** What the page shows now. */
  now: PreviewBasis;
  /** The result on screen, if any. */
  result: PreviewResult | undefined;
  running: boolean;
  /** Whether a run may start now (Run is enabled). */
  canRun: boolean;
  rerun(): void;
}

export function usePreviewFreshness({ now, result, running, canRun, rerun }: Options): {
  stale: StaleReason | null;
  /** Whether the offline summarizer will run again by itself. */
  rerunsItself: boolean;
  /** Call as a run starts: its result is made from what the page shows now. */
  markRun(): void;
} {
  const [ran, setRan] = useState<PreviewBasis | null>(null);
  const stale = result && ran && !running ? staleReason(ran, now) : null;
  const rerunsItself =
    stale !== null && canRun && ran?.summarizer.mode === 'offline' && now.summarizer.mode === 'offline';

  // The run of the latest render, so a re-render alone does not restart the wait.
  const latestRerun = useRef(rerun);
  useEffect(() => {
    latestRerun.current = rerun;
  });
  useEffect(() => {
    if (!rerunsItself) return;
    const timer = setTimeout(() => latestRerun.current(), OFFLINE_RERUN_MS);
    return () => clearTimeout(timer);
    // Every change to what the page shows restarts the wait.
  }, [rerunsItself, now.transcript, now.settings, now.summarizer, now.instructions, now.prompts]);

  useEffect(() => {
    if (result && !running) usePreviewResult.getState().set(stale ? null : result);
  }, [result, running, stale]);

  return { stale, rerunsItself, markRun: () => setRan(now) };
}
