/**
 * Roo Code: condenses once the context reaches `autoCondenseContextPercent`
 * of the window, or passes the window less a 10% buffer and the reply. Its
 * condense is a fresh start: the summary is the only message the model sees
 * afterwards, with the folded signatures of the files it read. From its
 * source, RooCodeInc/Roo-Code (docs/harnesses.md).
 */
import { minOf } from '../arrays';
import { formatCount } from '../numbers';
import { NO_WINDOW, count, type Preset } from './preset';
import { percentConfig } from './configText';

const n = formatCount;

export interface RooCodeParams {
  /** Condense at this percent of the window (`autoCondenseContextPercent`, 5–100). */
  autoCondenseContextPercent: number;
  /** The model's reply; Roo Code takes 8,192 when the model names none. */
  maxTokens: number;
}

/** Roo Code keeps this share of the window free besides the reply (`TOKEN_BUFFER_PERCENTAGE`). */
export const ROO_TOKEN_BUFFER = 0.1;

/**
 * The first count that condenses: the percent reached (tokens × 100 / window
 * ≥ percent), or more than window × 0.9 − reply, whichever comes first.
 */
export function rooCodeThreshold(window: number, p: RooCodeParams): number {
  const byPercent = Math.ceil((window * p.autoCondenseContextPercent) / 100 - 1e-6);
  const allowed = window * (1 - ROO_TOKEN_BUFFER) - p.maxTokens;
  const byBuffer = Math.floor(allowed + 1e-6) + 1;
  return Math.max(minOf([byPercent, byBuffer]) ?? 1, 1);
}

/** `autoCondenseContextPercent`, a whole percent of the window. */
const rooCodeConfig = percentConfig<RooCodeParams>(
  'Roo Code',
  'Roo Code settings (Settings › Context, or an exported settings file)',
  (percent, t) => ({ autoCondenseContext: t.enabled, autoCondenseContextPercent: percent }),
  'keep-recent has no setting: Roo Code keeps its last few messages after the summary',
);

export const rooCodePreset: Preset<'roo-code', RooCodeParams> = {
  id: 'roo-code',
  agent: 'Roo Code',
  summary: 'Roo Code condenses at a percent of the window and starts afresh from the summary',
  source: "From Roo Code's source (context-management/index.ts, condense/index.ts).",
  doc: {
    trigger: 'tokens ≥ window × 100% or tokens > window × 0.9 − max tokens (8,192)',
    plan: 'summarize everything: the summary is the only message left, with the folded signatures of the files read (not counted)',
    sources:
      'V: RooCodeInc/Roo-Code `src/core/context-management/index.ts`, `src/core/condense/index.ts` (cb83656, April 2026)',
  },
  params: {
    autoCondenseContextPercent: {
      default: 100,
      rule: count(5, 100),
      label: 'Condense at this percent of the window',
      hint: 'autoCondenseContextPercent, 5 to 100',
      option: {
        name: 'condense-percent',
        unit: 'percent',
        help: 'roo-code condenses at this percent of the window (default 100)',
      },
    },
    maxTokens: {
      default: 8_192,
      rule: count(),
      label: "Model's max tokens",
      hint: '8,192 when the model names none',
      option: { name: 'max-output' },
    },
  },
  summarizerCalls: 1,
  clearsOnly: false,
  trigger(window, p) {
    if (window <= 0) return NO_WINDOW;
    return {
      threshold: rooCodeThreshold(window, p),
      comparison: 'reach',
      formula: `min(${n(window)} window × ${p.autoCondenseContextPercent}%, ${n(window)} window × 0.9 − ${n(p.maxTokens)} max tokens + 1)`,
    };
  },
  steps: () => ({ clears: false, cut: 'always' }),
  cut: (view) => ({ firstKeptIdx: view.roles.length, carriedTokens: 0 }),
  nothing: () => ({
    reason: 'under-threshold',
    text: 'roo-code condenses only once the context reaches its threshold',
  }),
  config: rooCodeConfig,
};
