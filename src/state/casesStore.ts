/**
 * The Cases view: whether it is open, and the last run of gold-fact cases in
 * the worker (docs/cases.md) with its progress. In memory only: the cases
 * are run again from their files. The view's own module starts the runs
 * (src/ui/cases/runCases.ts), so none of that is in the page's first load.
 */
import { create } from 'zustand';
import type { Replies } from '../worker/protocol';

export type CasesDocument = Replies['cases'];
export type CasesStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

export interface CasesState {
  open: boolean;
  status: CasesStatus;
  /** What was run, in words: "the shipped cases", or the folder or files picked. */
  source: string | null;
  progress: { done: number; total: number } | null;
  document: CasesDocument | null;
  error: string | null;
  setOpen(open: boolean): void;
}

export const useCases = create<CasesState>()((set) => ({
  open: false,
  status: 'idle',
  source: null,
  progress: null,
  document: null,
  error: null,
  setOpen: (open) => set({ open }),
}));
