/**
 * "Follow this file": a file the user picked once through the File System
 * Access API, looked at every second while the page is visible. Each look
 * asks the handle for the file as it is now and hands it to the worker,
 * which reads only the bytes it gained; the session's new view replaces the
 * transcript on the page in place, with the newest message in view.
 */
import { create } from 'zustand';
import { normalizeSettings } from '../core/settings';
import { WorkerRequestError, workerClient } from '../worker/client';
import type { FollowReply } from '../worker/protocol';
import { useSettings } from './settingsStore';
import { useTranscript } from './transcriptStore';
import { useUi } from './uiStore';

/** What the page needs of a picked file's handle (`FileSystemFileHandle`). */
export interface PickedFile {
  name: string;
  getFile(): Promise<File>;
}

type OpenFilePicker = (options?: {
  multiple?: boolean;
  types?: { description: string; accept: Record<string, string[]> }[];
}) => Promise<PickedFile[]>;

/** The browser's file picker of the File System Access API, or null where the browser lacks it. */
export function openFilePicker(): OpenFilePicker | null {
  const picker = (globalThis as { showOpenFilePicker?: OpenFilePicker }).showOpenFilePicker;
  return typeof picker === 'function' ? picker.bind(globalThis) : null;
}

/** How often the followed file is looked at while the page is visible. */
export const FOLLOW_INTERVAL_MS = 1000;

export type FollowStatus = 'off' | 'following' | 'waiting' | 'deleted' | 'failed';

interface FollowState {
  status: FollowStatus;
  name: string | null;
  /** What the last look said that the numbers do not: a file read again, or why there is no view. */
  message: string | null;
  /** Every compaction the file records, one line each. */
  compactions: string[];
  /** Looks that brought a new view. */
  updates: number;
  /** Asks for the file to follow and starts; false when nothing was picked or the browser cannot. */
  pick(): Promise<boolean>;
  /** Follows this handle (the picker's, or a test's). */
  start(handle: PickedFile): void;
  stop(): void;
  /** One look at the file now. */
  look(): Promise<void>;
}

let handle: PickedFile | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
let busy = false;
/** Size and time of the file at the last look: the same again needs no worker. */
let seen: { size: number; modified: number } | null = null;
/** The next look is the first at this file: the worker forgets any file it read before. */
let restartNext = true;
/** No view of this file was shown yet: its import notices are shown with the first. */
let first = true;

const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

function onVisibility(): void {
  if (visible()) void useFollow.getState().look();
}

export const useFollow = create<FollowState>()((set, getState) => ({
  status: 'off',
  name: null,
  message: null,
  compactions: [],
  updates: 0,

  async pick() {
    const picker = openFilePicker();
    if (!picker) return false;
    let picked: PickedFile[];
    try {
      picked = await picker({
        multiple: false,
        types: [{ description: 'Agent sessions', accept: { 'application/jsonl': ['.jsonl', '.json'] } }],
      });
    } catch {
      // The user closed the picker.
      return false;
    }
    if (!picked[0]) return false;
    getState().start(picked[0]);
    return true;
  },

  start(next) {
    getState().stop();
    // A load still in flight (the sample the page opened with) must never land after the followed
    // file: its Cancel reaches the worker before the first look, as the worker reads its messages in order.
    useTranscript.getState().cancel();
    handle = next;
    seen = null;
    restartNext = true;
    first = true;
    set({ status: 'following', name: next.name, message: null, compactions: [], updates: 0 });
    timer = setInterval(() => void getState().look(), FOLLOW_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    void getState().look();
  },

  stop() {
    if (timer) clearInterval(timer);
    timer = null;
    handle = null;
    document.removeEventListener('visibilitychange', onVisibility);
    set({ status: 'off', message: null });
  },

  async look() {
    const current = handle;
    if (!current || busy || !visible()) return;
    busy = true;
    try {
      const file = await fileNow(current);
      if (handle !== current) return;
      if (file && seen && file.size === seen.size && file.lastModified === seen.modified) return;
      seen = file ? { size: file.size, modified: file.lastModified } : null;
      const { tokenizer, scale } = normalizeSettings(useSettings.getState().settings);
      const { result } = workerClient.request('follow', {
        file,
        sourceName: current.name,
        restart: restartNext,
        tokenizer,
        scale,
      });
      restartNext = false;
      const reply = await result;
      if (handle === current) shown(reply, current.name, set);
    } catch (error) {
      if (handle === current)
        set({
          status: 'failed',
          message: error instanceof WorkerRequestError ? error.failure.message : String(error),
        });
    } finally {
      busy = false;
    }
  },
}));

// Loading another transcript ends the following: the page shows what the user chose last.
useTranscript.subscribe((state, previous) => {
  if (state.loading && state.loading !== previous.loading && useFollow.getState().status !== 'off')
    useFollow.getState().stop();
});

/** The file as the handle gives it now; null when it is gone (the handle names a file that no longer exists). */
async function fileNow(current: PickedFile): Promise<File | null> {
  try {
    return await current.getFile();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotFoundError') return null;
    throw error;
  }
}

function shown(reply: FollowReply, name: string, set: (partial: Partial<FollowState>) => void): void {
  switch (reply.event) {
    case 'unchanged':
      return;
    case 'deleted':
      set({ status: 'deleted', message: `${name} was deleted; waiting for it to come back` });
      return;
    case 'failed':
      set({ status: 'failed', message: reply.message ?? 'The file cannot be followed' });
      return;
    case 'waiting':
      set({ status: 'waiting', message: reply.message ?? null });
      return;
  }
  if (!reply.view) return;
  useTranscript.getState().showFollowed(reply.view, first);
  first = false;
  const last = reply.view.roles.length - 1;
  // The newest message stays in view: the list scrolls to it as it would to a bar clicked in the strip.
  if (last >= 0) useUi.getState().select(last, true);
  set({
    status: 'following',
    message:
      reply.event === 'restarted'
        ? `${name} was ${reply.reason ?? 'replaced'}; read again from the start`
        : null,
    compactions: reply.compactions,
    updates: useFollow.getState().updates + 1,
  });
}
