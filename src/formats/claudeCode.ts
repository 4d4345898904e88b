/**
 * Claude Code session JSONL. The file is a tree, not a list: rewinds and
 * edits leave branches, so the conversation is the chain of `parentUuid`
 * links from the newest main-thread line back to the root (or to the last
 * compact boundary, which hides everything before it). A file with no
 * `parentUuid` at all has no tree to walk and is read in file order. One API
 * response is written as several lines sharing `message.id`; they are one message.
 */
import type { Message } from '../core/message';
import { anthropicUsage, convertAnthropicMessage } from './anthropicBlocks';
import type { Imported, JsonlImporter, JsonlSession } from './format';
import { detection } from './format';
import { counted, type IssueLog } from './issues';
import { pathInFileOrder, pathToRoot } from './tree';
import type { JsonRecord } from './json';
import { field, isRecord, rec, str } from './json';
import type { ImportUsage } from './types';

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
const MESSAGE_TYPES = new Set(['user', 'assistant']);

interface Node {
  uuid: string;
  parent: string | null;
  type: string;
  line: number;
  sidechain: boolean;
  record: JsonRecord;
}

/** A compact boundary hides everything before it from the model. */
function isCompactBoundary(node: Node): boolean {
  return node.type === 'system' && str(node.record, 'subtype') === 'compact_boundary';
}

function isClaudeLine(record: unknown): boolean {
  return (
    isRecord(record) &&
    typeof field(record, 'uuid') === 'string' &&
    typeof field(record, 'sessionId') === 'string' &&
    'parentUuid' in record
  );
}

/** A message line that lost its parent link (or never had one). */
function isUnlinkedMessageLine(record: unknown): boolean {
  return (
    isRecord(record) &&
    typeof field(record, 'uuid') === 'string' &&
    typeof field(record, 'sessionId') === 'string' &&
    MESSAGE_TYPES.has(str(record, 'type') ?? '') &&
    isRecord(field(record, 'message'))
  );
}

