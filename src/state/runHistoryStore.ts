/**
 * The preview runs of this visit, newest first, so the user can go back to
 * an earlier summary and put two side by side. Memory only: a run belongs to
 * the transcript and key of this visit.
 */
import { create } from 'zustand';
import type { Scorecard } from '../core/eval/score';
import { PROMPT_IDS, type PromptId, type PromptOverrides } from '../core/prompts';
import type { Settings, Strategy } from '../core/settings';
import type { Usage } from '../core/summarizer';
import type { PreviewResult, SummarizerChoice } from '../worker/protocol';

/** Enough runs to compare an afternoon's attempts; each holds a summary and its scorecard. */
export const MAX_RUNS = 20;

export interface RunRecord {
  id: number;
  /** When it finished, in milliseconds since the epoch. */
  at: number;
  /** A run from Run, or one side of a side-by-side run. */
  origin: 'preview' | 'compare';
  summarizer: string;
  /** The model a provider reported, or the one asked for. */
  model?: string;
  strategy: Strategy;
  keepRecentTokens: number;
  maxContextTokens: number;
  /** Which prompts were the user's own rather than the defaults. */
  editedPrompts: PromptId[];
  instructions: string;
  summary: string;
  degraded: boolean;
  tokensBefore: number;
  tokensAfter: number;
  usage?: Usage;
  eval: Scorecard;
}

export type NewRun = Omit<RunRecord, 'id' | 'at'>;

interface RunHistoryState {
  runs: RunRecord[];
  add(run: NewRun): RunRecord;
  clear(): void;
}

let nextId = 1;

export const useRunHistory = create<RunHistoryState>()((set) => ({
  runs: [],
  add: (run) => {
    const record: RunRecord = { ...run, id: nextId++, at: Date.now() };
    set((state) => ({ runs: [record, ...state.runs].slice(0, MAX_RUNS) }));
    return record;
  },
  clear: () => set({ runs: [] }),
}));

/** What a run was started with: the compaction request's own settings, summarizer, instructions and prompts. */
export interface RunStart {
  settings: Settings;
  summarizer: SummarizerChoice;
  instructions?: string;
  prompts?: PromptOverrides;
}

/**
 * The part of a preview result a run keeps (not the resulting rows, which can
 * be long), with what it was started with: the page may have changed while
 * a provider was answering.
 */
export function runOf(result: PreviewResult, start: RunStart, origin: RunRecord['origin']): NewRun {
  const { settings, summarizer, prompts = {} } = start;
  return {
    origin,
    strategy: settings.strategy,
    keepRecentTokens: settings.keepRecentTokens,
    maxContextTokens: settings.maxContextTokens,
    editedPrompts: PROMPT_IDS.filter((id) => prompts[id] !== undefined),
    instructions: start.instructions ?? '',
    summarizer: result.summarizer,
    model: result.model ?? (summarizer.mode === 'provider' ? summarizer.config.model : undefined),
    summary: result.summary,
    degraded: result.degraded,
    tokensBefore: result.tokensBefore,
    tokensAfter: result.tokensAfter,
    usage: result.usage,
    eval: result.eval,
  };
}
