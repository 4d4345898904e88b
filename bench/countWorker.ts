/**
 * One thread of the count pool: loads the encoding once, then counts each
 * share of texts it is sent with a piece cache it keeps between shares.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { countPieceTokens } from '../src/core/bpe';
import { errorText } from '../src/core/errors';
import { loadEncoding, pieceCachedCounter, type BpeId, type TextCounter } from '../src/core/tokenizer';
import type { CountRequest } from './countPool';

const port = parentPort!;
const { tokenizer } = workerData as { tokenizer: BpeId };

try {
  const { table, pattern } = await loadEncoding(tokenizer);
  const fresh = () => pieceCachedCounter(pattern, (piece) => countPieceTokens(table, piece));
  let count: TextCounter = fresh();
  port.on('message', (request: CountRequest) => {
    try {
      if (request.fresh) count = fresh();
      port.postMessage({ counts: request.texts.map((texts) => texts.map((t) => count(t))) });
    } catch (error) {
      port.postMessage({ error: errorText(error) });
    }
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ error: errorText(error) });
}
