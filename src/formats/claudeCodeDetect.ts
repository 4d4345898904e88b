/**
 * Whether records are Claude Code's session lines: linked lines (uuid,
 * parentUuid, sessionId), message lines that lost their links, or a file that
 * opens with a summary or a file-history snapshot; and a lower bid for
 * another agent's lines written in Claude Code's shape.
 */
import { detection } from './format';
import type { Detection } from './types';
import type { JsonRecord } from './json';
import { field, isRecord, rec, str } from './json';
import { MESSAGE_TYPES } from './claudeCodeLines';

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

/**
 * The agent a line says wrote it, when that is not Claude Code: some tools
 * write other agents' sessions (Cursor's, for one) in Claude Code's shape
 * with an `agent` field naming the real author.
 */
function otherAuthor(records: readonly unknown[]): string | undefined {
  for (const record of records) {
    if (!isRecord(record)) continue;
    const agent = str(record, 'agent');
    if (agent !== undefined) return /claude/i.test(agent) ? undefined : agent;
  }
  return undefined;
}

/** Claude Code's bid for the first records of a file, with its reason. */
export function detectClaudeCode(records: readonly unknown[]): Detection | null {
  const author = otherAuthor(records);
  if (author !== undefined && (records.some(isClaudeLine) || records.some(isUnlinkedMessageLine)))
    // Read in the shape it shares, but not claimed as Claude Code's own: another importer that knows the author wins.
    return detection(
      'claude-code',
      0.5,
      `Claude Code's message lines, but their "agent" field says ${JSON.stringify(author.slice(0, 40))} wrote them`,
    );
  if (records.some(isClaudeLine)) {
    // A message without Anthropic `content` is not a Claude Code message (Qwen Code writes `parts`).
    const messages = records.filter(
      (r): r is JsonRecord => isClaudeLine(r) && isRecord(r) && isRecord(field(r, 'message')),
    );
    const readable = messages.filter((r) => 'content' in (rec(r, 'message') ?? {}));
    if (messages.length > 0 && readable.length === 0)
      return detection(
        'claude-code',
        0.3,
        'lines with uuid, parentUuid and sessionId, but no message has Anthropic "content"',
      );
    return detection('claude-code', 0.98, 'lines with uuid, parentUuid and sessionId');
  }
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
}
