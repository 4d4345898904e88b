/**
 * Opening a share link or a repro bundle: the transcript goes to the worker,
 * settings and provider into their stores, never a model call.
 */
import { normalizeSettings } from '../../core/settings';
import { PROVIDER_PRESETS } from '../../providers/presets';
import { decodeBundle } from '../../share/bundle';
import { decodeShare, readFragment } from '../../share/codec';
import type { DecodeResult } from '../../share/errors';
import { restoreShare, type RestoredShare } from '../../share/schema';
import { useProvider } from '../../state/providerStore';
import { useSettings } from '../../state/settingsStore';
import { useShare } from '../../state/shareStore';
import { useTranscript, type LoadRequest } from '../../state/transcriptStore';
import { useUi } from '../../state/uiStore';

/**
 * The link's provider, as a choice the store treats as the link's, not the
 * user's: keys stay with their own provider and address, and a base URL no
 * preset uses waits for confirmation.
 */
function applyProvider(restored: RestoredShare): void {
  const provider = restored.provider;
  if (!provider) return;
  if (provider.kind === 'offline') {
    useProvider.getState().applyLink({ presetId: 'offline', baseUrl: '', model: '' }, false);
    return;
  }
  const trim = (url: string) => url.replace(/\/+$/, '');
  const preset =
    PROVIDER_PRESETS.find((p) => p.kind === provider.kind && trim(p.baseUrl) === trim(provider.baseUrl)) ??
    PROVIDER_PRESETS.find((p) => p.kind === provider.kind) ??
    PROVIDER_PRESETS.find((p) => p.id === 'custom')!;
  useProvider
    .getState()
    .applyLink(
      { presetId: preset.id, baseUrl: provider.baseUrl || preset.baseUrl, model: provider.model },
      restored.providerNeedsConfirmation,
    );
}

/** Applies a decoded share: settings, provider, the transcript (or what to load), selection, preview. */
export async function applyShare(restored: RestoredShare, sourceName: string): Promise<void> {
  useSettings.setState({ settings: restored.settingsInput, modelId: null });
  applyProvider(restored);
  useShare.getState().set({ sharedPreview: restored.preview, linkError: null });
  const s = normalizeSettings(restored.settingsInput);
  if (restored.messages) {
    useShare.getState().set({ expected: null });
    const text = JSON.stringify({ format: 'compaction-playground', version: 1, messages: restored.messages });
    const request: LoadRequest = {
      source: { kind: 'text', text },
      sourceName: restored.transcriptName ?? sourceName,
      format: 'canonical',
    };
    const ok = await useTranscript.getState().load(request, s.tokenizer, s.scale);
    if (ok && restored.selectedIndex !== null) useUi.getState().select(restored.selectedIndex, true);
  } else {
    useShare.getState().set({
      expected: {
        name: restored.transcriptName ?? 'the shared transcript',
        sha256: restored.expectedSha256 ?? '',
        messageCount: restored.messageCount,
        matches: null,
      },
    });
    if (restored.selectedIndex !== null) useUi.getState().select(restored.selectedIndex, true);
  }
}

function opened(result: DecodeResult, what: string): RestoredShare | null {
  if (result.ok) return restoreShare(result.payload);
  useShare.getState().set({ linkError: `This ${what} could not be opened: ${result.error.message}` });
  return null;
}

/** The link in the address bar, if any. Returns whether one was opened. */
export async function openLinkFromLocation(): Promise<boolean> {
  const fragment = readFragment(location.hash);
  if (!fragment) return false;
  const restored = opened(await decodeShare(fragment), 'link');
  if (!restored) return false;
  await applyShare(restored, 'shared transcript');
  return true;
}

/** A repro bundle carries `v` and `variant` at the top, before anything a transcript would. */
export function looksLikeBundle(text: string): boolean {
  const head = text.slice(0, 200).trimStart();
  return (
    head.startsWith('{') && /"variant"\s*:\s*"(full|settings-only)"/.test(head) && /"v"\s*:\s*\d/.test(head)
  );
}

export async function openBundle(text: string, fileName: string): Promise<boolean> {
  const restored = opened(decodeBundle(text), `bundle (${fileName})`);
  if (!restored) return false;
  await applyShare(restored, fileName);
  return true;
}
