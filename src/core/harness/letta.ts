/**
 * Letta: once the context passes 90% of the window, its sliding window
 * summarizes the oldest messages, evicting a growing share of them (from
 * `sliding_window_percentage` + 10%, by message count) until what is left
 * is under the rest of the window; it cuts only before an assistant message.
 * From its source, letta-ai/letta `letta/services/summarizer/`
 * (docs/harnesses.md).
 */
import { formatCount } from '../numbers';
import {
  FLAG,
  FRACTION_UP_TO_ONE,
  NO_WINDOW,
  shareOf,
  sumOf,
  type CutView,
  type Preset,
  type PresetConfig,
} from './preset';
import { NO_WINDOW_NOTE } from './configText';

const n = formatCount;

export interface LettaParams {
  /** `sliding_window_percentage`: the share of the messages the first try evicts, less 10%. */
  slidingWindowPercentage: number;
  /** `mode: "all"`: summarize every message, keeping none. */
  summarizeAll: boolean;
}

/** Letta compacts once its estimate passes this share of the window (`SUMMARIZATION_TRIGGER_MULTIPLIER`). */
export const LETTA_TRIGGER_MULTIPLIER = 0.9;

/** Python's `round`: to the nearest whole number, halves to the even one. */
export function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const rest = x - floor;
  if (rest !== 0.5) return rest < 0.5 ? floor : floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * Letta's sliding window on its in-context list: the system prompt, the
 * previous summary (when there is one), then the messages after it. It
 * tries evicting `sliding_window_percentage` + 10% of the list (by count,
 * rounded as Python rounds), then 10% more each time, cutting at the
 * nearest assistant message at or before that point, until the system
 * prompt and what is left count less than (1 − percentage) of the window.
 * With no such cut short of the whole list, or a cut at the last message,
 * it falls back to summarizing everything; so it does when what is left
 * still reaches its trigger. The first message kept, or the length of the
 * list when everything is summarized.
 */
export function lettaCut(view: CutView, start: number, p: LettaParams, trigger: number): number {
  const total = view.roles.length;
  if (p.summarizeAll) return total;
  const window = view.window ?? 0;
  const base = start > 0 && view.isSummary[start - 1] ? start - 1 : start;
  // Letta's index i ≥ 1 is our base + i − 1; its index 0 is the system prompt.
  const size = 1 + (total - base);
  let system = 0;
  for (let i = 0; i < base; i++) if (view.roles[i] === 'system') system += view.counts[i];
  const goal = (1 - p.slidingWindowPercentage) * window;
  let left = window;
  let eviction = p.slidingWindowPercentage;
  let cutoff = -1;
  while (left >= goal && eviction < 1.0) {
    eviction += 0.1;
    const target = roundHalfEven(eviction * size);
    cutoff = -1;
    for (let i = Math.min(target, size - 1); i >= 1; i--) {
      if (view.roles[base + i - 1] === 'assistant') {
        cutoff = i;
        break;
      }
    }
    if (cutoff < 0) continue;
    left = system + sumOf(view.counts, base + cutoff - 1, total);
  }
  if (cutoff < 0 || eviction >= 1.0 || cutoff >= size - 1) return total;
  const kept = base + cutoff - 1;
  if (system + sumOf(view.counts, kept, total) >= trigger) return total;
  return kept;
}

function lettaThreshold(window: number): number {
  return shareOf(window, LETTA_TRIGGER_MULTIPLIER);
}

/** The largest `context_window_limit` whose 90% (Letta's point) is at most `threshold`. */
function lettaLimitFor(threshold: number): number {
  let limit = Math.floor(threshold / LETTA_TRIGGER_MULTIPLIER);
  while (shareOf(limit + 1, LETTA_TRIGGER_MULTIPLIER) <= threshold) limit++;
  while (limit > 1 && shareOf(limit, LETTA_TRIGGER_MULTIPLIER) > threshold) limit--;
  return limit;
}

