/**
 * Gemini CLI in the lab: its API-key auth pointed at the mock through
 * `GOOGLE_GEMINI_BASE_URL`, a compression threshold of a hundredth of the
 * window it assumes for an unknown model, and three turns so that its own
 * automatic compression fires on the third. `/compress` is not run: in `-p`
 * mode the command starts the compression without waiting for it and then
 * sends "/compress" to the model as a prompt (packages/cli/src/ui/commands/
 * compressCommand.ts, `void (async () => …)`), so the process can end first.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentRun, LabAgent, RunContext } from '../agent';
import { bigPrompt, filesUnder, installPinned, tailOf } from './pinnedPackage';

const PACKAGE = '@google/gemini-cli';

/**
 * Gemini CLI assumes 1,048,576 tokens for a model it does not know
 * (`tokenLimit` in packages/core/src/core/tokenLimits.ts), so 0.01 fires at
 * 10,486 tokens. A resumed session measures its history by characters / 4
 * (no system prompt), so two turns of 24,000 characters reach it on the third.
 */
const COMPRESSION_THRESHOLD = 0.01;
const ASSUMED_WINDOW = 1_048_576;

/** `~/.gemini/settings.json`: key auth, the threshold, and nothing that calls home. */
function settings(): object {
  return {
    security: { auth: { selectedType: 'gemini-api-key' } },
    model: { compressionThreshold: COMPRESSION_THRESHOLD },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
  };
}

async function turn(ctx: RunContext, prompt: string, resume: boolean): Promise<void> {
  const [command, ...args] = ctx.installed.command;
  const run = await ctx.exec(
    command,
    [
      ...args,
      '-m',
      ctx.model,
      '--approval-mode',
      'yolo',
      ...(resume ? ['--resume', 'latest'] : []),
      '-p',
      prompt,
    ],
    {
      env: {
        GEMINI_API_KEY: 'lab-key',
        GOOGLE_GEMINI_BASE_URL: ctx.mockUrl,
        GEMINI_CLI_TRUST_WORKSPACE: 'true',
        NO_COLOR: '1',
      },
    },
  );
  if (run.code !== 0) throw new Error(`gemini -p failed: ${tailOf(run)}`);
}

export const geminiCliAgent: LabAgent = {
  id: 'gemini-cli',
  name: 'Gemini CLI',
  packageName: PACKAGE,
  pinned: '0.61.0',
  labWindow: { window: ASSUMED_WINDOW, params: { thresholdFraction: COMPRESSION_THRESHOLD } },
  protocol: 'gemini',
  async install(ctx) {
    await installPinned(ctx, [[PACKAGE, ctx.version]]);
    const entry = join(ctx.dir, 'node_modules', PACKAGE, 'bundle', 'gemini.js');
    return { dir: ctx.dir, version: ctx.version, command: ['node', entry] };
  },
  async run(ctx): Promise<AgentRun> {
    mkdirSync(join(ctx.home, '.gemini'), { recursive: true });
    writeFileSync(join(ctx.home, '.gemini', 'settings.json'), JSON.stringify(settings(), null, 2));
    await turn(ctx, bigPrompt('Read README.md and say what the project does.', 24_000, 'turn 1'), false);
    await turn(ctx, bigPrompt('Why does the test in test/add.test.js fail?', 24_000, 'turn 2'), true);
    await turn(ctx, 'Fix src/add.js so the test passes.', true);
    const sessionFiles = filesUnder(join(ctx.home, '.gemini', 'tmp'), /^session-.*\.jsonl$/);
    return {
      sessionFiles,
      format: 'gemini-cli',
      compactions: ['automatic'],
      notes: [
        `compressionThreshold ${COMPRESSION_THRESHOLD} of the 1,048,576 tokens assumed for "${ctx.model}"`,
        'a resumed session compares an estimate of its history alone (characters / 4), not the prompt the server counted',
      ],
    };
  },
};
