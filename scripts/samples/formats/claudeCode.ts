/**
 * Claude Code sessions (`~/.claude/projects/…/<session>.jsonl`): the records
 * and a player that turns a session script into them.
 *
 * Claude Code stores one record per content block, so an assistant step with
 * thinking, text and two tool calls is four records sharing one message id,
 * each followed in time by the tool results as user records. Usage numbers
 * grow the way prompt caching makes them grow: what was new in one request is
 * cache read in the next.
 */
import type { Project } from '../lib/project';
import type { Clock, Rng } from '../lib/random';
import { childBody, fill, numberArg, parseScript, type Section, type Values } from '../lib/script';
import type { ClaudeTools, ToolRun } from './claudeTools';
import { roughTokens } from './records';

export interface ClaudeStep {
  think?: string;
  text?: string;
  calls?: ToolRun[];
}

/** Tokens of Claude Code's system prompt and tool definitions: what every request starts with. */
const SYSTEM_AND_TOOLS = 17_240;

/** Claude Code's session records, in the order Claude Code appends them to the JSONL file. */
export class ClaudeWriter {
  readonly records: unknown[] = [];
  private parent: string | null = null;
  /** Tokens the provider has cached: the system prompt and tool definitions to start with. */
  private context = SYSTEM_AND_TOOLS;
  private pending = 0;

  constructor(
    private readonly rng: Rng,
    private readonly clock: Clock,
    private readonly base: { cwd: string; sessionId: string; version: string; gitBranch: string },
    private readonly model: string,
  ) {}

  private envelope(type: string): Record<string, unknown> {
    return {
      parentUuid: this.parent,
      isSidechain: false,
      userType: 'external',
      cwd: this.base.cwd,
      sessionId: this.base.sessionId,
      version: this.base.version,
      gitBranch: this.base.gitBranch,
      type,
    };
  }

  private push(record: Record<string, unknown>, uuid: string): void {
    this.records.push(record);
    this.parent = uuid;
  }

  prompt(text: string): void {
    const uuid = this.rng.uuid();
    const timestamp = this.clock.tick(40_000, 240_000);
    this.records.push({
      type: 'file-history-snapshot',
      messageId: uuid,
      snapshot: { messageId: uuid, trackedFileBackups: {}, timestamp },
      isSnapshotUpdate: false,
    });
    this.push(
      {
        ...this.envelope('user'),
        message: { role: 'user', content: text },
        uuid,
        timestamp,
        thinkingMetadata: { level: 'high', disabled: false, triggers: [] },
        todos: [],
      },
      uuid,
    );
    this.pending += roughTokens(text);
  }

  /**
   * A compaction, as Claude Code writes one: a `compact_boundary` system line
   * that starts a new chain (`parentUuid` null, `logicalParentUuid` back to
   * what it hid) with the size of the context it replaced, then the summary
   * as a user line flagged `isCompactSummary`. The next request sends only
   * the system prompt, the tools and the summary.
   */
  compact(trigger: 'auto' | 'manual', summary: string): void {
    const uuid = this.rng.uuid();
    const timestamp = this.clock.tick(20_000, 90_000);
    this.records.push({
      ...this.envelope('system'),
      parentUuid: null,
      logicalParentUuid: this.parent,
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      isMeta: false,
      timestamp,
      uuid,
      level: 'info',
      compactMetadata: { trigger, preTokens: this.context + this.pending },
    });
    this.parent = uuid;
    const summaryUuid = this.rng.uuid();
    this.push(
      {
        ...this.envelope('user'),
        message: { role: 'user', content: summary },
        isVisibleInTranscriptOnly: true,
        isCompactSummary: true,
        uuid: summaryUuid,
        timestamp: this.clock.tick(200, 900),
      },
      summaryUuid,
    );
    this.context = SYSTEM_AND_TOOLS;
    this.pending = roughTokens(summary);
  }

  step(step: ClaudeStep, last = false): void {
    const id = `msg_01${this.rng.base62(22)}`;
    const requestId = `req_011C${this.rng.base62(18)}`;
    const blocks: Record<string, unknown>[] = [];
    if (step.think)
      blocks.push({
        type: 'thinking',
        thinking: step.think,
        signature: this.rng.base64(this.rng.int(180, 420)),
      });
    if (step.text) blocks.push({ type: 'text', text: step.text });
    const calls = step.calls ?? [];
    const ids = calls.map(() => `toolu_01${this.rng.base62(22)}`);
    calls.forEach((call, k) =>
      blocks.push({ type: 'tool_use', id: ids[k], name: call.name, input: call.input }),
    );
    const out = blocks.reduce(
      (n, b) => n + roughTokens(JSON.stringify(b.thinking ?? b.text ?? b.input ?? '')),
      this.rng.int(20, 90),
    );
    const usage = {
      input_tokens: this.rng.int(3, 9),
      cache_creation_input_tokens: this.pending,
      cache_read_input_tokens: this.context,
      cache_creation: { ephemeral_5m_input_tokens: this.pending, ephemeral_1h_input_tokens: 0 },
      output_tokens: out,
      service_tier: 'standard',
    };
    this.context += this.pending;
    this.pending = out;
    this.clock.tick(1_500, 9_000);
    blocks.forEach((block, k) => {
      const uuid = this.rng.uuid();
      const final = k === blocks.length - 1;
      this.push(
        {
          ...this.envelope('assistant'),
          message: {
            model: this.model,
            id,
            type: 'message',
            role: 'assistant',
            content: [block],
            stop_reason: final ? (calls.length ? 'tool_use' : last ? 'end_turn' : null) : null,
            stop_sequence: null,
            usage,
          },
          requestId,
          uuid,
          timestamp: this.clock.tick(80, 1_400),
        },
        uuid,
      );
    });
    calls.forEach((call, k) => {
      const uuid = this.rng.uuid();
      const result: Record<string, unknown> = {
        tool_use_id: ids[k],
        type: 'tool_result',
        content: call.result,
      };
      if (call.isError) result.is_error = true;
      this.push(
        {
          ...this.envelope('user'),
          message: { role: 'user', content: [result] },
          uuid,
          timestamp: this.clock.tick(call.name === 'Bash' ? 1_200 : 40, call.name === 'Bash' ? 14_000 : 400),
          toolUseResult: call.isError ? `Error: ${call.result.slice(0, 200)}` : call.ui,
        },
        uuid,
      );
      this.pending += roughTokens(call.result);
    });
  }
}

