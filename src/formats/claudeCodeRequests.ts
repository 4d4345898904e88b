/**
 * What Claude Code writes about each request it sends, since 2.1.328: the
 * system prompt and tools once per shape (`api-request-shape`), each
 * message as sent once per hash (`api-request-blob`, reminders and
 * environment included), the request itself (`api-request`: model, betas,
 * parameters, and its messages as the hashes it shares with the request
 * before plus its own), and the cost so far (`cost-state`). Read here into
 * the system messages the model read first, the reminders each prompt was
 * sent with, and the model.
 */
import type { Message } from '../core/message';
import type { Converted } from './claudeCodeLines';
import type { ImportUsage } from './types';
import type { JsonRecord } from './json';
import { arr, field, isRecord, rec, str } from './json';

/** The line types of this record; none of them is a message of the transcript. */
export const REQUEST_LINE_TYPES: ReadonlySet<string> = new Set([
  'api-request-shape',
  'api-request-blob',
  'api-request',
  'api-request-resumed',
  'cost-state',
]);

/** The beta that gives a Claude model its 1M window. */
const CONTEXT_1M_BETA = /^context-1m-/;
/** A text Claude Code adds to a prompt as it sends it. */
const SENT_ONLY = /^\s*<(system-reminder|env|environment)>/;

export class SentRequests {
  private readonly shapes = new Map<string, JsonRecord>();
  private readonly blobs = new Map<string, JsonRecord>();
  /** The newest request of the main conversation (a sub-agent's carry an `agentId`). */
  private newest: JsonRecord | null = null;

  add(type: string, record: JsonRecord): void {
    if (type === 'api-request-shape') {
      const hash = str(record, 'shapeHash');
      const shape = rec(record, 'shape');
      if (hash && shape) this.shapes.set(hash, shape);
    } else if (type === 'api-request-blob') {
      if (field(record, 'agentId') !== undefined) return;
      const hash = str(record, 'hash');
      const message = rec(record, 'message');
      if (hash && message) this.blobs.set(hash, message);
    } else if (type === 'api-request') {
      if (field(record, 'agentId') === undefined) this.newest = record;
    }
    // `cost-state` (the session's cost so far) is taken in and not read yet.
  }

  /** Whether the file recorded a request of the main conversation. */
  get recorded(): boolean {
    return this.newest !== null;
  }

  /** The model the newest request named. */
  model(): string | undefined {
    const params = this.newest && rec(this.newest, 'params');
    return params ? str(params, 'model') : undefined;
  }

  /** 1,000,000 when the newest request asked for the 1M window (its betas), else unsaid. */
  contextWindow(): number | undefined {
    const params = this.newest && rec(this.newest, 'params');
    const betas = params ? arr(params, 'betas') : undefined;
    return betas?.some((b) => typeof b === 'string' && CONTEXT_1M_BETA.test(b)) ? 1_000_000 : undefined;
  }

  /**
   * The newest request's system prompt and tool definitions, as the system
   * messages every request opened with: known from the file, no longer
   * inferred from its usage.
   */
  systemMessages(): Message[] {
    const hash = this.newest && str(this.newest, 'shapeHash');
    const shape = hash ? this.shapes.get(hash) : undefined;
    if (!shape) return [];
    const out: Message[] = [];
    const system = field(shape, 'system');
    const text =
      typeof system === 'string'
        ? system
        : Array.isArray(system)
          ? system
              .map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : ''))
              .filter(Boolean)
              .join('\n\n')
          : '';
    if (text) out.push({ id: 'request-system', role: 'system', content: text });
    const tools = arr(shape, 'tools');
    if (tools?.length)
      out.push({ id: 'request-tools', role: 'system', name: 'tools', content: JSON.stringify(tools) });
    return out;
  }

  /**
   * The texts each prompt was sent with that the transcript's own line
   * lacks (system reminders, the environment), keyed by the prompt's text,
   * from every request's messages as sent.
   */
  reminders(): Map<string, string[]> {
    const found = new Map<string, string[]>();
    for (const message of this.blobs.values()) {
      if (str(message, 'role') !== 'user') continue;
      const content = field(message, 'content');
      if (!Array.isArray(content)) continue;
      const texts = content
        .map((b) => (isRecord(b) && b.type === 'text' && typeof b.text === 'string' ? b.text : null))
        .filter((t): t is string => t !== null);
      const added = texts.filter((t) => SENT_ONLY.test(t));
      const prompt = texts
        .filter((t) => !SENT_ONLY.test(t))
        .join('\n\n')
        .trim();
      if (added.length && prompt) found.set(prompt, added);
    }
    return found;
  }
}

/**
 * Adds to each user message the texts its prompt was sent with, where it
 * was sent: a reminder counts in the context from the prompt it came with.
 * Returns how many messages gained one.
 */
export function addReminders(messages: Message[], reminders: Map<string, string[]>): number {
  if (reminders.size === 0) return 0;
  let added = 0;
  for (const m of messages) {
    if (m.role !== 'user') continue;
    const extra = reminders.get(m.content.trim());
    if (!extra) continue;
    m.content = `${extra.join('\n\n')}\n\n${m.content}`;
    added++;
  }
  return added;
}

/**
 * The context now with what the requests record: the system prompt and
 * tools first (with the calls and line ids moved along), and the reminders
 * in the prompts they were sent with.
 */
export function withSentRequests(
  now: Converted,
  sent: SentRequests,
): { converted: Converted; reminded: number } {
  if (!sent.recorded) return { converted: now, reminded: 0 };
  const system = sent.systemMessages();
  const reminded = addReminders(now.messages, sent.reminders());
  if (system.length === 0) return { converted: now, reminded };
  return {
    converted: {
      messages: [...system, ...now.messages],
      lineIds: [...system.map((m) => m.id), ...now.lineIds],
      calls: now.calls.map((c) => ({ ...c, atMessage: c.atMessage + system.length })),
    },
    reminded,
  };
}

/** The usage with the model the newest request named, and its 1M window when its betas asked for one. */
export function requestUsage(usage: ImportUsage | undefined, sent: SentRequests): ImportUsage | undefined {
  const model = sent.model();
  const window = sent.contextWindow();
  if (!model && !window) return usage;
  return { ...usage, ...(model ? { model } : {}), ...(window ? { contextWindow: window } : {}) };
}

/** What the import took from the requests, in one note. */
export function requestNote(systemMessages: number, reminded: number, model: string | undefined): string {
  const parts = [
    systemMessages === 2
      ? 'the system prompt and the tool definitions as system messages'
      : systemMessages === 1
        ? 'the system prompt (or the tools) as a system message'
        : 'no system prompt (its shape line is missing)',
  ];
  if (reminded) parts.push(`the reminders sent with ${reminded} prompt${reminded === 1 ? '' : 's'}`);
  if (model) parts.push(`the model ${model}`);
  return `Claude Code recorded the requests it sent (api-request lines): read ${parts.join(', ')}`;
}
