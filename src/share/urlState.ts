/**
 * Keeps the address bar following the state, so the URL always names what is
 * on screen: its settings and a reference to its transcript (what the address
 * holds is chosen by `addressFragment` in the worker).
 *
 * Debounced, because a drag changes settings sixty times a second and each
 * write would re-encode the payload; and `replaceState`, never `pushState` or
 * `location.hash =`, because every settings tweak would otherwise become a
 * Back-button stop and flood the history.
 */
import { readFragment } from './fragment';

export interface UrlSyncOptions {
  /** Quiet time after the last change before the URL is written. */
  delayMs: number;
  /** Writes a fragment (without `#`; empty removes it). Defaults to `replaceFragment`. */
  write?: (fragment: string) => void;
  /** Called when producing a fragment fails (e.g. a payload over the limits); the URL is left as it was. */
  onError?: (error: unknown) => void;
}

export interface UrlSync {
  /**
   * Schedules the URL to show this state. Pass a function to defer the
   * encoding itself until the debounce has settled: only the last state is
   * ever encoded.
   */
  update(next: string | (() => string | Promise<string>)): void;
  /** Writes a pending update now (before copying the link, or when the page is hidden). */
  flush(): Promise<void>;
  /** Drops a pending update. */
  cancel(): void;
}

const OWN_FRAGMENT_KEY = 'compaction-playground:own-fragment';

/**
 * The current URL with its fragment replaced, in place, without a history
 * entry. The fragment is also noted for this tab (session storage survives a
 * reload, not a new tab), so that reloading the page is not mistaken for
 * opening somebody's link: a reload brings back the transcript this browser
 * kept for the tab, with its own format.
 */
export function replaceFragment(fragment: string): void {
  const url = new URL(window.location.href);
  url.hash = fragment;
  // Keeping `history.state` leaves whatever else the page stored there intact.
  window.history.replaceState(window.history.state, '', url.href);
  try {
    sessionStorage.setItem(OWN_FRAGMENT_KEY, fragment);
  } catch {
    // Without session storage a reload opens the address as a link: the same state, in the link's form.
  }
}

/** Whether this tab wrote `fragment` into its own address bar. */
export function isOwnFragment(fragment: string): boolean {
  try {
    return fragment !== '' && sessionStorage.getItem(OWN_FRAGMENT_KEY) === fragment;
  } catch {
    return false;
  }
}

/**
 * Takes the page's own link out of the address bar (a link somebody opened
 * stays): it mirrors the stored state, and a reload after "Reset stored
 * data" would otherwise bring back what was just forgotten.
 */
export function forgetOwnFragment(): void {
  if (!isOwnFragment(readFragment(window.location.hash) ?? '')) return;
  const url = new URL(window.location.href);
  url.hash = '';
  window.history.replaceState(window.history.state, '', url.href);
  try {
    sessionStorage.removeItem(OWN_FRAGMENT_KEY);
  } catch {
    // Nothing noted: nothing to forget.
  }
}

export function createUrlSync({ delayMs, write = replaceFragment, onError }: UrlSyncOptions): UrlSync {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: (() => string | Promise<string>) | undefined;
  // Bumped by every update, so an encoding that finishes after a newer update is discarded.
  let generation = 0;
  let written: string | undefined;

  const run = async () => {
    timer = undefined;
    const produce = pending;
    pending = undefined;
    if (!produce) return;
    const mine = generation;
    let fragment: string;
    try {
      fragment = await produce();
    } catch (error) {
      onError?.(error);
      return;
    }
    if (mine !== generation || fragment === written) return;
    written = fragment;
    write(fragment);
  };

  return {
    update(next) {
      generation++;
      pending = typeof next === 'string' ? () => next : next;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void run(), delayMs);
    },
    flush() {
      if (timer === undefined) return Promise.resolve();
      clearTimeout(timer);
      return run();
    },
    cancel() {
      generation++;
      pending = undefined;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
