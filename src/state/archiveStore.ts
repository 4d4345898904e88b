/**
 * The archive view's rows as they arrive, the reading's progress and what
 * "Replay all" found. In memory only: an archive is read again from its
 * folder, never stored.
 */
import { create } from 'zustand';
import type { SessionRow } from '../archive/row';
import { addRow, emptyTotals, type ArchiveTotals } from '../archive/totals';
import type { ArchiveReplay } from '../worker/archiveProtocol';

export type ArchiveStatus = 'idle' | 'reading' | 'done' | 'cancelled';

interface ArchiveState {
  open: boolean;
  status: ArchiveStatus;
  /** The opened folder's name. */
  folder: string | null;
  rows: SessionRow[];
  totals: ArchiveTotals;
  /** Files read so far (sessions or not) and their bytes. */
  filesDone: number;
  bytesDone: number;
  problems: { path: string; reason: string }[];
  replays: Record<string, ArchiveReplay | null>;
  replaying: boolean;
  setOpen(open: boolean): void;
  start(folder: string): void;
  addRows(rows: SessionRow[], files: number, bytes: number, skipped: number): void;
  addProblem(problem: { path: string; reason: string }): void;
  finish(status: 'done' | 'cancelled'): void;
  setReplays(replays: Record<string, ArchiveReplay | null>, replaying: boolean): void;
}

export const useArchive = create<ArchiveState>()((set) => ({
  open: false,
  status: 'idle',
  folder: null,
  rows: [],
  totals: emptyTotals(),
  filesDone: 0,
  bytesDone: 0,
  problems: [],
  replays: {},
  replaying: false,
  setOpen: (open) => set({ open }),
  start: (folder) =>
    set({
      status: 'reading',
      folder,
      rows: [],
      totals: emptyTotals(),
      filesDone: 0,
      bytesDone: 0,
      problems: [],
      replays: {},
      replaying: false,
    }),
  addRows: (rows, files, bytes, skipped) =>
    set((s) => {
      const totals = { ...s.totals, skippedFiles: s.totals.skippedFiles + skipped };
      for (const row of rows) addRow(totals, row);
      return {
        rows: rows.length ? [...s.rows, ...rows] : s.rows,
        totals,
        filesDone: s.filesDone + files,
        bytesDone: s.bytesDone + bytes,
      };
    }),
  addProblem: (problem) => set((s) => ({ problems: [...s.problems, problem] })),
  finish: (status) => set({ status }),
  setReplays: (replays, replaying) => set((s) => ({ replays: { ...s.replays, ...replays }, replaying })),
}));
