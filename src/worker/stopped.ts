/**
 * What a worker-stopped failure says: what the worker was doing when the
 * watchdog or a cancel replaced it.
 */
import type { Progress, WorkerRequest } from './protocol';

type RequestType = WorkerRequest['type'];

export type StopCause =
  { kind: 'unresponsive' } | { kind: 'crashed'; detail: string } | { kind: 'cancelled'; target: number };

/** What a worker-stopped failure says the worker was doing. */
export const ACTIVITY: Record<RequestType, string> = {
  load: 'loading a transcript',
  cases: 'running the gold-fact cases',
  follow: 'reading the followed file',
  cancel: 'cancelling a task',
  retokenize: 'counting tokens',
  detail: 'reading a message',
  tokens: 'splitting a message into tokens',
  search: 'searching the messages',
  fit: 'fitting the summarizer input',
  export: 'exporting the transcript',
  compact: 'previewing the compaction',
  judge: 'asking the judge model',
  count: "asking the provider for the transcript's token count",
  share: 'making a share link',
  address: 'writing the link in the address bar',
  hash: 'hashing the transcript',
  'open-share': 'opening a share link',
  timeline: 'replaying the session',
  'ledger-strategies': 'comparing the strategies at a recorded compaction',
  pin: 'showing the context at a call',
  breakdown: 'breaking the context down by category',
  warm: 'loading the tokenizer',
};
export const PHASE_ACTIVITY: Record<Progress['phase'], string> = {
  reading: 'reading the transcript',
  importing: 'importing the transcript',
  tokenizer: 'loading the tokenizer',
  tokenizing: 'counting tokens',
};

/** Requests the page makes on its own, which nobody waits for. */
export const BACKGROUND = new Set<RequestType>(['address', 'warm']);

export function stoppedMessage(cause: StopCause, activity: string): string {
  switch (cause.kind) {
    case 'unresponsive':
      return `The background worker stopped responding while ${activity}; it was restarted.`;
    case 'crashed':
      return `The background worker crashed while ${activity} (${cause.detail}); it was restarted.`;
    case 'cancelled':
      return `The background worker was restarted to stop ${activity}, which did not respond to Cancel.`;
  }
}
