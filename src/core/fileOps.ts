/**
 * File paths touched by the summarized conversation, collected mechanically
 * and attached to every summary. Prose summaries drop path lists first, and an
 * agent that forgets a file exists writes it again from scratch.
 */
import { appendAll } from './arrays';
import type { Message } from './message';
import { ownValue } from './nameMap';
import { PATCH_TOOLS, patchFiles, patchText } from './patchFiles';

export type FileAccess = 'read' | 'write' | 'edit';

/**
 * Tool names that touch files, across the agents people use. One table, so a
 * new agent's tools are one line here.
 */
export const FILE_TOOLS: Readonly<Record<string, FileAccess>> = {
  read: 'read',
  read_file: 'read',
  read_sandbox_file: 'read',
  view: 'read',
  Read: 'read',
  write: 'write',
  write_file: 'write',
  write_sandbox_file: 'write',
  create_file: 'write',
  Write: 'write',
  edit: 'edit',
  edit_file: 'edit',
  edit_sandbox_file: 'edit',
  replace: 'edit',
  Edit: 'edit',
  MultiEdit: 'edit',
  str_replace_editor: 'edit',
  str_replace_based_edit_tool: 'edit',
};

/** What a tool of this name does to a file, if it is a file tool: read from the table's own names only. */
export function fileAccess(toolName: string): FileAccess | undefined {
  return ownValue(FILE_TOOLS, toolName);
}

/** Argument keys that hold the path, by agent: `path` (most), Claude Code, OpenCode, Gemini CLI. */
export const PATH_KEYS: readonly string[] = ['path', 'file_path', 'filePath', 'absolute_path'];

/** Per list; a new path at the cap evicts the oldest one. */
export const MAX_TRACKED_PATHS = 50;

const READ_TAG = 'read-files';
const MODIFIED_TAG = 'modified-files';

/** Editor tools that multiplex reads and writes by a `command` argument. */
function accessOf(name: string, args: Record<string, unknown>): FileAccess | undefined {
  const access = fileAccess(name);
  if (access === 'edit' && typeof args.command === 'string') {
    if (args.command === 'view') return 'read';
    if (args.command === 'create') return 'write';
  }
  return access;
}

export class FileOps {
  readonly read: string[] = [];
  readonly modified: string[] = [];

  private static add(list: string[], path: string): void {
    if (list.includes(path)) return;
    list.push(path);
    if (list.length > MAX_TRACKED_PATHS) list.shift();
  }

  /** A path already modified stays listed as modified only. */
  addRead(rawPath: string): void {
    const path = rawPath.trim();
    if (!path || this.modified.includes(path)) return;
    FileOps.add(this.read, path);
  }

  addModified(rawPath: string): void {
    const path = rawPath.trim();
    if (!path) return;
    const wasRead = this.read.indexOf(path);
    if (wasRead >= 0) this.read.splice(wasRead, 1);
    FileOps.add(this.modified, path);
  }

  /** Takes over the lists a previous summary (or any message) carries in its tags. */
  inherit(text: string): void {
    this.add(tagTouches(text));
  }

  addMessage(message: Message): void {
    this.add(touchesOf(message));
  }

  private add(touches: readonly Touch[]): void {
    for (const [access, path] of touches) {
      if (access === 'read') this.addRead(path);
      else this.addModified(path);
    }
  }

  clone(): FileOps {
    const copy = new FileOps();
    appendAll(copy.read, this.read);
    appendAll(copy.modified, this.modified);
    return copy;
  }

  /** The blocks appended to a summary; empty when nothing was touched. */
  format(): string {
    let out = '';
    if (this.read.length) out += `\n\n<${READ_TAG}>\n${this.read.join('\n')}\n</${READ_TAG}>`;
    if (this.modified.length) out += `\n\n<${MODIFIED_TAG}>\n${this.modified.join('\n')}\n</${MODIFIED_TAG}>`;
    return out;
  }
}

type Touch = readonly ['read' | 'modified', string];

/**
 * What one message does to the lists, in order: the paths its tags carry,
 * then each call's. Kept per message, since every strategy compared at a
 * recorded compaction collects the same messages, and a message never
 * changes (a cleared one is a new object).
 */
const touchesByMessage = new WeakMap<Message, readonly Touch[]>();

function touchesOf(message: Message): readonly Touch[] {
  let touches = touchesByMessage.get(message);
  if (!touches) touchesByMessage.set(message, (touches = readTouches(message)));
  return touches;
}

function readTouches(message: Message): Touch[] {
  const out: Touch[] = message.content.includes('</') ? tagTouches(message.content) : [];
  for (const call of message.toolCalls ?? []) {
    if (PATCH_TOOLS.includes(call.name)) {
      const patch = patchText(call.arguments);
      if (patch !== undefined) for (const file of patchFiles(patch)) out.push(['modified', file.path]);
      continue;
    }
    let args: unknown;
    try {
      args = JSON.parse(call.arguments);
    } catch {
      continue; // truncated or malformed arguments name no path
    }
    if (args === null || typeof args !== 'object' || Array.isArray(args)) continue;
    const record = args as Record<string, unknown>;
    const access = accessOf(call.name, record);
    const key = PATH_KEYS.find((k) => typeof record[k] === 'string');
    if (!access || !key) continue;
    out.push([access === 'read' ? 'read' : 'modified', record[key] as string]);
  }
  return out;
}

/** The paths a text's file-list tags carry: the read ones, then the modified ones. */
function tagTouches(text: string): Touch[] {
  return [
    ...taggedLines(text, READ_TAG).map((path): Touch => ['read', path]),
    ...taggedLines(text, MODIFIED_TAG).map((path): Touch => ['modified', path]),
  ];
}

/** Lines between the first `<tag>` and the next `</tag>`. */
function taggedLines(text: string, tag: string): string[] {
  const open = text.indexOf(`<${tag}>`);
  if (open < 0) return [];
  const start = open + tag.length + 2;
  const close = text.indexOf(`</${tag}>`, start);
  if (close < 0) return [];
  return text.slice(start, close).split('\n');
}

/**
 * Collects paths from a previous summary (its text's tags, or the lists its
 * compaction recorded) and then from each range, in order.
 */
export function collectFileOps(
  previous: string | { read: readonly string[]; modified: readonly string[] },
  ...ranges: readonly (readonly Message[])[]
): FileOps {
  const ops = new FileOps();
  if (typeof previous === 'string') ops.inherit(previous);
  else {
    for (const path of previous.read) ops.addRead(path);
    for (const path of previous.modified) ops.addModified(path);
  }
  for (const range of ranges) for (const message of range) ops.addMessage(message);
  return ops;
}
