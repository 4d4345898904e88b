/**
 * The JavaScript a built page loads before any lazy import: the scripts and
 * module preloads `dist/index.html` names, each gzipped at level 9, and
 * their total. `npx vite build && npx tsx scripts/initial-js.ts [DIST]`
 * prints them; the `browser` bench reports the same total against its target.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialJs {
  files: { file: string; gzip: number }[];
  /** Bytes, gzipped. */
  total: number;
}

/** The scripts `html` loads at once (script tags and module preloads), in order. */
export function initialScripts(html: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/?([^"]+\.js)"[^>]*>/g)].map((m) => m[1]!);
}

export function initialJs(dist: string): InitialJs {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = initialScripts(html).map((file) => ({
    file,
    gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
  }));
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}

if (process.argv[1]?.endsWith('initial-js.ts')) {
  const { files, total } = initialJs(process.argv[2] ?? 'dist');
  for (const f of files) console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  initial JavaScript (gzip)`);
}
