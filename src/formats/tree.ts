/**
 * Sessions stored as trees (Claude Code, pi): the conversation the model saw
 * is the path from the newest entry back to the root.
 */
import type { IssueLog } from './issues';

export interface TreeNode {
  parent: string | null;
  line: number;
}

/**
 * From `leaf` back to the root, in conversation order. Stops early where
 * `stopAt` says the history begins anew; a broken or cyclic link ends the
 * path there, with a warning naming the line.
 */
export function pathToRoot<N extends TreeNode>(
  leaf: N | undefined | null,
  idOf: (node: N) => string,
  lookup: (id: string) => N | undefined,
  log: IssueLog,
  names: { link: string; item: string },
  stopAt: (node: N) => boolean = () => false,
): N[] {
  const path: N[] = [];
  const seen = new Set<string>();
  let current = leaf ?? undefined;
  while (current) {
    const id = idOf(current);
    if (seen.has(id)) {
      log.warn(
        'parent-cycle',
        `The ${names.link} links form a cycle; the conversation was cut there`,
        { line: current.line },
        id,
      );
      break;
    }
    seen.add(id);
    path.push(current);
    if (stopAt(current) || current.parent === null) break;
    const parent = lookup(current.parent);
    if (!parent) {
      log.warn(
        'broken-parent-link',
        `${names.item} points at a parent that is not in the file; the conversation starts after it`,
        { line: current.line },
        current.parent,
      );
      break;
    }
    current = parent;
  }
  return path.reverse();
}

/**
 * The conversation of a file whose lines carry no parent links at all (an
 * export or a hand-made file that kept only the messages): the file order is
 * the conversation. Walking links there would find a single line, and report
 * every other line as a side branch. Kept: `include`d nodes up to the leaf,
 * from the newest one where `stopAt` says the history begins anew.
 */
export function pathInFileOrder<N>(
  nodes: readonly N[],
  leaf: N | undefined | null,
  include: (node: N) => boolean,
  stopAt: (node: N) => boolean = () => false,
): N[] {
  if (!leaf) return [];
  const end = nodes.indexOf(leaf);
  let start = 0;
  for (let i = end; i >= 0; i--) {
    if (include(nodes[i]) && stopAt(nodes[i])) {
      start = i;
      break;
    }
  }
  return nodes.slice(start, end + 1).filter(include);
}
