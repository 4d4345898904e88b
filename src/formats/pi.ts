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
import type { Message } from '../core/message';
import type { Imported, JsonlImporter, JsonlSession } from './format';
import { detection } from './format';
import { counted, IssueLog } from './issues';
import { pathToRoot } from './tree';
import type { JsonRecord } from './json';
import { field, isRecord, num, rec, str } from './json';
import { contextEdits, editedEntry, replyLost } from './piEdits';
import type { Entry } from './piEntry';
import { compactionSummary, emitEntry, recordedFiles } from './piEntry';
import { excludedCommand, KEPT_RANGE, piRequestRules, pushEmitted } from './piRequest';
import type { RequestRules } from './piRequest';
import type { CallUsage } from './sessionRecorder';
import { callUsage, SessionRecorder } from './sessionRecorder';
import type { ImportUsage } from './types';

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

export const pi: JsonlImporter = {
  id: 'pi',
  fixtures: ['pi.jsonl'],
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
    let repliesReplaced = 0;
    path.forEach((entry, i) => {
      if (entry.type === 'compaction') return;
      const edited = editedEntry(entry, edits.get(entry.id));
      if (replyLost(entry, edited) && inContext(i)) repliesReplaced++;
      if (!edited) return;
      const out: Message[] = [];
      emitEntry(edited, out, inContext(i) ? this.log : new IssueLog());
      if (out[0]) messageAt[i] = out[0];
    });
    if (repliesReplaced)
      this.log.note(
        'reply-replaced',
        `${repliesReplaced} assistant ${repliesReplaced === 1 ? 'reply' : 'replies'} replaced by a context_edit ${repliesReplaced === 1 ? 'sends' : 'send'} only the new content: the thinking and tool calls went with the old text, as pi sends them`,
      );
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
    emitEntry(
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
