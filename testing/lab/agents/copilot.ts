/**
 * Copilot CLI in the lab: offline mode with a custom OpenAI-compatible
 * provider at the mock (`COPILOT_PROVIDER_BASE_URL`, its documented BYOK
 * variables), a small prompt limit (`COPILOT_PROVIDER_MAX_PROMPT_TOKENS`), and
 * short turns continued with `--continue`. Its compaction started at about
 * 16,100 of the 20,000 limit (its own count), runs beside the turn and is
 * applied when its summary comes back before the turn ends (`session.compaction_complete`, `outcome: "applied"`);
 * a turn that ends first records it cancelled and is truncated instead
 * (`session.truncation`). Then `/compact` typed into `copilot --continue`
 * (its interactive mode, through a terminal), which must add one more applied
 * compaction.
 */
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { AgentRun, LabAgent, RunContext } from '../agent';
import { TURN_PROMPTS } from '../project';
import { filesUnder, installPinned, tailOf } from './pinnedPackage';
import { awaitInput, lastLine, openTerminal } from './terminal';

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

/** The applied compactions of an `events.jsonl` text (`session.compaction_complete`, `outcome: "applied"`). */
export function appliedCompactions(events: string): number {
  return events.split('\n').filter((line) => {
    try {
      const event = JSON.parse(line) as { type?: unknown; data?: { outcome?: unknown } };
      return event.type === 'session.compaction_complete' && event.data?.outcome === 'applied';
    } catch {
      return false; // a blank or half-written last line
    }
  }).length;
}

const sessionFiles = (ctx: RunContext) =>
  filesUnder(join(ctx.home, '.copilot', 'session-state'), /^events\.jsonl$/);
const compactionsRecorded = (ctx: RunContext) =>
  sessionFiles(ctx)
    .map((file) => appliedCompactions(readFileSync(file, 'utf8')))
    .reduce((sum, n) => sum + n, 0);

/**
 * `/compact` typed into `copilot --continue` in a terminal (the folder
 * trusted once when it asks); its last line once the file records one more
 * applied compaction, or why not.
 */
async function compactInTerminal(ctx: RunContext): Promise<string> {
  const before = compactionsRecorded(ctx);
  const [command, ...args] = ctx.installed.command;
  const terminal = await openTerminal(
    ctx,
    [command, ...args, '--allow-all-tools', '--disable-client-telemetry', '--continue'],
    env(ctx),
  );
  if (!terminal) return 'not run: no tmux on this machine to hold its interactive mode';
  try {
    const ready = (shown: string) => /\/help show help|\/ commands/.test(shown);
    const asksTrust = (shown: string) => shown.includes('Do you trust the files in this folder?');
    const notReady = await awaitInput(terminal, (shown) => asksTrust(shown) || ready(shown));
    if (notReady) return notReady;
    if (asksTrust(await terminal.screen())) await terminal.press('Enter'); // "1. Yes", for this session
    if (!(await terminal.waitFor((shown) => ready(shown) && !asksTrust(shown), 30_000)))
      return `not run: the folder trust question stayed (${lastLine(await terminal.screen())})`;
    // Enter once the command list offers /compact (its description), else Enter picks what it showed before.
    await terminal.type('/compact', (shown) => shown.includes('Summarize conversation history'));
    const recorded = await terminal.waitFor(() => compactionsRecorded(ctx) > before, 120_000);
    const failed = /Compaction Failed[^\n]*/.exec(await terminal.screen())?.[0];
    return recorded
      ? 'applied'
      : `the file records no new applied compaction (${failed ?? lastLine(await terminal.screen())})`;
  } finally {
    await terminal.close();
  }
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
    const automatic = compactionsRecorded(ctx);
    const compact = await compactInTerminal(ctx);
    const all = compactionsRecorded(ctx);
    const compactions: AgentRun['compactions'] = automatic > 0 ? ['automatic'] : [];
    if (all > automatic) compactions.push('manual');
    return {
      sessionFiles: sessionFiles(ctx),
      format: 'copilot-cli',
      compactions,
      notes: [
        `COPILOT_PROVIDER_MAX_PROMPT_TOKENS ${MAX_PROMPT}`,
        `/compact in the interactive mode: ${compact}; applied compactions: ${automatic}, then ${all}`,
      ],
    };
  },
};
