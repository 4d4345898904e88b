#!/usr/bin/env node
// The installed package runs the compiled JavaScript in lib/, with nothing to
// transpile at start-up. In a checkout, where the TypeScript sources sit beside
// this file, it runs them through tsx instead, so it is never a stale build;
// a checkout without tsx (installed without development dependencies) runs
// what `npm run build:package` compiled.
//
// Everything is found from where this file really is, never from the current
// folder: the sources, the build, tsx and the tsconfig tsx compiles with.
import { existsSync, realpathSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Reached through a link with links kept (node --preserve-symlinks-main), this
// file's address is the link's, whose folder holds no package: the file is
// loaded again from its real place, which runs the command.
const here = pathToFileURL(realpathSync(fileURLToPath(import.meta.url))).href;
if (here !== import.meta.url) await import(here);
else await run();

async function run() {
  // The status line runs at every change of a Claude Code session: it loads its
  // own module only, not every command's.
  const entry = process.argv[2] === 'statusline' ? 'statusline' : 'main';
  const source = new URL(`../src/cli/${entry}.ts`, import.meta.url);
  const compiled = new URL(`../lib/cli/${entry}.js`, import.meta.url);

  const tsx = existsSync(source) ? await typescriptRunner(compiled) : null;
  let module;
  if (tsx) {
    // tsx reads the tsconfig of the current folder unless told which: the package's own.
    tsx.register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
    module = await import(source.href);
  } else {
    module = await import(compiled.href);
  }
  process.exitCode =
    entry === 'statusline'
      ? await module.runStatusline(process.argv.slice(3))
      : await module.main(process.argv.slice(2));
}

/** tsx's API as this package resolves it (import.meta.resolve: from this file's folder up); null without it when a build exists. */
async function typescriptRunner(compiled) {
  let api;
  try {
    api = import.meta.resolve('tsx/esm/api');
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && existsSync(compiled)) return null;
    throw error;
  }
  return import(api);
}
