/**
 * OpenCode in the lab: an `opencode.json` provider through
 * `@ai-sdk/openai-compatible` at the mock, a model entry with a small
 * `limit.context`, turns continued with `run -c` until its own compaction
 * fires, then a manual one through its server (what `/compact` does), and
 * the session exported as JSON beside the database it lives in.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentRun, LabAgent, RunContext } from '../agent';
import { compactAndExport, LAB_PROVIDER } from './opencodeSession';
import { bigPrompt, filesUnder, installPinned, tailOf } from './pinnedPackage';

const PACKAGE = 'opencode-ai';

/** OpenCode compacts at the window less the model's reply: 20,000 − 4,000 = 16,000 tokens. */
const CONTEXT = 20_000;
const OUTPUT = 4_000;

/**
 * Nothing that calls home: no update check, no models.dev list, no share, no
 * downloads. OpenCode also runs npm for its plugin package in its config
 * folder; npm is pointed at the mock, which refuses it.
 */
const quiet = (ctx: RunContext): Record<string, string> => ({
  npm_config_registry: `${ctx.mockUrl}/no-registry/`,
  OPENCODE_DISABLE_AUTOUPDATE: '1',
  OPENCODE_DISABLE_MODELS_FETCH: '1',
  OPENCODE_DISABLE_SHARE: '1',
  OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
  OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
  OPENCODE_DISABLE_CLAUDE_CODE: '1',
});

/** OpenCode's settings pointing it at the mock with a small window; Kilo, its fork, reads the same. */
export function mockProviderConfig(ctx: RunContext, context: number, output: number): object {
  return {
    autoupdate: false,
    share: 'disabled',
    model: `${LAB_PROVIDER}/${ctx.model}`,
    provider: {
      [LAB_PROVIDER]: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Lab mock',
        options: { baseURL: `${ctx.mockUrl}/v1`, apiKey: 'lab-key' },
        models: { [ctx.model]: { name: ctx.model, limit: { context, output } } },
      },
    },
    compaction: { auto: true },
  };
}

const config = (ctx: RunContext): object => ({
  $schema: 'https://opencode.ai/config.json',
  ...mockProviderConfig(ctx, CONTEXT, OUTPUT),
});

/** Runs the installed command with these arguments; its output, or an error naming the tail of what it said. */
export async function runInstalled(
  name: string,
  ctx: RunContext,
  env: Record<string, string>,
  args: string[],
): Promise<string> {
  const [command, ...rest] = ctx.installed.command;
  const run = await ctx.exec(command, [...rest, ...args], { env });
  if (run.code !== 0) throw new Error(`${name} ${args[0]} failed: ${tailOf(run)}`);
  return run.stdout;
}

const opencode = (ctx: RunContext, args: string[]) => runInstalled('opencode', ctx, quiet(ctx), args);

export const opencodeAgent: LabAgent = {
  id: 'opencode',
  name: 'OpenCode',
  packageName: PACKAGE,
  pinned: '1.18.33',
  labWindow: { window: CONTEXT, params: { maxOutputTokens: OUTPUT } },
  protocol: 'openai-chat',
  async install(ctx) {
    await installPinned(ctx, [[PACKAGE, ctx.version]]);
    const pkg = join(ctx.dir, 'node_modules', PACKAGE);
    // The binary comes from the platform package that `--ignore-scripts` left unlinked.
    const linked = await ctx.exec('node', ['postinstall.mjs'], { cwd: pkg });
    if (linked.code !== 0) throw new Error(`opencode postinstall failed: ${tailOf(linked)}`);
    return { dir: ctx.dir, version: ctx.version, command: [join(pkg, 'bin', 'opencode.exe')] };
  },
  async run(ctx): Promise<AgentRun> {
    writeFileSync(join(ctx.project, 'opencode.json'), JSON.stringify(config(ctx), null, 2));
    await opencode(ctx, [
      'run',
      bigPrompt('Read README.md and say what the project does.', 24_000, 'turn 1'),
    ]);
    await opencode(ctx, [
      'run',
      '-c',
      bigPrompt('Why does the test in test/add.test.js fail?', 24_000, 'turn 2'),
    ]);
    await opencode(ctx, ['run', '-c', bigPrompt('Which line of src/add.js is wrong?', 24_000, 'turn 3')]);
    await opencode(ctx, ['run', '-c', 'Fix src/add.js so the test passes.']);
    const { exported, compactions } = await compactAndExport(ctx, { name: 'opencode', env: quiet(ctx) });
    const databases = filesUnder(join(ctx.home, '.local', 'share', 'opencode'), /^opencode\.db$/);
    return {
      sessionFiles: [exported, ...databases],
      format: 'opencode',
      compactions,
      notes: [`limit.context ${CONTEXT}, limit.output ${OUTPUT}`],
    };
  },
};
