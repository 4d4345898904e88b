/**
 * Codex CLI in the lab: a provider in `$CODEX_HOME/config.toml` at the mock's
 * Responses endpoint, a small `model_context_window` and
 * `model_auto_compact_token_limit` so its own automatic compaction fires
 * within a few turns, driven by `codex exec` then `codex exec resume --last`
 * until the rollout holds a `compacted` line.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabAgent, RunContext } from '../agent';
import { binOf, npmInstall } from '../install';
import { TURN_PROMPTS } from '../project';

/** The window the lab gives Codex, and the limit its automatic compaction fires at. */
export const CODEX_WINDOW = { contextWindow: 30_000, autoCompactLimit: 20_000 } as const;

function config(mockUrl: string, model: string): string {
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

const compacted = (file: string) => readFileSync(file, 'utf8').includes('"type":"compacted"');

async function run(ctx: RunContext) {
  const codexHome = join(ctx.home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(join(codexHome, 'config.toml'), config(ctx.mockUrl, ctx.model));
  const env = { CODEX_HOME: codexHome, LAB_API_KEY: 'lab-key' };
  const codex = ctx.installed.command;
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
    const files = rollouts(join(codexHome, 'sessions'));
    ctx.log(`turn ${turn + 1}: ${files.length} rollout file(s)`);
    if (files.some(compacted))
      return { sessionFiles: files, format: 'codex', compactions: ['automatic' as const], notes };
  }
  notes.push(`no compacted line after ${TURN_PROMPTS.length} turns`);
  return { sessionFiles: rollouts(join(codexHome, 'sessions')), format: 'codex', compactions: [], notes };
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
