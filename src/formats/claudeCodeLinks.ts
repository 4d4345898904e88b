/**
 * Claude Code links that lead out of the file on purpose or by accident: a
 * compact boundary whose `logicalParentUuid` names a line the file lacks, and
 * an automatic compaction's own file (`agent-acompact-*.jsonl`), whose first
 * line follows a line of the session's file. Each is read as Claude Code
 * meant it, and the report says what was inferred.
 */
import type { IssueLog } from './issues';
import { MESSAGE_TYPES, type Node } from './claudeCodeLines';
import type { ImportUsage } from './types';

/**
 * The line a boundary follows when the one it names is missing (Claude Code
 * 2.1.39 writes such boundaries): the newest main-thread line written before
 * it, as a file without links is read. Without it the history before the
 * boundary would be dropped whole.
 */
export function lastLineBefore(
  nodes: Iterable<Node>,
  boundary: Node,
  missing: string,
  log: IssueLog,
): Node | undefined {
  let last: Node | undefined;
  for (const node of nodes) {
    if (node.line >= boundary.line) break;
    if (!node.sidechain && (MESSAGE_TYPES.has(node.type) || node.type === 'system')) last = node;
  }
  if (last)
    log.note(
      'boundary-link-missing',
      `The compact boundary at line ${boundary.line} follows a line that is not in the file (${missing}): the history before it was read back from line ${last.line}, the last line written before it`,
      { line: boundary.line },
    );
  return last;
}

export interface CompactionRequest {
  agent: string;
  session: string | undefined;
  line: number;
}

/**
 * Whether a sub-agent's file is Claude Code's automatic compaction (its agent
 * id starts `acompact-`). Its first line links to the session's newest line,
 * in the session's own file: that link is let go, not reported as broken.
 */
export function compactionRequestOf(
  agent: string | undefined,
  session: string | undefined,
  first: Node,
  nodes: Map<string, Node>,
): CompactionRequest | undefined {
  if (!agent?.startsWith('acompact-')) return undefined;
  for (const node of nodes.values()) if (node.parent !== null && !nodes.has(node.parent)) node.parent = null;
  return { agent, session, line: first.line };
}

/** Names the file as the compaction's request, its usage the request's size. */
export function noteCompactionRequest(
  log: IssueLog,
  { agent, session, line }: CompactionRequest,
  usage: ImportUsage | undefined,
): void {
  const size = usage?.contextTokens;
  log.note(
    'compaction-request',
    `This is the request of an automatic compaction (agent ${agent}${session ? ` of session ${session}` : ''}): what Claude Code sent to be summarized and the summary it got back${size === undefined || size === null ? '' : `; the request was ${size.toLocaleString('en-US')} tokens`}`,
    { line },
  );
}
