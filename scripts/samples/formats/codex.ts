/**
 * Codex CLI rollouts: the lines Codex appends as a session runs, and a
 * player that turns a session script into them.
 *
 * Each model request ends with a `token_count` event whose totals grow the
 * way a real session's do, and a `compacted` line replaces what came before
 * with its summary, which is what the page's Codex importer has to undo.
 */
import type { Project } from '../lib/project';
import type { Clock, Rng } from '../lib/random';
import { childBody, fill, numberArg, parseScript, type Section, type Values } from '../lib/script';
import { roughTokens } from './records';

export type PatchOp = { path: string; add: string } | { path: string; edits: [string, string][] };

/** Applies Codex `apply_patch` operations to the project and returns the patch text the model sent. */
function applyPatch(p: Project, ops: PatchOp[]): { patch: string; summary: string } {
  const out = ['*** Begin Patch'];
  const summary: string[] = [];
  for (const op of ops) {
    if ('add' in op) {
      out.push(
        `*** Add File: ${op.path}`,
        ...op.add
          .replace(/\n$/, '')
          .split('\n')
          .map((l) => `+${l}`),
      );
      p.write(op.path, op.add);
      summary.push(`A ${op.path}`);
      continue;
    }
    out.push(`*** Update File: ${op.path}`);
    for (const [oldText, newText] of op.edits) {
      const before = p.text(op.path).split('\n');
      const at = p.edit(op.path, oldText, newText) - 1;
      const ctx = before.slice(Math.max(0, at - 3), at);
      const oldLines = oldText.split('\n');
      const after = before.slice(at + oldLines.length, at + oldLines.length + 3);
      out.push(
        `@@${ctx.length && /^(func|type) /.test(before[at - ctx.length - 1] ?? '') ? ` ${before[at - ctx.length - 1]}` : ''}`,
        ...ctx.map((l) => ` ${l}`),
        ...oldLines.map((l) => `-${l}`),
        ...newText.split('\n').map((l) => `+${l}`),
        ...after.map((l) => ` ${l}`),
      );
    }
    summary.push(`M ${op.path}`);
  }
  out.push('*** End Patch');
  return { patch: out.join('\n'), summary: `Success. Updated the following files:\n${summary.join('\n')}\n` };
}

/** A Codex CLI rollout (`~/.codex/sessions/…/rollout-*.jsonl`), line by line. */
export class CodexWriter {
  readonly lines: unknown[] = [];
  private context = 9_800;
  private pending = 0;
  private totals = {
    input_tokens: 0,
    cached_input_tokens: 0,
    output_tokens: 0,
    reasoning_output_tokens: 0,
    total_tokens: 0,
  };

  constructor(
    private readonly rng: Rng,
    private readonly clock: Clock,
    readonly cwd: string,
    private readonly git: { branch: string; repository: string },
  ) {}

  private line(type: string, payload: unknown, min = 5, max = 60): void {
    this.lines.push({ timestamp: this.clock.tick(min, max), type, payload });
  }

  meta(sessionId: string): void {
    this.lines.push({
      timestamp: this.clock.iso(),
      type: 'session_meta',
      payload: {
        id: sessionId,
        timestamp: this.clock.iso(),
        cwd: this.cwd,
        originator: 'codex_cli_rs',
        cli_version: '0.46.0',
        instructions: null,
        source: 'cli',
        model_provider: 'openai',
        git: {
          commit_hash: this.rng.hex(40),
          branch: this.git.branch,
          repository_url: this.git.repository,
        },
      },
    });
  }

