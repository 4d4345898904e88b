/**
 * A session of turns written as one agent writes its own file: a Claude Code
 * project JSONL, a Codex rollout, a pi session, an OpenCode export, each with
 * the compaction that agent records (Claude Code's `compact_boundary` and
 * summary, Codex's `compacted`, pi's `compaction` entry with its first kept
 * entry, OpenCode's compaction part and summary message). The shapes follow
 * the importers' fixtures (src/formats/fixtures) and docs/formats.md.
 */
import { rng } from '../../testing/rng';
import type { Project, Round, Turn } from './conversation';

export type SessionFormat = 'claude-code' | 'codex' | 'pi' | 'opencode';

export interface CompactionSpec {
  /** The compaction happens after this many turns. */
  afterTurns: number;
  summary: string;
  tokensBefore: number;
  /** pi: the turn whose user message is the first entry kept. */
  keptFromTurn?: number;
}

export interface SessionSpec {
  format: SessionFormat;
  project: Project;
  seed: number;
  turns: Turn[];
  compaction?: CompactionSpec;
}

const START = Date.UTC(2026, 9, 14, 8, 30, 0);

function hex(random: () => number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += Math.floor(random() * 16).toString(16);
  return out;
}

const uuid = (random: () => number) =>
  `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-a${hex(random, 3)}-${hex(random, 12)}`;

class Clock {
  private ms = START;
  next(seconds = 7): string {
    this.ms += seconds * 1000;
    return new Date(this.ms).toISOString();
  }
  get now(): number {
    return this.ms;
  }
}

function claudeTool(round: Round): { name: string; input: Record<string, unknown> } {
  if (round.tool === 'read') return { name: 'Read', input: { file_path: round.target } };
  if (round.tool === 'grep')
    return { name: 'Grep', input: { pattern: round.target, output_mode: 'content', '-n': true } };
  if (round.tool === 'bash')
    return { name: 'Bash', input: { command: round.target, description: 'Run the tests' } };
  return {
    name: 'Edit',
    input: { file_path: round.target, old_string: round.edit!.old, new_string: round.edit!.new },
  };
}

function writeClaudeCode(spec: SessionSpec): string {
  const random = rng(spec.seed);
  const clock = new Clock();
  const sessionId = uuid(random);
  const base = {
    isSidechain: false,
    userType: 'external',
    cwd: spec.project.cwd,
    sessionId,
    version: '2.0.55',
    gitBranch: 'main',
  };
  const lines: string[] = [];
  let parent: string | null = null;
  let call = 0;
  const push = (record: Record<string, unknown>) => {
    const id = uuid(random);
    lines.push(JSON.stringify({ ...base, parentUuid: parent, ...record, uuid: id, timestamp: clock.next() }));
    parent = id;
  };
  const assistant = (content: unknown[]) =>
    push({
      type: 'assistant',
      message: {
        id: `msg_01${hex(random, 22)}`,
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content,
        stop_reason: null,
      },
      requestId: `req_011${hex(random, 21)}`,
    });
  spec.turns.forEach((turn, t) => {
    if (spec.compaction?.afterTurns === t) {
      const logical = parent;
      parent = null;
      push({
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        isMeta: false,
        level: 'info',
        logicalParentUuid: logical,
        compactMetadata: { trigger: 'auto', preTokens: spec.compaction.tokensBefore },
      });
      push({
        type: 'user',
        message: {
          role: 'user',
          content: `This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n${spec.compaction.summary}`,
        },
        isCompactSummary: true,
        isVisibleInTranscriptOnly: true,
      });
    }
    push({ type: 'user', message: { role: 'user', content: turn.user } });
    for (const round of turn.rounds) {
      const id = `toolu_01${hex(random, 22)}`;
      call++;
      const { name, input } = claudeTool(round);
      assistant([
        ...(round.say ? [{ type: 'text', text: round.say }] : []),
        { type: 'tool_use', id, name, input },
      ]);
      push({
        type: 'user',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: round.output }] },
        toolUseResult: { type: 'text' },
      });
    }
    assistant([{ type: 'text', text: turn.reply }]);
  });
  void call;
  return `${lines.join('\n')}\n`;
}

function shellCommand(round: Round): string {
  if (round.tool === 'read') return `sed -n '1,200p' ${round.target}`;
  if (round.tool === 'grep') return `rg -n "${round.target}" src`;
  return round.target;
}

