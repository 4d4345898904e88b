/**
 * Writes the built-in sample transcripts into `public/samples/` plus the
 * manifest the page reads (`index.json`; the first entry is the default).
 * Run with `npx tsx scripts/make-samples.ts`.
 *
 * Each sample is a folder in `scripts/samples/` holding its sources as data
 * (the session as a script, the project it works on, lists of test names)
 * and a small builder; `scripts/samples/CONTEXT.md` describes the layout.
 * Everything is derived from fixed seeds, so running this twice gives
 * byte-identical files, and a test checks the committed files against it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { linkcheck } from './samples/claude-code-linkcheck/build';
import { tallybook } from './samples/claude-code-tallybook/build';
import { sharedRetry } from './samples/codex-shared-retry/build';
import { revenue } from './samples/openai-chat-revenue/build';
import { tableWidths } from './samples/pi-table-widths/build';
import type { Sample, SampleEntry } from './samples/sample';

export const SAMPLES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'samples');

/** In manifest order: the page loads the first one at first start. */
const SAMPLES: Sample[] = [tallybook, revenue, sharedRetry, tableWidths, linkcheck];

export const MANIFEST: SampleEntry[] = SAMPLES.map((s) => s.entry);

/** Every file of `public/samples/`, keyed by file name, manifest last. Reads the sources, writes nothing. */
export function generate(): Map<string, string> {
  const out = new Map<string, string>();
  for (const sample of SAMPLES) out.set(sample.entry.file, sample.build());
  out.set('index.json', JSON.stringify(MANIFEST, null, 2) + '\n');
  return out;
}

function main(): void {
  mkdirSync(SAMPLES_DIR, { recursive: true });
  for (const [name, text] of generate()) {
    writeFileSync(join(SAMPLES_DIR, name), text);
    console.log(`${name.padEnd(32)} ${(Buffer.byteLength(text) / 1024).toFixed(1).padStart(8)} KB`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
