/**
 * Link lengths, for the share dialog's colour and for the benchmark.
 *
 * The thresholds are where links start to break in practice: Discord turns a
 * message over 2,000 characters into a file attachment and Slack mangles
 * links of a few kilobytes, while 8,000 is what RFC 9110 asks every client to
 * support. Beyond that, a bundle file is the reliable way to share.
 */
import { buildShareUrl, encodeFragment } from './codec';
import type { Estimator } from '../core/estimate';
import { buildMinimalLink } from './minimal';
import { buildSharePayload, type SharePayload, type ShareSource } from './payload';
import { LINK_PASTES_ANYWHERE, LINK_WORKS_MOSTLY } from './limits';

export { LINK_PASTES_ANYWHERE, LINK_WORKS_MOSTLY } from './limits';

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
  /** The minimal link at its target (2,000 characters for the whole URL). */
  minimal: number;
}

/**
 * The length in characters of each kind of link for `source`: the whole URL
 * when `baseUrl` is given, otherwise `#` and the fragment.
 */
export async function measureLink(
  source: ShareSource,
  estimator: Estimator,
  baseUrl?: string,
): Promise<LinkLengths> {
  const lengthOf = async (payload: SharePayload) => {
    const fragment = await encodeFragment(payload);
    return baseUrl ? buildShareUrl(baseUrl, fragment).length : fragment.length + 1;
  };
  const [full, settingsOnly, minimal] = await Promise.all([
    buildSharePayload(source, 'full').then(lengthOf),
    buildSharePayload(source, 'settings-only').then(lengthOf),
    buildMinimalLink(source, estimator, { measure: lengthOf }).then((link) => link.length),
  ]);
  return { full, settingsOnly, minimal };
}
