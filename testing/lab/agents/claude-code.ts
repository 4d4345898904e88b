/**
 * Claude Code in the lab: pointed at the mock through its environment
 * (`ANTHROPIC_BASE_URL`, a key, no non-essential traffic, no updater), its
 * auto-compact window at the smallest it accepts (`CLAUDE_CODE_AUTO_COMPACT_WINDOW`,
 * 100,000: a smaller value is raised to it), driven by `claude -p` then
 * `claude -p -c` until its own automatic compaction writes a
 * `compact_boundary`, then `/compact` once by hand.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentRun, LabAgent, RunContext } from '../agent';
import { npmInstall } from '../install';
import { TURN_PROMPTS } from '../project';

/** The smallest auto-compact window Claude Code 2.1 accepts: any smaller setting is raised to it. */
export const CLAUDE_CODE_WINDOW = 100_000;

/** More turns than the other agents: the window cannot be made smaller than 100,000 tokens. */
const MAX_TURNS = 8;

function sessionFiles(home: string): string[] {
  const root = join(home, '.claude', 'projects');
  const found: string[] = [];
  try {
    for (const project of readdirSync(root, { withFileTypes: true }))
      if (project.isDirectory())
        for (const file of readdirSync(join(root, project.name)))
          if (file.endsWith('.jsonl')) found.push(join(root, project.name, file));
  } catch {
    // nothing written yet
  }
  return found.sort();
}

const boundaries = (files: readonly string[], trigger: 'auto' | 'manual') =>
  files.filter((f) => readFileSync(f, 'utf8').includes(`"trigger":"${trigger}"`)).length;

async function run(ctx: RunContext): Promise<AgentRun> {
  const env = {
    ANTHROPIC_BASE_URL: ctx.mockUrl,
    ANTHROPIC_API_KEY: 'lab-key',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_AUTO_COMPACT_WINDOW: String(CLAUDE_CODE_WINDOW),
    ANTHROPIC_SMALL_FAST_MODEL: ctx.model,
  };
  const claude = ctx.installed.command;
  const base = ['--model', ctx.model, '--allowedTools', 'Read', 'Bash', 'Write', '--output-format', 'text'];
  const notes: string[] = [];
  const compactions: AgentRun['compactions'] = [];
  const say = async (prompt: string, resume: boolean) => {
    const result = await ctx.exec(
      claude[0],
      [...claude.slice(1), '-p', prompt, ...(resume ? ['-c'] : []), ...base],
      {
        env,
        timeoutMs: 300_000,
      },
    );
    if (result.code !== 0)
      throw new Error(
        `claude -p exited ${result.timedOut ? 'at the time limit' : result.code}: ${(result.stderr || result.stdout).trim().split('\n').slice(-2).join(' / ')}`,
      );
    for (const line of result.stderr.split('\n'))
      if (/autocompact|doesn't recognize/i.test(line)) notes.push(line.trim());
  };
  for (let turn = 0; turn < MAX_TURNS; turn++) {
    await say(TURN_PROMPTS[turn % TURN_PROMPTS.length], turn > 0);
    ctx.log(`turn ${turn + 1}: ${sessionFiles(ctx.home).length} session file(s)`);
    if (boundaries(sessionFiles(ctx.home), 'auto') > 0) {
      compactions.push('automatic');
      break;
    }
  }
  if (!compactions.length) notes.push(`no automatic compact_boundary after ${MAX_TURNS} turns`);
  await say('/compact', true);
  if (boundaries(sessionFiles(ctx.home), 'manual') > 0) compactions.push('manual');
  return {
    sessionFiles: sessionFiles(ctx.home),
    format: 'claude-code',
    compactions,
    notes: [...new Set(notes)],
  };
}

export const claudeCodeAgent: LabAgent = {
  id: 'claude-code',
  name: 'Claude Code',
  packageName: '@anthropic-ai/claude-code',
  pinned: '2.1.328',
  protocol: 'anthropic',
  labWindow: { window: CLAUDE_CODE_WINDOW, params: {} },
  async install(ctx) {
    await npmInstall(ctx, '@anthropic-ai/claude-code');
    // Its `bin/claude` is linked to the platform binary by the install script the lab skips; run the binary itself.
    const binary = join(
      ctx.dir,
      'node_modules',
      '@anthropic-ai',
      `claude-code-${process.platform}-${process.arch}`,
      'claude',
    );
    if (!existsSync(binary))
      throw new Error(`no Claude Code binary for ${process.platform}-${process.arch} at ${binary}`);
    return { dir: ctx.dir, version: ctx.version, command: [binary] };
  },
  run,
};
