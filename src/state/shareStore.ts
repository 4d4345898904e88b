/** What arrived through a share link or bundle, and what the page still has to tell the user about it. */
import { create } from 'zustand';
import type { SettingsInput } from '../core/settings';
import type { SharePreview } from '../share/payload';

export interface ExpectedTranscript {
  name: string;
  sha256: string;
  messageCount: number;
  /** Set once a transcript has been loaded and hashed. */
  matches: boolean | null;
}

/** The share dialog and link banner: what opening a link left to say, and what a settings-only link expects. */
interface ShareStore {
  /** A link or bundle that could not be opened, in words. */
  linkError: string | null;
  /** The link behind `linkError` when trying it again may work (it was cancelled or stopped the worker). */
  retryLink: string | null;
  /** A settings-only link waits for its transcript. */
  expected: ExpectedTranscript | null;
  /** The preview the sender saw, shown until the reader runs their own. */
  sharedPreview: SharePreview | null;
  /**
   * What that preview was made from: the link's settings, and the load of the
   * transcript it carried (null for a settings-only link), so the page can
   * say when it no longer matches.
   */
  sharedPreviewFor: { settings: SettingsInput; transcript: unknown } | null;
  /** The address bar follows the state only once what the page opened with is applied. */
  ready: boolean;
  set(patch: Partial<Omit<ShareStore, 'set'>>): void;
}

export const useShare = create<ShareStore>()((set) => ({
  linkError: null,
  retryLink: null,
  expected: null,
  sharedPreview: null,
  sharedPreviewFor: null,
  ready: false,
  set: (patch) => set(patch),
}));
