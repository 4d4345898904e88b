/**
 * One Cancel during the tokenizer's load, in a fresh process (so the table
 * is cold), for `cancelTokenizer.ts`: the worker's dispatcher of the source
 * tree at ROOT holds a small transcript, is asked to load another counted
 * with o200k_base, and is sent Cancel as soon as it has drawn the estimated
 * bars (the table then loading). Prints `{ms, outcome}`: the time from the
 * Cancel to the load's answer, and whether it ended cancelled or counted.
 *
 * Usage: node --import tsx bench/cancelOnce.ts ROOT
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

type Post = (message: { type: string; id: number }) => void;
type Handle = (request: Record<string, unknown>) => Promise<unknown>;

const [root] = process.argv.slice(2);
if (!root) throw new Error('usage: cancelOnce.ts ROOT');
const { createDispatcher } = (await import(pathToFileURL(resolve(root, 'src/worker/dispatch.ts')).href)) as {
  createDispatcher: (post: Post) => Handle;
};
// The worker's pauses wait on an unreferenced port: this keeps the process alive meanwhile.
const alive = setInterval(() => undefined, 1000);
let estimated: () => void = () => undefined;
const drawn = new Promise<void>((r) => (estimated = r));
const handle = createDispatcher((message) => {
  if (message.type === 'event' && message.id === 2) estimated();
});
const paste = (id: number, text: string, tokenizer: string) =>
  handle({ id, type: 'load', source: { kind: 'text', text }, sourceName: 'chat.json', tokenizer, scale: 1 });
await paste(1, JSON.stringify([{ role: 'user', content: 'The transcript before.' }]), 'chars4');
const turns = Array.from({ length: 200 }, (_, i) => ({
  role: i % 2 ? 'assistant' : 'user',
  content: `Message ${i}: fix the failing test in src/module${i}.ts`,
}));
const loading = paste(2, JSON.stringify(turns), 'o200k_base').then(
  () => 'counted',
  (error: Error) => (/cancel/i.test(error.message) ? 'cancelled' : error.message),
);
await drawn;
const start = performance.now();
void handle({ id: 3, type: 'cancel', target: 2 });
const outcome = await loading;
const ms = performance.now() - start;
clearInterval(alive);
process.stdout.write(JSON.stringify({ ms, outcome }));
