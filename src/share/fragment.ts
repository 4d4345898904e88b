/** The share data's place in a link: its fragment, read without decoding anything (the page's start needs only this). */

/** The fragment of `location.hash`, or null when there is none. */
export function readFragment(locationHash: string): string | null {
  const text = (locationHash.startsWith('#') ? locationHash.slice(1) : locationHash).trim();
  return text === '' ? null : text;
}

/**
 * The fragment of a pasted link, or the text itself when it is a bare
 * fragment: the command line and the "open link" box accept either.
 */
export function fragmentFromLink(link: string): string | null {
  const hash = link.indexOf('#');
  return readFragment(hash >= 0 ? link.slice(hash + 1) : link);
}
