/**
 * Tool results that Cline wrote as text. Some Cline versions call tools with
 * `tool_use` blocks but store each result in the next user turn as text: a
 * heading `[read_file for 'src/a.ts'] Result:` then the result in the same
 * block or the blocks after it (Cline's `ToolResultUtils.pushToolResult`:
 * `${toolDescription(block)} Result:` when it has no `tool_use_id` for the
 * call). A call it skipped gets `Tool [name] was not executed because …` or
 * `Skipping tool [name …] due to …` instead. Read as they are, every such call
 * looks unanswered; here each heading and what follows it, up to the next
 * heading or the `<environment_details>` block, becomes the `tool_result` of
 * the call of that name, the text kept as the model read it.
 */
import type { ToolCall } from '../core/message';
import { isRecord, str } from './json';

/** What a tool_result may hold: a result's text and images stay in it. */
const RESULT_BLOCKS = new Set(['text', 'image']);

/**
 * The label a block's heading gives the call it answers (Cline's
 * `getDescription`), or undefined when it opens no result. A quoted
 * parameter may span lines (`[ask_followup_question for '…'] Result:` with a
 * question of several lines), so the heading is not read from the first
 * line alone. A sub-agent call's heading has no tool name: `[subagents]`, or
 * `[subagent: name]` for a configured one.
 */
function headingLabel(block: unknown): string | undefined {
  if (!isRecord(block) || str(block, 'type') !== 'text') return undefined;
  const text = str(block, 'text') ?? '';
  const match =
    /^\[([\w.-]+|subagent: [^\]\n]+)(?: for '[\s\S]*?'| for [^\n]*)?\] Result:/.exec(text) ??
    /^Tool \[([\w.-]+)\] was not executed because/.exec(text) ??
    /^Skipping tool \[([\w.-]+)(?: for '[\s\S]*?'| for [^\n]*)?\] due to/.exec(text);
  return match?.[1];
}

/**
 * Whether a heading's label names `call`: its tool name, or the label Cline
 * gives a sub-agent call (cline/cline `SubagentToolHandler.getDescription`;
 * a configured sub-agent's tool is named `use_subagent_<name>`).
 */
function labels(label: string, call: ToolCall): boolean {
  if (label === call.name) return true;
  if (label === 'subagents') return call.name === 'use_subagents';
  return label.startsWith('subagent: ') && call.name.startsWith('use_subagent_');
}

function closesResult(block: unknown): boolean {
  return isRecord(block) && (str(block, 'text') ?? '').startsWith('<environment_details>');
}

/** The ids this user turn answers with real `tool_result` blocks. */
function answered(content: readonly unknown[]): Set<string> {
  const ids = new Set<string>();
  for (const block of content) {
    if (isRecord(block) && str(block, 'type') === 'tool_result') ids.add(str(block, 'tool_use_id') ?? '');
  }
  return ids;
}

/**
 * The user turn's content with each text result of one of `calls` made a
 * `tool_result` block in its place, in the order written; `content` itself
 * when there is nothing to pair. A heading naming no call still waiting is
 * left as text.
 */
export function textResultsAsToolResults(calls: readonly ToolCall[], content: unknown): unknown {
  if (calls.length === 0 || !Array.isArray(content)) return content;
  const done = answered(content);
  const waiting = calls.filter((c) => !done.has(c.id));
  if (waiting.length === 0 || !content.some((b) => headingLabel(b) !== undefined)) return content;
  const out: unknown[] = [];
  let open: unknown[] | null = null;
  for (const block of content) {
    const label = headingLabel(block);
    if (label !== undefined) {
      const at = waiting.findIndex((c) => labels(label, c));
      if (at >= 0) {
        const [call] = waiting.splice(at, 1);
        open = [block];
        out.push({ type: 'tool_result', tool_use_id: call!.id, content: open });
        continue;
      }
      open = null;
    } else if (open && closesResult(block)) {
      open = null;
    }
    if (open && isRecord(block) && RESULT_BLOCKS.has(str(block, 'type') ?? '')) open.push(block);
    else out.push(block);
  }
  return out;
}

/** The calls of a converted assistant reply, for the user turn after it. */
export function callsOf(messages: readonly { toolCalls?: ToolCall[] }[]): ToolCall[] {
  return messages.flatMap((m) => m.toolCalls ?? []);
}
