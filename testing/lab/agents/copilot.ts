/**
 * Copilot CLI in the lab: offline mode with a custom OpenAI-compatible
 * provider at the mock (`COPILOT_PROVIDER_BASE_URL`, its documented BYOK
 * variables), a small prompt limit (`COPILOT_PROVIDER_MAX_PROMPT_TOKENS`), and
 * short turns continued with `--continue`. Its compaction started at about
 * 16,100 of the 20,000 limit (its own count), runs beside the turn and is
 * applied when its summary comes back before the turn ends (`session.compaction_complete`, `outcome: "applied"`);
 * a turn that ends first records it cancelled and is truncated instead
 * (`session.truncation`).
 */
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import type { AgentRun, LabAgent, RunContext } from '../agent';
import { TURN_PROMPTS } from '../project';
import { filesUnder, installPinned, tailOf } from './pinnedPackage';

const PACKAGE = '@github/copilot';
const PLATFORM_PACKAGE = '@github/copilot-linux-x64';
const MAX_PROMPT = 20_000;

function env(ctx: RunContext): Record<string, string> {
  return {
    // Offline: no GitHub sign-in, telemetry, web tools or auto-update.
    COPILOT_OFFLINE: 'true',
    COPILOT_AUTO_UPDATE: 'false',
    COPILOT_PROVIDER_BASE_URL: `${ctx.mockUrl}/v1`,
    COPILOT_PROVIDER_TYPE: 'openai',
    COPILOT_PROVIDER_API_KEY: 'lab-key',
    COPILOT_MODEL: ctx.model,
    COPILOT_PROVIDER_MAX_PROMPT_TOKENS: String(MAX_PROMPT),
    COPILOT_PROVIDER_MAX_OUTPUT_TOKENS: '2000',
  };
}

async function turn(ctx: RunContext, prompt: string, resume: boolean): Promise<void> {
  const [command, ...args] = ctx.installed.command;
  const run = await ctx.exec(
    command,
    [
      ...args,
      '--allow-all-tools',
      '--disable-client-telemetry',
      ...(resume ? ['--continue'] : []),
      '-p',
      prompt,
    ],
    { env: env(ctx) },
  );
  if (run.code !== 0) throw new Error(`copilot -p failed: ${tailOf(run)}`);
}

export const copilotAgent: LabAgent = {
  id: 'copilot',
  name: 'Copilot CLI',
  packageName: PACKAGE,
  pinned: '1.0.102',
  protocol: 'openai-chat',
  async install(ctx) {
    await installPinned(ctx, [[PACKAGE, ctx.version]]);
    const binary = join(ctx.dir, 'node_modules', PLATFORM_PACKAGE, 'copilot');
    if (!existsSync(binary)) throw new Error(`the registry gave no ${PLATFORM_PACKAGE} ${ctx.version}`);
    return { dir: ctx.dir, version: ctx.version, command: [binary] };
  },
  async run(ctx): Promise<AgentRun> {
    // Short prompts: Copilot's compaction message repeats every prompt, so long ones would
    // keep the context over the limit after each compaction. The files the turns read fill it.
    for (const [i, prompt] of TURN_PROMPTS.entries()) await turn(ctx, prompt, i > 0);
    return {
      sessionFiles: filesUnder(join(ctx.home, '.copilot', 'session-state'), /^events\.jsonl$/),
      format: 'copilot-cli',
      compactions: ['automatic'],
      notes: [`COPILOT_PROVIDER_MAX_PROMPT_TOKENS ${MAX_PROMPT}`],
    };
  },
};