  injected(text: string): void {
    this.line(
      'response_item',
      { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
      0,
      2,
    );
    this.pending += roughTokens(text);
  }

  user(text: string): void {
    this.line(
      'response_item',
      { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
      20_000,
      90_000,
    );
    this.line('event_msg', { type: 'user_message', message: text, kind: 'plain' }, 0, 2);
    this.pending += roughTokens(text);
  }

  turn(turnId: string): void {
    this.line('turn_context', {
      turn_id: turnId,
      cwd: this.cwd,
      approval_policy: 'on-request',
      sandbox_policy: {
        mode: 'workspace-write',
        network_access: false,
        exclude_tmpdir_env_var: false,
        exclude_slash_tmp: false,
      },
      model: 'gpt-5-codex',
      effort: 'medium',
      summary: 'auto',
    });
  }

  private tokenCount(output: number, reasoning: number): void {
    const input = this.context + this.pending;
    const last = {
      input_tokens: input,
      cached_input_tokens: this.context - (this.context % 256),
      output_tokens: output,
      reasoning_output_tokens: reasoning,
      total_tokens: input + output,
    };
    for (const k of Object.keys(this.totals) as (keyof typeof this.totals)[]) this.totals[k] += last[k];
    this.context = input + output;
    this.pending = 0;
    this.line(
      'event_msg',
      {
        type: 'token_count',
        info: { total_token_usage: { ...this.totals }, last_token_usage: last, model_context_window: 272000 },
        rate_limits: {
          primary: {
            used_percent: 11 + Math.floor(this.lines.length / 40),
            window_minutes: 299,
            resets_in_seconds: 9_412,
          },
          secondary: { used_percent: 38, window_minutes: 10_079, resets_in_seconds: 331_200 },
        },
      },
      0,
      3,
    );
  }

  reasoning(title: string, text: string): void {
    const summary = `**${title}**\n\n${text}`;
    this.line(
      'response_item',
      {
        type: 'reasoning',
        summary: [{ type: 'summary_text', text: summary }],
        content: null,
        encrypted_content: `gAAAAAB${this.rng.base64(this.rng.int(600, 1400))}`,
      },
      2_000,
      9_000,
    );
    this.line('event_msg', { type: 'agent_reasoning', text: summary }, 0, 2);
    this.pendingReasoning += roughTokens(text) * 3;
  }
  private pendingReasoning = 0;

  private answer(outputTokens: number): void {
    this.tokenCount(outputTokens + this.pendingReasoning, this.pendingReasoning);
    this.pendingReasoning = 0;
  }

  shell(command: string, output: string, exitCode = 0, seconds?: number): void {
    const callId = `call_${this.rng.base62(24)}`;
    const args = JSON.stringify({
      command: ['bash', '-lc', command],
      workdir: this.cwd,
      timeout_ms: 120_000,
    });
    this.line(
      'response_item',
      { type: 'function_call', name: 'shell', arguments: args, call_id: callId },
      500,
      4_000,
    );
    this.answer(roughTokens(args) + 12);
    const duration = seconds ?? this.rng.int(2, 900) / 100;
    this.line(
      'event_msg',
      {
        type: 'exec_command_end',
        call_id: callId,
        stdout: '',
        stderr: '',
        aggregated_output: '',
        exit_code: exitCode,
        duration: { secs: Math.floor(duration), nanos: Math.round((duration % 1) * 1e9) },
        formatted_output: '',
      },
      Math.round(duration * 1000),
      Math.round(duration * 1000) + 200,
    );
    this.line(
      'response_item',
      {
        type: 'function_call_output',
        call_id: callId,
        output: JSON.stringify({ output, metadata: { exit_code: exitCode, duration_seconds: duration } }),
      },
      1,
      20,
    );
    this.pending += roughTokens(output) + 20;
  }

  patch(p: Project, ops: PatchOp[]): void {
    const callId = `call_${this.rng.base62(24)}`;
    const { patch, summary } = applyPatch(p, ops);
    this.line(
      'response_item',
      { type: 'custom_tool_call', status: 'completed', call_id: callId, name: 'apply_patch', input: patch },
      3_000,
      20_000,
    );
    this.answer(roughTokens(patch));
    this.line(
      'response_item',
      {
        type: 'custom_tool_call_output',
        call_id: callId,
        output: JSON.stringify({ output: summary, metadata: { exit_code: 0, duration_seconds: 0.0 } }),
      },
      20,
      200,
    );
    this.pending += roughTokens(summary) + 20;
  }

  say(text: string): void {
    this.line(
      'response_item',
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] },
      1_000,
      6_000,
    );
    this.line('event_msg', { type: 'agent_message', message: text }, 0, 2);
    this.answer(roughTokens(text));
  }

