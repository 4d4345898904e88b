/**
 * Link lengths, for the share dialog's colour and for the benchmark.
 *
 * The thresholds are where links start to break in practice: Discord turns a
 * message over 2,000 characters into a file attachment and Slack mangles
 * links of a few kilobytes, while 8,000 is what RFC 9110 asks every client to
 * support. Beyond that, a bundle file is the reliable way to share.
 */
import { buildShareUrl, encodeFragment } from './codec';
import { buildSharePayload, type ShareSource } from './payload';

export const LINK_PASTES_ANYWHERE = 2_000;
export const LINK_WORKS_MOSTLY = 8_000;

/** `short`: pastes anywhere; `long`: most places; `too-long`: suggest the bundle. */
export type LinkLengthClass = 'short' | 'long' | 'too-long';

export function classifyLinkLength(length: number): LinkLengthClass {
  if (length <= LINK_PASTES_ANYWHERE) return 'short';
  if (length <= LINK_WORKS_MOSTLY) return 'long';
  return 'too-long';
}

export interface LinkLengths {
  full: number;
  settingsOnly: number;
}

/**
 * The length in characters of each kind of link for `source`: the whole URL
 * when `baseUrl` is given, otherwise `#` and the fragment.
 */
export async function measureLink(source: ShareSource, baseUrl?: string): Promise<LinkLengths> {
  const length = async (variant: 'full' | 'settings-only') => {
    const fragment = await encodeFragment(await buildSharePayload(source, variant));
    return baseUrl ? buildShareUrl(baseUrl, fragment).length : fragment.length + 1;
  };
  const [full, settingsOnly] = await Promise.all([length('full'), length('settings-only')]);
  return { full, settingsOnly };
}
