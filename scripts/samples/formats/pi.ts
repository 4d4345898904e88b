/**
 * pi sessions (`~/.pi/agent/sessions/…/*.jsonl`, version 3): the entries and a
 * player that turns a session script into them.
 *
 * Entries form a tree through `parentId`. A compaction entry summarizes the
 * branch and names the first entry it keeps (`firstKeptEntryId`); a model
 * change switches provider mid-session, which changes the shape of tool call
 * ids and the provider's API name on every later assistant message.
 */
import type { Project } from '../lib/project';
import type { Clock, Rng } from '../lib/random';
import { childBody, fill, parseScript, type Section, type Values } from '../lib/script';
import { roughTokens } from './records';

/** A tool call of a step and its result. */
type PiCall = { name: string; args: Record<string, unknown>; result: string; isError?: boolean };

/** A pi session file (v3: a tree of entries linked by `parentId`), entry by entry. */
export class PiWriter {
  readonly lines: unknown[] = [];
  private parent: string | null = null;
  private usage = { input: 0, cacheRead: 6_200 };
  provider = 'anthropic';
  model = 'claude-sonnet-4-5';

  constructor(
    private readonly rng: Rng,
    private readonly clock: Clock,
  ) {}

  private id(): string {
    return this.rng.hex(8);
  }

  private entry(type: string, fields: Record<string, unknown>, min = 200, max = 2_000): string {
    const id = this.id();
    this.lines.push({ type, id, parentId: this.parent, timestamp: this.clock.tick(min, max), ...fields });
    this.parent = id;
    return id;
  }

  header(cwd: string): void {
    this.lines.push({ type: 'session', version: 3, id: this.rng.uuid(), timestamp: this.clock.iso(), cwd });
  }

  modelChange(provider: string, modelId: string): string {
    this.provider = provider;
    this.model = modelId;
    return this.entry('model_change', { provider, modelId });
  }

  thinkingLevel(level: string): string {
    return this.entry('thinking_level_change', { thinkingLevel: level });
  }

  user(text: string): string {
    this.usage.input += roughTokens(text);
    return this.entry(
      'message',
      { message: { role: 'user', content: text, timestamp: this.clock.now } },
      20_000,
      120_000,
    );
  }

  assistant(opts: {
    think?: string;
    text?: string;
    calls?: { name: string; args: Record<string, unknown> }[];
  }): { id: string; callIds: string[] } {
    const content: unknown[] = [];
    if (opts.think)
      content.push({
        type: 'thinking',
        thinking: opts.think,
        thinkingSignature: this.rng.base64(this.rng.int(120, 300)),
      });
    if (opts.text) content.push({ type: 'text', text: opts.text });
    const callIds: string[] = [];
    for (const c of opts.calls ?? []) {
      const callId =
        this.provider === 'anthropic'
          ? `toolu_01${this.rng.base62(22)}`
          : `call_${this.rng.base62(24)}|fc_${this.rng.hex(32)}`;
      callIds.push(callId);
      content.push({ type: 'toolCall', id: callId, name: c.name, arguments: c.args });
    }
    const output = roughTokens(JSON.stringify(content));
    const input = this.usage.input;
    const cacheRead = this.usage.cacheRead;
    this.usage = { input: this.rng.int(3, 12), cacheRead: cacheRead + input + output };
    const cost = +(input * 3e-6 + cacheRead * 0.3e-6 + output * 15e-6).toFixed(6);
    const id = this.entry(
      'message',
      {
        message: {
          role: 'assistant',
          content,
          api: this.provider === 'anthropic' ? 'anthropic-messages' : 'openai-responses',
          provider: this.provider,
          model: this.model,
          usage: {
            input,
            output,
            cacheRead,
            cacheWrite: input,
            totalTokens: input + output + cacheRead,
            cost: {
              input: +(input * 3e-6).toFixed(6),
              output: +(output * 15e-6).toFixed(6),
              cacheRead: +(cacheRead * 0.3e-6).toFixed(6),
              cacheWrite: 0,
              total: cost,
            },
          },
          stopReason: callIds.length ? 'toolUse' : 'stop',
          timestamp: this.clock.now,
        },
      },
      2_000,
      12_000,
    );
    return { id, callIds };
  }

  result(callId: string, toolName: string, text: string, isError = false): string {
    this.usage.input += roughTokens(text);
    return this.entry(
      'message',
      {
        message: {
          role: 'toolResult',
          toolCallId: callId,
          toolName,
          content: [{ type: 'text', text }],
          isError,
          timestamp: this.clock.now,
        },
      },
      100,
      6_000,
    );
  }

