/**
 * One timed import in a fresh process, for `importCompare.ts`: streams FILE
 * through `importChunks` of the source tree at ROOT (1 MB chunks, as the
 * command line reads a file) and prints `{ms, cpuMs, messages}` as JSON:
 * wall time, and the CPU time the process spent, which a loaded machine
 * disturbs less.
 *
 * Usage: node --import tsx bench/importOnce.ts ROOT FILE
 */
import { createReadStream } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

type ImportChunks = (
  chunks: AsyncIterable<string>,
  options: { fileName?: string },
) => Promise<{ messages: unknown[] }>;

const [root, file] = process.argv.slice(2);
if (!root || !file) throw new Error('usage: importOnce.ts ROOT FILE');
const registry = (await import(pathToFileURL(resolve(root, 'src/formats/registry.ts')).href)) as {
  importChunks: ImportChunks;
};
const start = performance.now();
const cpuStart = process.cpuUsage();
const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
const result = await registry.importChunks(stream as AsyncIterable<string>, { fileName: basename(file) });
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
const cpuMs = (cpu.user + cpu.system) / 1000;
process.stdout.write(JSON.stringify({ ms, cpuMs, messages: result.messages.length }));