/**
 * Script kinds, by depth. Top level: `prompt` (the user's message), `step`
 * (one assistant request; `step end_turn` ends the turn), `commit` (the
 * work so far was merged: later diffs start from here) and `compact
 * auto|manual` (body: the summary Claude Code wrote). Inside a step:
 * `think`, `text` and the tool calls (see `toolRun`), whose long arguments
 * are their children. Kinds the sample adds are top-level directives if it
 * handles them, children of a tool call otherwise.
 */
const LEVELS: Record<string, number> = {
  prompt: 1,
  step: 1,
  commit: 1,
  compact: 1,
  think: 2,
  text: 2,
  read: 2,
  glob: 2,
  grep: 2,
  edit: 2,
  write: 2,
  bash: 2,
  todos: 2,
};

export interface ClaudeScene {
  writer: ClaudeWriter;
  project: Project;
  tools: ClaudeTools;
  /** Values for `{{…}}`, given the section being filled (a tool call can carry extra children). */
  values: (section: Section) => Values;
  /** The sample's own top-level kinds. */
  directives?: Record<string, (section: Section) => void>;
}

export function playClaudeScript(text: string, file: string, scene: ClaudeScene): void {
  const directives = scene.directives ?? {};
  const levelOf = (kind: string) => LEVELS[kind] ?? (kind in directives ? 1 : 3);
  for (const section of parseScript(text, levelOf, file)) {
    const f = (t: string) => fill(t, scene.values(section), section.where);
    if (section.kind === 'prompt') scene.writer.prompt(f(section.body));
    else if (section.kind === 'step')
      scene.writer.step(stepOf(scene, section), section.args.includes('end_turn'));
    else if (section.kind === 'commit') scene.project.commit();
    else if (section.kind === 'compact')
      scene.writer.compact(section.args[0] === 'auto' ? 'auto' : 'manual', f(section.body));
    else if (directives[section.kind]) directives[section.kind]!(section);
    else throw new Error(`${section.where}: unknown section "${section.kind}"`);
  }
}

/** Builds the step in script order: edits apply, and outputs are computed, as the script reaches them. */
function stepOf(scene: ClaudeScene, step: Section): ClaudeStep {
  const out: ClaudeStep = {};
  const calls: ToolRun[] = [];
  for (const s of step.children) {
    const f = (text: string) => fill(text, scene.values(s), s.where);
    if (s.kind === 'think') out.think = f(s.body);
    else if (s.kind === 'text') out.text = f(s.body);
    else calls.push(toolRun(scene.tools, s, f));
  }
  if (calls.length) out.calls = calls;
  return out;
}

/**
 * One tool call: `read PATH [OFFSET LIMIT]`, `glob PATTERN`, `grep [path=DIR]
 * [glob=G] [mode=content] [context=N]` (body: the pattern), `edit PATH`
 * (children `old`, `new`), `write PATH` (body: the content), `bash
 * "DESCRIPTION" [error] [timeout=MS]` (body: the command; child `output`)
 * and `todos` (body: the list, see `todoList`).
 */
function toolRun(t: ClaudeTools, s: Section, f: (text: string) => string): ToolRun {
  const [first, second, third] = s.args;
  switch (s.kind) {
    case 'read':
      return t.read(first!, numberArg(second), numberArg(third));
    case 'glob':
      return t.glob(first!);
    case 'grep': {
      const mode = s.opts.mode as 'content' | 'files_with_matches' | undefined;
      return t.grep(f(s.body), {
        path: s.opts.path,
        glob: s.opts.glob,
        mode,
        context: numberArg(s.opts.context),
      });
    }
    case 'edit':
      return t.edit(first!, f(childBody(s, 'old')), f(childBody(s, 'new')));
    case 'write':
      return t.write(first!, f(s.body));
    case 'bash': {
      const command = f(s.body);
      return t.bash(
        command,
        first!,
        f(childBody(s, 'output')),
        s.args.includes('error'),
        numberArg(s.opts.timeout),
      );
    }
    case 'todos':
      return t.todos(todoList(s.body));
  }
  throw new Error(`${s.where}: "${s.kind}" is not part of a step`);
}

const TODO_STATUS = { ' ': 'pending', '~': 'in_progress', x: 'completed' } as const;

/** One todo per line, `[ ] Do it | Doing it`: `[ ]` pending, `[~]` in progress, `[x]` completed. */
function todoList(body: string): [string, 'pending' | 'in_progress' | 'completed', string][] {
  return body.split('\n').map((line) => {
    const m = /^\[([ ~x])\] (.*) \| (.*)$/.exec(line);
    if (!m) throw new Error(`not a todo line: ${line}`);
    return [m[2]!, TODO_STATUS[m[1] as keyof typeof TODO_STATUS], m[3]!];
  });
}
