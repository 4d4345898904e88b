/**
 * pi coding agent session JSONL (versions 1 to 3). Entries form a tree; the
 * context is the path from the newest entry back to the root. The newest
 * `compaction` on that path hides the entries before its `firstKeptEntryId`:
 * the model sees its summary, then the kept entries, then what followed.
 * The history keeps every entry on the path, each compaction where pi wrote
 * it, and each assistant reply's usage.
 */
import { appendAll } from '../core/arrays';
import { elapsedMs } from '../core/session/history';
import type { Message, ToolCall, UnsentEntry } from '../core/message';
import { PI_BRANCH_LEAD_IN, PI_COMPACTION_LEAD_IN } from '../core/summaryEnvelope';
import { makeMessage, Parts } from './build';
import type { Imported, JsonlImporter, JsonlSession } from './format';
import { detection } from './format';
import { counted, IssueLog } from './issues';
import { pathToRoot } from './tree';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, safeStringify, str } from './json';
import type { CallUsage } from './sessionRecorder';
import { callUsage, SessionRecorder } from './sessionRecorder';
import type { ImportUsage } from './types';

/**
 * pi hands both kinds of summary to the model as user messages, each with its
 * own lead-in. Only a compaction summary is marked `kind: "summary"`: a branch
 * summary tells of an abandoned side branch and is an ordinary message in the
 * history, never the boundary a compaction starts after.
 */
function compactionSummary(id: string, summary: string, line: number): Message {
  return framed(
    makeMessage({
      id,
      role: 'user',
      kind: 'summary',
      content: `${PI_COMPACTION_LEAD_IN}\n\n<summary>\n${summary}\n</summary>`,
      source: { line },
    }),
    summary.length,
  );
}

/** pi writes no newline before the closing tag of a branch summary. */
function branchSummary(id: string, summary: string, line: number): Message {
  return framed(
    makeMessage({
      id,
      role: 'user',
      content: `${PI_BRANCH_LEAD_IN}\n\n<summary>\n${summary}</summary>`,
      source: { line },
    }),
    summary.length,
  );
}

/**
 * Marks what the model reads around the `weighed` characters pi counts
 * (pi weighs a summary by its text, a command by its command and output).
 */
function framed(message: Message, weighed: number): Message {
  const framing = message.content.length + (message.reasoning?.length ?? 0) - weighed;
  if (framing > 0) message.framingChars = framing;
  return message;
}

/**
 * The files a pi compaction recorded in its `details`, which pi's next
 * compaction starts from. An extension's compaction (`fromHook`) records
 * nothing pi reads, nor does one without details: empty lists, not the tags
 * of the summary's text.
 */
function recordedFiles(record: JsonRecord): { read: string[]; modified: string[] } {
  const details = field(record, 'fromHook') === true ? undefined : rec(record, 'details');
  const strings = (key: string): string[] =>
    (details ? (arr(details, key) ?? []) : []).filter((p): p is string => typeof p === 'string');
  return { read: strings('readFiles'), modified: strings('modifiedFiles') };
}

/** pi 1.x entries that never reach the model: the usage of a call outside the conversation (a cache warm-up). */
const NO_CONTEXT_TYPES: ReadonlySet<string> = new Set(['usage']);

const ENTRY_TYPES = new Set([
  'message',
  'compaction',
  'branch_summary',
  'custom_message',
  'model_change',
  'thinking_level_change',
  'custom',
  'label',
  'session_info',
  'active_tools_change',
  'leaf',
  // pi 1.x: rewrites what an earlier entry sends (applied by `contextEdits`).
  'context_edit',
]);

interface Entry {
  id: string;
  parent: string | null;
  type: string;
  line: number;
  record: JsonRecord;
}

