/**
 * A pi session fixing table alignment in a small Python library ("mdtable"):
 * compacted once (the compaction entry keeps the entries from the second
 * prompt on), then switched from Claude to GPT-5.
 *
 * Beside this file:
 * - `session.txt`: the conversation, as a script (format in `../lib/script.ts`).
 * - `project/`: the library as it was when the session started.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PiWriter, playPiScript } from '../formats/pi';
import { jsonl } from '../formats/records';
import { readJson, readText, readTree } from '../lib/files';
import { Project } from '../lib/project';
import { Clock, Rng } from '../lib/random';
import type { Sample } from '../sample';

const DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = '/home/sam/code/mdtable';

function build(): string {
  const rng = new Rng(0x91e55e04);
  const clock = new Clock(Date.parse('2026-01-21T09:03:11.204Z'), rng);
  const project = new Project(ROOT, readTree(join(DIR, 'project')));
  const writer = new PiWriter(rng, clock);
  writer.header(ROOT);
  playPiScript(readText(DIR, 'session.txt'), 'pi-table-widths/session.txt', writer, project, {});
  return jsonl(writer.lines);
}

export const tableWidths: Sample = { entry: readJson(DIR, 'sample.json'), build };
