#!/usr/bin/env node
// The installed package runs the compiled JavaScript in lib/, with nothing to
// transpile at start-up. In a checkout, where the TypeScript sources sit beside
// this file, it runs them through tsx instead, so it is never a stale build;
// a checkout without tsx (installed without development dependencies) runs
// what `npm run build:package` compiled.
import { existsSync } from 'node:fs';

// The status line runs at every change of a Claude Code session: it loads its
// own module only, not every command's.
const entry = process.argv[2] === 'statusline' ? 'statusline' : 'main';
const source = new URL(`../src/cli/${entry}.ts`, import.meta.url);
const compiled = new URL(`../lib/cli/${entry}.js`, import.meta.url);

async function typescriptRunner() {
  try {
    return await import('tsx/esm/api');
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && existsSync(compiled)) return null;
    throw error;
  }
}

const tsx = existsSync(source) ? await typescriptRunner() : null;
let module;
if (tsx) {
  tsx.register();
  module = await import(source.href);
} else {
  module = await import(compiled.href);
}
process.exitCode =
  entry === 'statusline'
    ? await module.runStatusline(process.argv.slice(3))
    : await module.main(process.argv.slice(2));
