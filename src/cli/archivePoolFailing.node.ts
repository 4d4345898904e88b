/**
 * A thread for `archivePool.test.ts`: it answers each file with a row, but a
 * file named `exit.jsonl` stops the thread, `throw.jsonl` throws in it, and
 * `refuse.jsonl` is answered with an error, as the real thread answers one
 * it could not read.
 */
import { parentPort } from 'node:worker_threads';
import { failedRow } from '../archive/row';
import type { PoolReply, PoolRequest } from './archivePool';

const port = parentPort!;
let read = 0;

port.on('message', (request: PoolRequest) => {
  const name = request.found.path.split('/').pop();
  if (name === 'exit.jsonl') process.exit(3);
  if (name === 'throw.jsonl') throw new Error('the thread broke');
  read++;
  const reply: PoolReply =
    name === 'refuse.jsonl'
      ? { id: request.id, error: 'no estimator' }
      : {
          id: request.id,
          // The row says how many files this thread has read: a fresh thread starts again at 1.
          result: {
            kind: 'row',
            row: failedRow({ file: request.found.path, place: request.found.place }, `read ${read}`),
            compactions: [],
          },
        };
  port.postMessage(reply);
});
