/**
 * The Cases view: whether it is open, and the last run of gold-fact cases in
 * the worker (docs/cases.md) with its progress. In memory only: the cases
 * are run again from their files.
 */
import { create } from 'zustand';
import { WorkerRequestError, workerClient } from '../worker/client';
import type { CaseFileText } from '../worker/cases';
import type { Replies } from '../worker/protocol';

export type CasesDocument = Replies['cases'];
export type CasesStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

interface CasesState {
  open: boolean;
  status: CasesStatus;
  /** What was run, in words: "the shipped cases", or the folder or files picked. */
  source: string | null;
  progress: { done: number; total: number } | null;
  document: CasesDocument | null;
  error: string | null;
  setOpen(open: boolean): void;
  /** Runs the cases among `files` (once they are read); a run started before it is cancelled. */
  run(files: CaseFileText[] | Promise<CaseFileText[]>, source: string): Promise<void>;
  cancel(): void;
}

/** The worker request of the run under way, and a count of runs asked for: only the newest one's answer is shown. */
let current: number | null = null;
let asked = 0;

export const useCases = create<CasesState>()((set) => ({
  open: false,
  status: 'idle',
  source: null,
  progress: null,
  document: null,
  error: null,
  setOpen: (open) => set({ open }),
  run: async (files, source) => {
    const mine = ++asked;
    if (current !== null) workerClient.cancel(current);
    current = null;
    set({ status: 'running', source, progress: null, document: null, error: null });
    try {
      const list = await files;
      if (mine !== asked) return;
      const { id, result } = workerClient.request('cases', { files: list }, undefined, (event) => {
        if (mine === asked) set({ progress: { done: event.done, total: event.total } });
      });
      current = id;
      const document = await result;
      if (mine === asked) set({ status: 'done', document });
    } catch (error) {
      if (mine !== asked) return;
      const failure = error instanceof WorkerRequestError ? error.failure : null;
      set(
        failure?.kind === 'cancelled'
          ? { status: 'cancelled' }
          : {
              status: 'failed',
              error: failure ? failure.message : error instanceof Error ? error.message : String(error),
            },
      );
    } finally {
      if (mine === asked) current = null;
    }
  },
  cancel: () => {
    if (current !== null) workerClient.cancel(current);
  },
}));
