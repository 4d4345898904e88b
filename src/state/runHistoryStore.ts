/**
 * The preview runs of this visit, newest first, so the user can go back to
 * an earlier summary and put two side by side. Memory only: a run belongs to
 * the transcript and key of this visit.
 */
import { create } from 'zustand';
import type { Scorecard } from '../core/eval/score';
import type { PromptId } from '../core/prompts';
import type { Strategy } from '../core/settings';
import type { Usage } from '../core/summarizer';
import type { PreviewResult } from '../worker/protocol';

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

/** The part of a preview result a run keeps (not the resulting rows, which can be long). */
export function runOf(
  result: PreviewResult,
  context: Pick<
    RunRecord,
    'origin' | 'strategy' | 'keepRecentTokens' | 'maxContextTokens' | 'editedPrompts' | 'instructions'
  > & {
    model?: string;
  },
): NewRun {
  return {
    ...context,
    summarizer: result.summarizer,
    model: result.model ?? context.model,
    summary: result.summary,
    degraded: result.degraded,
    tokensBefore: result.tokensBefore,
    tokensAfter: result.tokensAfter,
    usage: result.usage,
    eval: result.eval,
  };
}