/** The agent's `context_window_limit` and `compaction_settings`, in Python. */
const lettaConfig: PresetConfig<LettaParams> = {
  file: 'your agent (Python)',
  format: 'python',
  write(t, params, own) {
    if (t.threshold <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
    // Letta compacts past 90% of its context_window_limit: the largest limit whose 90% is the tuned point.
    const limit = own ? t.window : lettaLimitFor(t.threshold);
    const share = own
      ? params.slidingWindowPercentage
      : Math.min(Math.max(Math.ceil((1 - t.keepRecent / limit) * 100 - 1e-9) / 100, 0.01), 1);
    const notes = [
      `Letta compacts once its count passes ${LETTA_TRIGGER_MULTIPLIER} of context_window_limit: ${n(limit)} puts that at ${n(shareOf(limit, LETTA_TRIGGER_MULTIPLIER))}`,
      `sliding_window_percentage ${share}: its first try evicts ${share} + 0.1 of the messages by count, then 0.1 more until what is left is under ${n(Math.floor((1 - share) * limit))} tokens`,
    ];
    if (!own && limit !== t.window)
      notes.push(
        `context_window_limit is below the model's window (${n(t.window)}): Letta takes it as the window, for its point and its sliding window alike`,
      );
    const mode = own && params.summarizeAll ? 'all' : 'sliding_window';
    const text = [
      'agent = client.agents.create(',
      '    model=model,',
      `    context_window_limit=${limit},`,
      '    compaction_settings={',
      `        "mode": "${mode}",`,
      ...(mode === 'sliding_window' ? [`        "sliding_window_percentage": ${share},`] : []),
      '    },',
      ')',
      '',
    ].join('\n');
    return { text, notes };
  },
};

export const lettaPreset: Preset<'letta', LettaParams> = {
  id: 'letta',
  agent: 'Letta',
  summary: 'Letta summarizes its oldest messages past 90%, a sliding window by message count',
  source:
    "From Letta's source (services/summarizer/summarizer_sliding_window.py, compact.py, thresholds.py).",
  doc: {
    trigger: 'tokens > ⌊window × 0.9⌋',
    plan: 'summarize the oldest messages up to an assistant message, evicting `sliding_window_percentage` (0.3) + 10% of them, then 10% more, until the rest is under 70% of the window; else summarize everything',
    sources:
      'V: letta-ai/letta `letta/services/summarizer/summarizer_sliding_window.py`, `compact.py`, `summarizer_config.py`, `thresholds.py`, `letta/settings.py` (56ba9c2)',
  },
  params: {
    slidingWindowPercentage: {
      default: 0.3,
      rule: FRACTION_UP_TO_ONE,
      label: 'Share of the messages evicted (first try less 10%)',
      hint: 'sliding_window_percentage; the rest must fit 1 − it of the window',
      option: {
        name: 'sliding-window-percentage',
        help: 'letta evicts this share of its messages first, plus 10% (sliding_window_percentage, default 0.3)',
      },
    },
    summarizeAll: {
      default: false,
      rule: FLAG,
      label: 'Summarize everything (mode "all")',
      option: { name: 'summarize-all', help: 'letta summarizes every message (compaction mode "all")' },
    },
  },
  summarizerCalls: 1,
  clearsOnly: false,
  formulaThreshold: lettaThreshold,
  trigger(window) {
    if (window <= 0) return NO_WINDOW;
    return {
      threshold: Math.max(lettaThreshold(window), 1),
      comparison: 'exceed',
      formula: `${n(window)} window × ${LETTA_TRIGGER_MULTIPLIER}`,
    };
  },
  steps: () => ({ clears: false, cut: 'always' }),
  cut: (view, start, p, trigger) => ({ firstKeptIdx: lettaCut(view, start, p, trigger), carriedTokens: 0 }),
  nothing: (after) => ({
    reason: 'no-split',
    text: `letta cuts only before an assistant message, and none${after} leaves anything before it to summarize`,
  }),
  config: lettaConfig,
};
