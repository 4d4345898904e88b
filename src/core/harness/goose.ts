/**
 * Goose: compacts once the context passes `GOOSE_AUTO_COMPACT_THRESHOLD` of
 * the window (0.8), summarizes the whole conversation, and puts a copy of the
 * newest user prompt back after the summary. From its source, block/goose
 * (docs/harnesses.md).
 */
import { formatCount } from '../numbers';
import { NO_WINDOW, isPrompt, shareOf, type CutView, type Preset } from './preset';

const n = formatCount;

export interface GooseParams {
  /** `GOOSE_AUTO_COMPACT_THRESHOLD`: compact past this share of the window. */
  threshold: number;
}

/** The newest user prompt, copied after the summary; 0 when there is none after `start`. */
export function gooseCarriedTokens(view: CutView, start: number): number {
  for (let i = view.roles.length - 1; i >= start; i--) if (isPrompt(view, i)) return view.counts[i];
  return 0;
}

export const goosePreset: Preset<'goose', GooseParams> = {
  id: 'goose',
  agent: 'Goose',
  summary: 'Goose summarizes everything past 80% and repeats your newest prompt',
  source: "From Goose's source (crates/goose/src/context_mgmt/mod.rs).",
  doc: {
    trigger: 'tokens > ⌊window × 0.8⌋ (`GOOSE_AUTO_COMPACT_THRESHOLD`)',
    plan: 'summarize everything; a copy of the newest user prompt goes back after the summary',
    sources: 'V: block/goose `crates/goose/src/context_mgmt/mod.rs` (331a842)',
  },
  params: {
    threshold: {
      default: 0.8,
      rule: { kind: 'fraction', maxInclusive: false, atOne: 'goose reads 1 or more as auto-compaction off' },
      label: 'Compact past this share of the window',
      hint: 'GOOSE_AUTO_COMPACT_THRESHOLD',
      option: {
        name: 'auto-compact-threshold',
        help: 'goose compacts past this share of the window (GOOSE_AUTO_COMPACT_THRESHOLD, default 0.8)',
      },
    },
  },
  summarizerCalls: 1,
  clearsOnly: false,
  /** tokens ÷ window > threshold, that is tokens > ⌊window × threshold⌋ for whole counts. */
  trigger(window, p) {
    if (window <= 0) return NO_WINDOW;
    return {
      threshold: shareOf(window, p.threshold),
      comparison: 'exceed',
      formula: `${n(window)} window × ${p.threshold}`,
    };
  },
  steps: () => ({ clears: false, cut: 'always' }),
  cut: (view, start) => ({ firstKeptIdx: view.roles.length, carriedTokens: gooseCarriedTokens(view, start) }),
  nothing: () => ({
    reason: 'under-threshold',
    text: 'goose compacts only once the context passes its threshold',
  }),
  config: {
    none: 'not written yet: Goose reads GOOSE_AUTO_COMPACT_THRESHOLD, a share of the window, from the environment',
  },
};
