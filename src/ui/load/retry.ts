import type { WorkerFailure } from '../../worker/protocol';

/**
 * Whether loading the same input again could end differently. A network
 * failure, a crashed worker or a bug may pass; a binary, empty or malformed
 * file is the same file the next time, and a button that fails the same way
 * again only teaches the user to stop trusting the page.
 */
export function retryCanHelp(failure: WorkerFailure): boolean {
  if (failure.kind === 'import') return failure.code === 'network' || failure.code === 'internal';
  return failure.kind === 'worker-stopped' || failure.kind === 'internal';
}
