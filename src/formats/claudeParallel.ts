/**
 * Parallel tool calls in Claude Code 2.x files. Claude Code writes one line
 * per content block of a streamed response, all sharing `message.id`, each
 * linked to the one before; since 2.x each tool result line links to the line
 * that holds its own call (`sourceToolAssistantUUID` becomes its
 * `parentUuid`). Two calls in one response therefore fork the tree: walking
 * back from the newest line passes through one call's result and misses the
 * other's. Claude Code, reading its own file, puts them back
 * (`recoverOrphanedParallelToolResults` in its session storage): for each
 * response on the path, the lines of that response off the path and the
 * tool result lines that link to any of its lines go right after its last
 * line on the path, the response's lines first, each kind in the order it
 * was written. A rewind or an edit leaves no such line: its branch starts
 * with a user prompt, which is not a tool result, so it stays a branch.
 */
import { appendAll } from '../core/arrays';
import type { Node } from './claudeCodeLines';
import { field, isRecord, rec, str } from './json';

/** A file line as the importer walks it (`claudeCodeLines.ts`). */
export type LineNode = Node;

function responseId(node: LineNode): string | undefined {
  if (node.type !== 'assistant') return undefined;
  const message = rec(node.record, 'message');
  return message && str(message, 'id');
}

/** The `tool_use_id`s a user line answers; empty when it holds no tool result. */
function answeredIds(node: LineNode): string[] {
  if (node.type !== 'user') return [];
  const message = rec(node.record, 'message');
  const content = message && field(message, 'content');
  if (!Array.isArray(content)) return [];
  const ids: string[] = [];
  for (const block of content) {
    if (isRecord(block) && str(block, 'type') === 'tool_result') ids.push(str(block, 'tool_use_id') ?? '');
  }
  return ids;
}

/** Written order: the timestamp Claude Code sorts by, then the line. */
function byWriting(a: LineNode, b: LineNode): number {
  const ta = str(a.record, 'timestamp') ?? '';
  const tb = str(b.record, 'timestamp') ?? '';
  return ta < tb ? -1 : ta > tb ? 1 : a.line - b.line;
}

/**
 * `path` with the lines of its responses that the walk from the leaf missed:
 * sibling lines of a response (same `message.id`) and the tool results that
 * link to them, each group right after the response's last line on the path.
 * A result whose calls are all answered already (a resumed session that wrote
 * one twice) is left where it is. Returns `path` itself when nothing is missing.
 */
export function withParallelResults<N extends LineNode>(path: N[], nodes: ReadonlyMap<string, N>): N[] {
  // Most files have no line off the path: nothing to look for.
  if (nodes.size <= path.length) return path;
  const onPath = new Set<string>();
  for (const node of path) onPath.add(node.uuid);
  const offPath: N[] = [];
  for (const node of nodes.values()) {
    if (node.sidechain || onPath.has(node.uuid)) continue;
    if (node.type === 'assistant' || (node.type === 'user' && node.parent !== null)) offPath.push(node);
  }
  if (offPath.length === 0) return path;
  /** The index on the path of each response's last line. */
  const anchors = new Map<string, number>();
  path.forEach((node, i) => {
    const id = responseId(node);
    if (id !== undefined) anchors.set(id, i);
  });
  const siblings = new Map<number, N[]>();
  const results = new Map<number, N[]>();
  const add = (into: Map<number, N[]>, at: number, node: N) => {
    const list = into.get(at);
    if (list) list.push(node);
    else into.set(at, [node]);
  };
  for (const node of offPath) {
    if (node.type === 'assistant') {
      const at = anchors.get(responseId(node) ?? '');
      if (at !== undefined) add(siblings, at, node);
    } else {
      const parent = nodes.get(node.parent!);
      const at = parent && anchors.get(responseId(parent) ?? '');
      if (at !== undefined && answeredIds(node).length > 0) add(results, at, node);
    }
  }
  if (siblings.size === 0 && results.size === 0) return path;

  const answered = new Set<string>();
  for (const node of path) for (const id of answeredIds(node)) answered.add(id);
  const out: N[] = [];
  path.forEach((node, i) => {
    out.push(node);
    const lines = siblings.get(i);
    if (lines) appendAll(out, lines.sort(byWriting));
    const found = results.get(i);
    if (!found) return;
    for (const result of found.sort(byWriting)) {
      const ids = answeredIds(result);
      if (ids.every((id) => answered.has(id))) continue;
      for (const id of ids) answered.add(id);
      out.push(result);
    }
  });
  return out;
}