  /** One assistant step with its tool results, in call order. */
  step(opts: { think?: string; text?: string; calls?: PiCall[] }): string {
    const { id, callIds } = this.assistant(opts);
    let last = id;
    (opts.calls ?? []).forEach((c, k) => {
      last = this.result(callIds[k]!, c.name, c.result, c.isError);
    });
    return last;
  }

  compaction(
    summary: string,
    firstKeptEntryId: string,
    tokensBefore: number,
    readFiles: string[],
    modifiedFiles: string[],
  ): void {
    this.entry(
      'compaction',
      { summary, firstKeptEntryId, tokensBefore, details: { readFiles, modifiedFiles }, fromHook: false },
      4_000,
      15_000,
    );
    this.usage = { input: roughTokens(summary), cacheRead: 6_200 };
  }
}

/**
 * Script kinds, by depth. Top level: `model PROVIDER MODEL`, `thinking
 * LEVEL`, `user [id=NAME]` (NAME lets a later compaction point at it),
 * `step` and `compaction first-kept=NAME tokens-before=N read=A,B
 * modified=C,D` (body: the summary). Inside a step: `think`, `text` and the
 * tool calls `read PATH`, `bash [error]` (body: the command; child
 * `output`), `edit PATH` (children `old`, `new`) and `write PATH` (body: the
 * content).
 */
const LEVELS: Record<string, number> = {
  model: 1,
  thinking: 1,
  user: 1,
  step: 1,
  compaction: 1,
  think: 2,
  text: 2,
  read: 2,
  bash: 2,
  edit: 2,
  write: 2,
  output: 3,
  old: 3,
  new: 3,
};

export function playPiScript(
  text: string,
  file: string,
  writer: PiWriter,
  project: Project,
  values: Values,
): void {
  const ids = new Map<string, string>();
  const list = (value = '') => value.split(',').filter(Boolean);
  for (const s of parseScript(text, (kind) => LEVELS[kind] ?? 0, file)) {
    const f = (t: string) => fill(t, values, s.where);
    if (s.kind === 'model') writer.modelChange(s.args[0]!, s.args[1]!);
    else if (s.kind === 'thinking') writer.thinkingLevel(s.args[0]!);
    else if (s.kind === 'user') {
      const id = writer.user(f(s.body));
      if (s.opts.id) ids.set(s.opts.id, id);
    } else if (s.kind === 'step') writer.step(stepOf(s, project, values));
    else if (s.kind === 'compaction') {
      const firstKept = ids.get(s.opts['first-kept'] ?? '');
      if (!firstKept) throw new Error(`${s.where}: first-kept must name an earlier user entry`);
      const tokensBefore = Number(s.opts['tokens-before']);
      writer.compaction(f(s.body), firstKept, tokensBefore, list(s.opts.read), list(s.opts.modified));
    } else throw new Error(`${s.where}: unknown section "${s.kind}"`);
  }
}

/** The step's calls in script order, each applied to the project as the script reaches it. */
function stepOf(step: Section, project: Project, values: Values) {
  const out: { think?: string; text?: string; calls: PiCall[] } = { calls: [] };
  for (const s of step.children) {
    const f = (t: string) => fill(t, values, s.where);
    if (s.kind === 'think') out.think = f(s.body);
    else if (s.kind === 'text') out.text = f(s.body);
    else out.calls.push(toolCall(s, project, f));
  }
  return out;
}

/** pi's tools and the results they report. */
function toolCall(s: Section, project: Project, f: (text: string) => string): PiCall {
  const path = s.args[0]!;
  if (s.kind === 'read') return { name: 'read', args: { path }, result: project.text(path) };
  if (s.kind === 'bash') {
    const command = f(s.body);
    return {
      name: 'bash',
      args: { command },
      result: f(childBody(s, 'output')),
      isError: s.args.includes('error'),
    };
  }
  if (s.kind === 'edit') {
    const [oldText, newText] = [f(childBody(s, 'old')), f(childBody(s, 'new'))];
    project.edit(path, oldText, newText);
    return {
      name: 'edit',
      args: { path, oldText, newText },
      result: `Successfully replaced text in ${path}.`,
    };
  }
  if (s.kind === 'write') {
    const content = f(s.body);
    project.write(path, content);
    return {
      name: 'write',
      args: { path, content },
      result: `Successfully wrote ${content.length} bytes to ${path}`,
    };
  }
  throw new Error(`${s.where}: "${s.kind}" is not part of a step`);
}
