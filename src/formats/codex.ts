/**
 * Codex CLI rollout JSONL: `{timestamp, type, payload}` lines. The model saw
 * the `response_item` payloads (Responses items); `event_msg` lines repeat
 * the same conversation for the UI and are not messages, except that
 * `token_count` carries the usage the provider reported. A `compacted` line
 * replaces the history before it, as Codex does when it resumes a session.
 *
 * The history keeps the whole rollout: the messages before each `compacted`
 * line, each compaction with the context it left, and one call per
 * `token_count` that follows a new assistant message.
 */
import { appendAll } from '../core/arrays';
import { injectedKind } from '../core/harness/injected';
import { elapsedMs } from '../core/session/history';
import type { Message } from '../core/message';
import { makeMessage } from './build';
import type { Imported, JsonlImporter, JsonlSession } from './format';
import { detection } from './format';
import type { IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, str } from './json';
import { isItemLike, ResponseItems } from './responsesItems';
import { callUsage, SessionRecorder } from './sessionRecorder';
import type { ImportUsage } from './types';

/** Codex carries about 20,000 tokens of the user's prompts across a compaction, at 4 bytes a token. */
const CARRIED_USER_BYTES = 20_000 * 4;

/**
 * The user messages a local Codex compaction keeps: the newest injected
 * context of each kind, and the user's own prompts newest first up to the
 * byte budget (the one that crosses it is cut short), in their original order.
 */
function carriedUserMessages(messages: readonly Message[]): Message[] {
  const users = messages.filter((m) => m.role === 'user' && m.kind !== 'summary');
  const injected = new Map<string, Message>();
  for (const m of users) {
    const kind = injectedKind(m);
    if (kind) injected.set(kind, m);
  }
  const prompts: Message[] = [];
  let budget = CARRIED_USER_BYTES;
  for (let i = users.length - 1; i >= 0 && budget > 0; i--) {
    const m = users[i];
    if (injectedKind(m)) continue;
    const size = new TextEncoder().encode(m.content).length;
    if (size <= budget) {
      prompts.unshift(m);
      budget -= size;
    } else {
      prompts.unshift({ ...m, content: `${m.content.slice(0, budget)}\n[… tokens truncated]` });
      budget = 0;
    }
  }
  const order = new Map(messages.map((m, i) => [m, i]));
  const context = [...injected.values()].sort((a, b) => order.get(a)! - order.get(b)!);
  return [...context, ...prompts];
}

const LINE_TYPES = new Set([
  'session_meta',
  'response_item',
  'event_msg',
  'turn_context',
  'compacted',
  'world_state',
  'inter_agent_communication_metadata',
  'token_usage_record',
  'retained_context',
  'security_risk_score',
  'realtime_item',
]);

/**
 * A rollout line: `{timestamp, type, payload}` with a Codex line type. Other
 * keys are allowed: Codex 0.169 adds an `ordinal` to every line
 * (`RolloutLine` in openai/codex codex-rs/history/src/lib.rs), and a newer
 * release may add more; the known keys with their types decide.
 */
function isRolloutLine(record: unknown): boolean {
  return (
    isRecord(record) &&
    typeof field(record, 'timestamp') === 'string' &&
    LINE_TYPES.has(str(record, 'type') ?? '') &&
    'payload' in record
  );
}

const USAGE_FIELDS = [
  'input_tokens',
  'cached_input_tokens',
  'output_tokens',
  'reasoning_output_tokens',
  'total_tokens',
];

/** A usage whose every count is zero (or absent) records no call. */
function isZeroUsage(usage: JsonRecord): boolean {
  return USAGE_FIELDS.every((key) => (num(usage, key) ?? 0) === 0);
}

export const codex: JsonlImporter = {
  id: 'codex',
  fixtures: ['codex.jsonl', 'codex-ordinal.jsonl'],
  detectRecords(records) {
    if (records.length > 0 && records.every(isRolloutLine)) {
      return detection('codex', 0.98, 'every line is {timestamp, type, payload} with a Codex line type');
    }
    if (records.filter(isRolloutLine).length >= Math.max(1, records.length / 2)) {
      return detection('codex', 0.85, 'most lines are {timestamp, type, payload} with a Codex line type');
    }
    // Rollouts from before the line wrapper: a header with instructions, then bare items.
    const [first, ...rest] = records;
    if (
      isRecord(first) &&
      'instructions' in first &&
      typeof field(first, 'id') === 'string' &&
      rest.some(isItemLike)
    ) {
      return detection(
        'codex',
        0.75,
        'an {id, timestamp, instructions} header followed by bare Responses items (old rollout)',
      );
    }
    return null;
  },
  start(log): JsonlSession {
    return new CodexSession(log);
  },
};

