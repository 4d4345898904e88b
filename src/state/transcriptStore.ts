/**
 * The loaded transcript as the page sees it: the worker's view of it, the
 * load in progress, and the last failure. The pasted text stays here whatever
 * happens, so nothing the user typed is lost.
 */
import { create } from 'zustand';
import { normalizeSettings } from '../core/settings';
import type { TokenizerId } from '../core/tokenizer';
import type { FormatId } from '../formats/types';
import { WorkerRequestError, workerClient } from '../worker/client';
import { useSettings } from './settingsStore';
import { remember, sizeOf, type LoadRequest } from './keptTranscript';
import type { WorkerFailure, Progress, TranscriptView } from '../worker/protocol';

export type { LoadRequest } from './keptTranscript';

interface TranscriptState {
  status: 'empty' | 'loading' | 'ready' | 'error';
  view: TranscriptView | null;
  progress: Progress | null;
  error: WorkerFailure | null;
  /** What the failed load was, for "try again". */
  failed: LoadRequest | null;
  pasteText: string;
  lastRequest: LoadRequest | null;
  loadId: number | null;
  /** A recount that stopped the worker: not tried again until the tokenizer or scale changes. */
  recountFailed: { tokenizer: TokenizerId; scale: number } | null;
  /** The import's warnings and notes were put away; the next transcript shows its own. */
  noticesDismissed: boolean;
  /**
   * The transcript on the page is a shared link's or bundle's: kept for this
   * tab's reloads only, and marked, until the user keeps it as their own.
   */
  shared: boolean;
  /** The load in flight, if any (a recount is not one). */
  loading: LoadRequest | null;
  /**
   * While a load shows its estimated view: the view it replaced, shown again
   * if the load is cancelled or fails.
   */
  restoreView: TranscriptView | null;
  setPasteText(text: string): void;
  /** Loads with the tokenizer and scale of the current settings. */
  load(request: LoadRequest): Promise<boolean>;
  cancel(): void;
  /** Counts again with this tokenizer and scale, unless the view already has them. */
  retokenize(tokenizer: TokenizerId, scale: number): Promise<void>;
  dismissError(): void;
  dismissNotices(): void;
  /** Makes the shared transcript on the page the user's own: kept for later visits, no longer marked. */
  keepAsOwn(): void;
  /** Shows a view the worker made of the same transcript (the context at an earlier call, or now again). */
  showView(view: TranscriptView): void;
  /**
   * Shows the followed file's session as it is now: the transcript on the
   * page, replaced in place (no load in progress, nothing to go back to).
   * The first view of a file shows its import notices; later ones keep
   * them as the user left them.
   */
  showFollowed(view: TranscriptView, first: boolean): void;
}

function asFailure(error: unknown): WorkerFailure {
  if (error instanceof WorkerRequestError) return error.failure;
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
}

/**
 * View keys are numbered here, not in the worker: a restarted worker counts
 * from 1 again, and caches keyed on the view must never mistake a new
 * transcript for an old one.
 */
let viewKeys = 0;
function stamped(view: TranscriptView): TranscriptView {
  return { ...view, key: ++viewKeys };
}

function sameCounts(a: TranscriptView, b: TranscriptView): boolean {
  return (
    a.format === b.format &&
    a.counts.length === b.counts.length &&
    a.counts.every((count, i) => count === b.counts[i] && a.roles[i] === b.roles[i])
  );
}

/** The format whose agent may choose the strategy: none for a sample or a link's transcript. */
function agentFormat(request: LoadRequest, view: TranscriptView): FormatId | null {
  return request.origin ? null : view.format;
}

