/** Run in a fresh process: how long the first count takes, ranks loading included. */
import { performance } from 'node:perf_hooks';
import { loadTokenizer } from '../src/core/tokenizer';
import type { TokenizerId } from '../src/core/settings';

const id = (process.argv[2] ?? 'o200k_base') as TokenizerId;
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const count = await loadTokenizer(id);
count('warm up the encoder');
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, heapMB: (process.memoryUsage().heapUsed - heapBefore) / 1048576 }));
