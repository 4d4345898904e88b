/**
 * Kilo in the lab: Kilo's command line runs OpenCode's session code, so it is
 * driven as OpenCode is: a `kilo.json` provider through
 * `@ai-sdk/openai-compatible` at the mock, a model entry with a small
 * `limit.context`, turns continued with `run -c` until its own compaction
 * fires, then a manual one through its server, and the session exported as
 * JSON beside its database.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentRun, LabAgent, RunContext } from '../agent';
import { mockProviderConfig, runInstalled } from './opencode';
import { compactAndExport } from './opencodeSession';
import { bigPrompt, filesUnder, installPinned } from './pinnedPackage';

const PACKAGE = '@kilocode/cli';
/** The platform packages its install script picks from, in its order for this machine. */
const PLATFORM_PACKAGES = ['@kilocode/cli-linux-x64', '@kilocode/cli-linux-x64-baseline'];

/** Kilo compacts at the window less the reply and less min(20,000, reply): 20,000 − 4,000 − 4,000. */
const CONTEXT = 20_000;
const OUTPUT = 4_000;

/** Nothing that calls home; npm, which it runs for plugins, is pointed at the mock. */
const quiet = (ctx: RunContext): Record<string, string> => ({
  npm_config_registry: `${ctx.mockUrl}/no-registry/`,
  KILO_DISABLE_AUTOUPDATE: '1',
  KILO_DISABLE_MODELS_FETCH: '1',
  KILO_DISABLE_SHARE: '1',
  KILO_DISABLE_LSP_DOWNLOAD: '1',
  KILO_DISABLE_DEFAULT_PLUGINS: '1',
  KILO_DISABLE_CLAUDE_CODE: '1',
  KILO_DISABLE_SESSION_INGEST: '1',
  KILO_DISABLE_PRESENCE: '1',
  KILO_DISABLE_CODEBASE_INDEXING: '1',
  KILO_TELEMETRY_LEVEL: 'off',
});

const config = (ctx: RunContext): object => mockProviderConfig(ctx, CONTEXT, OUTPUT);

/**
 * A turn of `kilo run`, with `--auto`: unlike OpenCode, Kilo asks before a
 * shell command, and `run` rejects what it would ask ("run ended with an
 * auto-rejected permission; pass --auto for autonomous use").
 */
const turn = (ctx: RunContext, args: string[]) =>
  runInstalled('kilo', ctx, quiet(ctx), ['run', '--auto', ...args]);

export const kiloAgent: LabAgent = {
  id: 'kilo',
  name: 'Kilo',
  packageName: PACKAGE,
  // 7.8.1 is the registry's newest, but no linux binary of it is published
  // (`@kilocode/cli-linux-x64` stops at 7.7.9): 7.7.7 is the newest that runs here.
  pinned: '7.7.7',
  labWindow: { window: CONTEXT, params: { maxOutputTokens: OUTPUT } },
  protocol: 'openai-chat',
  async install(ctx) {
    await installPinned(ctx, [[PACKAGE, ctx.version]]);
    // The binary is an optional dependency; its install script would only copy it.
    const binary = PLATFORM_PACKAGES.map((name) => join(ctx.dir, 'node_modules', name, 'bin', 'kilo')).find(
      (path) => existsSync(path),
    );
    if (!binary)
      throw new Error(
        `the registry has no ${PLATFORM_PACKAGES.join(' or ')} at ${ctx.version}: ${PACKAGE} ${ctx.version} has no binary for this machine`,
      );
    return { dir: ctx.dir, version: ctx.version, command: [binary] };
  },
  async run(ctx): Promise<AgentRun> {
    writeFileSync(join(ctx.project, 'kilo.json'), JSON.stringify(config(ctx), null, 2));
    await turn(ctx, [bigPrompt('Read README.md and say what the project does.', 24_000, 'turn 1')]);
    await turn(ctx, ['-c', bigPrompt('Why does the test in test/add.test.js fail?', 24_000, 'turn 2')]);
    await turn(ctx, ['-c', bigPrompt('Which line of src/add.js is wrong?', 24_000, 'turn 3')]);
    await turn(ctx, ['-c', 'Fix src/add.js so the test passes.']);
    const { exported, compactions } = await compactAndExport(ctx, { name: 'kilo', env: quiet(ctx) });
    const databases = filesUnder(join(ctx.home, '.local', 'share'), /\.db$/);
    return {
      sessionFiles: [exported, ...databases],
      format: 'opencode',
      compactions,
      notes: [`limit.context ${CONTEXT}, limit.output ${OUTPUT}`],
    };
  },
};
