/**
 * The one size limit on imports. Whole text is measured before parsing and a
 * stream as its chunks arrive, so both paths refuse the same files in the
 * same words.
 */
import { formatBytes } from '../core/numbers';
import { ImportError } from './types';

/** Files above this are refused before parsing: a browser tab would not survive them. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

export function tooLarge(bytes: number): ImportError {
  return new ImportError(
    'too-large',
    `The file is too large to import (${formatBytes(bytes)}; the limit is ${formatBytes(MAX_IMPORT_BYTES)})`,
  );
}
