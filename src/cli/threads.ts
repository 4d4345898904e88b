/**
 * A worker thread running one of this folder's modules in the form this
 * module runs in: from the TypeScript sources (a checkout, through tsx) the
 * thread registers tsx first; from the compiled package it imports the
 * JavaScript beside this file.
 */
import { Worker } from 'node:worker_threads';

export function startModuleWorker(name: string, workerData: unknown): Worker {
  const here = import.meta.url;
  const entry = new URL(here.endsWith('.ts') ? `./${name}.ts` : `./${name}.js`, here).href;
  const boot = here.endsWith('.ts')
    ? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`
    : `import(${JSON.stringify(entry)});`;
  return new Worker(boot, { eval: true, workerData });
}
