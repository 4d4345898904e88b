/**
 * Installing an agent's npm package into its own cache folder, never into
 * the product's dependencies: `npm install --ignore-scripts --prefix`, skipped
 * when the pinned version is already there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InstallContext } from './agent';

/** The version of `packageName` installed under `dir`, if any. */
export function installedVersion(dir: string, packageName: string): string | undefined {
  const manifest = join(dir, 'node_modules', packageName, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
}

/** Installs `packageName@ctx.version` with its scripts off; throws with npm's own words when it fails. */
export async function npmInstall(ctx: InstallContext, packageName: string): Promise<void> {
  if (installedVersion(ctx.dir, packageName) === ctx.version) return;
  ctx.log(`installing ${packageName}@${ctx.version}`);
  const result = await ctx.exec(
    'npm',
    [
      'install',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefix',
      ctx.dir,
      `${packageName}@${ctx.version}`,
    ],
    { cwd: ctx.dir, timeoutMs: 600_000 },
  );
  if (result.code !== 0) {
    const said = (result.stderr || result.stdout).trim().split('\n').filter(Boolean).slice(-3).join(' / ');
    const why = result.timedOut ? 'stopped at the 10-minute limit' : said || `exit ${result.code}`;
    throw new Error(`npm install ${packageName}@${ctx.version} failed: ${why}`);
  }
}

/** The executable an installed package names in `node_modules/.bin`. */
export function binOf(dir: string, name: string): string {
  return join(dir, 'node_modules', '.bin', name);
}
