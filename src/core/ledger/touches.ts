/**
 * Which files each tool call read or wrote: file tools by their path
 * argument, patches by the files they name, and shell commands that print a
 * file (`cat`, `sed -n`, `head`…) or write one (`sed -i`, `>`, `mv`, a
 * heredoc; `shellOps.ts`), as Codex works on files through its shell.
 * A re-read after a compaction is a read here of a file the summarized part
 * touched.
 */
import { PATH_KEYS, fileAccess } from '../fileOps';
import type { Message, ToolCall } from '../message';
import { PATCH_TOOLS, patchFiles, patchText } from '../patchFiles';
import { shellCommand } from '../eval/shell';
import { shellTouches } from './shellOps';

export type TouchAccess = 'read' | 'write';

export interface Touch {
  /** As the call wrote it. */
  path: string;
  access: TouchAccess;
  /** Index of the message whose call it was. */
  atMessage: number;
}

function argsOf(call: ToolCall): Record<string, unknown> | undefined {
  try {
    const args: unknown = JSON.parse(call.arguments);
    return args !== null && typeof args === 'object' && !Array.isArray(args)
      ? (args as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** What one call read or wrote, appended to `out`. */
export function touchesOfCall(call: ToolCall, atMessage: number, out: Touch[]): void {
  if (PATCH_TOOLS.includes(call.name)) {
    const patch = patchText(call.arguments);
    for (const file of patch === undefined ? [] : patchFiles(patch))
      out.push({ path: file.path, access: 'write', atMessage });
    return;
  }
  const command = shellCommand(call);
  if (command !== undefined) {
    const { reads, writes } = shellTouches(command);
    for (const path of reads) out.push({ path, access: 'read', atMessage });
    for (const path of writes) out.push({ path, access: 'write', atMessage });
    return;
  }
  const access = fileAccess(call.name);
  if (!access) return;
  const args = argsOf(call);
  const key = args && PATH_KEYS.find((k) => typeof args[k] === 'string');
  if (!args || !key) return;
  const path = (args[key] as string).trim();
  if (!path) return;
  const reads = access === 'read' || (access === 'edit' && args.command === 'view');
  out.push({ path, access: reads ? 'read' : 'write', atMessage });
}

/** The reads and writes of the messages at `indices`, in their order. */
export function touchesOf(messages: readonly Message[], indices: Iterable<number>): Touch[] {
  const out: Touch[] = [];
  for (const i of indices) {
    const message = messages[i];
    if (!message?.toolCalls) continue;
    for (const call of message.toolCalls) touchesOfCall(call, i, out);
  }
  return out;
}
