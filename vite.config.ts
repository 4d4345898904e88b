import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // ES module workers let the tokenizer ranks stay a separate, lazily loaded
  // chunk instead of being inlined into the worker file.
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 3000 },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'e2e/mock-llm/**/*.test.ts'],
    // The sample projects' own tests are sample data, not ours to run.
    exclude: [...configDefaults.exclude, 'scripts/samples/*/project/**'],
    environment: 'node',
    testTimeout: 20000,
  },
});
