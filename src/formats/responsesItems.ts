/**
 * The Responses item stream folded into our messages. Request `input`,
 * response `output` and Codex rollout lines all carry these items, so the
 * payload importer (`openaiResponses.ts`) and `codex.ts` both read them
 * through here. Calls and results join on `call_id`, never on the item `id`.
 */
import type { Message, SourceRef } from '../core/message';
import { makeMessage, Parts } from './build';
import type { IssueLog } from './issues';
import { arr, field, isRecord, safeStringify, str } from './json';
import { encryptedTokens } from './opaque';
import { checkedArguments } from './openaiChat';
import type { CompactionFacts, SessionRecorder } from './sessionRecorder';

/** The item types we recognize: one of them marks a value as a Responses item (for detection, and for Codex). */
export const ITEM_TYPES: ReadonlySet<string> = new Set([
  'message',
  'function_call',
  'function_call_output',
  'reasoning',
  'custom_tool_call',
  'custom_tool_call_output',
  'local_shell_call',
  'local_shell_call_output',
  'web_search_call',
  'file_search_call',
  'computer_call',
  'computer_call_output',
  'code_interpreter_call',
  'image_generation_call',
  'mcp_call',
  'mcp_list_tools',
  'mcp_approval_request',
  'mcp_approval_response',
  'tool_search_call',
  'tool_search_output',
  'compaction',
  'compaction_summary',
  'item_reference',
  'ghost_snapshot',
]);

/**
 * Items run by the provider inside the reply, with no call/result pair in the
 * transcript: what they hold (the call, and the output the model then read)
 * is part of the assistant turn, as Anthropic's server tool blocks are.
 */
const HOSTED_TOOL_ITEMS: ReadonlySet<string> = new Set([
  'web_search_call',
  'file_search_call',
  'code_interpreter_call',
  'image_generation_call',
  'mcp_call',
  'mcp_list_tools',
  'mcp_approval_request',
]);

/**
 * The text the model reads of a hosted tool item: its name, then every field
 * but the bookkeeping ones (ids, status), as JSON. An `mcp_call` output of
 * 19 KB is 19 KB of context, whatever shape it takes.
 */
function hostedToolText(type: string, item: Record<string, unknown>): string {
  const name = [str(item, 'server_label'), str(item, 'name')].filter(Boolean).join('.');
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (HOSTED_BOOKKEEPING.has(key) || value === null || value === undefined) continue;
    // An image result is an image, not its base64 text.
    if (type === 'image_generation_call' && key === 'result') continue;
    rest[key] = value;
  }
  return `[${name ? `${type} ${name}` : type}] ${safeStringify(rest)}`;
}

const HOSTED_BOOKKEEPING: ReadonlySet<string> = new Set([
  'type',
  'id',
  'status',
  'server_label',
  'name',
  'approval_request_id',
  'internal_chat_message_metadata_passthrough',
  'metadata',
]);

/** Names of the client calls whose items carry none. */
const CALL_NAMES: Readonly<Record<string, string>> = {
  local_shell_call: 'local_shell',
  tool_search_call: 'tool_search',
  computer_call: 'computer',
};

export interface ItemOrigin {
  /** Used when the item has no id of its own. */
  id: string;
  path?: string;
  line?: number;
  turnId?: string;
}

function sourceOf(origin: ItemOrigin): SourceRef {
  return origin.path !== undefined ? { path: origin.path } : { line: origin.line };
}

/** Text and images of a Responses content value (a string or a part list). */
function readParts(content: unknown, parts: Parts): void {
  if (typeof content === 'string') return parts.addText(content);
  if (!Array.isArray(content)) return;
  for (const part of content) {
    if (typeof part === 'string') {
      parts.addText(part);
      continue;
    }
    if (!isRecord(part)) continue;
    const type = str(part, 'type');
    if (type === 'input_image' || type === 'image') parts.images++;
    else if (type === 'refusal') parts.addText(str(part, 'refusal'));
    else parts.addText(str(part, 'text'));
  }
}

/**
 * The summary a compaction item stands for: its readable text when it has
 * one, else a placeholder whose size is the encrypted blob's (the model reads
 * the decrypted text, which we cannot), counted by `encryptedTokens`.
 */
function compactionSummary(
  item: Record<string, unknown>,
  origin: ItemOrigin,
  id: string | undefined,
): Message {
  const readable = str(item, 'summary') ?? str(item, 'content');
  const encrypted = str(item, 'encrypted_content');
  const message = makeMessage({
    id: id ?? origin.id,
    role: 'user',
    kind: 'summary',
    content: readable ?? `[encrypted compaction summary, ${encrypted?.length ?? 0} characters]`,
    turnId: origin.turnId,
    source: sourceOf(origin),
  });
  // The summary the model reads is the encrypted text: counted by its size.
  if (readable === undefined && encrypted) message.opaqueTokens = encryptedTokens(encrypted);
  return message;
}