function writeCodex(spec: SessionSpec): string {
  const random = rng(spec.seed);
  const clock = new Clock();
  const lines: string[] = [];
  const push = (type: string, payload: unknown) =>
    lines.push(JSON.stringify({ timestamp: clock.next(1), type, payload }));
  const cwd = spec.project.cwd;
  push('session_meta', {
    id: `019a${hex(random, 4)}-${hex(random, 4)}-7${hex(random, 3)}-9${hex(random, 3)}-${hex(random, 12)}`,
    timestamp: new Date(START).toISOString(),
    cwd,
    originator: 'codex_cli_rs',
    cli_version: '0.52.0',
    instructions: null,
    source: 'cli',
    model_provider: 'openai',
    git: { branch: 'main' },
  });
  const userItem = (text: string) =>
    push('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
  userItem(
    `<environment_context>\n  <cwd>${cwd}</cwd>\n  <approval_policy>on-request</approval_policy>\n  <sandbox_mode>workspace-write</sandbox_mode>\n</environment_context>`,
  );
  const asked: string[] = [];
  spec.turns.forEach((turn, t) => {
    if (spec.compaction?.afterTurns === t) {
      push('compacted', {
        message: `You were originally given instructions from a user over one or more turns. Here were the user messages:\n\n${asked.join('\n\n')}\n\nAnother language model started to solve this problem and produced a summary of its thinking process. You also have access to the state of the tools that were used by that language model. Use this to build on the work that has already been done and avoid duplicating work. Here is the summary produced by the other language model, use the information in this summary to assist with your own analysis:\n\n${spec.compaction.summary}`,
      });
      push('event_msg', { type: 'context_compacted' });
    }
    asked.push(turn.user);
    userItem(turn.user);
    push('event_msg', { type: 'user_message', message: turn.user, kind: 'plain' });
    push('turn_context', {
      turn_id: `turn-${t + 1}`,
      cwd,
      approval_policy: 'on-request',
      sandbox_policy: { mode: 'workspace-write' },
      model: 'gpt-5-codex',
      effort: 'medium',
      summary: 'auto',
    });
    for (const round of turn.rounds) {
      const id = `call_${hex(random, 24)}`;
      if (round.say)
        push('response_item', {
          type: 'reasoning',
          summary: [{ type: 'summary_text', text: `**${round.say}**` }],
          content: null,
          encrypted_content: `gAAAAABp${hex(random, 40)}`,
        });
      if (round.tool === 'edit') {
        const patch = `*** Begin Patch\n*** Update File: ${round.target}\n@@\n-${round.edit!.old}\n+${round.edit!.new}\n*** End Patch\n`;
        push('response_item', {
          type: 'custom_tool_call',
          status: 'completed',
          call_id: id,
          name: 'apply_patch',
          input: patch,
        });
        push('response_item', {
          type: 'custom_tool_call_output',
          call_id: id,
          output: JSON.stringify({
            output: `Success. Updated the following files:\nM ${round.target}\n`,
            metadata: { exit_code: 0, duration_seconds: 0.0 },
          }),
        });
        continue;
      }
      push('response_item', {
        type: 'function_call',
        name: 'shell',
        arguments: JSON.stringify({ command: ['bash', '-lc', shellCommand(round)], workdir: cwd }),
        call_id: id,
      });
      push('event_msg', { type: 'exec_command_end', call_id: id, exit_code: 0 });
      push('response_item', {
        type: 'function_call_output',
        call_id: id,
        output: JSON.stringify({ output: round.output, metadata: { exit_code: 0, duration_seconds: 0.4 } }),
      });
    }
    push('response_item', {
      type: 'message',
      role: 'assistant',
      content: [{ type: 'output_text', text: turn.reply }],
    });
    push('event_msg', { type: 'agent_message', message: turn.reply });
  });
  return `${lines.join('\n')}\n`;
}

function piTool(round: Round): { name: string; arguments: Record<string, unknown> } {
  if (round.tool === 'read') return { name: 'read', arguments: { path: round.target } };
  if (round.tool === 'grep')
    return { name: 'bash', arguments: { command: `grep -rn "${round.target}" src` } };
  if (round.tool === 'bash') return { name: 'bash', arguments: { command: round.target } };
  return {
    name: 'edit',
    arguments: { path: round.target, oldText: round.edit!.old, newText: round.edit!.new },
  };
}

function writePi(spec: SessionSpec): string {
  const random = rng(spec.seed);
  const clock = new Clock();
  const lines: string[] = [
    JSON.stringify({
      type: 'session',
      version: 3,
      id: uuid(random),
      timestamp: clock.next(0),
      cwd: spec.project.cwd,
    }),
  ];
  let parent: string | null = null;
  const userIds: string[] = [];
  const push = (body: Record<string, unknown>): string => {
    const id = hex(random, 8);
    lines.push(JSON.stringify({ ...body, id, parentId: parent, timestamp: clock.next() }));
    parent = id;
    return id;
  };
  const usage = {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  };
  const assistant = (content: unknown[], stopReason: string) =>
    push({
      type: 'message',
      message: {
        role: 'assistant',
        content,
        api: 'anthropic-messages',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        usage,
        stopReason,
        timestamp: clock.now,
      },
    });
  spec.turns.forEach((turn, t) => {
    const c = spec.compaction;
    if (c?.afterTurns === t)
      push({
        type: 'compaction',
        summary: c.summary,
        firstKeptEntryId: userIds[c.keptFromTurn ?? t - 1],
        tokensBefore: c.tokensBefore,
        details: { readFiles: [], modifiedFiles: [] },
        fromHook: false,
      });
    userIds.push(
      push({ type: 'message', message: { role: 'user', content: turn.user, timestamp: clock.now } }),
    );
    for (const round of turn.rounds) {
      const id = `toolu_01${hex(random, 22)}`;
      const tool = piTool(round);
      assistant(
        [...(round.say ? [{ type: 'text', text: round.say }] : []), { type: 'toolCall', id, ...tool }],
        'toolUse',
      );
      push({
        type: 'message',
        message: {
          role: 'toolResult',
          toolCallId: id,
          toolName: tool.name,
          content: [{ type: 'text', text: round.output }],
          isError: false,
          timestamp: clock.now,
        },
      });
    }
    assistant([{ type: 'text', text: turn.reply }], 'stop');
  });
  return `${lines.join('\n')}\n`;
}

function opencodeTool(round: Round): { tool: string; input: Record<string, unknown> } {
  if (round.tool === 'read') return { tool: 'read', input: { filePath: `${round.target}` } };
  if (round.tool === 'grep') return { tool: 'grep', input: { pattern: round.target } };
  if (round.tool === 'bash')
    return { tool: 'bash', input: { command: round.target, description: 'Run the tests' } };
  return {
    tool: 'edit',
    input: { filePath: round.target, oldString: round.edit!.old, newString: round.edit!.new },
  };
}

function writeOpenCode(spec: SessionSpec): string {
  const random = rng(spec.seed);
  const clock = new Clock();
  const sessionID = `ses_${hex(random, 12)}`;
  const messages: unknown[] = [];
  let n = 0;
  let p = 0;
  let lastUser = '';
  const model = { providerID: 'anthropic', modelID: 'claude-sonnet-4-5' };
  const part = (messageID: string, body: Record<string, unknown>) => ({
    ...body,
    id: `prt_${String(++p).padStart(5, '0')}${hex(random, 6)}`,
    sessionID,
    messageID,
  });
  const user = (parts: (id: string) => unknown[]) => {
    const id = `msg_${String(++n).padStart(5, '0')}${hex(random, 6)}`;
    clock.next();
    messages.push({
      info: { id, sessionID, role: 'user', time: { created: clock.now }, agent: 'build', model },
      parts: parts(id),
    });
    lastUser = id;
  };
  const assistant = (parts: (id: string) => unknown[], extra: Record<string, unknown> = {}) => {
    const id = `msg_${String(++n).padStart(5, '0')}${hex(random, 6)}`;
    const created = (clock.next(), clock.now);
    clock.next(4);
    messages.push({
      info: {
        id,
        sessionID,
        role: 'assistant',
        time: { created, completed: clock.now },
        parentID: lastUser,
        mode: 'build',
        modelID: model.modelID,
        providerID: model.providerID,
        path: { cwd: spec.project.cwd, root: spec.project.cwd },
        cost: 0,
        finish: 'stop',
        ...extra,
      },
      parts: [
        part(id, { type: 'step-start' }),
        ...parts(id),
        part(id, { type: 'step-finish', reason: 'stop' }),
      ],
    });
  };
  spec.turns.forEach((turn, t) => {
    const c = spec.compaction;
    if (c?.afterTurns === t) {
      user((id) => [part(id, { type: 'compaction', auto: true })]);
      assistant((id) => [part(id, { type: 'text', text: c.summary })], {
        mode: 'compaction',
        agent: 'compaction',
        summary: true,
      });
    }
    user((id) => [part(id, { type: 'text', text: turn.user })]);
    for (const round of turn.rounds) {
      const { tool, input } = opencodeTool(round);
      assistant(
        (id) => [
          ...(round.say ? [part(id, { type: 'text', text: round.say })] : []),
          part(id, {
            type: 'tool',
            callID: `toolu_01${hex(random, 22)}`,
            tool,
            state: {
              status: 'completed',
              input,
              output: round.output,
              title: round.target,
              metadata: {},
              time: { start: clock.now, end: clock.now + 300 },
            },
          }),
        ],
        { finish: 'tool-calls' },
      );
    }
    assistant((id) => [part(id, { type: 'text', text: turn.reply })]);
  });
  return `${JSON.stringify({ info: { id: sessionID, title: 'Work session', directory: spec.project.cwd, time: { created: START, updated: clock.now } }, messages }, null, 1)}\n`;
}

export const WRITERS: Record<SessionFormat, { write: (spec: SessionSpec) => string; ext: string }> = {
  'claude-code': { write: writeClaudeCode, ext: 'jsonl' },
  codex: { write: writeCodex, ext: 'jsonl' },
  pi: { write: writePi, ext: 'jsonl' },
  opencode: { write: writeOpenCode, ext: 'json' },
};
