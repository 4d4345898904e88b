/** The messages compaction's own input fitting would leave out, asked of the worker. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { workerClient } from '../worker/client';
import type { PageAnalysis } from './useAnalysis';
import { useDebounced } from './useDebounced';

/** Which messages compaction's own input fitting would leave out, from the worker. */
export function useOmitted(analysis: PageAnalysis | null): { from: number; to: number }[] {
  const settings = useDebounced(analysis?.settings, 250);
  const view = analysis?.view;
  const fit = useQuery({
    queryKey: ['fit', view?.key, settings],
    queryFn: () => workerClient.request('fit', { settings: settings! }).result,
    enabled: !!view && !!settings,
    staleTime: Infinity,
  });
  return useMemo(() => {
    const report = fit.data;
    const plan = analysis?.plan;
    if (!report || !plan || plan.nothingToCompact) return [];
    const ranges = [];
    if (report.omittedHistory > 0)
      ranges.push({ from: plan.history.from, to: plan.history.from + report.omittedHistory });
    if (report.omittedTurnPrefix > 0 && plan.turnPrefix) {
      ranges.push({ from: plan.turnPrefix.from, to: plan.turnPrefix.from + report.omittedTurnPrefix });
    }
    return ranges;
  }, [fit.data, analysis?.plan]);
}