export function isItemLike(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const type = str(value, 'type');
  return type !== undefined && ITEM_TYPES.has(type);
}

/**
 * Folds an item stream into messages. Reasoning, an assistant message and the
 * function calls that follow it are one assistant turn in Chat terms, so they
 * are merged into one message until a result or a user message intervenes.
 */
export class ResponseItems {
  messages: Message[] = [];
  /** Instructions sit outside the item history, so a compaction does not remove them. */
  private readonly pinned = new Set<Message>();
  /** Assistant messages that so far hold only hosted tool output: the reply's text still joins them. */
  private readonly hostedOnly = new Set<Message>();
  /**
   * When set, the whole session is kept there too: the messages a compaction
   * hides, and each compaction item.
   */
  recorder: SessionRecorder | undefined;
  /**
   * Set while a history given whole is read (Codex's `replacement_history`):
   * a compaction item there is one item among the others, in its place, and
   * the items before it stay, as Codex sends them.
   */
  replacing = false;
  /** How far `messages` is already in the recorder; a compaction starts a new list. */
  private synced: { list: Message[]; length: number } | null = null;

  constructor(private readonly log: IssueLog) {}

  /** Hands the messages added since the last call to the recorder. */
  syncHistory(): void {
    if (!this.recorder) return;
    const from = this.synced?.list === this.messages ? this.synced.length : 0;
    this.recorder.recordAll(this.messages, from);
    this.synced = { list: this.messages, length: this.messages.length };
  }

  /** Records a compaction that has just left `messages` as the context. */
  recordCompaction(facts: CompactionFacts): void {
    if (!this.recorder) return;
    this.recorder.compaction(this.messages, facts);
    this.synced = { list: this.messages, length: this.messages.length };
  }

  pin(message: Message): void {
    this.pinned.add(message);
    this.messages.push(message);
  }

  /** The pinned instructions, replaced by newer ones: a resumed session is sent the newest. */
  repin(content: string): boolean {
    const pinned = [...this.pinned].find((m) => m.role === 'system');
    if (!pinned) return false;
    pinned.content = content;
    return true;
  }

  /** The assistant message still open for more parts, if the newest message is one. */
  private open(): Message | undefined {
    const last = this.messages[this.messages.length - 1];
    return last?.role === 'assistant' ? last : undefined;
  }

  private assistant(origin: ItemOrigin, id: string | undefined): Message {
    const message = makeMessage({
      id: id ?? origin.id,
      role: 'assistant',
      turnId: origin.turnId,
      source: sourceOf(origin),
    });
    this.messages.push(message);
    return message;
  }

  /** Replaces everything so far: a compaction stands in for the history before it. */
  compact(summary: string, origin: ItemOrigin, id?: string): void {
    this.messages = this.messages.filter((m) => this.pinned.has(m));
    this.messages.push(
      makeMessage({
        id: id ?? origin.id,
        role: 'user',
        kind: 'summary',
        content: summary,
        turnId: origin.turnId,
        source: sourceOf(origin),
      }),
    );
  }

  /** A provider-run tool's call and output, joined to the reply it ran in. */
  private hosted(
    type: string,
    item: Record<string, unknown>,
    origin: ItemOrigin,
    id: string | undefined,
  ): void {
    const open = this.open();
    const joinable = open && !open.toolCalls && (!open.content || this.hostedOnly.has(open));
    const target = joinable ? open : this.assistant(origin, id);
    target.content = [target.content, hostedToolText(type, item)].filter(Boolean).join('\n');
    if (type === 'image_generation_call' && str(item, 'result')) target.images = (target.images ?? 0) + 1;
    this.hostedOnly.add(target);
  }

