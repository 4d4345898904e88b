/**
 * Run in a fresh process: how long the first count takes, ranks loading
 * included. `js-tiktoken` or `gpt-tokenizer` as the second argument measures
 * that library's encoder instead, for comparison; `preprocessed FILE PATTERN`
 * the core's counter over a table read from `rankBinary.ts`'s file.
 */
import { performance } from 'node:perf_hooks';
import { loadTokenizer } from '../src/core/tokenizer';
import type { TokenizerId } from '../src/core/tokenizer';

const id = (process.argv[2] ?? 'o200k_base') as TokenizerId;
const library = process.argv[3];
const PATTERN = process.argv[5] ?? '';
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
if (library === 'preprocessed') {
  const [{ readTable }, { pieceCachedCounter }, { countPieceTokens }] = await Promise.all([
    import('./rankBinary'),
    import('../src/core/tokenizer'),
    import('../src/core/bpe'),
  ]);
  const table = readTable(process.argv[4]!);
  // The split pattern is a string: a build step would ship it beside the table.
  pieceCachedCounter(PATTERN, (piece) => countPieceTokens(table, piece))('warm up the encoder');
} else if (library === 'gpt-tokenizer') {
  const gpt = await (id === 'cl100k_base'
    ? import('gpt-tokenizer/encoding/cl100k_base')
    : import('gpt-tokenizer/encoding/o200k_base'));
  gpt.countTokens('warm up the encoder');
} else if (library === 'js-tiktoken') {
  const [{ Tiktoken }, ranks] = await Promise.all([
    import('js-tiktoken/lite'),
    id === 'cl100k_base' ? import('js-tiktoken/ranks/cl100k_base') : import('js-tiktoken/ranks/o200k_base'),
  ]);
  new Tiktoken(ranks.default).encode('warm up the encoder', [], []);
} else {
  const count = await loadTokenizer(id);
  count('warm up the encoder');
}
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, heapMB: (process.memoryUsage().heapUsed - heapBefore) / 1048576 }));