export const pi: JsonlImporter = {
  id: 'pi',
  detectRecords(records) {
    const first = records[0];
    if (isRecord(first) && str(first, 'type') === 'session' && typeof field(first, 'cwd') === 'string') {
      const version = num(first, 'version');
      return detection(
        'pi',
        0.97,
        `a first line {"type":"session", ${version === undefined ? 'no version (v1)' : `"version":${version}`}, "cwd"}`,
      );
    }
    const entries = records.filter(
      (r) => isRecord(r) && str(r, 'type') === 'message' && 'parentId' in r && isRecord(field(r, 'message')),
    );
    if (entries.length > 0)
      return detection('pi', 0.8, '"message" entries with id, parentId and a nested message');
    return null;
  },
  start(log): JsonlSession {
    return new PiSession(log);
  },
};

class PiSession implements JsonlSession {
  private readonly entries = new Map<string, Entry>();
  private readonly order: Entry[] = [];
  private version = 3;
  private previous: Entry | null = null;
  private title: string | undefined;

  constructor(private readonly log: IssueLog) {}

  add(record: unknown, line: number): void {
    if (!isRecord(record)) {
      this.log.notAnObject(line, record);
      return;
    }
    const type = str(record, 'type') ?? '';
    if (type === 'session') {
      this.version = num(record, 'version') ?? 1;
      return;
    }
    if (!ENTRY_TYPES.has(type)) this.unknownEntry(type, line, record);
    // Version 1 had no ids: each entry's parent is the line before it, as pi's own migration does.
    const v1 = this.version < 2 && str(record, 'id') === undefined;
    const id = v1 ? `line${line}` : (str(record, 'id') ?? `line${line}`);
    const parentField = field(record, 'parentId');
    const parent = v1 ? (this.previous?.id ?? null) : typeof parentField === 'string' ? parentField : null;
    if (this.entries.has(id)) {
      this.log.tally('duplicate-id', 'entry', 'Entries repeating an earlier id were ignored', { line }, id);
      return;
    }
    const entry: Entry = { id, parent, type, line, record };
    this.entries.set(id, entry);
    this.order.push(entry);
    this.previous = entry;
    if (type === 'session_info') this.title = str(record, 'name') ?? this.title;
  }

  /**
   * An entry type pi added after this importer was written (pi 1.x writes
   * `usage` after a cache-warm call, and more will come). It still links
   * the tree: skipping it would cut every entry before it off the path. One
   * that holds a message we cannot read is reported; the others are notes.
   */
  private unknownEntry(type: string, line: number, record: JsonRecord): void {
    if (NO_CONTEXT_TYPES.has(type) || !('message' in record)) {
      this.log.tallyNote(
        'metadata-entry',
        type,
        `Entries of type "${type || '(none)'}" add nothing to the context and were left out`,
        { line },
      );
      return;
    }
    this.log.tally(
      'unknown-line-type',
      type,
      `Entries of unknown type "${type || '(none)'}" were skipped`,
      { line },
      record,
    );
  }

