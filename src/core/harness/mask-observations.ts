/**
 * Observation masking (SWE-agent, as JetBrains' "The Complexity Trap" ran
 * it): at every call, every tool result but the newest few becomes a note of
 * how many lines it had. Only clears; never summarizes (docs/harnesses.md).
 */
import { count, type ClearView, type ClearingPlan, type Preset } from './preset';
import { PlanBuilder, toolResults } from './planBuilder';

export interface MaskObservationsParams {
  /** The newest tool results kept verbatim; older ones become a one-line note. */
  keepObservations: number;
}

/** The newest results stay, every older one becomes a note of how many lines it had. */
export function maskObservations(view: ClearView, p: MaskObservationsParams): ClearingPlan {
  const results = toolResults(view);
  const b = new PlanBuilder(view.counts);
  for (const i of results.slice(0, Math.max(0, results.length - p.keepObservations))) {
    b.set(i, view.tools.bare[i] + view.tools.masked[i], { output: { kind: 'mask' } });
  }
  return b.plan();
}

export const maskObservationsPreset: Preset<'mask-observations', MaskObservationsParams> = {
  id: 'mask-observations',
  agent: 'Observation masking',
  summary: "SWE-agent's masking keeps the last 10 results",
  source: 'From "The Complexity Trap" (JetBrains, 2025) and SWE-agent.',
  doc: {
    trigger: 'every call',
    plan: 'replace every tool result but the newest 10 with "Old environment output: (N lines omitted)"',
    sources:
      '2nd: Lindenbauer et al., "The Complexity Trap" (arXiv 2508.21433); V: SWE-agent `history_processors.py`',
  },
  params: {
    // SWE-agent refuses to keep no observation at all.
    keepObservations: {
      default: 10,
      rule: count(1),
      label: 'Newest tool results kept',
      option: {
        name: 'keep-observations',
        unit: 'tool results',
        help: 'mask-observations keeps this many newest tool results (default 10)',
      },
    },
  },
  summarizerCalls: 0,
  clearsOnly: true,
  trigger: () => ({ threshold: 0, comparison: 'always', formula: 'every call' }),
  steps: () => ({ clears: true, cut: 'never' }),
  clear: maskObservations,
  nothing: () => ({
    reason: 'clears-only',
    text: 'mask-observations clears old tool output in place and never summarizes',
  }),
  nothingCleared: (results, p) =>
    `${results} tool result${results === 1 ? '' : 's'}, and mask-observations keeps the newest ${p.keepObservations} (--keep-observations)`,
  config: {
    none: 'SWE-agent masks old observations at every call: there is no point to tune',
  },
};
