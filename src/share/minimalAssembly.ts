/**
 * The one assembly of a minimal link, for the page's worker and the command
 * line: the link fitted to its target after the redactions it will get, so a
 * link that fits on the page fits when `share --minimal` prints it.
 */
import type { Estimator } from '../core/estimate';
import { encodeFragment } from './codec';
import { buildMinimalLink, type IndexRange, type MinimalLink } from './minimal';
import type { MinimalSharePayload, ShareSource } from './payload';
import { redactContent } from './redact';
import { redactSecrets } from './secrets';

export interface MinimalAssemblyOptions {
  /** Messages whose whole text travels besides the link's own choice. */
  include?: readonly IndexRange[];
  redactContent: boolean;
  redactSecrets: boolean;
  /** Characters of the link besides its fragment: the page's address and the `#`. */
  urlChars: number;
}

export interface AssembledMinimalLink {
  link: MinimalLink;
  /** The payload with every redaction asked for: what the link encodes. */
  payload: MinimalSharePayload;
  /** With content redacted as asked, secrets not yet: what a secret scan reports on. */
  beforeSecrets: MinimalSharePayload;
}

export async function assembleMinimalLink(
  source: ShareSource,
  estimator: Estimator,
  options: MinimalAssemblyOptions,
): Promise<AssembledMinimalLink> {
  const content = (payload: MinimalSharePayload) =>
    options.redactContent ? redactContent(payload, estimator).payload : payload;
  const finish = (payload: MinimalSharePayload) =>
    options.redactSecrets ? redactSecrets(content(payload)) : content(payload);
  const link = await buildMinimalLink(source, estimator, {
    include: options.include,
    measure: async (payload) => (await encodeFragment(finish(payload))).length + options.urlChars,
  });
  return { link, payload: finish(link.payload), beforeSecrets: content(link.payload) };
}
