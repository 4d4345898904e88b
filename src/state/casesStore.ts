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
  /** Runs the cases among `files`; a run started before it is cancelled. */
  run(files: CaseFileText[], source: string): Promise<void>;
  cancel(): void;
}

let current: number | null = null;

export const useCases = create<CasesState>()((set) => ({
  open: false,
  status: 'idle',
  source: null,
  progress: null,
  document: null,
  error: null,
  setOpen: (open) => set({ open }),
  run: async (files, source) => {
    if (current !== null) workerClient.cancel(current);
    set({ status: 'running', source, progress: null, document: null, error: null });
    const { id, result } = workerClient.request('cases', { files }, undefined, (event) => {
      if (current === id) set({ progress: { done: event.done, total: event.total } });
    });
    current = id;
    try {
      const document = await result;
      if (current === id) set({ status: 'done', document });
    } catch (error) {
      if (current !== id) return;
      const failure = error instanceof WorkerRequestError ? error.failure : null;
      set(
        failure?.kind === 'cancelled'
          ? { status: 'cancelled' }
          : { status: 'failed', error: failure ? failure.message : String(error) },
      );
    } finally {
      if (current === id) current = null;
    }
  },
  cancel: () => {
    if (current !== null) workerClient.cancel(current);
  },
}));
