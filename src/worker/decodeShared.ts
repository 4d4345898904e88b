/**
 * Opening a share link or repro bundle, in the worker: inflating, parsing
 * and validating a 20 MB link blocked the page for about a second on the
 * main thread.
 */
import { decodeBundle } from '../share/bundle';
import { decodeShare } from '../share/codec';
import { restoreShare, sharedTranscriptJson } from '../share/schema';
import type { OpenShareResult, ShareInput } from './protocol';

/** The decoded state, with a full transcript as the canonical JSON text the page loads next. */
export async function decodeShared(input: ShareInput): Promise<OpenShareResult> {
  const decoded = input.kind === 'link' ? await decodeShare(input.fragment) : decodeBundle(input.text);
  if (!decoded.ok) return { ok: false, error: decoded.error };
  const restored = restoreShare(decoded.payload);
  const transcriptText = sharedTranscriptJson(restored);
  // The transcript travels once, as the text the page loads; the messages themselves stay here.
  const { messages, session, ...state } = restored;
  void messages;
  void session;
  return { ok: true, share: { ...state, transcriptText } };
}
