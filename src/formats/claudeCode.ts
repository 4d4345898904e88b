/**
 * Claude Code session JSONL. The file is a tree, not a list: rewinds and
 * edits leave branches, so the conversation is the chain of `parentUuid`
 * links from the newest main-thread line back to the root (or to the last
 * compact boundary, which hides everything before it). A file with no
 * `parentUuid` at all has no tree to walk and is read in file order. One API
 * response is written as several lines sharing `message.id`; they are one message.
 */
import { appendAll } from '../core/arrays';
import type { Message } from '../core/message';
import type { RecordedCall, RecordedCompaction, SessionHistory } from '../core/session/history';
import type { Imported, JsonlImporter, JsonlSession } from './format';
import { counted, heldBy, IssueLog } from './issues';
import { withParallelResults } from './claudeParallel';
import { detectClaudeCode } from './claudeCodeDetect';
import {
  compactionRequestOf,
  lastLineBefore,
  noteCompactionRequest,
  type CompactionRequest,
} from './claudeCodeLinks';
import { pathInFileOrder, pathToRoot } from './tree';
import type { JsonRecord } from './json';
import { field, isRecord, rec, str } from './json';
import {
  REQUEST_LINE_TYPES,
  SentRequests,
  requestNote,
  requestUsage,
  withSentRequests,
} from './claudeCodeRequests';
import {
  MESSAGE_TYPES,
  type Node,
  type Converted,
  compactionAt,
  convertPath,
  isCompactBoundary,
  nameToolResults,
  pathUsage,
} from './claudeCodeLines';

const LINE_TYPES = new Set([
  'user',
  'assistant',
  'system',
  'summary',
  'file-history-snapshot',
  'queue-operation',
  'attachment',
  'last-prompt',
  'ai-title',
  'custom-title',
  'mode',
  'progress',
  'tag',
  'agent-name',
  'pr-link',
]);

export const claudeCode: JsonlImporter = {
  id: 'claude-code',
  fixtures: ['claude-code.jsonl', 'claude-code-parallel.jsonl', 'claude-code-parallel-rewind.jsonl'],
  detectRecords: detectClaudeCode,
  start(log): JsonlSession {
    return new ClaudeCodeSession(log);
  },
};

class ClaudeCodeSession implements JsonlSession {
  private readonly nodes = new Map<string, Node>();
  private leaf: Node | null = null;
  /** Whether any line carried a `parentUuid` field, even null: without one there is no tree. */
  private linked = false;
  private titles: { summary?: string; ai?: string; custom?: string } = {};
  private compactionRequest: CompactionRequest | undefined;
  /** What Claude Code recorded of the requests it sent. */
  private readonly sent = new SentRequests();

  constructor(private readonly log: IssueLog) {}

  add(record: unknown, line: number): void {
    if (!isRecord(record)) {
      this.log.notAnObject(line, record);
      return;
    }
    const type = str(record, 'type') ?? '';
    if (REQUEST_LINE_TYPES.has(type)) {
      this.sent.add(type, record);
      return;
    }
    if (!LINE_TYPES.has(type)) this.unknownType(type, line, record);
    if (type === 'summary') this.titles.summary = str(record, 'summary') ?? this.titles.summary;
    if (type === 'ai-title')
      this.titles.ai = str(record, 'aiTitle') ?? str(record, 'title') ?? this.titles.ai;
    if (type === 'custom-title')
      this.titles.custom = str(record, 'customTitle') ?? str(record, 'title') ?? this.titles.custom;
    const uuid = str(record, 'uuid');
    if (!uuid) return;
    if (this.nodes.has(uuid)) {
      this.log.tally('duplicate-id', 'uuid', 'Lines repeating an earlier uuid were ignored', { line }, uuid);
      return;
    }
    const parent = field(record, 'parentUuid');
    if ('parentUuid' in record) this.linked = true;
    // A tool result's structured copy (a third of a session's bytes) is read by nothing here: let it go now,
    // not when the whole file is read. Set rather than deleted, so the object keeps its fast shape.
    if (record.toolUseResult !== undefined) record.toolUseResult = undefined;
    const node: Node = {
      uuid,
      parent: typeof parent === 'string' ? parent : null,
      type,
      line,
      sidechain: field(record, 'isSidechain') === true,
      record,
    };
    this.nodes.set(uuid, node);
    // The newest main-thread entry is where the live conversation is.
    if (!node.sidechain && (MESSAGE_TYPES.has(type) || type === 'system')) this.leaf = node;
  }

  /**
   * Claude Code adds line types with every release (`permission-mode`,
   * `worktree-state`, …); most carry session state, not a message. One
   * that holds no text is a note named by its type; one with a message or
   * text we cannot read (a drifted `tool_result` line) is a skipped line.
   */
  private unknownType(type: string, line: number, record: JsonRecord): void {
    if ('message' in record || heldBy(record)?.words !== undefined) {
      this.log.unknownLineType(type, line, record);
      return;
    }
    this.log.tallyNote(
      'metadata-line',
      type,
      `Lines of type "${type || '(none)'}" carry no message (session state for the app) and were left out`,
      { line },
    );
  }

