/**
 * One Anthropic message read into ours: its content blocks, and the usage a
 * response reports. Claude Code lines carry the same messages, so the payload
 * importer (`anthropic.ts`) and `claudeCode.ts` both read them through here.
 */
import { promptTokens } from '../core/fileUsage';
import type { Message, SourceRef, ToolCall } from '../core/message';
import { childPath, makeMessage, Parts } from './build';
import type { IssueLog } from './issues';
import type { JsonRecord } from './json';
import { field, isRecord, num, rec, safeStringify, str } from './json';
import type { ImportUsage } from './types';

/** Where one source message sits, so each produced message can point back at it. */
export interface Origin {
  id: string;
  /** For JSON sources: the message's path; blocks get `.content[k]`. */
  path?: string;
  line?: number;
  turnId?: string;
}

function sourceOf(origin: Origin, block?: number): SourceRef {
  if (origin.path !== undefined) {
    return { path: block === undefined ? origin.path : childPath(childPath(origin.path, 'content'), block) };
  }
  return { line: origin.line };
}

export interface Converted {
  messages: Message[];
  /** A compaction block was found: everything before `messages` is hidden from the model. */
  compacted: boolean;
}

/** Text of a tool_result's content (a string or text and image blocks) and its image count. */
function toolResultContent(content: unknown): { text: string; images: number } {
  if (typeof content === 'string') return { text: content, images: 0 };
  const parts = new Parts();
  if (Array.isArray(content)) {
    for (const block of content) {
      if (!isRecord(block)) continue;
      const type = str(block, 'type');
      if (type === 'text') parts.addText(str(block, 'text'));
      else if (type === 'image') parts.images++;
    }
  }
  return { text: parts.content(), images: parts.images };
}

/** The readable text of a compaction block, under the field names seen so far. */
function compactionText(block: JsonRecord): string {
  return str(block, 'content') ?? str(block, 'summary') ?? str(block, 'text') ?? '';
}

/**
 * One Anthropic message as our messages. A user message yields its tool
 * results first (as `tool` messages), then its own text; an assistant message
 * yields one message with text, thinking and tool calls.
 */
export function convertAnthropicMessage(
  role: string,
  content: unknown,
  origin: Origin,
  log: IssueLog,
): Converted {
  const out: Message[] = [];
  let compacted = false;
  const where = (block?: number): SourceRef => sourceOf(origin, block);
  if (typeof content === 'string' || content === null || content === undefined) {
    const text = typeof content === 'string' ? content : '';
    out.push(
      makeMessage({
        id: origin.id,
        role: role === 'assistant' ? 'assistant' : 'user',
        content: text,
        turnId: origin.turnId,
        source: where(),
      }),
    );
    return { messages: out, compacted };
  }
  if (!Array.isArray(content)) {
    log.tally(
      'invalid-content',
      '',
      'Message content that is neither a string nor a block list was read as empty',
      { ...where() },
      content,
    );
    out.push(
      makeMessage({
        id: origin.id,
        role: role === 'assistant' ? 'assistant' : 'user',
        turnId: origin.turnId,
        source: where(),
      }),
    );
    return { messages: out, compacted };
  }

  let parts = new Parts();
  let calls: ToolCall[] = [];
  content.forEach((block, k) => {
    if (typeof block === 'string') return parts.addText(block);
    if (!isRecord(block)) return;
    const type = str(block, 'type') ?? '';
    switch (type) {
      case 'text':
        parts.addText(str(block, 'text'));
        return;
      case 'image':
        parts.images++;
        return;
      case 'document': {
        // Plain-text documents are read by the model as text; PDFs and files are opaque here.
        const source = rec(block, 'source');
        if (source && str(source, 'type') === 'text') parts.addText(str(source, 'data'));
        return;
      }
      case 'thinking':
        parts.addReasoning(str(block, 'thinking'));
        return;
      case 'redacted_thinking':
        // Opaque to us and to the user; only the provider can read it.
        return;
      case 'tool_use':
        calls.push({
          id: str(block, 'id') ?? `${origin.id}:call${k}`,
          name: str(block, 'name') ?? 'unknown',
          arguments: safeStringify(field(block, 'input') ?? {}),
        });
        return;
      case 'server_tool_use':
      case 'mcp_tool_use':
        // Run by the provider inside this same reply: context the model saw, not a call we must pair.
        parts.addText(`[${str(block, 'name') ?? type}] ${safeStringify(field(block, 'input') ?? {})}`);
        return;
      case 'tool_result': {
        const result = toolResultContent(field(block, 'content'));
        out.push(
          makeMessage({
            id: `${origin.id}:${k}`,
            role: 'tool',
            content: result.text,
            images: result.images,
            toolCallId: str(block, 'tool_use_id'),
            turnId: origin.turnId,
            source: where(k),
          }),
        );
        return;
      }
      case 'compaction': {
        // Everything before this block is dropped by the API; the summary stands in for it.
        compacted = true;
        out.length = 0;
        parts = new Parts();
        calls = [];
        out.push(
          makeMessage({
            id: `${origin.id}:${k}`,
            role: 'user',
            kind: 'summary',
            content: compactionText(block),
            turnId: origin.turnId,
            source: where(k),
          }),
        );
        return;
      }
      default:
        if (type.endsWith('_tool_result')) {
          parts.addText(safeStringify(field(block, 'content') ?? null));
          return;
        }
        log.tally(
          'unknown-block-type',
          type,
          `Unknown content block type "${type || '(none)'}" skipped`,
          { ...where(k) },
          block,
        );
    }
  });

  if (role === 'assistant') {
    if (!parts.empty || calls.length > 0 || out.length === 0) {
      out.push(
        makeMessage({
          id: origin.id,
          role: 'assistant',
          content: parts.content(),
          reasoning: parts.reasoningText(),
          toolCalls: calls,
          images: parts.images,
          turnId: origin.turnId,
          source: where(),
        }),
      );
    }
  } else if (parts.text.length > 0 || parts.images > 0 || out.length === 0) {
    out.push(
      makeMessage({
        id: origin.id,
        role: 'user',
        content: parts.content(),
        images: parts.images,
        turnId: origin.turnId,
        source: where(),
      }),
    );
  }
  return { messages: out, compacted };
}

/** The context an Anthropic request occupied: fresh input plus both cache counts. */
export function anthropicUsage(message: JsonRecord): ImportUsage | undefined {
  const usage = rec(message, 'usage');
  const model = str(message, 'model');
  if (!usage) return model ? { model } : undefined;
  const input = num(usage, 'input_tokens') ?? 0;
  const created = num(usage, 'cache_creation_input_tokens') ?? 0;
  const read = num(usage, 'cache_read_input_tokens') ?? 0;
  return {
    contextTokens: promptTokens(input, read, created),
    inputTokens: input,
    cachedInputTokens: read || undefined,
    outputTokens: num(usage, 'output_tokens'),
    model,
  };
}
