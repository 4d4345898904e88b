/**
 * Kilo Code: its command line and its editor agent run OpenCode's session
 * code, with Kilo's changes to when it compacts: the usable window leaves
 * room for both the reply and a 20,000-token buffer, and
 * `compaction.threshold_percent` can bring the point lower. The cut is
 * OpenCode's, with Kilo's bounds; the prune (the newest 40,000 tokens of tool
 * output kept) runs before a summary only when `compaction.prune` is true.
 * From its source, Kilo-Org/kilocode at 02bc3f21 (docs/harnesses.md).
 */
import { formatCount } from '../numbers';
import { minOf } from '../arrays';
import {
  OPENCODE_OUTPUT_TOKEN_MAX,
  openCodeCut,
  opencodePreset,
  pruneToolOutput,
  type OpenCodeParams,
  type TailRules,
} from './opencode';
import { NO_WINDOW, count, type ParamSpec, type Preset } from './preset';
import { percentConfig } from './configText';

const n = formatCount;

export interface KiloParams extends OpenCodeParams {
  /** `compaction.threshold_percent`: compact at this percent of the window at the latest; 0 when unset. */
  thresholdPercent: number;
}

/** Kilo keeps this much free besides the reply, or the reply's size when smaller (`COMPACTION_BUFFER`). */
export const KILO_COMPACTION_BUFFER = 20_000;

/**
 * The tail of the OpenCode code Kilo carries (`compaction.ts` at 02bc3f21):
 * a budget of at most 8,000 where OpenCode's is 15,000, and, as OpenCode,
 * the end of a turn that does not fit whole (`splitTurn`).
 */
export const KILO_TAIL: TailRules = { maxPreserveRecent: 8_000 };

/**
 * Kilo's point: the window less the reply (capped at 32,000) and a buffer of
 * the smaller of 20,000 and the reply; lower still at `threshold_percent` of
 * the window, rounded down, when that is set.
 */
export function kiloThreshold(window: number, p: KiloParams): number {
  const reply = Math.min(p.maxOutputTokens, OPENCODE_OUTPUT_TOKEN_MAX);
  const usable = Math.max(0, window - reply - Math.min(KILO_COMPACTION_BUFFER, reply));
  const cap = p.thresholdPercent > 0 ? Math.floor((window * p.thresholdPercent) / 100 + 1e-6) : usable;
  return Math.max(minOf([usable, cap]) ?? 1, 1);
}

/**
 * OpenCode's parameters as Kilo shares them: the same options, named in
 * OpenCode's help lines, with Kilo's defaults where its copy of the code
 * differs (its tail keeps at most the newest 2 turns, within 2,000–8,000,
 * and none when `tail_turns` is 0). Its prune before a summary is OpenCode's
 * rule: only when `compaction.prune` is true. Kilo also prunes after every
 * summary unless it is false; that prune stops at the newest 40,000 tokens of
 * tool output, more than the tail's budget of at most 8,000 holds, so what
 * the summary keeps is the same and it is not modelled.
 */
function shared(): { [N in keyof OpenCodeParams]: ParamSpec<OpenCodeParams[N]> } {
  const out = { ...opencodePreset.params };
  for (const key of Object.keys(out) as (keyof OpenCodeParams)[]) {
    const spec = out[key] as ParamSpec<unknown>;
    if (spec.option)
      (out[key] as ParamSpec<unknown>) = { ...spec, option: { ...spec.option, help: undefined } };
  }
  out.prune = { ...out.prune, default: false, hint: 'compaction.prune; before a summary only when true' };
  out.tailTurns = { ...out.tailTurns, default: 2, hint: 'tail_turns; 0: no tail, all summarized' };
  out.preserveRecentTokens = {
    ...out.preserveRecentTokens,
    hint: '0: a quarter of the usable window, 2,000–8,000',
  };
  return out;
}

/** Kilo Code takes Roo Code's setting: `autoCondenseContextPercent`. */
const kiloConfig = percentConfig<KiloParams>(
  'Kilo Code',
  'Kilo Code settings (Settings › Context, or an exported settings file)',
  (percent, t) => ({ autoCondenseContext: t.enabled, autoCondenseContextPercent: percent }),
  'keep-recent has no setting: Kilo Code keeps its last few messages after the summary',
);

export const kiloPreset: Preset<'kilo', KiloParams> = {
  id: 'kilo',
  agent: 'Kilo Code',
  summary: 'Kilo Code summarizes like OpenCode, at its own point',
  source:
    "From Kilo Code's source (kilocode/session/overflow.ts on OpenCode's session code, compaction.ts at 02bc3f21).",
  doc: {
    trigger:
      'tokens ≥ min(window − min(max output, 32,000) − min(20,000, max output), ⌊window × threshold_percent⌋)',
    plan: 'summarize all but the newest 2 turns that fit a quarter of the usable window (2,000–8,000), splitting the turn that does not fit; with `compaction.prune` true, first prune tool output older than the newest 40,000 tokens (if more than 20,000 would go)',
    sources:
      'V: Kilo-Org/kilocode `packages/opencode/src/session/compaction.ts` (02bc3f21), `packages/opencode/src/session/overflow.ts` (8941515), `packages/opencode/src/kilocode/session/overflow.ts` (b32ab17)',
  },
  params: {
    thresholdPercent: {
      default: 0,
      rule: count(0, 100),
      label: 'Compact at this percent of the window',
      hint: 'compaction.threshold_percent; 0: unset',
      option: {
        name: 'threshold-percent',
        unit: 'percent',
        help: 'kilo compacts at this percent of the window at the latest (default unset)',
      },
    },
    ...shared(),
  },
  summarizerCalls: 1,
  clearsOnly: false,
  trigger(window, p) {
    if (window <= 0) return NO_WINDOW;
    const reply = Math.min(p.maxOutputTokens, OPENCODE_OUTPUT_TOKEN_MAX);
    const usable = `${n(window)} window − ${n(reply)} reply − ${n(Math.min(KILO_COMPACTION_BUFFER, reply))} buffer`;
    return {
      threshold: kiloThreshold(window, p),
      comparison: 'reach',
      formula:
        p.thresholdPercent > 0 ? `min(${usable}, ${n(window)} window × ${p.thresholdPercent}%)` : usable,
    };
  },
  steps: (p) => (p.prune ? { clears: true, cut: 'if-still-over' } : { clears: false, cut: 'always' }),
  clear: pruneToolOutput,
  // Kilo's `tail_turns` of 0 keeps no tail (OpenCode's means no limit).
  cut: (view, start, p, usable) => ({
    firstKeptIdx: p.tailTurns > 0 ? openCodeCut(view, start, usable, p, KILO_TAIL) : view.roles.length,
    carriedTokens: 0,
  }),
  nothing: () => ({
    reason: 'under-threshold',
    text: 'kilo summarizes only once the context reaches its threshold (with prune true, after clearing old tool output)',
  }),
  config: kiloConfig,
};
