/**
 * A transcript opened by its address, fetched in the worker so the bytes go
 * straight to the importer. A server can accept the connection and then say
 * nothing, or stop halfway; without deadlines the page would show "Reading"
 * forever, so each is an error that names the address and what went wrong.
 */
import { errorText } from '../core';
import { MAX_IMPORT_BYTES } from '../formats/registry';
import { ImportError } from '../formats/types';
import type { Progress } from './protocol';

/** A server that has not started to answer in this long is taken as not answering at all… */
export const URL_RESPONSE_TIMEOUT_MS = 30_000;
/** …and a download that sends nothing for this long as stalled. */
export const URL_STALL_TIMEOUT_MS = 30_000;

/** A download that failed: the worker reports it as a network error of the import. */
function networkError(message: string): Error {
  return Object.assign(new Error(message), { code: 'network' });
}

/** Fetches a URL with reading progress; a server that does not answer or stalls is an error, not a wait. */
export async function download(
  url: string,
  signal: AbortSignal,
  report: (progress: Progress) => void,
): Promise<Blob> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop);
  let timedOut: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = (ms: number, what: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = what;
      controller.abort();
    }, ms);
  };
  const failed = (what: string, error: unknown, hint = '') => {
    if (signal.aborted) return new ImportError('aborted', 'The import was cancelled');
    return networkError(`${url}: ${what} (${timedOut ?? errorText(error)}).${hint}`);
  };
  try {
    deadline(URL_RESPONSE_TIMEOUT_MS, `the server did not answer within ${URL_RESPONSE_TIMEOUT_MS / 1000} s`);
    let response: Response;
    try {
      response = await fetch(url, { signal: controller.signal });
    } catch (error) {
      const hint = timedOut ? '' : ' The server may not allow cross-origin requests.';
      throw failed('could not be fetched', error, hint);
    }
    if (!response.ok) throw networkError(`${url}: the server answered HTTP ${response.status}`);
    // 0 when the server does not say: the page then shows the bytes read.
    const total = Number(response.headers.get('content-length')) || 0;
    const parts: Uint8Array[] = [];
    let done = 0;
    report({ phase: 'reading', done, total });
    const reader = response.body?.getReader();
    // Past the import limit the importer refuses the file anyway; stop downloading there.
    while (reader && done <= MAX_IMPORT_BYTES) {
      deadline(URL_STALL_TIMEOUT_MS, `the server sent nothing for ${URL_STALL_TIMEOUT_MS / 1000} s`);
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw failed('the download failed', error);
      }
      if (chunk.done) break;
      parts.push(chunk.value);
      done += chunk.value.byteLength;
      report({ phase: 'reading', done, total });
    }
    if (reader && done > MAX_IMPORT_BYTES) void reader.cancel().catch(() => {});
    return new Blob(parts as Uint8Array<ArrayBuffer>[]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}
