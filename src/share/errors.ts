/**
 * Why a share link or bundle could not be opened. Every way decoding can fail
 * has its own code and a sentence the page can show as it is: a link is
 * untrusted input, and "something went wrong" helps nobody fix a bad paste.
 */
import type { SharePayload } from './payload';

export type ShareErrorCode =
  | 'empty'
  | 'too-long'
  | 'bad-prefix'
  | 'unknown-version'
  | 'not-base64url'
  | 'not-deflate'
  | 'too-large'
  | 'not-json'
  | 'schema';

export interface ShareError {
  code: ShareErrorCode;
  /** One sentence naming what was wrong, for the page-level error view. */
  message: string;
  /** For `schema`: where in the payload, e.g. `settings.keepRecentTokens`. */
  path?: string;
}

export type DecodeResult =
  | {
      ok: true;
      payload: SharePayload;
      /** Set when the link was written by an older version and migrated on the way in. */
      migratedFrom?: number;
    }
  | { ok: false; error: ShareError };

export function shareError(code: ShareErrorCode, message: string, path?: string): ShareError {
  return path === undefined ? { code, message } : { code, message, path };
}

export function failure(code: ShareErrorCode, message: string, path?: string): DecodeResult {
  return { ok: false, error: shareError(code, message, path) };
}

/** Sizes in messages read better rounded: "2.4 MB", "20 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