  /**
   * A sub-agent's own file (`agent-*.jsonl`, or `<session>/subagents/` since
   * 2.1) has only sidechain lines: it is that sub-agent's conversation, read
   * as a conversation of its own. Returns whether this file is one.
   */
  private readAsSubAgent(): boolean {
    if (this.leaf) return false;
    const nodes = [...this.nodes.values()];
    const lines = nodes.filter((n) => n.sidechain && MESSAGE_TYPES.has(n.type));
    if (lines.length === 0) return false;
    for (const node of nodes) node.sidechain = false;
    this.leaf = lines[lines.length - 1]!;
    const first = lines[0]!.record;
    const agent = str(first, 'agentId');
    const session = str(first, 'sessionId');
    this.compactionRequest = compactionRequestOf(agent, session, lines[0]!, this.nodes);
    if (this.compactionRequest) return true;
    this.log.note(
      'sub-agent-file',
      `This is the transcript of a sub-agent${agent ? ` (agent ${agent})` : ''}${session ? ` of session ${session}` : ''}: its own conversation, read as one`,
      { line: lines[0]!.line },
    );
    return true;
  }

  /**
   * Some tools write every line with `parentUuid: null` (claude-code-log's
   * test files, exports that kept only the messages): no line links to
   * another, so walking the links would find one message. Such a file is read
   * in file order, as a file with no links at all is.
   */
  private noLineLinks(): boolean {
    if (!this.linked) return false;
    let messages = 0;
    for (const node of this.nodes.values()) {
      if (node.parent !== null && this.nodes.has(node.parent)) return false;
      if (MESSAGE_TYPES.has(node.type) && !node.sidechain) messages++;
    }
    if (messages < 2) return false;
    this.linked = false;
    this.log.note(
      'read-in-file-order',
      'No line links to another (every parentUuid is null or names a line not in the file): the lines were read in file order',
    );
    return true;
  }

  finish(): Imported {
    this.readAsSubAgent();
    this.noLineLinks();
    const path = this.activePath();
    this.reportSkipped(path);
    const now = this.withRequests(convertPath(path, this.log));
    const usage = requestUsage(pathUsage(path), this.sent);
    if (this.compactionRequest) noteCompactionRequest(this.log, this.compactionRequest, usage);
    return {
      messages: now.messages,
      title: this.titles.custom ?? this.titles.ai ?? this.titles.summary,
      usage,
      history: this.history(path, now),
    };
  }

  /** The context with the system prompt, tools and reminders the requests record, said in a note. */
  private withRequests(now: Converted): Converted {
    const { converted, reminded } = withSentRequests(now, this.sent);
    if (this.sent.recorded)
      this.log.note(
        'request-record',
        requestNote(converted.messages.length - now.messages.length, reminded, this.sent.model()),
      );
    return converted;
  }

  /**
   * The whole session: the segments before each compact boundary (followed
   * back through `logicalParentUuid`, the link a boundary keeps to what it
   * hid), then the context now. The context now is the same message objects.
   * Problems in hidden segments are not reported: the agent no longer sends
   * them, and the import's report is about what it does send.
   */
  private history(path: Node[], now: Converted): SessionHistory | undefined {
    const segments: Node[][] = [path];
    const seen = new Set(path.map((n) => n.uuid));
    for (let head = path[0]; head && isCompactBoundary(head); head = segments[0]![0]) {
      const before = this.segmentBefore(head, seen);
      if (before.length === 0) break;
      segments.unshift(before);
    }
    const quiet = new IssueLog();
    const messages: Message[] = [];
    const lineIds: string[] = [];
    const compactions: RecordedCompaction[] = [];
    const calls: RecordedCall[] = [];
    segments.forEach((segment, k) => {
      const converted = k === segments.length - 1 ? now : convertPath(segment, quiet);
      const offset = messages.length;
      const boundary = segment[0] && isCompactBoundary(segment[0]) ? segment[0] : undefined;
      if (boundary)
        compactions.push(
          compactionAt(boundary, offset, converted, lineIds, (meta) => this.preservedLines(meta)),
        );
      appendAll(messages, converted.messages);
      appendAll(lineIds, converted.lineIds);
      for (const call of converted.calls) calls.push({ ...call, atMessage: call.atMessage + offset });
    });
    if (compactions.length === 0 && calls.length === 0) return undefined;
    nameToolResults(messages);
    return { messages, compactions, calls };
  }