  compacted(summary: string): void {
    this.line('compacted', { message: summary }, 8_000, 20_000);
    this.line('event_msg', { type: 'context_compacted' }, 0, 5);
    this.context = 9_800 + roughTokens(summary);
  }
}

/**
 * Script kinds, by depth. Top level: `injected` (context Codex adds as user
 * input), `user`, `turn ID`, `reasoning "TITLE"`, `shell [exit=N]
 * [seconds=S]` (body: the command; child `output`), `patch` (children `add
 * PATH` with the new file, or `update PATH` with `old`/`new` pairs), `say`,
 * `compacted` (body: the summary) and `delete PATH` (a shell command removed
 * the file). Kinds the sample adds are top-level directives.
 */
const LEVELS: Record<string, number> = {
  injected: 1,
  user: 1,
  turn: 1,
  reasoning: 1,
  shell: 1,
  patch: 1,
  say: 1,
  compacted: 1,
  delete: 1,
  output: 2,
  add: 2,
  update: 2,
  old: 3,
  new: 3,
};

export interface CodexScene {
  writer: CodexWriter;
  project: Project;
  values: Values;
  directives?: Record<string, (section: Section) => void>;
}

export function playCodexScript(text: string, file: string, scene: CodexScene): void {
  const { writer: w, project } = scene;
  const directives = scene.directives ?? {};
  const levelOf = (kind: string) => LEVELS[kind] ?? (kind in directives ? 1 : 3);
  for (const s of parseScript(text, levelOf, file)) {
    const f = (t: string) => fill(t, scene.values, s.where);
    if (s.kind === 'injected') w.injected(f(s.body));
    else if (s.kind === 'user') w.user(f(s.body));
    else if (s.kind === 'turn') w.turn(s.args[0]!);
    else if (s.kind === 'reasoning') w.reasoning(s.args[0]!, f(s.body));
    else if (s.kind === 'say') w.say(f(s.body));
    else if (s.kind === 'compacted') w.compacted(f(s.body));
    else if (s.kind === 'delete') project.remove(s.args[0]!);
    else if (s.kind === 'shell') {
      const command = f(s.body);
      w.shell(command, f(childBody(s, 'output')), numberArg(s.opts.exit), numberArg(s.opts.seconds));
    } else if (s.kind === 'patch') {
      const ops = s.children.map((op) => patchOp(op, f));
      w.patch(project, ops);
    } else if (directives[s.kind]) directives[s.kind]!(s);
    else throw new Error(`${s.where}: unknown section "${s.kind}"`);
  }
}

/** `add PATH` (body: the new file) or `update PATH` with `old`/`new` children in pairs, one pair per hunk. */
function patchOp(op: Section, f: (text: string) => string): PatchOp {
  const path = op.args[0]!;
  if (op.kind === 'add') return { path, add: f(op.body) };
  if (op.kind !== 'update')
    throw new Error(`${op.where}: a patch holds "add" and "update", not "${op.kind}"`);
  const edits: [string, string][] = [];
  for (let k = 0; k < op.children.length; k += 2) {
    const [old, now] = [op.children[k], op.children[k + 1]];
    if (old?.kind !== 'old' || now?.kind !== 'new')
      throw new Error(`${op.where}: "old" and "new" come in pairs`);
    edits.push([f(old.body), f(now.body)]);
  }
  return { path, edits };
}