  finish(): Imported {
    const path = this.activePath();
    const onPath = new Set(path.map((e) => e.id));
    const abandoned = this.order.filter((e) => !onPath.has(e.id) && e.type === 'message').length;
    // pi sends only the active branch to the model: a note, not a problem.
    if (abandoned)
      this.log.note(
        'inactive-branch',
        `${counted(abandoned, 'message')} on other branches ${abandoned === 1 ? 'was' : 'were'} left out`,
      );

    let compactionAt = -1;
    for (let i = path.length - 1; i >= 0; i--) {
      if (path[i]!.type === 'compaction') {
        compactionAt = i;
        break;
      }
    }
    const keptFrom = compactionAt === -1 ? -1 : this.keptFrom(path, compactionAt);
    if (compactionAt !== -1 && keptFrom === -1) {
      const compaction = path[compactionAt]!;
      this.log.warn(
        'missing-first-kept-entry',
        'The compaction names a first kept entry that is not on the path; no earlier entries were kept (as pi does)',
        { line: compaction.line },
        this.firstKeptId(compaction.record),
      );
    }
    // Problems are reported for what the model sees now; the history before it is told as is.
    const inContext = (i: number): boolean =>
      compactionAt === -1 || i >= compactionAt || (keptFrom !== -1 && i >= keptFrom);

    const edits = contextEdits(path);
    const messageAt: (Message | undefined)[] = [];
    path.forEach((entry, i) => {
      if (entry.type === 'compaction') return;
      const out: Message[] = [];
      this.emit(entry, out, inContext(i) ? this.log : new IssueLog());
      const message = applyEdit(out[0], edits.get(entry.id));
      if (message) messageAt[i] = message;
    });
    const sent = piRequestRules(path, messageAt);
    this.reportRequestRules(sent);
    path.forEach((entry, i) => {
      const command = excludedCommand(entry);
      if (command) sent.unsentAt.set(i, command);
    });

    const recorder = new SessionRecorder();
    path.forEach((entry, i) => {
      if (entry.type === 'compaction') messageAt[i] = this.recordCompaction(path, i, recorder, messageAt);
      else if (messageAt[i]) recorder.record(messageAt[i]!);
      for (const result of sent.resultsAfter.get(i) ?? []) recorder.record(result);
    });
    // A reply names its model; older ones do not, and the newest `model_change` before them says it.
    let model: string | undefined;
    path.forEach((entry, i) => {
      if (entry.type === 'model_change') model = str(entry.record, 'modelId') ?? model;
      const message = messageAt[i];
      const usage = message && entry.type === 'message' ? callUsageOf(entry.record, model) : undefined;
      if (message && usage) recorder.call(message, usage);
    });

    const messages: Message[] = [];
    if (compactionAt === -1) {
      pushEmitted(path, 0, messageAt, messages, path.length, sent);
    } else {
      const summary = messageAt[compactionAt]!;
      appendAll(messages, this.compactionSystem(path[compactionAt]!));
      messages.push(summary);
      const summaryAt = messages.length - 1;
      if (keptFrom !== -1) pushEmitted(path, keptFrom, messageAt, messages, compactionAt, sent, KEPT_RANGE);
      summary.files = recordedFiles(path[compactionAt]!.record);
      // pi prepares nothing on a branch that ends in its compaction.
      if (compactionAt === path.length - 1) summary.keptAfter = messages.length - summaryAt - 1;
      pushEmitted(path, compactionAt + 1, messageAt, messages, path.length, sent);
    }
    return {
      messages,
      title: this.title,
      usage: this.usage(path),
      history: recorder.history(messages),
    };
  }

  private reportRequestRules(sent: RequestRules): void {
    if (sent.dropped.length)
      this.log.note(
        'aborted-replies-left-out',
        `${counted(sent.dropped.length, 'assistant message')} that stopped as aborted or error ${sent.dropped.length === 1 ? 'was' : 'were'} left out: pi does not send them`,
        { line: sent.dropped[0] },
      );
    let synthetic = 0;
    for (const results of sent.resultsAfter.values()) synthetic += results.length;
    if (synthetic)
      this.log.note(
        'no-result-provided',
        `${counted(synthetic, 'tool call')} without a result ${synthetic === 1 ? 'is' : 'are'} answered "No result provided", as pi answers them in the next request`,
      );
  }

  /** Where on the path the entries a compaction keeps begin, or -1 when its first kept entry is not there. */
  private keptFrom(path: Entry[], compactionAt: number): number {
    const firstKept = this.firstKeptId(path[compactionAt]!.record);
    return firstKept === undefined ? -1 : (positionsOf(path).get(firstKept) ?? -1);
  }