export const useTranscript = create<TranscriptState>()((set, getState) => ({
  status: 'empty',
  view: null,
  progress: null,
  error: null,
  failed: null,
  pasteText: '',
  lastRequest: null,
  loadId: null,
  recountFailed: null,
  noticesDismissed: false,
  shared: false,
  loading: null,
  restoreView: null,
  setPasteText: (pasteText) => set({ pasteText }),
  showView: (view) => set({ view: stamped(view) }),
  showFollowed: (view, first) => {
    // A load still in flight (the sample the page opened with) would replace the followed file when it ends.
    const { loadId } = getState();
    if (loadId !== null) workerClient.cancel(loadId);
    if (first) {
      useSettings.getState().followFile(view.usage);
      useSettings.getState().followFormat(view.format);
    }
    set((state) => ({
      status: 'ready',
      view: stamped(view),
      error: null,
      failed: null,
      progress: null,
      loadId: null,
      loading: null,
      restoreView: null,
      shared: false,
      noticesDismissed: first ? false : state.noticesDismissed,
    }));
  },
  async load(request) {
    const { tokenizer, scale } = counting();
    const { loadId: previous, view: shown, restoreView } = getState();
    if (previous !== null) workerClient.cancel(previous);
    const { id, result } = workerClient.request(
      'load',
      { source: request.source, sourceName: request.sourceName, format: request.format, tokenizer, scale },
      (progress) => {
        if (getState().loadId === id) set({ progress });
      },
      (event) => {
        // The bars from the fast estimate, drawn while the exact counts are made.
        if (getState().loadId !== id) return;
        // The window follows the file's model from its first view, so the bars are drawn against it.
        useSettings.getState().followFile(event.view.usage);
        useSettings.getState().followFormat(agentFormat(request, event.view));
        set({ view: stamped(event.view), noticesDismissed: false });
      },
    );
    set({
      status: 'loading',
      loadId: id,
      loading: request,
      // An estimate on the page is not something to go back to; what it replaced is.
      restoreView: shown?.estimatedFor ? restoreView : shown,
      progress: { phase: 'reading', done: 0, total: sizeOf(request.source) },
    });
    try {
      const view = await result;
      if (getState().loadId !== id) return false;
      // Counts without the text to count again keep the tokenizer and scale they were made with.
      useSettings
        .getState()
        .fixCounts(view.excerpts ? { tokenizer: view.tokenizer, scale: view.scale } : null);
      useSettings.getState().followFile(view.usage);
      useSettings.getState().followFormat(agentFormat(request, view));
      set({
        status: 'ready',
        view: stamped(view),
        recountFailed: null,
        noticesDismissed: false,
        error: null,
        failed: null,
        progress: null,
        loadId: null,
        loading: null,
        restoreView: null,
        lastRequest: request,
        shared: request.origin === 'link',
      });
      // Settings changed while the load was counting: the counts follow them now.
      const wanted = counting();
      if (wanted.tokenizer !== view.tokenizer || wanted.scale !== view.scale)
        void getState().retokenize(wanted.tokenizer, wanted.scale);
      remember(request);
      return true;
    } catch (error) {
      if (getState().loadId !== id) return false;
      const failure = asFailure(error);
      // A cancelled load leaves the previous transcript on the page, in place of its estimate.
      const back = getState().view?.estimatedFor ? getState().restoreView : getState().view;
      set({
        status: back ? 'ready' : 'empty',
        view: back,
        error: failure.kind === 'cancelled' ? null : failure,
        failed: failure.kind === 'cancelled' ? null : request,
        progress: null,
        loadId: null,
        loading: null,
        restoreView: null,
      });
      return false;
    }
  },
  cancel() {
    const id = getState().loadId;
    if (id !== null) workerClient.cancel(id);
  },
  async retokenize(tokenizer, scale) {
    const { view: current, recountFailed } = getState();
    if (!current) return;
    if (current.tokenizer === tokenizer && current.scale === scale) {
      if (recountFailed) set({ recountFailed: null });
      return;
    }
    // Counting again what just stopped the worker would stop it again, and again.
    if (recountFailed?.tokenizer === tokenizer && recountFailed.scale === scale) return;
    const { id, result } = workerClient.request('retokenize', { tokenizer, scale }, (progress) => {
      if (getState().loadId === id) set({ progress });
    });
    set({ loadId: id, status: 'loading', progress: { phase: 'tokenizing', done: 0, total: 1 } });
    try {
      const view = await result;
      if (getState().loadId === id)
        set({ view: stamped(view), status: 'ready', progress: null, loadId: null, recountFailed: null });
    } catch (error) {
      const failure = asFailure(error);
      if (getState().loadId !== id) return;
      set({
        status: getState().view ? 'ready' : 'empty',
        progress: null,
        loadId: null,
        error: failure.kind === 'cancelled' ? null : failure,
        recountFailed: failure.kind === 'worker-stopped' ? { tokenizer, scale } : null,
      });
    }
  },
  dismissError: () => set({ error: null }),
  dismissNotices: () => set({ noticesDismissed: true }),
  keepAsOwn() {
    const { shared, lastRequest } = getState();
    if (!shared || !lastRequest) return;
    set({ shared: false });
    remember({ ...lastRequest, origin: undefined });
  },
}));

/** The tokenizer and scale the counts must have under the current settings. */
function counting(): { tokenizer: TokenizerId; scale: number } {
  const { tokenizer, scale } = normalizeSettings(useSettings.getState().settings);
  return { tokenizer, scale };
}

/** Typing a scale changes it on every keystroke: count once the typing pauses. */
const SCALE_QUIET_MS = 300;
let recount: ReturnType<typeof setTimeout> | undefined;

/**
 * The counts belong to this store, so it follows the settings itself: a new
 * tokenizer or scale recounts here, not in a component's effect, and the
 * view keeps naming the tokenizer its counts were made with until the new
 * counts arrive. No render pairs one tokenizer's name with another's counts.
 */
let current = counting();
useSettings.subscribe((state, previous) => {
  if (state.settings === previous.settings) return;
  const { tokenizer, scale } = normalizeSettings(state.settings);
  if (tokenizer === current.tokenizer && scale === current.scale) return;
  const tokenizerChanged = tokenizer !== current.tokenizer;
  current = { tokenizer, scale };
  clearTimeout(recount);
  const run = () => {
    // A load in flight counts again when it is done, with the settings of then.
    const { view, loading } = useTranscript.getState();
    if (view && !loading) void useTranscript.getState().retokenize(tokenizer, scale);
  };
  if (tokenizerChanged) run();
  else recount = setTimeout(run, SCALE_QUIET_MS);
});

/**
 * A restarted worker has lost the transcript: it is loaded again from its
 * source, counted as the page's view was, before the new worker answers
 * anything else (the client holds other requests until this is done).
 */
workerClient.setRecovery(async (client) => {
  const { view, lastRequest } = useTranscript.getState();
  if (!view || !lastRequest) return;
  // An estimate is the page of a load that fails with this worker; the transcript
  // before it (the last request's) is what the page goes back to.
  const counted = view.estimatedFor ? counting() : { tokenizer: view.tokenizer, scale: view.scale };
  const { result } = client.request('load', {
    source: lastRequest.source,
    sourceName: lastRequest.sourceName,
    format: lastRequest.format,
    ...counted,
  });
  try {
    const restored = await result;
    // The same counts keep the same view, so nothing on the page redraws or asks again.
    if (useTranscript.getState().view === view && !sameCounts(view, restored))
      useTranscript.setState({ view: stamped(restored) });
  } catch (error) {
    if (useTranscript.getState().view !== view) return;
    const failure = asFailure(error);
    useTranscript.setState({
      error: {
        ...failure,
        message: `After the background worker restarted, the transcript could not be loaded again: ${failure.message}`,
      },
      failed: lastRequest,
    });
  }
});