class CodexSession implements JsonlSession {
  private readonly items: ResponseItems;
  private turnId: string | undefined;
  private usage: ImportUsage | undefined;
  /** `session_meta`'s `cli_version`: the Codex that wrote the rollout. */
  private agentVersion: string | undefined;
  private model: string | undefined;
  private readonly recorder = new SessionRecorder();
  /** History length at the last recorded call: the next call's reply comes after it. */
  private callFrom = 0;

  /** The `timestamp` of the line being read and of the one before it. */
  private time: unknown;
  private previousTime: unknown;

  constructor(private readonly log: IssueLog) {
    this.items = new ResponseItems(log);
    this.items.recorder = this.recorder;
  }

  add(record: unknown, line: number): void {
    if (!isRecord(record)) {
      this.log.notAnObject(line, record);
      return;
    }
    this.previousTime = this.time;
    this.time = field(record, 'timestamp');
    const type = str(record, 'type') ?? '';
    const payload = rec(record, 'payload');
    const origin = { id: `L${line}`, line, turnId: this.turnId };
    if (!payload) {
      if (isItemLike(record) || (typeof field(record, 'role') === 'string' && 'content' in record)) {
        this.items.add(record, origin);
      } else if (line === 1 && 'instructions' in record) {
        this.instructions(record, line);
      } else {
        this.log.unknownLineType(type, line, record);
      }
      return;
    }
    switch (type) {
      case 'session_meta':
        this.agentVersion = str(payload, 'cli_version') ?? this.agentVersion;
        this.instructions(payload, line);
        return;
      case 'response_item':
        this.items.add(payload, origin);
        return;
      case 'turn_context': {
        const next = str(payload, 'turn_id');
        if (next && next !== this.turnId) {
          // Codex writes a turn's user prompt before its turn_context line: the
          // user messages waiting at the end of the list belong to the new turn.
          const messages = this.items.messages;
          for (
            let i = messages.length - 1;
            i >= 0 && messages[i].role === 'user' && messages[i].kind !== 'summary';
            i--
          ) {
            messages[i].turnId = next;
          }
          this.turnId = next;
        }
        this.model = str(payload, 'model') ?? this.model;
        return;
      }
      case 'compacted':
        this.compacted(payload, line);
        return;
      case 'event_msg':
        if (str(payload, 'type') === 'token_count') this.tokenCount(payload);
        return;
      case 'token_usage_record':
      case 'retained_context':
      case 'security_risk_score':
      case 'realtime_item':
        // Codex 0.169's own bookkeeping (usage snapshots, host-only context, risk
        // scores, realtime presentation): nothing in them is sent to the model.
        this.log.tallyNote(
          'metadata-line',
          type,
          `Lines of type "${type}" are Codex's own records, not messages the model was sent`,
          { line },
        );
        return;
      case 'world_state':
      case 'inter_agent_communication_metadata':
        // State Codex renders into the developer and context messages it writes as response items.
        this.log.tallyNote(
          'metadata-line',
          type,
          `Lines of type "${type}" hold session state, not messages; the messages made from it are read instead`,
          { line },
        );
        return;
      default:
        this.log.unknownLineType(type, line, record);
    }
  }

  /**
   * The base instructions Codex sends as the request's `instructions`: a
   * string in old rollouts, `{text}` since about 0.50 (some 18 KB, the
   * largest single part of a fresh context). A resumed or forked session
   * writes another `session_meta`; the newest instructions are the ones sent.
   */
  private instructions(meta: JsonRecord, line: number): void {
    const base = field(meta, 'base_instructions');
    const text =
      str(meta, 'instructions') ??
      (typeof base === 'string' ? base : isRecord(base) ? str(base, 'text') : undefined);
    if (!text) return;
    if (this.items.repin(text)) return;
    this.items.pin(makeMessage({ id: `L${line}`, role: 'system', content: text, source: { line } }));
  }