  add(item: unknown, origin: ItemOrigin): void {
    const where = sourceOf(origin);
    if (typeof item === 'string') {
      this.messages.push(
        makeMessage({ id: origin.id, role: 'user', content: item, turnId: origin.turnId, source: where }),
      );
      return;
    }
    if (!isRecord(item)) {
      this.log.tally('invalid-item', '', 'Items that are not objects were skipped', where, item);
      return;
    }
    const type = str(item, 'type') ?? (str(item, 'role') ? 'message' : '');
    const id = str(item, 'id');
    switch (type) {
      case 'message': {
        const role = str(item, 'role');
        const parts = new Parts();
        readParts(field(item, 'content'), parts);
        if (role === 'assistant') {
          const open = this.open();
          // Reasoning that preceded this text belongs to it.
          if (open && !open.content && !open.toolCalls) {
            open.content = parts.content();
            if (parts.images) open.images = parts.images;
          } else if (open && this.hostedOnly.has(open) && !open.toolCalls) {
            // A hosted tool ran inside this reply: its output and the text are one turn.
            this.hostedOnly.delete(open);
            open.content = [open.content, parts.content()].filter(Boolean).join('\n');
            if (parts.images) open.images = (open.images ?? 0) + parts.images;
          } else {
            const message = this.assistant(origin, id);
            message.content = parts.content();
          }
          return;
        }
        if (role === 'user' || role === 'system' || role === 'developer') {
          const mapped = role === 'user' ? 'user' : 'system';
          this.messages.push(
            makeMessage({
              id: id ?? origin.id,
              role: mapped,
              content: parts.content(),
              images: parts.images,
              turnId: origin.turnId,
              source: where,
            }),
          );
          return;
        }
        this.log.tally(
          'unknown-role',
          role ?? '',
          `Message items with role "${role ?? '(none)'}" were skipped`,
          where,
          item,
        );
        return;
      }
      case 'reasoning': {
        const texts = [...(arr(item, 'summary') ?? []), ...(arr(item, 'content') ?? [])]
          .map((part) => (isRecord(part) ? (str(part, 'text') ?? '') : ''))
          .filter(Boolean);
        // Encrypted reasoning travels back to the provider: no text to show, but its size counts.
        const open = this.open();
        const target =
          open && (!open.content || this.hostedOnly.has(open)) && !open.toolCalls
            ? open
            : this.assistant(origin, id);
        const opaque = encryptedTokens(str(item, 'encrypted_content'));
        if (opaque) target.opaqueTokens = (target.opaqueTokens ?? 0) + opaque;
        if (texts.length)
          target.reasoning = target.reasoning
            ? `${target.reasoning}\n\n${texts.join('\n\n')}`
            : texts.join('\n\n');
        return;
      }
      case 'function_call':
      case 'custom_tool_call':
      case 'local_shell_call':
      case 'tool_search_call':
      case 'computer_call': {
        const callId = str(item, 'call_id') ?? id ?? `${origin.id}:call`;
        const name = CALL_NAMES[type] ?? str(item, 'name') ?? 'unknown';
        const raw =
          type === 'function_call' || type === 'tool_search_call'
            ? field(item, 'arguments')
            : type === 'custom_tool_call'
              ? field(item, 'input')
              : field(item, 'action');
        // Freeform input (a patch) is not JSON: store it as a JSON string value.
        const args =
          type === 'custom_tool_call' && typeof raw === 'string'
            ? JSON.stringify(raw)
            : checkedArguments(raw, this.log, where.path ?? `line ${where.line ?? '?'}`);
        const target = this.open() ?? this.assistant(origin, id);
        target.toolCalls = [...(target.toolCalls ?? []), { id: callId, name, arguments: args }];
        return;
      }
      case 'function_call_output':
      case 'custom_tool_call_output':
      case 'local_shell_call_output':
      case 'tool_search_output':
      case 'computer_call_output': {
        const parts = new Parts();
        const output = field(item, 'output');
        // A tool search answers with tool definitions: the model reads them as it reads any tool list.
        if (type === 'tool_search_output') parts.addText(safeStringify(field(item, 'tools') ?? null));
        else if (typeof output === 'string' || Array.isArray(output)) readParts(output, parts);
        else if (isRecord(output) && str(output, 'type') === 'computer_screenshot') parts.images++;
        else if (output !== undefined) parts.addText(safeStringify(output));
        this.messages.push(
          makeMessage({
            id: id ?? origin.id,
            role: 'tool',
            content: parts.content(),
            images: parts.images,
            toolCallId: str(item, 'call_id'),
            turnId: origin.turnId,
            source: where,
          }),
        );
        return;
      }
      case 'compaction':
      case 'compaction_summary': {
        const summary = compactionSummary(item, origin, id);
        if (this.replacing) {
          this.messages.push(summary);
          return;
        }
        this.syncHistory();
        this.compact(summary.content, origin, id);
        if (summary.opaqueTokens)
          this.messages[this.messages.length - 1]!.opaqueTokens = summary.opaqueTokens;
        this.recordCompaction({
          trigger: null,
          tokensBefore: null,
          tokensAfter: null,
          source: type,
          ...(origin.line !== undefined ? { line: origin.line } : {}),
        });
        return;
      }
      case 'ghost_snapshot':
        return;
      case 'item_reference':
        this.log.tally(
          'unresolved-reference',
          '',
          'item_reference items point at history stored on the server and could not be included',
          where,
          item,
        );
        return;
      case 'mcp_approval_response':
        // The user's answer to an approval request: sent back as input.
        this.messages.push(
          makeMessage({
            id: id ?? origin.id,
            role: 'user',
            content: hostedToolText(type, item),
            turnId: origin.turnId,
            source: where,
          }),
        );
        return;
      default:
        if (HOSTED_TOOL_ITEMS.has(type)) {
          this.hosted(type, item, origin, id);
          return;
        }
        this.log.tally(
          'unknown-item-type',
          type,
          `Unknown item type "${type || '(none)'}" skipped`,
          where,
          item,
        );
    }
  }
}
