/**
 * The session over time: whether the timeline is open, the worker's replay
 * of the loaded session under the page's settings, and where the tokens of
 * the context shown went. Picking a call asks the worker to show the
 * context before it; the transcript store then holds that view, so the
 * strip and the message list follow without knowing about calls.
 */
import { create } from 'zustand';
import type { Breakdown } from '../core/session/breakdown';
import { normalizeSettings, type Settings } from '../core/settings';
import { WorkerRequestError, workerClient } from '../worker/client';
import type { LedgerStrategies, TimelineData } from '../worker/protocol';
import { useSettings } from './settingsStore';
import { useTranscript } from './transcriptStore';

interface TimelineState {
  open: boolean;
  /** Size each replayed summary by the offline summarizer's real output, not its budget. */
  offlineSummary: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: TimelineData | null;
  error: string | null;
  /** What `data` was computed for: the load and the settings. */
  dataFor: { load: unknown; settings: string } | null;
  /**
   * What the strategies would have left at the compaction whose ledger is
   * open, for `key` (the load, the settings and the compaction): only the
   * newest request's answer is kept.
   */
  strategies: {
    key: string;
    status: 'loading' | 'ready' | 'error';
    data: LedgerStrategies | null;
    error: string | null;
  } | null;
  /** The load `strategies` belongs to. */
  strategiesLoad: unknown;
  /** Compares the strategies at recorded compaction `compaction` under `settings`, unless already done. */
  compareAt(compaction: number, settings: Settings): Promise<void>;
  breakdown: Breakdown | null;
  /** The view key and typed unseen part `breakdown` belongs to. */
  breakdownFor: string | null;
  setOpen(open: boolean): void;
  /** The recorded compaction whose ledger is open, if any. */
  ledgerOpen: number | null;
  setLedgerOpen(index: number | null): void;
  /** Bumped by "What the agent's compactions lost": the ledger, once drawn, takes the focus. */
  ledgerFocus: number;
  /** Opens the timeline and the first compaction's ledger, and asks it to take the focus. */
  showLedger(): void;
  setOfflineSummary(on: boolean): void;
  /** Replays again when the transcript or the settings changed since the last replay. */
  refresh(settings: Settings): Promise<void>;
  /** Shows the context before `call` in the strip and the list; null shows the context now. */
  pin(call: number | null): Promise<void>;
  /** `typedUnseen`: the settings' part not in the file, which replaces the measured one in its row. */
  refreshBreakdown(typedUnseen: number | null): Promise<void>;
}

const message = (error: unknown) =>
  error instanceof WorkerRequestError
    ? error.failure.message
    : error instanceof Error
      ? error.message
      : String(error);

export const useTimeline = create<TimelineState>()((set, get) => ({
  open: false,
  offlineSummary: false,
  status: 'idle',
  data: null,
  error: null,
  dataFor: null,
  strategies: null,
  strategiesLoad: null,
  breakdown: null,
  breakdownFor: null,
  setOpen: (open) => set({ open }),
  ledgerOpen: null,
  setLedgerOpen: (ledgerOpen) => set({ ledgerOpen }),
  ledgerFocus: 0,
  showLedger: () => set((s) => ({ open: true, ledgerOpen: 0, ledgerFocus: s.ledgerFocus + 1 })),
  setOfflineSummary: (offlineSummary) => set({ offlineSummary }),
  async refresh(settings) {
    const load = useTranscript.getState().lastRequest;
    const offlineSummary = get().offlineSummary;
    const key = JSON.stringify({ settings, offlineSummary });
    const { dataFor } = get();
    if (dataFor && dataFor.load === load && dataFor.settings === key) return;
    set({ dataFor: { load, settings: key }, status: 'loading', error: null });
    try {
      const data = await workerClient.request('timeline', { settings, offlineSummary }).result;
      if (get().dataFor?.settings === key && get().dataFor?.load === load) set({ data, status: 'ready' });
    } catch (error) {
      if (get().dataFor?.settings === key) set({ status: 'error', error: message(error), dataFor: null });
    }
  },
  async compareAt(compaction, settings) {
    const load = useTranscript.getState().lastRequest;
    const key = JSON.stringify({ compaction, settings });
    const held = get().strategies;
    if (held && held.key === key && held.status !== 'error' && get().strategiesLoad === load) return;
    set({ strategies: { key, status: 'loading', data: null, error: null }, strategiesLoad: load });
    const current = () => get().strategies?.key === key && get().strategiesLoad === load;
    try {
      const data = await workerClient.request('ledger-strategies', { settings, compaction }).result;
      if (current()) set({ strategies: { key, status: 'ready', data, error: null } });
    } catch (error) {
      if (current()) set({ strategies: { key, status: 'error', data: null, error: message(error) } });
    }
  },
  async pin(call) {
    const { tokenizer, scale } = normalizeSettings(useSettings.getState().settings);
    try {
      const view = await workerClient.request('pin', { call, tokenizer, scale }).result;
      useTranscript.getState().showView(view);
    } catch (error) {
      set({ error: message(error) });
    }
  },
  async refreshBreakdown(typedUnseen) {
    const view = useTranscript.getState().view;
    const key = view ? `${view.key}:${typedUnseen ?? ''}` : null;
    if (!view || get().breakdownFor === key) return;
    set({ breakdownFor: key });
    try {
      const breakdown = await workerClient.request('breakdown', {
        tokenizer: view.tokenizer,
        scale: view.scale,
        unseenTokens: typedUnseen,
      }).result;
      if (get().breakdownFor === key) set({ breakdown });
    } catch (error) {
      set({ error: message(error), breakdownFor: null });
    }
  },
}));
