/// <reference lib="webworker" />
/**
 * The compaction worker's entry: imports and tokenizes transcripts off the
 * main thread, keeps the messages and their token cache, and answers small
 * requests about them, so the page never holds the full message list. This
 * file only receives messages and settles replies; `dispatch.ts` says which
 * module answers each request.
 */
import { errorText } from '../core';
import { createDispatcher } from './dispatch';
import { failure } from './failure';
import type { WorkerInbound, WorkerOutbound } from './protocol';
import { loadFromRankFiles } from './rankFiles';

declare const self: DedicatedWorkerGlobalScope;

loadFromRankFiles();

function post(reply: WorkerOutbound): void {
  self.postMessage(reply);
}

/** A reply that cannot be copied to the page (a value nested too deeply, say) still settles its request. */
function settle(reply: WorkerOutbound & { id: number }): void {
  try {
    post(reply);
  } catch (error) {
    post({ id: reply.id, type: 'error', error: { kind: 'internal', message: errorText(error) } });
  }
}

const handle = createDispatcher(post);

self.onmessage = (event: MessageEvent<WorkerInbound>) => {
  const request = event.data;
  // The page's watchdog: an answer means this worker is between tasks, not stuck.
  if (request.type === 'ping') {
    post({ type: 'pong' });
    return;
  }
  handle(request).then(
    (value) => settle({ id: request.id, type: 'ok', value }),
    (error: unknown) => settle({ id: request.id, type: 'error', error: failure(error, request) }),
  );
};