  /**
   * With `replacement_history` the new history is given in full. Otherwise
   * Codex rebuilds it on resume the way it did when compacting: the injected
   * context, the user's own recent prompts verbatim, then the summary.
   */
  private compacted(payload: JsonRecord, line: number): void {
    const summary = str(payload, 'message') ?? '';
    const replacement = arr(payload, 'replacement_history');
    const origin = { id: `L${line}`, line, turnId: this.turnId };
    // Codex records neither what triggered the compaction nor the sizes around it.
    // Nor how long it took: the compacted line's time less the line before it.
    const durationMs = elapsedMs(this.previousTime, this.time);
    const facts = {
      trigger: null,
      tokensBefore: null,
      tokensAfter: null,
      ...(durationMs === null ? {} : { durationMs, durationSource: 'timestamps' as const }),
      source: 'compacted',
      line,
    };
    this.items.syncHistory();
    if (!replacement) {
      const carried = carriedUserMessages(this.items.messages);
      this.items.compact(summary, origin);
      const summaryMessage = this.items.messages.pop()!;
      appendAll(this.items.messages, carried);
      this.items.messages.push(summaryMessage);
      this.items.recordCompaction(facts);
      return;
    }
    this.items.compact(summary, origin);
    // Start from the replacement only; the placeholder summary above is dropped again.
    this.items.messages.pop();
    // The replacement is one compaction, whatever items it holds, and Codex
    // sends it as written: a compaction item in it (a remote compaction's
    // encrypted summary) follows the items before it instead of replacing them.
    this.items.recorder = undefined;
    this.items.replacing = true;
    replacement.forEach((item, k) =>
      this.items.add(item, { id: `L${line}:${k}`, line, turnId: this.turnId }),
    );
    this.items.replacing = false;
    this.items.recorder = this.recorder;
    const encrypted = this.items.messages.find((m) => m.kind === 'summary' && m.opaqueTokens);
    if (encrypted) {
      this.log.tallyNote(
        'encrypted-summary',
        '',
        'A remote compaction left an encrypted summary: the context is its replacement history as Codex sends it, in order, with the summary counted by its size (an estimate)',
        { line },
      );
    }
    const carrier = this.items.messages.some((m) => m.kind === 'summary')
      ? undefined
      : this.items.messages.find((m) => m.role === 'user' && summary !== '' && m.content === summary);
    if (carrier) carrier.kind = 'summary';
    else if (!this.items.messages.some((m) => m.kind === 'summary') && summary) {
      this.items.messages.push(
        makeMessage({ id: `L${line}`, role: 'user', kind: 'summary', content: summary, source: { line } }),
      );
    }
    this.items.recordCompaction(facts);
  }

  private tokenCount(payload: JsonRecord): void {
    const info = rec(payload, 'info');
    if (!info) return;
    const last = rec(info, 'last_token_usage');
    // Codex writes a count of all zeros around a remote compaction, when it
    // resets its usage: no call was made, and the next real count follows.
    if (!last || isZeroUsage(last)) return;
    const input = num(last, 'input_tokens');
    this.recordCall(last);
    this.usage = {
      contextTokens: input,
      inputTokens: input,
      cachedInputTokens: num(last, 'cached_input_tokens'),
      outputTokens: num(last, 'output_tokens'),
      reasoningTokens: num(last, 'reasoning_output_tokens'),
      totalTokens: num(last, 'total_tokens'),
      contextWindow: num(info, 'model_context_window'),
    };
  }

  /**
   * A `token_count` follows the reply of the call it counts; Codex repeats
   * the last count at times, so a count with no new assistant message since
   * the previous one is the same call again.
   */
  private recordCall(last: JsonRecord): void {
    this.items.syncHistory();
    const messages = this.recorder.messages;
    for (let i = this.callFrom; i < messages.length; i++) {
      if (messages[i]!.role !== 'assistant') continue;
      // Codex's input_tokens include the cached part.
      this.recorder.call(
        messages[i]!,
        callUsage({
          total: num(last, 'input_tokens'),
          cacheRead: num(last, 'cached_input_tokens'),
          output: num(last, 'output_tokens'),
          // The turn's model: a session can switch model between turns.
          model: this.model,
        }),
      );
      this.callFrom = messages.length;
      return;
    }
  }

  finish(): Imported {
    this.items.syncHistory();
    const version = this.agentVersion ? { agentVersion: this.agentVersion } : {};
    const usage = this.usage
      ? { ...this.usage, model: this.model, ...version }
      : this.model || this.agentVersion
        ? { model: this.model, ...version }
        : undefined;
    return { messages: this.items.messages, usage, history: this.recorder.history(this.items.messages) };
  }
}
