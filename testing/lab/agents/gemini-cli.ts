/**
 * Gemini CLI in the lab: its API-key auth pointed at the mock through
 * `GOOGLE_GEMINI_BASE_URL`, a compression threshold of a hundredth of the
 * window it assumes for an unknown model, and three turns so that its own
 * automatic compression fires; then `/compress` in its interactive mode,
 * through a terminal. In `-p` mode the command starts the compression without
 * waiting for it and then sends "/compress" to the model as a prompt
 * (packages/cli/src/ui/commands/compressCommand.ts, `void (async () => …)`;
 * packages/cli/src/nonInteractiveCliCommands.ts): the two race, and the
 * compression's `$set` lands in the middle of the turn's records.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importTranscript } from '../../../src/formats';
import type { AgentRun, LabAgent, RunContext } from '../agent';
import { bigPrompt, filesUnder, installPinned, tailOf } from './pinnedPackage';
import { awaitInput, lastLine, openTerminal, submitSlashCommand } from './terminal';

const PACKAGE = '@google/gemini-cli';

/**
 * Gemini CLI assumes 1,048,576 tokens for a model it does not know
 * (`tokenLimit` in packages/core/src/core/tokenLimits.ts), so 0.01 fires at
 * 10,486 tokens. A resumed session starts from an estimate of its history
 * (characters / 4, no system prompt), over that after the first turn with the
 * project's README read; then it compares its previous call's prompt, before
 * every call (`compares`, testing/lab/previousPrompt.ts).
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

/** The key, the mock as the API's base URL, the project trusted. */
const env = (ctx: RunContext): Record<string, string> => ({
  GEMINI_API_KEY: 'lab-key',
  GOOGLE_GEMINI_BASE_URL: ctx.mockUrl,
  GEMINI_CLI_TRUST_WORKSPACE: 'true',
  NO_COLOR: '1',
});

const gemini = (ctx: RunContext, resume: boolean) => [
  ...ctx.installed.command,
  '-m',
  ctx.model,
  '--approval-mode',
  'yolo',
  ...(resume ? ['--resume', 'latest'] : []),
];

async function turn(ctx: RunContext, prompt: string, resume: boolean): Promise<void> {
  const [command, ...args] = gemini(ctx, resume);
  const run = await ctx.exec(command, [...args, '-p', prompt], { env: env(ctx) });
  if (run.code !== 0) throw new Error(`gemini -p failed: ${tailOf(run)}`);
}

const sessionFiles = (ctx: RunContext) => filesUnder(join(ctx.home, '.gemini', 'tmp'), /^session-.*\.jsonl$/);

/** The compressions the session files record, as the importer finds them (each a `$set` that drops turns). */
function compressionsRecorded(ctx: RunContext): number {
  return sessionFiles(ctx)
    .map((file) => importTranscript(readFileSync(file, 'utf8')).history?.compactions.length ?? 0)
    .reduce((sum, n) => sum + n, 0);
}

/**
 * `/compress` typed into the resumed session in a terminal; its answer
 * ("Chat history compressed from … to … tokens.") once the file records one
 * more compression, or why not.
 */
async function compressInTerminal(ctx: RunContext): Promise<string> {
  const before = compressionsRecorded(ctx);
  const terminal = await openTerminal(ctx, gemini(ctx, true), env(ctx));
  if (!terminal) return 'not run: no tmux on this machine to hold its interactive mode';
  try {
    const notReady = await awaitInput(terminal, (shown) => shown.includes('Type your message'));
    if (notReady) return notReady;
    await submitSlashCommand(terminal, '/compress', 'Compresses the context');
    const answered = /Chat history compressed from [\d,]+ to [\d,]+ tokens|Failed to compress[^\n]*/;
    await terminal.waitFor((shown) => answered.test(shown), 120_000);
    const recorded = await terminal.waitFor(() => compressionsRecorded(ctx) > before, 30_000);
    const said = answered.exec(await terminal.screen())?.[0] ?? lastLine(await terminal.screen());
    await terminal.type('/quit');
    return recorded ? said : `the file records no new compression (${said})`;
  } finally {
    await terminal.close();
  }
}

export const geminiCliAgent: LabAgent = {
  id: 'gemini-cli',
  name: 'Gemini CLI',
  packageName: PACKAGE,
  pinned: '0.61.0',
  labWindow: {
    window: ASSUMED_WINDOW,
    params: { thresholdFraction: COMPRESSION_THRESHOLD },
    compares: 'previous-prompt',
  },
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
    const automatic = compressionsRecorded(ctx);
    const compress = await compressInTerminal(ctx);
    const all = compressionsRecorded(ctx);
    const compactions: AgentRun['compactions'] = automatic > 0 ? ['automatic'] : [];
    if (all > automatic) compactions.push('manual');
    return {
      sessionFiles: sessionFiles(ctx),
      format: 'gemini-cli',
      compactions,
      notes: [
        `compressionThreshold ${COMPRESSION_THRESHOLD} of the 1,048,576 tokens assumed for "${ctx.model}"`,
        'a resumed session compares an estimate of its history alone (characters / 4), not the prompt the server counted',
        `/compress in the interactive mode: ${compress}; compressions the files record: ${automatic}, then ${all}`,
      ],
    };
  },
};
