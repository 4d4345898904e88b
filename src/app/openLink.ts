/**
 * Opening a share link or a repro bundle: the worker decodes it, the
 * transcript goes to the worker, settings and provider into their stores,
 * never a model call.
 */
import { PROVIDER_PRESETS, presetAt } from '../providers/presets';
import { readFragment } from '../share/fragment';
import type { RestoredShare } from '../share/schema';
import { usePrompts } from '../state/promptStore';
import { useProvider } from '../state/providerStore';
import { useSettings } from '../state/settingsStore';
import { useShare } from '../state/shareStore';
import { useTranscript, type LoadRequest } from '../state/transcriptStore';
import { useUi } from '../state/uiStore';
import { WorkerRequestError, workerClient } from '../worker/client';
import type { OpenedShare, ShareInput } from '../worker/protocol';
import { linkOpened, linkOpening, linkStopped, unfinishedAttempt } from './linkGuard';

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
  const preset =
    presetAt(provider.kind, provider.baseUrl) ??
    PROVIDER_PRESETS.find((p) => p.kind === provider.kind) ??
    PROVIDER_PRESETS.find((p) => p.id === 'custom')!;
  useProvider
    .getState()
    .applyLink(
      { presetId: preset.id, baseUrl: provider.baseUrl || preset.baseUrl, model: provider.model },
      restored.providerNeedsConfirmation,
    );
}

/**
 * Applies a decoded share: settings, provider, the transcript (or what to
 * load), selection, preview. False when its transcript did not load.
 *
 * What the link chose shapes this visit only: every store keeps the user's
 * own saved values until the user keeps the link's (docs/security.md lists
 * every field a link can carry and what the page does with it).
 */
export async function applyShare(restored: OpenedShare, sourceName: string): Promise<boolean> {
  // The part not in the file that the sender's file measured is the file's, not a setting: it travels
  // with the transcript, as measured (as a setting the page would call it set), and a reader's own copy
  // of the file (a settings-only link) measures it again.
  const settingsInput =
    restored.unseenInferred !== null
      ? { ...restored.settingsInput, unseenTokens: null }
      : restored.settingsInput;
  // A value the settings refuse stays in its field with the reason, as if the reader had typed it.
  useSettings.getState().applyLink(settingsInput, restored.refusedSettings, restored.windowGiven);
  applyProvider({ ...restored, messages: null, session: null });
  // The sender's prompts, for this visit, marked as theirs and reviewed before a model is sent them.
  usePrompts.getState().applyLink(restored.prompts);
  const request: LoadRequest | null =
    restored.transcriptText === null
      ? null
      : {
          source: { kind: 'text', text: restored.transcriptText },
          sourceName: restored.transcriptName ?? sourceName,
          format: 'canonical',
          origin: 'link',
        };
  useShare.getState().set({
    sharedPreview: restored.preview,
    sharedPreviewFor: restored.preview ? { settings: settingsInput, transcript: request } : null,
    linkError: null,
    retryLink: null,
  });
  if (request) {
    useShare.getState().set({ expected: null });
    const ok = await useTranscript.getState().load(request);
    if (ok && restored.selectedIndex !== null) useUi.getState().select(restored.selectedIndex, true);
    return ok;
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
    return true;
  }
}

/** Decodes in the worker; a link that does not open, or a worker that stopped, is told in the link banner. */
async function decode(
  input: ShareInput,
  what: string,
): Promise<{ share: OpenedShare } | { error: string; workerStopped: boolean }> {
  let error: string;
  let workerStopped = false;
  try {
    const result = await workerClient.request('open-share', { input }).result;
    if (result.ok) return { share: result.share };
    error = result.error.message;
  } catch (thrown) {
    error = thrown instanceof WorkerRequestError ? thrown.failure.message : String(thrown);
    workerStopped = thrown instanceof WorkerRequestError && thrown.failure.kind === 'worker-stopped';
  }
  useShare.getState().set({ linkError: `This ${what} could not be opened: ${error}` });
  return { error, workerStopped };
}

/**
 * The link in the address bar, if any. Returns whether one was opened.
 * Opened at startup (`automatic`), a link whose last attempt in this tab
 * did not finish is not opened again: the banner offers "Try again".
 */
export async function openLinkFromLocation(automatic = false): Promise<boolean> {
  const fragment = readFragment(location.hash);
  if (!fragment) return false;
  const unfinished = automatic ? unfinishedAttempt(fragment) : null;
  if (unfinished !== null) {
    useShare.getState().set({
      linkError: `This link was not opened again, because the last attempt did not finish: ${unfinished}`,
      retryLink: fragment,
    });
    return false;
  }
  return openLink(fragment);
}

/**
 * Opens a link's fragment. False when it did not open, or its transcript
 * load was cancelled or stopped the worker (those are remembered, see linkGuard).
 */
export async function openLink(fragment: string): Promise<boolean> {
  useShare.getState().set({ linkError: null, retryLink: null });
  linkOpening(fragment);
  const decoded = await decode({ kind: 'link', fragment }, 'link');
  if (!('share' in decoded)) {
    if (decoded.workerStopped) {
      linkStopped(fragment, decoded.error);
      useShare.getState().set({ retryLink: fragment });
    } else linkOpened();
    return false;
  }
  if (await applyShare(decoded.share, 'shared transcript')) {
    linkOpened();
    return true;
  }
  const { error } = useTranscript.getState();
  if (error !== null && error.kind !== 'worker-stopped') {
    // An ordinary import error: shown by the load panel, and the same on every reload.
    linkOpened();
    return true;
  }
  const reason = error?.message ?? 'It was cancelled.';
  linkStopped(fragment, reason);
  // The page falls back to another transcript; the banner keeps the way back to this one.
  useShare.getState().set({ linkError: `This link was not opened: ${reason}`, retryLink: fragment });
  return false;
}

/** A repro bundle carries `v` and `variant` at the top, before anything a transcript would. */
export function looksLikeBundle(text: string): boolean {
  const head = text.slice(0, 200).trimStart();
  return (
    head.startsWith('{') &&
    /"variant"\s*:\s*"(full|settings-only|minimal)"/.test(head) &&
    /"v"\s*:\s*\d/.test(head)
  );
}

export async function openBundle(text: string, fileName: string): Promise<boolean> {
  const decoded = await decode({ kind: 'bundle', text }, `bundle (${fileName})`);
  if (!('share' in decoded)) return false;
  await applyShare(decoded.share, fileName);
  return true;
}
