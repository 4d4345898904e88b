/**
 * One thread of the archive pool: reads each session it is sent into its
 * row and posts the row back. The estimator is loaded once, and only when a
 * file does not record its usage.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readSession } from '../archive/read';
import { errorText } from '../core/errors';
import { loadEstimator, type Estimator, type TokenizerId } from '../core';
import { diskReader } from './archiveDisk';
import type { PoolReply, PoolRequest } from './archivePool';

const port = parentPort!;
const { root, tokenizer, scale, followLinks } = workerData as {
  root: string;
  tokenizer: TokenizerId;
  scale: number;
  followLinks: boolean;
};
const reader = diskReader(root, { followLinks });
let estimator: Promise<Estimator> | null = null;
const estimate = () => (estimator ??= loadEstimator(tokenizer, scale));

port.on('message', async (request: PoolRequest) => {
  let reply: PoolReply;
  try {
    reply = { id: request.id, result: await readSession(reader, request.found, { estimator: estimate }) };
  } catch (error) {
    reply = { id: request.id, error: errorText(error) };
  }
  port.postMessage(reply);
});
