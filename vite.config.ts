import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { CSP_HEADER, CSP_META } from './src/security/contentSecurityPolicy.ts';
import { rankFilesPlugin } from './scripts/rankFilesPlugin.ts';

/**
 * Writes the policy into the built index.html, right after the charset (which
 * must stay within the first 1024 bytes) and before every script and
 * stylesheet it governs. Build only: the dev server's inline hot-reload
 * preamble and its websocket would be refused.
 */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'content-security-policy-meta',
    apply: 'build',
    transformIndexHtml(html) {
      const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
      if (!charset || CSP_META.includes('"')) {
        throw new Error('index.html needs <meta charset> first in <head>, and the policy no double quote');
      }
      const at = charset.index + charset[0].length;
      const meta = `\n    <meta http-equiv="Content-Security-Policy" content="${CSP_META}" />`;
      return html.slice(0, at) + meta + html.slice(at);
    },
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicyMeta(), rankFilesPlugin()],
  // ES module workers let the tokenizer ranks stay a separate, lazily loaded
  // chunk instead of being inlined into the worker file; the workers download
  // them as rank files, which the worker bundles emit.
  worker: { format: 'es', plugins: () => [rankFilesPlugin()] },
  build: { target: 'es2022', chunkSizeWarningLimit: 3000 },
  // The header carries what a <meta> cannot (frame-ancestors) and is the only
  // policy the worker gets: a worker's policy comes from its own response.
  preview: { headers: { 'Content-Security-Policy': CSP_HEADER } },
  test: {
    include: [
      'src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
      'testing/*.test.ts',
      'testing/mock-llm/**/*.test.ts',
      'testing/lab/**/*.test.ts',
    ],
    // The sample projects' own tests are sample data, not ours to run.
    exclude: [...configDefaults.exclude, 'scripts/samples/*/project/**'],
    environment: 'node',
    // Every core: vitest's own default leaves one free, which on a two-core
    // machine runs the files one at a time. `VITEST_MAX_WORKERS` overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? availableParallelism()),
    // Generous: the suite shares two cores with other work, where a test that spawns the
    // command line or runs a property check can take several times its quiet-machine time.
    testTimeout: 60_000,
  },
});
