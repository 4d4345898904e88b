/**
 * The one size limit on imports. Whole text is measured before parsing and a
 * stream as its chunks arrive, so both paths refuse the same files in the
 * same words.
 */
import { ImportError } from './types';

/** Files above this are refused before parsing: a browser tab would not survive them. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

export function tooLarge(bytes: number): ImportError {
  const mb = (n: number): string => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return new ImportError(
    'too-large',
    `The file is too large to import (${mb(bytes)}; the limit is ${mb(MAX_IMPORT_BYTES)})`,
  );
}
