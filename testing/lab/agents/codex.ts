/**
 * Codex CLI in the lab: a provider in `$CODEX_HOME/config.toml` at the mock's
 * Responses endpoint, a small `model_context_window` and
 * `model_auto_compact_token_limit` so its own automatic compaction fires
 * within a few turns, driven by `codex exec` then `codex exec resume --last`
 * until the rollout holds a `compacted` line; then `/compact` typed into
 * `codex resume --last` (its interactive mode, through a terminal), which
 * must add one more `compacted` line.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentRun, LabAgent, RunContext } from '../agent';
import { binOf, npmInstall } from '../install';
import { TURN_PROMPTS } from '../project';
import { awaitInput, lastLine, openTerminal } from './terminal';

/** The window the lab gives Codex, and the limit its automatic compaction fires at. */
export const CODEX_WINDOW = { contextWindow: 30_000, autoCompactLimit: 20_000 } as const;

function config(mockUrl: string, model: string, project: string): string {
  return [
    `model = "${model}"`,
    'model_provider = "lab"',
    `model_context_window = ${CODEX_WINDOW.contextWindow}`,
    `model_auto_compact_token_limit = ${CODEX_WINDOW.autoCompactLimit}`,
    'check_for_update_on_startup = false',
    // The scripted agent writes NOTES.md in the scratch project; the lab's folders are the sandbox.
    'sandbox_mode = "danger-full-access"',
    'approval_policy = "never"',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[model_providers.lab]',
    'name = "lab mock"',
    `base_url = "${mockUrl}/v1"`,
    'wire_api = "responses"',
    'env_key = "LAB_API_KEY"',
    '',
    // The interactive mode asks whether to trust an unknown folder before anything else.
    `[projects.${JSON.stringify(project)}]`,
    'trust_level = "trusted"',
    '',
  ].join('\n');
}

function rollouts(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/^rollout-.*\.jsonl$/.test(entry.name)) found.push(path);
    }
  };
  try {
    walk(dir);
  } catch {
    // no sessions folder yet
  }
  return found.sort();
}

/** The `compacted` lines of a rollout's text: one per compaction Codex recorded. */
export function compactedLines(rollout: string): number {
  return rollout.split('\n').filter((line) => {
    try {
      return (JSON.parse(line) as { type?: unknown }).type === 'compacted';
    } catch {
      return false; // a blank or half-written last line
    }
  }).length;
}

const compactionsIn = (rollout: string) => compactedLines(readFileSync(rollout, 'utf8'));

/** The session id a rollout's name ends with (`rollout-<time>-<id>.jsonl`), which `codex resume <id>` takes. */
export function sessionIdOf(rollout: string): string {
  const id = /rollout-.*-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/.exec(
    rollout,
  )?.[1];
  if (!id) throw new Error(`${rollout}: not a Codex rollout name (rollout-<time>-<session id>.jsonl)`);
  return id;
}

/**
 * `/compact` typed into `codex resume <id>` in a terminal, the session the
 * `exec` turns wrote (`resume --last` alone skips sessions `exec` started and
 * opens an empty thread); its answer once that rollout records one more
 * `compacted` line, or why not.
 */
async function compactInTerminal(
  ctx: RunContext,
  env: Record<string, string>,
  rollout: string,
): Promise<string> {
  const before = compactionsIn(rollout);
  const codex = ctx.installed.command;
  const terminal = await openTerminal(ctx, [...codex, 'resume', sessionIdOf(rollout)], env);
  if (!terminal) return 'not run: no tmux on this machine to hold its interactive mode';
  try {
    const ready = (shown: string) =>
      /Ask Codex to do anything|Ask a follow-up question|\? for shortcuts/.test(shown);
    const notReady = await awaitInput(terminal, ready);
    if (notReady) return notReady;
    // Enter once the command list offers /compact (its description), else Enter picks what it showed before.
    await terminal.type('/compact', (shown) => shown.includes('summarize conversation to prevent'));
    const recorded = await terminal.waitFor(() => compactionsIn(rollout) > before, 120_000);
    const screen = await terminal.screen();
    const said = /Context compacted|Error[^\n]*/.exec(screen)?.[0] ?? lastLine(screen);
    return recorded ? said : `the rollout records no new compacted line (${said})`;
  } finally {
    await terminal.close();
  }
}

async function run(ctx: RunContext) {
  const codexHome = join(ctx.home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(join(codexHome, 'config.toml'), config(ctx.mockUrl, ctx.model, ctx.project));
  const env = { CODEX_HOME: codexHome, LAB_API_KEY: 'lab-key' };
  const codex = ctx.installed.command;
  const sessions = join(codexHome, 'sessions');
  const notes: string[] = [];
  for (const [turn, prompt] of TURN_PROMPTS.entries()) {
    const args = turn === 0 ? ['exec'] : ['exec', 'resume', '--last'];
    const result = await ctx.exec(codex[0], [...codex.slice(1), ...args, '--skip-git-repo-check', prompt], {
      env,
      timeoutMs: 240_000,
    });
    if (result.code !== 0)
      throw new Error(
        `codex ${args.join(' ')} exited ${result.timedOut ? 'at the time limit' : result.code}: ${result.stderr.trim().split('\n').slice(-2).join(' / ')}`,
      );
    const files = rollouts(sessions);
    ctx.log(`turn ${turn + 1}: ${files.length} rollout file(s)`);
    const compactedRollout = files.find((file) => compactionsIn(file) > 0);
    if (compactedRollout) {
      // Counted in the session's own rollout: a compaction in some other thread is not this one's.
      const automatic = compactionsIn(compactedRollout);
      const compact = await compactInTerminal(ctx, env, compactedRollout);
      const all = compactionsIn(compactedRollout);
      notes.push(`/compact in the interactive mode: ${compact}; compacted lines: ${automatic}, then ${all}`);
      const compactions: AgentRun['compactions'] = all > automatic ? ['automatic', 'manual'] : ['automatic'];
      return { sessionFiles: rollouts(sessions), format: 'codex', compactions, notes };
    }
  }
  notes.push(`no compacted line after ${TURN_PROMPTS.length} turns`);
  return { sessionFiles: rollouts(sessions), format: 'codex', compactions: [], notes };
}

export const codexAgent: LabAgent = {
  id: 'codex',
  name: 'Codex CLI',
  packageName: '@openai/codex',
  pinned: '0.169.0',
  protocol: 'openai-responses',
  labWindow: {
    window: CODEX_WINDOW.contextWindow,
    params: { autoCompactLimit: CODEX_WINDOW.autoCompactLimit },
  },
  async install(ctx) {
    await npmInstall(ctx, '@openai/codex');
    return { dir: ctx.dir, version: ctx.version, command: [binOf(ctx.dir, 'codex')] };
  },
  run,
};
