/** What the timeline chart draws for the strategy and call shown, made once per timeline, strategy and pin. */
import { useMemo } from 'react';
import type { TimelineData } from '../../worker/protocol';
import type { PageAnalysis } from '../useAnalysis';
import { callSize, chartRows, pickerCalls, replayOf, rereadCalls, tallestOf } from './chartData';

export function useTimelineChart(data: TimelineData, analysis: PageAnalysis) {
  const strategy = analysis.settings.strategy;
  const pinned = analysis.view.pinnedCall;
  const replay = replayOf(data, strategy);
  const facts = useMemo(
    () => ({
      hasRecorded: data.points.some((p) => p.recordedTokens !== null),
      hasCache: data.points.some((p) => p.cacheReadTokens !== null || p.cacheWriteTokens !== null),
      rereadCalls: rereadCalls(data),
    }),
    [data],
  );
  const rows = useMemo(() => chartRows(data, replay, pinned), [data, replay, pinned]);
  const picks = useMemo(() => pickerCalls(data, replay, pinned), [data, replay, pinned]);
  return {
    ...facts,
    strategy,
    pinned,
    replay,
    rows,
    picks,
    /** The picker's one stop in the tab order: the call shown, else the last. */
    focusCall: pinned ?? picks[picks.length - 1],
    tallest: tallestOf(data, picks),
    sizeOf: (k: number) => callSize(data, k),
  };
}
