/**
 * The address bar follows the state: the settings and a reference (hash) to
 * the transcript this browser keeps, never its text, written with
 * replaceState after the changes settle, never a history entry each.
 */
import { useEffect, useMemo } from 'react';
import { createUrlSync } from '../../share/urlState';
import { usePrompts } from '../../state/promptStore';
import { useProvider } from '../../state/providerStore';
import { useSettings } from '../../state/settingsStore';
import { useShare } from '../../state/shareStore';
import { useTranscript } from '../../state/transcriptStore';
import { useUi } from '../../state/uiStore';
import { workerClient } from '../../worker/client';
import { currentLinkState } from './shareState';

export function useAddressBarSync(): void {
  const sync = useMemo(() => createUrlSync({ delayMs: 800 }), []);
  const ready = useShare((s) => s.ready);
  const view = useTranscript((s) => s.view);
  const settings = useSettings((s) => s.settings);
  const provider = useProvider((s) => `${s.presetId}|${s.baseUrl}|${s.model}`);
  const selected = useUi((s) => s.selected);
  const prompts = usePrompts((s) => s.prompts);
  const loading = useTranscript((s) => s.status === 'loading');
  useEffect(() => {
    if (!ready || !view) return;
    // While a transcript loads or is counted again, the link waits for it: the one pending
    // names what is being replaced, and writing it (a call the browser answers in turn, tens
    // of milliseconds while it hands the page a large file) held the page in mid-load.
    if (loading) {
      sync.cancel();
      return;
    }
    // The worker builds the address with no text of the transcript: the page cannot ask for one that holds any.
    // Nor the preview: its summary is made from the messages.
    sync.update(() => workerClient.request('address', { state: currentLinkState(null) }).result);
  }, [ready, view, loading, settings, provider, selected, prompts, sync]);
  useEffect(() => () => sync.cancel(), [sync]);
}

/** A settings-only link names a transcript: say whether the loaded one is it. */
export function useExpectedTranscriptCheck(): void {
  const view = useTranscript((s) => s.view);
  const expected = useShare((s) => s.expected);
  const sha = expected?.sha256;
  useEffect(() => {
    if (!view || !sha) return;
    let current = true;
    workerClient.request('hash', {}).result.then((hash) => {
      const state = useShare.getState();
      if (current && state.expected?.sha256 === sha)
        state.set({ expected: { ...state.expected, matches: hash === sha } });
    });
    return () => {
      current = false;
    };
  }, [view, sha]);
}