  /**
   * A compaction entry on the path: its summary joins the history where pi
   * wrote it, after the entries it summarized; the context it left is the
   * summary, then the entries from the first kept one.
   */
  private recordCompaction(
    path: Entry[],
    at: number,
    recorder: SessionRecorder,
    messageAt: (Message | undefined)[],
  ): Message {
    const { id, record, line } = path[at]!;
    const summary = compactionSummary(id, str(record, 'summary') ?? '', line);
    const context = [...this.compactionSystem(path[at]!), summary];
    const keptFrom = this.keptFrom(path, at);
    if (keptFrom !== -1) pushEmitted(path, keptFrom, messageAt, context, at, undefined, KEPT_RANGE);
    // pi writes no duration: the compaction's time less the entry before it on the path.
    const durationMs = at > 0 ? elapsedMs(path[at - 1]!.record.timestamp, record.timestamp) : null;
    recorder.compaction(
      context,
      {
        trigger: null,
        tokensBefore: num(record, 'tokensBefore') ?? null,
        tokensAfter: null,
        ...(durationMs === null ? {} : { durationMs, durationSource: 'timestamps' as const }),
        source: 'compaction',
        line,
      },
      summary,
    );
    return summary;
  }

  /**
   * pi 1.x records the system prompt in force on its compaction entry and
   * sends it ahead of the summary; the system entries among the kept ones
   * are not sent again.
   */
  private compactionSystem(entry: Entry): Message[] {
    const message = rec(entry.record, 'systemMessage');
    if (!message || str(message, 'role') !== 'system') return [];
    const out: Message[] = [];
    this.emit(
      { ...entry, id: `${entry.id}:system`, type: 'message', record: { message } },
      out,
      new IssueLog(),
    );
    return out;
  }

  /** v1 compactions name the kept entry by file index, where index 0 is the header line. */
  private firstKeptId(record: JsonRecord): string | undefined {
    const id = str(record, 'firstKeptEntryId');
    if (id !== undefined) return id;
    const index = num(record, 'firstKeptEntryIndex');
    return index === undefined ? undefined : `line${index + 1}`;
  }

  private activePath(): Entry[] {
    return pathToRoot(
      this.order[this.order.length - 1],
      (entry) => entry.id,
      (id) => this.entries.get(id),
      this.log,
      { link: 'parentId', item: 'An entry' },
    );
  }

  private emit(entry: Entry, out: Message[], log: IssueLog): void {
    const { record, id, line } = entry;
    const source = { line };
    if (entry.type === 'custom_message') {
      const parts = readContent(field(record, 'content'));
      out.push(makeMessage({ id, role: 'user', content: parts.joined(''), images: parts.images, source }));
      return;
    }
    if (entry.type === 'branch_summary') {
      const summary = str(record, 'summary');
      if (summary) out.push(branchSummary(id, summary, line));
      return;
    }
    if (entry.type !== 'message') return;
    const message = rec(record, 'message');
    if (!message) return;
    const role = str(message, 'role') ?? '';
    switch (role) {
      case 'user':
      case 'custom':
      case 'hookMessage': {
        // pi joins a user's text blocks with nothing between them, and weighs them so.
        const parts = readContent(field(message, 'content'));
        out.push(makeMessage({ id, role: 'user', content: parts.joined(''), images: parts.images, source }));
        return;
      }
      case 'assistant': {
        const parts = new Parts();
        const calls: { id: string; name: string; arguments: string }[] = [];
        (arr(message, 'content') ?? []).forEach((block, k) => {
          if (!isRecord(block)) return;
          const type = str(block, 'type');
          if (type === 'text') parts.addText(str(block, 'text'));
          else if (type === 'thinking') parts.addReasoning(str(block, 'thinking'));
          else if (type === 'toolCall') {
            calls.push({
              id: str(block, 'id') ?? `${id}:call${k}`,
              name: str(block, 'name') ?? 'unknown',
              arguments: safeStringify(field(block, 'arguments') ?? {}),
            });
          } else if (type === 'image') parts.images++;
        });
        const content = field(message, 'content');
        if (typeof content === 'string') parts.addText(content);
        // pi joins an assistant's text blocks with newlines but weighs only the blocks.
        const weighed = [...parts.text, ...parts.reasoning].reduce((sum, t) => sum + t.length, 0);
        out.push(
          framed(
            makeMessage({
              id,
              role: 'assistant',
              content: parts.content(),
              reasoning: parts.reasoningText(),
              toolCalls: calls,
              images: parts.images,
              source,
            }),
            weighed,
          ),
        );
        return;
      }
      case 'system': {
        // pi 1.x keeps the system prompt in the session, and later updates of its named sections.
        const text = readContent(field(message, 'content')).content();
        const sections = systemSections(message);
        const weighed = text.length + sections.reduce((sum, [, value]) => sum + (value?.length ?? 0), 0);
        out.push(
          framed(makeMessage({ id, role: 'system', content: systemText(text, sections), source }), weighed),
        );
        return;
      }
      case 'toolResult': {
        const parts = readContent(field(message, 'content'));
        out.push(
          makeMessage({
            id,
            role: 'tool',
            content: parts.joined(''),
            images: parts.images,
            toolCallId: str(message, 'toolCallId'),
            toolName: str(message, 'toolName'),
            source,
          }),
        );
        return;
      }
      case 'bashExecution': {
        // Commands the user ran with `!` reach the model as a user message, unless excluded.
        if (field(message, 'excludeFromContext') === true) return;
        const command = str(message, 'command') ?? '';
        const output = str(message, 'output') ?? '';
        const text = bashText(message, command, output);
        out.push(
          framed(makeMessage({ id, role: 'user', content: text, source }), command.length + output.length),
        );
        return;
      }
      case 'compactionSummary':
        out.push(compactionSummary(id, str(message, 'summary') ?? '', line));
        return;
      case 'branchSummary':
        out.push(branchSummary(id, str(message, 'summary') ?? '', line));
        return;
      default:
        log.tally(
          'unknown-role',
          role,
          `Messages with unknown role "${role || '(none)'}" were skipped`,
          { line },
          message,
        );
    }
  }

