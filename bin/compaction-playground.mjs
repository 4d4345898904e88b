#!/usr/bin/env node
// The installed package runs the compiled JavaScript in lib/, with nothing to
// transpile at start-up. In a checkout, where the TypeScript sources sit beside
// this file, it runs them through tsx instead, so it is never a stale build.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import('../lib/cli/main.js'));
}
process.exitCode = await main(process.argv.slice(2));
