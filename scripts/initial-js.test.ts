import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { initialJs, initialScripts } from './initial-js';

const HTML = `<!doctype html><html><head>
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<script type="module" crossorigin src="/assets/index-a1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b2.js">
<link rel="stylesheet" crossorigin href="/assets/index-c3.css">
</head><body><div id="root"></div></body></html>`;

describe('the initial JavaScript of a build', () => {
  it('is the entry script and its module preloads, not the icon, the styles or the lazy chunks', () => {
    expect(initialScripts(HTML)).toEqual(['assets/index-a1.js', 'assets/react-b2.js']);
  });

  it('totals their gzip sizes', () => {
    const dist = mkdtempSync(join(tmpdir(), 'initial-js-'));
    mkdirSync(join(dist, 'assets'));
    const entry = 'export const a = 1;'.repeat(200);
    const react = 'export const b = 2;';
    writeFileSync(join(dist, 'index.html'), HTML);
    writeFileSync(join(dist, 'assets/index-a1.js'), entry);
    writeFileSync(join(dist, 'assets/react-b2.js'), react);
    writeFileSync(join(dist, 'assets/Charts-d4.js'), 'export const lazy = 3;'.repeat(5000));
    const gz = (text: string) => gzipSync(text, { level: 9 }).length;
    expect(initialJs(dist)).toEqual({
      files: [
        { file: 'assets/index-a1.js', gzip: gz(entry) },
        { file: 'assets/react-b2.js', gzip: gz(react) },
      ],
      total: gz(entry) + gz(react),
    });
  });
});
