/** The page's start: this tab's own reload, else a link, else the last transcript, else the first sample. */
import { useEffect } from 'react';
import { useSettings } from '../state/settingsStore';
import { readFragment } from '../share/fragment';
import { isOwnFragment } from '../share/urlState';
import { useShare } from '../state/shareStore';
import { useFollow } from '../state/followStore';
import { storedTranscript, transcriptForReload } from '../state/keptTranscript';
import { useStoredNotices } from '../state/stored';
import { useTranscript } from '../state/transcriptStore';
import { warmTokenizer } from '../state/tokenizerTables';
import { workerClient } from '../worker/client';
import { loadSamples, sampleUrl } from './samples';
import { useLoader } from './useLoader';
import { openLinkFromLocation } from './openLink';

/**
 * What the first screen waits for, begun before React renders it: the
 * worker's script and the samples list download while the page's own code
 * runs, so the first load is sent to a worker that is already up.
 */
export function startEarly(): void {
  workerClient.start();
  void loadSamples();
}

/**
 * A reload shows the transcript this browser kept; the address names the one
 * the tab showed by its hash. Another tab may have opened a newer one since
 * (IndexedDB keeps the last): the page then says that it shows that one.
 */
async function sayWhenAnotherWasKept(fragment: string, shown: string): Promise<void> {
  try {
    const opened = await workerClient.request('open-share', { input: { kind: 'link', fragment } }).result;
    const named = opened.ok ? opened.share.expectedSha256 : null;
    // An address of an earlier version carried the transcript itself, and names no hash.
    if (!opened.ok || !named) return;
    if ((await workerClient.request('hash', {}).result) === named) return;
    useStoredNotices
      .getState()
      .add([
        `The transcript this address names (${opened.share.transcriptName ?? 'unnamed'}) is no longer kept in this browser: another tab opened one since. Your last transcript, ${shown}, is shown instead.`,
      ]);
  } catch {
    // The worker stopped: it says so itself, and the transcript on the page is the kept one.
  }
}

/**
 * Once settings are restored: a link in the address bar wins; otherwise the
 * previous visit's transcript, or the first sample.
 */
export function useStartup() {
  const load = useLoader();
  useEffect(() => {
    let cancelled = false;
    const start = async () => {
      // The tokenizer loads while the page finds what to show.
      void warmTokenizer(useSettings.getState().settings.tokenizer);
      try {
        await openOrFallBack();
      } finally {
        if (!cancelled) useShare.getState().set({ ready: true });
      }
    };
    const openOrFallBack = async () => {
      // A reload of this tab: the address bar holds the link this page wrote itself, which
      // names the transcript by its hash only; the transcript is the one this browser kept
      // (its own format, its source positions), a shared link's for this tab alone.
      const fragment = readFragment(location.hash);
      const own = fragment !== null && isOwnFragment(fragment);
      if (own) {
        const kept = await transcriptForReload();
        if (cancelled) return;
        if (kept && (await load(kept))) {
          void sayWhenAnotherWasKept(fragment, kept.sourceName);
          return;
        }
      }
      let linked = await openLinkFromLocation(true);
      // A full link brought its transcript; a settings-only one waits for the reader's file.
      if (cancelled || (linked && !useShare.getState().expected)) return;
      if (linked && own) {
        // The page's own settings-only link names the transcript that was just found
        // unusable: no reader will bring that file, so the page goes on to the sample.
        useShare.getState().set({ expected: null });
        linked = false;
      }
      // The user may have pasted or opened a file while this page was still starting:
      // what they chose wins over anything startup would load.
      const userLoaded = () => {
        const { status, loadId } = useTranscript.getState();
        // A file being followed is the user's choice too, before its first view arrives.
        return status !== 'empty' || loadId !== null || useFollow.getState().status !== 'off';
      };
      // A reload of this tab tried the stored transcript above: read once, a bad record is told once.
      const previous = own ? null : await storedTranscript();
      if (cancelled || userLoaded()) return;
      if (previous && (await load(previous))) return;
      const [first] = await loadSamples();
      if (!linked && !cancelled && first && !userLoaded()) {
        await load({
          source: { kind: 'url', url: sampleUrl(first) },
          sourceName: first.file,
          origin: 'sample',
        });
      }
    };
    if (useSettings.persist.hasHydrated()) void start();
    else {
      const unsubscribe = useSettings.persist.onFinishHydration(() => {
        unsubscribe();
        void start();
      });
    }
    // A link pasted into the address bar of the open page arrives as a hash change.
    const onHashChange = () => void openLinkFromLocation();
    window.addEventListener('hashchange', onHashChange);
    return () => {
      cancelled = true;
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [load]);
}
