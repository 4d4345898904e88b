/**
 * The repro bundle: the same payload as a full link, as a `.json` file to
 * attach to a bug report when the link is too long to paste.
 *
 * The file is the payload JSON itself (it carries `v` and `variant`), so a
 * bundle and a link decode through the same schema and migrations. A file
 * from disk is as untrusted as a link and gets the same checks.
 */
import { ShareEncodeError } from './codec';
import { MAX_BUNDLE_CHARS } from './limits';
import { failure, formatBytes, type DecodeResult } from './errors';
import { isKnownVersion, upgradePayload } from './migrations';
import type { SharePayload } from './payload';
import { validateSharePayload } from './schema';

export { MAX_BUNDLE_CHARS };

/** The file's text. Throws `ShareEncodeError` for a payload that would not load back. */
export function encodeBundle(payload: SharePayload): string {
  const checked = validateSharePayload(payload, 'file');
  if (!checked.ok) throw new ShareEncodeError(checked.error.message, checked.error.path);
  const text = `${JSON.stringify(payload)}\n`;
  if (text.length > MAX_BUNDLE_CHARS) {
    throw new ShareEncodeError(
      `The repro bundle would be ${formatBytes(text.length)}, over the ${formatBytes(MAX_BUNDLE_CHARS)} it may hold.`,
    );
  }
  return text;
}

/** A file name that says what the file is and which transcript it reproduces. */
export function bundleFileName(payload: SharePayload): string {
  const stem = (payload.transcript.name ?? '')
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  return `compaction-repro${stem ? `-${stem}` : ''}.json`;
}

/** Reads a bundle file's text back into a validated, current-version payload. Never throws. */
export function decodeBundle(text: string): DecodeResult {
  if (text.trim() === '') return failure('empty', 'The file is empty: there is no shared state to open.');
  if (text.length > MAX_BUNDLE_CHARS) {
    return failure(
      'too-large',
      `The file is ${formatBytes(text.length)}; repro bundles over ${formatBytes(MAX_BUNDLE_CHARS)} are not opened.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return failure(
      'not-json',
      `The file is not JSON: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  const version = json !== null && typeof json === 'object' ? (json as { v?: unknown }).v : undefined;
  // Bundles began with v1; v0 existed only as links.
  if (typeof version !== 'number' || version < 1 || !isKnownVersion(version)) {
    return failure(
      'unknown-version',
      typeof version === 'number'
        ? `The file is version ${version}, which this build cannot read; it was probably made by a newer build.`
        : 'The file has no version ("v"): it is not a Compaction Playground repro bundle.',
    );
  }
  return upgradePayload(version, json, 'file');
}