export const claudeCode: JsonlImporter = {
  id: 'claude-code',
  detectRecords(records) {
    if (records.some(isClaudeLine))
      return detection('claude-code', 0.98, 'lines with uuid, parentUuid and sessionId');
    if (records.some(isUnlinkedMessageLine))
      return detection('claude-code', 0.9, 'message lines with uuid and sessionId, without parentUuid');
    const first = records[0];
    if (isRecord(first)) {
      const type = str(first, 'type');
      if (type === 'summary' && typeof field(first, 'leafUuid') === 'string')
        return detection('claude-code', 0.85, 'a "summary" line with leafUuid');
      if (type === 'file-history-snapshot')
        return detection('claude-code', 0.85, 'a "file-history-snapshot" line');
    }
    return null;
  },
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

  constructor(private readonly log: IssueLog) {}

  add(record: unknown, line: number): void {
    if (!isRecord(record)) {
      this.log.notAnObject(line, record);
      return;
    }
    const type = str(record, 'type') ?? '';
    if (!LINE_TYPES.has(type)) {
      this.log.unknownLineType(type, line, record);
    }
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

  finish(): Imported {
    const path = this.activePath();
    this.reportSkipped(path);
    const messages = this.convert(path);
    return {
      messages,
      title: this.titles.custom ?? this.titles.ai ?? this.titles.summary,
      usage: this.usage(path),
    };
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
    return pathToRoot(
      this.leaf,
      (node) => node.uuid,
      (id) => this.nodes.get(id),
      this.log,
      { link: 'parentUuid', item: 'A line' },
      isCompactBoundary,
    );
  }

  private reportSkipped(path: Node[]): void {
    const onPath = new Set(path.map((n) => n.uuid));
    const boundary = path[0]?.type === 'system' ? path[0] : undefined;
    // A chain whose first line points at a missing parent (a line that could not
    // be read, say) loses what came before it: lost content, not a side branch.
    const head = path[0];
    const brokenAt =
      head && head.parent !== null && this.linked && !this.nodes.has(head.parent) ? head : undefined;
    let sidechain = 0;
    let hidden = 0;
    let branches = 0;
    let cutOff = 0;
    let firstSidechain: number | undefined;
    let firstBranch: number | undefined;
    let firstCutOff: Node | undefined;
    for (const node of this.nodes.values()) {
      if (onPath.has(node.uuid) || !MESSAGE_TYPES.has(node.type)) continue;
      if (node.sidechain) {
        sidechain++;
        firstSidechain ??= node.line;
      } else if (boundary && node.line < boundary.line) hidden++;
      else if (brokenAt && node.line < brokenAt.line) {
        cutOff++;
        firstCutOff ??= node;
      } else {
        branches++;
        firstBranch ??= node.line;
      }
    }
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

  private convert(path: Node[]): Message[] {
    // Group lines into API messages: a response split over several lines shares message.id.
    interface Group {
      role: 'user' | 'assistant';
      blocks: unknown[] | string;
      node: Node;
      messageId?: string;
      onlyToolResults: boolean;
    }
    const groups: Group[] = [];
    const openAssistant = new Map<string, number>();
    for (const node of path) {
      if (!MESSAGE_TYPES.has(node.type)) continue;
      const message = rec(node.record, 'message');
      if (!message) {
        this.log.tally(
          'missing-message',
          '',
          'Message lines without a "message" object were skipped',
          { line: node.line },
          node.record,
        );
        continue;
      }
      const content = field(message, 'content');
      const role = node.type === 'assistant' ? 'assistant' : 'user';
      const messageId = role === 'assistant' ? str(message, 'id') : undefined;
      if (messageId !== undefined) {
        const at = openAssistant.get(messageId);
        // Later lines of the same response may follow the results of its earlier calls.
        if (
          at !== undefined &&
          groups.slice(at + 1).every((g) => g.onlyToolResults) &&
          Array.isArray(content)
        ) {
          const target = groups[at]!;
          target.blocks = Array.isArray(target.blocks)
            ? [...target.blocks, ...content]
            : [{ type: 'text', text: target.blocks }, ...content];
          continue;
        }
        openAssistant.set(messageId, groups.length);
      }
      const blocks = Array.isArray(content) ? content : typeof content === 'string' ? content : '';
      const onlyToolResults =
        role === 'user' &&
        Array.isArray(blocks) &&
        blocks.length > 0 &&
        blocks.every((b) => isRecord(b) && str(b, 'type') === 'tool_result');
      groups.push({ role, blocks, node, messageId, onlyToolResults });
    }
    const messages: Message[] = [];
    // A turn opens with a prompt the user typed: not tool results, not injected meta lines.
    // Newer files name it (`promptId`); older ones are given the prompt's own uuid.
    let turn: string | undefined;
    for (const group of groups) {
      const { node } = group;
      const opensTurn =
        group.role === 'user' &&
        !group.onlyToolResults &&
        field(node.record, 'isMeta') !== true &&
        field(node.record, 'isCompactSummary') !== true;
      if (opensTurn) turn = str(node.record, 'promptId') ?? node.uuid;
      const converted = convertAnthropicMessage(
        group.role,
        group.blocks,
        { id: node.uuid, line: node.line, turnId: str(node.record, 'promptId') ?? turn },
        this.log,
      );
      if (converted.compacted) messages.length = 0;
      if (field(node.record, 'isCompactSummary') === true) {
        for (const m of converted.messages) if (m.role === 'user') m.kind = 'summary';
      }
      messages.push(...converted.messages);
    }
    return messages;
  }

  private usage(path: Node[]): ImportUsage | undefined {
    for (let i = path.length - 1; i >= 0; i--) {
      const node = path[i]!;
      if (node.type !== 'assistant') continue;
      const message = rec(node.record, 'message');
      if (message && rec(message, 'usage')) return anthropicUsage(message);
    }
    return undefined;
  }
}