  private usage(path: Entry[]): ImportUsage | undefined {
    for (let i = path.length - 1; i >= 0; i--) {
      const message = rec(path[i]!.record, 'message');
      if (!message || str(message, 'role') !== 'assistant') continue;
      const usage = rec(message, 'usage');
      // Aborted and errored replies carry no real usage.
      const stop = str(message, 'stopReason');
      if (!usage || stop === 'aborted' || stop === 'error') continue;
      const input = num(usage, 'input') ?? 0;
      const cacheRead = num(usage, 'cacheRead') ?? 0;
      const cacheWrite = num(usage, 'cacheWrite') ?? 0;
      return {
        contextTokens: input + cacheRead + cacheWrite,
        inputTokens: input,
        cachedInputTokens: cacheRead || undefined,
        outputTokens: num(usage, 'output'),
        totalTokens: num(usage, 'totalTokens'),
        model: str(message, 'model'),
      };
    }
    return undefined;
  }
}

/**
 * A `!` command as pi puts it before the model: the command, its output in a
 * fence (or "(no output)"), then whether it was cancelled or failed, and
 * where the whole output went when it was cut.
 */
function bashText(message: JsonRecord, command: string, output: string): string {
  let text = `Ran \`${command}\`\n${output ? `\`\`\`\n${output}\n\`\`\`` : '(no output)'}`;
  const exit = num(message, 'exitCode');
  if (field(message, 'cancelled') === true) text += '\n\n(command cancelled)';
  else if (exit !== undefined && exit !== 0) text += `\n\nCommand exited with code ${exit}`;
  const fullOutput = str(message, 'fullOutputPath');
  if (field(message, 'truncated') === true && fullOutput)
    text += `\n\n[Output truncated. Full output: ${fullOutput}]`;
  return text;
}

/** A pi 1.x system message's named sections, in order; a null section was removed. */
function systemSections(message: JsonRecord): [string, string | null][] {
  const sections = rec(message, 'sections');
  if (!sections) return [];
  return Object.entries(sections).map(([name, value]) => [name, typeof value === 'string' ? value : null]);
}

/** The prompt text followed by its sections, as pi renders a system message. */
function systemText(text: string, sections: readonly [string, string | null][]): string {
  return [text, ...sections.map(([, value]) => value ?? '')].filter((part) => part.length > 0).join('\n\n');
}

/** pi content: a string, or text and image blocks. */
function readContent(content: unknown): Parts {
  const parts = new Parts();
  if (typeof content === 'string') parts.addText(content);
  else if (Array.isArray(content)) {
    for (const block of content) {
      if (!isRecord(block)) continue;
      const type = str(block, 'type');
      if (type === 'text') parts.addText(str(block, 'text'));
      else if (type === 'image') parts.images++;
    }
  }
  return parts;
}

/** Entries a compaction kept: their system messages gave way to the one on the compaction. */
const KEPT_RANGE = true;

/**
 * The messages of the path entries from `from` up to (not including) `to`,
 * in order. Compaction entries in between add nothing: pi drops an older
 * summary once a newer compaction keeps the entries around it. With the
 * request rules, the results pi adds follow their entry, and each entry pi
 * weighs but does not send is recorded on the message before it.
 */
function pushEmitted(
  path: readonly Entry[],
  from: number,
  messageAt: readonly (Message | undefined)[],
  out: Message[],
  to = path.length,
  sent?: RequestRules,
  keptRange = false,
): void {
  let leading: UnsentEntry[] = [];
  for (let i = from; i < to; i++) {
    const message = messageAt[i];
    if (message && path[i]!.type !== 'compaction' && !(keptRange && message.role === 'system'))
      out.push(message);
    appendAll(out, sent?.resultsAfter.get(i) ?? []);
    const unsent = sent?.unsentAt.get(i);
    const before = out[out.length - 1];
    if (before && leading.length) {
      before.unsentBefore = leading;
      leading = [];
    }
    if (unsent && before) before.unsentAfter = [...(before.unsentAfter ?? []), unsent];
    else if (unsent) leading.push(unsent);
  }
}

/** A `!!` command: pi keeps it in the session and weighs it by its command and output, but never sends it. */
function excludedCommand(entry: Entry): UnsentEntry | undefined {
  const message = entry.type === 'message' ? rec(entry.record, 'message') : undefined;
  if (!message || str(message, 'role') !== 'bashExecution' || field(message, 'excludeFromContext') !== true)
    return undefined;
  return {
    kind: 'command',
    chars: (str(message, 'command') ?? '').length + (str(message, 'output') ?? '').length,
  };
}

/** What pi weighs of a reply: its text and thinking blocks, and each call's name and arguments. */
function replyChars(message: Message): number {
  let chars = message.content.length - (message.framingChars ?? 0) + (message.reasoning?.length ?? 0);
  for (const call of message.toolCalls ?? []) chars += call.name.length + call.arguments.length;
  return chars;
}

/**
 * What pi's request rules changed: the replies left out (their lines), the
 * results added after each path index, and the entries pi weighs but does
 * not send, by path index.
 */
interface RequestRules {
  dropped: number[];
  resultsAfter: Map<number, Message[]>;
  unsentAt: Map<number, UnsentEntry>;
}

/**
 * pi builds every request through pi-ai's `transformMessages`, so the
 * context is what the file holds after its two rules: an assistant reply
 * that stopped as `aborted` or `error` is left out (a half-written turn the
 * model should retry, not see), and a call left without a result is answered
 * with an error result "No result provided" before the next assistant reply
 * or user message, or at the end. Dropped replies are cleared from
 * `messageAt`; the results to add are returned by the index they follow.
 */
function piRequestRules(path: readonly Entry[], messageAt: (Message | undefined)[]): RequestRules {
  const dropped: number[] = [];
  const resultsAfter = new Map<number, Message[]>();
  const unsentAt = new Map<number, UnsentEntry>();
  let pending: ToolCall[] = [];
  let answered = new Set<string>();
  let last = -1;
  const close = (): void => {
    const missing = pending.filter((call) => !answered.has(call.id));
    if (missing.length && last >= 0) {
      const results = resultsAfter.get(last) ?? [];
      for (const call of missing) results.push(noResultProvided(call, path[last]!.line));
      resultsAfter.set(last, results);
    }
    pending = [];
    answered = new Set();
  };
  path.forEach((entry, i) => {
    const message = messageAt[i];
    if (entry.type === 'compaction') {
      close();
      last = i;
      return;
    }
    if (!message) return;
    if (message.role === 'assistant' || message.role === 'user') close();
    if (message.role === 'assistant') {
      const stop = str(rec(entry.record, 'message') ?? {}, 'stopReason');
      if (stop === 'aborted' || stop === 'error') {
        messageAt[i] = undefined;
        dropped.push(entry.line);
        unsentAt.set(i, { kind: 'reply', chars: replyChars(message) });
        return;
      }
      pending = message.toolCalls ?? [];
    }
    if (message.role === 'tool' && message.toolCallId !== undefined) answered.add(message.toolCallId);
    last = i;
  });
  close();
  return { dropped, resultsAfter, unsentAt };
}

/** Added as the request is sent, so pi's compaction never weighs it: all of it is framing. */
function noResultProvided(call: ToolCall, line: number): Message {
  return framed(
    makeMessage({
      id: `${call.id}:no-result`,
      role: 'tool',
      content: 'No result provided',
      toolCallId: call.id,
      toolName: call.name,
      source: { line },
    }),
    0,
  );
}

/**
 * pi 1.x `context_edit` entries rewrite what an earlier entry sends: the
 * newest edit of an entry wins; a `replacement` of null removes it.
 */
function contextEdits(path: readonly Entry[]): Map<string, JsonRecord> {
  const edits = new Map<string, JsonRecord>();
  for (const entry of path) {
    const target = entry.type === 'context_edit' ? str(entry.record, 'targetId') : undefined;
    if (target !== undefined) edits.set(target, entry.record);
  }
  return edits;
}

function applyEdit(message: Message | undefined, edit: JsonRecord | undefined): Message | undefined {
  if (!message || !edit || !('replacement' in edit)) return message;
  const replacement = field(edit, 'replacement');
  if (replacement === null) return undefined;
  if (!isRecord(replacement)) return message;
  const parts = readContent(field(replacement, 'content'));
  const assistant = message.role === 'assistant';
  // Joined and weighed as the message itself would be (see `emit`).
  const edited: Message = { ...message, content: assistant ? parts.content() : parts.joined('') };
  delete edited.images;
  delete edited.framingChars;
  if (parts.images) edited.images = parts.images;
  if (!assistant) return edited;
  const weighed = parts.text.reduce((sum, t) => sum + t.length, 0) + (message.reasoning?.length ?? 0);
  return framed(edited, weighed);
}

/** The usage of an assistant message; aborted and errored replies carry no real usage. */
function callUsageOf(record: JsonRecord, model: string | undefined): CallUsage | undefined {
  const message = rec(record, 'message');
  if (!message || str(message, 'role') !== 'assistant') return undefined;
  const usage = rec(message, 'usage');
  const stop = str(message, 'stopReason');
  if (!usage || stop === 'aborted' || stop === 'error') return undefined;
  const input = num(usage, 'input');
  const cacheRead = num(usage, 'cacheRead');
  const cacheWrite = num(usage, 'cacheWrite');
  return callUsage({
    total: input === undefined ? undefined : input + (cacheRead ?? 0) + (cacheWrite ?? 0),
    uncached: input,
    cacheRead,
    cacheWrite,
    output: num(usage, 'output'),
    model: str(message, 'model') ?? model,
  });
}

/** Where each id first stands on a path, made once per path: a session has a compaction every few hundred entries. */
const positions = new WeakMap<Entry[], Map<string, number>>();
function positionsOf(path: Entry[]): Map<string, number> {
  let found = positions.get(path);
  if (!found) {
    found = new Map();
    for (let i = 0; i < path.length; i++) if (!found.has(path[i]!.id)) found.set(path[i]!.id, i);
    positions.set(path, found);
  }
  return found;
}
