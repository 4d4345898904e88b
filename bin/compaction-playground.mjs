#!/usr/bin/env node
// The installed package runs the compiled JavaScript in lib/, with nothing to
// transpile at start-up. In a checkout, where the TypeScript sources sit beside
// this file, it runs them through tsx instead, so it is never a stale build;
// a checkout without tsx (installed without development dependencies) runs
// what `npm run build:package` compiled.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
const compiled = new URL('../lib/cli/main.js', import.meta.url);

async function typescriptRunner() {
  try {
    return await import('tsx/esm/api');
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && existsSync(compiled)) return null;
    throw error;
  }
}

const tsx = existsSync(source) ? await typescriptRunner() : null;
let main;
if (tsx) {
  tsx.register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import(compiled.href));
}
process.exitCode = await main(process.argv.slice(2));
