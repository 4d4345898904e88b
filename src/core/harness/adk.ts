/**
 * Google's Agent Development Kit (ADK): an app's `EventsCompactionConfig`.
 * Once the prompt reaches `token_threshold`, a summary event replaces every
 * event since the previous compaction but the newest `event_retention_size`,
 * moving the split back so that no kept tool response loses its call. From
 * its source, google/adk-python `src/google/adk/apps/compaction.py`
 * (docs/harnesses.md).
 */
import { formatCount } from '../numbers';
import { count, type CutView, type Preset, type PresetConfig } from './preset';
import { NO_WINDOW_NOTE, n } from './configText';

export interface AdkParams {
  /** `token_threshold`: ADK compacts once the prompt reaches this many tokens. */
  tokenThreshold: number;
  /** `event_retention_size`: the newest events kept raw after the summary. */
  eventRetentionSize: number;
}

/**
 * Where each ADK event starts, among the messages from `start`. A model
 * response with its calls is one event, and so are all the responses to one
 * model turn's calls: a run of tool results is one event here, where the
 * normalized messages hold one result each.
 */
export function adkEvents(view: Pick<CutView, 'roles'>, start: number): number[] {
  const starts: number[] = [];
  for (let i = start; i < view.roles.length; i++) {
    if (view.roles[i] === 'tool' && i > start && view.roles[i - 1] === 'tool') continue;
    starts.push(i);
  }
  return starts;
}

/** The assistant message that made the call a tool result at `i` answers. */
function callOf(view: CutView, i: number): number {
  const owner = view.tools?.owner[i] ?? -1;
  if (owner >= 0) return owner;
  let j = i - 1;
  while (j >= 0 && view.roles[j] !== 'assistant') j--;
  return j;
}

/** Assistant messages with a call no result answers: ADK never compacts from such an event on. */
function pendingCalls(view: CutView, start: number): Set<number> {
  const pending = new Set<number>();
  if (!view.calls) return pending;
  const answered = new Map<number, number>();
  for (let i = start; i < view.roles.length; i++) {
    if (view.roles[i] !== 'tool') continue;
    const owner = callOf(view, i);
    answered.set(owner, (answered.get(owner) ?? 0) + 1);
  }
  for (let i = start; i < view.roles.length; i++) {
    if (view.roles[i] === 'assistant' && view.calls[i] > (answered.get(i) ?? 0)) pending.add(i);
  }
  return pending;
}

/**
 * ADK's token-threshold cut. The candidates are the events after the
 * previous compaction; with more of them than `event_retention_size`, the
 * split is the newest event at or before `events − retention` from which no
 * kept tool response answers a call left behind (ADK walks back from the
 * newest event, gathering the responses it passes and crossing off their
 * calls). Compaction also stops before the first event with a call still
 * waiting for its response. The first message kept; `start` when nothing is
 * compacted.
 */
export function adkCut(view: CutView, start: number, p: AdkParams): number {
  const n = view.roles.length;
  const events = adkEvents(view, start);
  if (events.length <= p.eventRetentionSize) return start;
  let split = events.length;
  if (p.eventRetentionSize > 0) {
    const initial = events.length - p.eventRetentionSize;
    const unmatched = new Set<number>();
    split = 0;
    for (let e = events.length - 1; e >= 0; e--) {
      const end = e + 1 < events.length ? events[e + 1] : n;
      for (let i = events[e]; i < end; i++) {
        if (view.roles[i] === 'tool') unmatched.add(callOf(view, i));
        else unmatched.delete(i);
      }
      if (unmatched.size === 0 && e <= initial) {
        split = e;
        break;
      }
    }
  }
  const pending = pendingCalls(view, start);
  for (let e = 0; e < split; e++) {
    if (pending.has(events[e])) {
      split = e;
      break;
    }
  }
  if (split === 0) return start;
  return split === events.length ? n : events[split];
}

/** `EventsCompactionConfig` on the App, in Python. */
const adkConfig: PresetConfig<AdkParams> = {
  file: 'your App (Python)',
  format: 'python',
  write(t, { eventRetentionSize: retention }) {
    if (t.threshold <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
    const notes = [
      `token_threshold is the prompt's own count, whatever the window; ADK compacts once the prompt reaches it`,
      `keep-recent (${n(t.keepRecent)} tokens) has no token option: event_retention_size keeps the newest ${retention} events raw, a model reply or a turn's tool results each being one`,
      'ADK 2.0 also asks for compaction_interval and overlap_size, its sliding window by invocation count: 3 and 1 are its documentation’s example, not tuned here',
    ];
    const text = [
      'from google.adk.apps.app import App, EventsCompactionConfig',
      '',
      'app = App(',
      '    name="my_agent",',
      '    root_agent=root_agent,',
      '    events_compaction_config=EventsCompactionConfig(',
      '        compaction_interval=3,',
      '        overlap_size=1,',
      `        token_threshold=${t.threshold},`,
      `        event_retention_size=${retention},`,
      '    ),',
      ')',
      '',
    ].join('\n');
    return { text, notes };
  },
};

export const adkPreset: Preset<'adk', AdkParams> = {
  id: 'adk',
  agent: 'Google ADK',
  summary: 'Google ADK summarizes past its token threshold, keeping its newest events raw',
  source: "From Google ADK's source (apps/compaction.py, EventsCompactionConfig in apps/app.py).",
  doc: {
    trigger: 'prompt ≥ `token_threshold` (4,000 in its documentation; no default)',
    plan: 'a summary event replaces every event since the previous compaction but the newest `event_retention_size` (5), the split moved back so no kept tool response loses its call',
    sources:
      'V: google/adk-python `src/google/adk/apps/compaction.py`, `apps/_configs.py` (4006fe4, 2.0.0); google/adk-docs `docs/context/compaction.md` (979a8fa)',
  },
  params: {
    tokenThreshold: {
      default: 4_000,
      rule: count(1),
      label: 'Compact once the prompt reaches (tokens)',
      hint: 'token_threshold',
      option: {
        name: 'token-threshold',
        help: 'adk compacts once the prompt reaches this (token_threshold; 4000 in its documentation)',
      },
    },
    eventRetentionSize: {
      default: 5,
      rule: count(),
      label: 'Newest events kept raw',
      hint: 'event_retention_size; a run of tool results is one event',
      option: {
        name: 'event-retention',
        unit: 'events',
        help: 'adk keeps this many newest events raw after its summary (event_retention_size, default 5)',
      },
    },
  },
  triggerParam: 'tokenThreshold',
  summarizerCalls: 1,
  clearsOnly: false,
  trigger: (_window, p) => ({
    threshold: p.tokenThreshold,
    comparison: 'reach',
    formula: `token_threshold ${formatCount(p.tokenThreshold)}`,
  }),
  steps: () => ({ clears: false, cut: 'always' }),
  cut: (view, start, p) => ({ firstKeptIdx: adkCut(view, start, p), carriedTokens: 0 }),
  nothing: (after) => ({
    reason: 'no-split',
    text: `adk keeps its newest events raw (event_retention_size), and no older event${after} can be compacted without parting a call from its response`,
  }),
  config: adkConfig,
};
