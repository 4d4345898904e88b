/**
 * Gemini CLI: at a share of the window it cuts old tool output down, then
 * keeps the newest share of the history from a user message and summarizes
 * the rest. From its source, google-gemini/gemini-cli (docs/harnesses.md).
 */
import { formatCount } from '../numbers';
import {
  FRACTION_BELOW_ONE,
  FRACTION_UP_TO_ONE,
  NO_WINDOW,
  count,
  isPrompt,
  sumOf,
  type ClearView,
  type ClearingPlan,
  type CutView,
  type Preset,
  type PresetConfig,
} from './preset';
import { PlanBuilder, outputTokens } from './planBuilder';
import { GEMINI_ACKNOWLEDGEMENT } from './placeholders';
import { NO_WINDOW_NOTE, fractionBelow, json } from './configText';

const n = formatCount;

export interface GeminiCliParams {
  /** Compression fires when the context reaches this share of the window. */
  thresholdFraction: number;
  /** The newest share of the history kept verbatim. */
  preserveFraction: number;
  /** Tokens of the newest tool output kept whole before compressing. */
  toolOutputBudget: number;
  /** Older tool outputs beyond the budget are cut down to this many characters. */
  truncateChars: number;
}

/**
 * Where Gemini CLI compresses: it skips while its count is below
 * `threshold × window` (`ChatCompressionService.compress`), so a whole
 * number of tokens fires from `window × threshold` rounded up (10,486 of
 * 1,048,576 at 0.01, not 10,485). The rounding error of binary fractions
 * (200,000 × 0.7) is no fraction of a token.
 */
export function geminiPoint(window: number, fraction: number): number {
  return Math.ceil(window * fraction - 1e-6);
}

/**
 * Gemini CLI, before it compresses: walking back from the newest result, the
 * first 50,000 tokens of tool output stay whole; an older output longer than
 * 40,000 characters is cut to its head and tail. The cut-down output's tokens
 * are estimated in proportion to the characters it keeps.
 */
export function truncateToolOutput(view: ClearView, p: GeminiCliParams): ClearingPlan {
  const { tools } = view;
  const b = new PlanBuilder(view.counts);
  let used = 0;
  for (let i = view.roles.length - 1; i >= view.start; i--) {
    if (view.roles[i] !== 'tool') continue;
    const output = outputTokens(view, i);
    if (used + output > p.toolOutputBudget && tools.chars[i] > p.truncateChars) {
      const kept = Math.ceil((output * p.truncateChars) / tools.chars[i]);
      b.set(i, tools.bare[i] + kept, { output: { kind: 'truncate', chars: p.truncateChars } });
      used += kept;
    } else {
      used += output;
    }
  }
  return b.plan();
}

/**
 * Gemini CLI keeps the newest share of the history (30%), split before a real
 * user message: the first one where the older part holds at least 70%. With
 * none there, everything is summarized if the history ends on a reply that
 * asks for no tool, otherwise it splits at the last user message. The kept
 * part therefore holds at most the share, unless only the newest turn is left.
 */
export function geminiCut(view: CutView, start: number, p: GeminiCliParams): number {
  const n = view.roles.length;
  const total = sumOf(view.counts, start, n);
  const target = total * (1 - p.preserveFraction);
  let lastSplit = start;
  let before = 0;
  for (let i = start; i < n; i++) {
    if (isPrompt(view, i)) {
      if (before >= target) return i;
      lastSplit = i;
    }
    before += view.counts[i];
  }
  const last = n - 1;
  if (last >= start && view.roles[last] === 'assistant' && !(view.calls?.[last] ?? 0)) return n;
  return lastSplit;
}

/** `model.compressionThreshold` in `settings.json`: a hundredth of the window at or below the tuned point. */
const geminiCliConfig: PresetConfig<GeminiCliParams> = {
  file: '~/.gemini/settings.json',
  format: 'json',
  write(t, own) {
    if (t.window <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
    const fraction = Math.max(fractionBelow(t.threshold, t.window), 0.01);
    const point = geminiPoint(t.window, fraction);
    const notes = [
      `Gemini CLI measures a share of the model's own window; these numbers assume ${n(t.window)}`,
      'versions before its settings moved under "model" name it chatCompression.contextPercentageThreshold',
    ];
    if (point !== t.threshold)
      notes.push(
        `${fraction} fires at ${n(point)}, the closest hundredth at or below the tuned ${n(t.threshold)}`,
      );
    notes.push(
      `keep-recent (${n(t.keepRecent)}) has no setting: Gemini CLI keeps the newest ${own.preserveFraction} of the history`,
    );
    return { text: json({ model: { compressionThreshold: fraction } }), notes };
  },
};

export const geminiCliPreset: Preset<'gemini-cli', GeminiCliParams> = {
  id: 'gemini-cli',
  agent: 'Gemini CLI',
  summary: 'Gemini CLI keeps the newest 30%',
  source: "From Gemini CLI's source (chatCompressionService.ts); the threshold has changed twice.",
  doc: {
    trigger: 'tokens ≥ ⌈window × 0.5⌉',
    plan: 'cut old outputs past the newest 50,000 tokens to 40,000 characters, then keep the newest 30% from a user message, summarize the rest',
    sources: 'V: google-gemini/gemini-cli `packages/core/src/context/chatCompressionService.ts`',
  },
  params: {
    thresholdFraction: {
      default: 0.5,
      rule: FRACTION_UP_TO_ONE,
      label: 'Compress at this share of the window',
      hint: 'it has been 0.7 and 0.2',
      option: {
        name: 'threshold-fraction',
        help: 'share of the window that fires (gemini-cli default 0.5, codex 0.9)',
      },
    },
    // Gemini CLI refuses a share of 0 or 1: one keeps nothing, the other summarizes nothing.
    preserveFraction: {
      default: 0.3,
      rule: FRACTION_BELOW_ONE,
      label: 'Newest share kept verbatim',
      option: {
        name: 'preserve-fraction',
        help: 'gemini-cli keeps this newest share verbatim (default 0.3)',
      },
    },
    toolOutputBudget: { default: 50_000, rule: count(), label: 'Newest tool output kept whole (tokens)' },
    truncateChars: { default: 40_000, rule: count(1), label: 'Older outputs cut to (characters)' },
  },
  summarizerCalls: 2,
  clearsOnly: false,
  /** A share of the window. */
  formulaThreshold: (window, p) => geminiPoint(window, p.thresholdFraction),
  trigger(window, p) {
    if (window <= 0) return NO_WINDOW;
    return {
      threshold: Math.max(geminiPoint(window, p.thresholdFraction), 1),
      comparison: 'reach',
      formula: `${n(window)} window × ${p.thresholdFraction}`,
    };
  },
  steps: () => ({ clears: true, cut: 'always' }),
  clear: truncateToolOutput,
  // The summary goes in as a user message and the model's "Got it" follows it: both stay.
  cut: (view, start, p) => ({
    firstKeptIdx: geminiCut(view, start, p),
    carriedTokens: view.tools?.placeholders.acknowledgement ?? 0,
  }),
  acknowledgement: GEMINI_ACKNOWLEDGEMENT,
  // COMPRESSION_FAILED_INFLATED_TOKEN_COUNT: the old history stays, untruncated.
  discardsGrowth: true,
  nothing: (after) => ({
    reason: 'no-split',
    text: `gemini-cli splits only before a user message, and there is none${after} after the first to split at`,
  }),
  config: geminiCliConfig,
};
