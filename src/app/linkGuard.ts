/**
 * Remembers, for this tab, a link whose opening did not finish: it was
 * cancelled, the worker stopped responding, or the page was reloaded or
 * crashed meanwhile. Such a link would hang the page again on every reload,
 * so the page then says so and offers "Try again" instead of reopening it.
 *
 * One sessionStorage entry: it survives a reload but not the tab, and holds
 * a fingerprint rather than the link (a link may be 2 MB).
 */
const KEY = 'compaction-playground:link-attempt';

interface Attempt {
  fingerprint: string;
  /** Why the last attempt did not finish, as a sentence. */
  reason: string;
}

/** Characters hashed at most: a 2 MB link is fingerprinted in about a millisecond. */
const SAMPLED_CHARS = 1 << 16;

/**
 * Length and FNV-1a of the link, or of 64K characters spread evenly over a
 * longer one. Two long links that differ only between the samples would be
 * taken for one: the cost is a "Try again" click, never a wrong transcript.
 */
function fingerprint(fragment: string): string {
  const step = Math.max(1, Math.floor(fragment.length / SAMPLED_CHARS));
  let hash = 0x811c9dc5;
  for (let i = 0; i < fragment.length; i += step) {
    hash ^= fragment.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  for (let i = Math.max(0, fragment.length - 256); i < fragment.length; i++) {
    hash ^= fragment.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${fragment.length}:${(hash >>> 0).toString(16)}`;
}

function write(attempt: Attempt | null): void {
  try {
    if (attempt) sessionStorage.setItem(KEY, JSON.stringify(attempt));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): the link simply opens again on reload.
  }
}

/** Before opening: until `linkOpened` or `linkStopped`, a reload counts as an interrupted attempt. */
export function linkOpening(fragment: string): void {
  write({
    fingerprint: fingerprint(fragment),
    reason: 'The page was reloaded or closed while it was still opening.',
  });
}

/** Opened, or failed in an ordinary way that shows its own message and would not hang again. */
export function linkOpened(): void {
  write(null);
}

export function linkStopped(fragment: string, reason: string): void {
  write({ fingerprint: fingerprint(fragment), reason });
}

/** Why the last attempt at this link did not finish, or null when it did (or there was none). */
export function unfinishedAttempt(fragment: string): string | null {
  try {
    const attempt = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Attempt | null;
    return attempt?.fingerprint === fingerprint(fragment) && typeof attempt.reason === 'string'
      ? attempt.reason
      : null;
  } catch {
    return null;
  }
}
