/**
 * The address bar follows the state: a link to what is on screen, written
 * with replaceState after the changes settle, never a history entry each,
 * with every key-shaped string redacted as the share dialog redacts it.
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
import { usePreviewResult } from '../../state/previewStore';
import { currentLinkState } from './shareState';

export function useAddressBarSync(): void {
  const sync = useMemo(() => createUrlSync({ delayMs: 800 }), []);
  const ready = useShare((s) => s.ready);
  const view = useTranscript((s) => s.view);
  const settings = useSettings((s) => s.settings);
  const provider = useProvider((s) => `${s.presetId}|${s.baseUrl}|${s.model}`);
  const selected = useUi((s) => s.selected);
  const preview = usePreviewResult((s) => s.result);
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
    // The worker chooses the link and redacts it: the page cannot ask for an address with a key in it.
    sync.update(() => workerClient.request('address', { state: currentLinkState(preview) }).result);
  }, [ready, view, loading, settings, provider, selected, preview, prompts, sync]);
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