  /** The lines a boundary hid: from the line it logically follows back to the root or an older boundary. */
  private segmentBefore(boundary: Node, seen: Set<string>): Node[] {
    if (!this.linked) {
      const nodes = [...this.nodes.values()];
      const end = nodes.indexOf(boundary);
      const before = end > 0 ? nodes[end - 1]! : null;
      if (!before) return [];
      return pathInFileOrder(nodes.slice(0, end), before, (n) => !n.sidechain, isCompactBoundary);
    }
    const link = boundary.parent ?? str(boundary.record, 'logicalParentUuid');
    const start =
      link === undefined
        ? undefined
        : (this.nodes.get(link) ?? lastLineBefore(this.nodes.values(), boundary, link, this.log));
    if (!start || seen.has(start.uuid)) return [];
    const segment = pathToRoot(
      start,
      (node) => node.uuid,
      (id) => this.nodes.get(id),
      new IssueLog(),
      { link: 'parentUuid', item: 'A line' },
      isCompactBoundary,
    ).filter((n) => !seen.has(n.uuid));
    const whole = withParallelResults(segment, this.nodes).filter((n) => !seen.has(n.uuid));
    for (const n of whole) seen.add(n.uuid);
    return whole;
  }

  /** The uuids of the lines a compaction kept verbatim, under either field Claude Code has used. */
  private preservedLines(meta: JsonRecord | undefined): string[] {
    if (!meta) return [];
    const listed = rec(meta, 'preservedMessages');
    const uuids = listed && field(listed, 'uuids');
    if (Array.isArray(uuids)) return uuids.filter((u): u is string => typeof u === 'string');
    const segment = rec(meta, 'preservedSegment');
    const head = segment && str(segment, 'headUuid');
    const tail = segment && str(segment, 'tailUuid');
    if (!head || !tail) return [];
    const out: string[] = [];
    for (
      let node = this.nodes.get(tail);
      node;
      node = node.parent ? this.nodes.get(node.parent) : undefined
    ) {
      out.push(node.uuid);
      if (node.uuid === head || out.length > this.nodes.size) break;
    }
    return out[out.length - 1] === head ? out : [];
  }

  /** From the leaf back to the root or to the newest compact boundary, in conversation order. */
  private activePath(): Node[] {
    if (!this.linked) {
      return pathInFileOrder(
        [...this.nodes.values()],
        this.leaf,
        (node) => !node.sidechain,
        isCompactBoundary,
      );
    }
    const path = pathToRoot(
      this.leaf,
      (node) => node.uuid,
      (id) => this.nodes.get(id),
      this.log,
      { link: 'parentUuid', item: 'A line' },
      isCompactBoundary,
    );
    return withParallelResults(path, this.nodes);
  }

  private reportSkipped(path: Node[]): void {
    const onPath = new Set(path.map((n) => n.uuid));
    const boundary = path[0]?.type === 'system' ? path[0] : undefined;
    // A chain whose first line points at a missing parent (a line that could not
    // be read, say) loses what came before it: lost content, not a side branch.
    const head = path[0];
    const brokenAt =
      head && head.parent !== null && this.linked && !this.nodes.has(head.parent) ? head : undefined;
    const sidechainNodes: Node[] = [];
    const hiddenNodes: Node[] = [];
    const branchNodes: Node[] = [];
    const cutOffNodes: Node[] = [];
    for (const node of this.nodes.values()) {
      if (onPath.has(node.uuid) || !MESSAGE_TYPES.has(node.type)) continue;
      if (node.sidechain) sidechainNodes.push(node);
      else if (boundary && node.line < boundary.line) hiddenNodes.push(node);
      else if (brokenAt && node.line < brokenAt.line) cutOffNodes.push(node);
      else branchNodes.push(node);
    }
    // Counted as the messages those lines would import as, not as lines: a response split over
    // several lines is one message, and one line of tool results may be several.
    const quiet = new IssueLog();
    const messagesOf = (nodes: Node[]) => (nodes.length ? convertPath(nodes, quiet).messages.length : 0);
    const sidechain = messagesOf(sidechainNodes);
    const hidden = messagesOf(hiddenNodes);
    const branches = messagesOf(branchNodes);
    const cutOff = messagesOf(cutOffNodes);
    const firstSidechain = sidechainNodes[0]?.line;
    const firstBranch = branchNodes[0]?.line;
    const firstCutOff = cutOffNodes[0];
    if (brokenAt && firstCutOff)
      this.log.add(
        'warning',
        'cut-off-by-broken-link',
        `${counted(cutOff, 'message')} before line ${brokenAt.line} ${cutOff === 1 ? 'was' : 'were'} left out: that line links to a parent that is not in the file`,
        { line: firstCutOff.line },
        firstCutOff.record,
      );
    // Claude Code itself sends none of these to the model: notes, not problems.
    if (hidden)
      this.log.note(
        'hidden-by-compaction',
        `${counted(hidden, 'message')} before the last compact boundary ${hidden === 1 ? 'is' : 'are'} not sent to the model and ${hidden === 1 ? 'was' : 'were'} left out`,
        { line: boundary?.line },
      );
    if (branches)
      this.log.note(
        'inactive-branch',
        `${counted(branches, 'message')} on other branches (rewinds or edits) ${branches === 1 ? 'was' : 'were'} left out`,
        { line: firstBranch },
      );
    if (sidechain)
      this.log.note(
        'sidechain-lines',
        `${counted(sidechain, 'sub-agent (sidechain) message')} ${sidechain === 1 ? 'was' : 'were'} left out`,
        { line: firstSidechain },
      );
  }
}
