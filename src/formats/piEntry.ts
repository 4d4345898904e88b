/**
 * pi session entries turned into the messages they send: one entry at a
 * time, joined and weighed as pi renders them (see `pi.ts` for the path and
 * the compaction around them).
 */
import { PI_BRANCH_LEAD_IN, PI_COMPACTION_LEAD_IN } from '../core/summaryEnvelope';
import type { Message } from '../core/message';
import { makeMessage, Parts } from './build';
import type { IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, safeStringify, str } from './json';

/** One line of a pi session: its id, its parent's id, and the record as written. */
export interface Entry {
  id: string;
  parent: string | null;
  type: string;
  line: number;
  record: JsonRecord;
}

/**
 * pi hands both kinds of summary to the model as user messages, each with its
 * own lead-in. Only a compaction summary is marked `kind: "summary"`: a branch
 * summary tells of an abandoned side branch and is an ordinary message in the
 * history, never the boundary a compaction starts after.
 */
export function compactionSummary(id: string, summary: string, line: number): Message {
  return framed(
    makeMessage({
      id,
      role: 'user',
      kind: 'summary',
      content: `${PI_COMPACTION_LEAD_IN}\n\n<summary>\n${summary}\n</summary>`,
      source: { line },
    }),
    summary.length,
  );
}

/** pi writes no newline before the closing tag of a branch summary. */
export function branchSummary(id: string, summary: string, line: number): Message {
  return framed(
    makeMessage({
      id,
      role: 'user',
      content: `${PI_BRANCH_LEAD_IN}\n\n<summary>\n${summary}</summary>`,
      source: { line },
    }),
    summary.length,
  );
}

/**
 * Marks what the model reads around the `weighed` characters pi counts
 * (pi weighs a summary by its text, a command by its command and output).
 */
export function framed(message: Message, weighed: number): Message {
  const framing = message.content.length + (message.reasoning?.length ?? 0) - weighed;
  if (framing > 0) message.framingChars = framing;
  return message;
}

/**
 * The files a pi compaction recorded in its `details`, which pi's next
 * compaction starts from. An extension's compaction (`fromHook`) records
 * nothing pi reads, nor does one without details: empty lists, not the tags
 * of the summary's text.
 */
export function recordedFiles(record: JsonRecord): { read: string[]; modified: string[] } {
  const details = field(record, 'fromHook') === true ? undefined : rec(record, 'details');
  const strings = (key: string): string[] =>
    (details ? (arr(details, key) ?? []) : []).filter((p): p is string => typeof p === 'string');
  return { read: strings('readFiles'), modified: strings('modifiedFiles') };
}

/**
 * What one entry sends: at most one message, pushed to `out`. A message of
 * a role pi does not know is reported to `log`.
 */
export function emitEntry(entry: Entry, out: Message[], log: IssueLog): void {
  const { record, id, line } = entry;
  const source = { line };
  if (entry.type === 'custom_message') {
    const parts = readContent(field(record, 'content'));
    out.push(makeMessage({ id, role: 'user', content: parts.joined(''), images: parts.images, source }));
    return;
  }
  if (entry.type === 'branch_summary') {
    const summary = str(record, 'summary');
    if (summary) out.push(branchSummary(id, summary, line));
    return;
  }
  if (entry.type !== 'message') return;
  const message = rec(record, 'message');
  if (!message) return;
  const role = str(message, 'role') ?? '';
  switch (role) {
    case 'user':
    case 'custom':
    case 'hookMessage': {
      // pi joins a user's text blocks with nothing between them, and weighs them so.
      const parts = readContent(field(message, 'content'));
      out.push(makeMessage({ id, role: 'user', content: parts.joined(''), images: parts.images, source }));
      return;
    }
    case 'assistant': {
      const parts = new Parts();
      const calls: { id: string; name: string; arguments: string }[] = [];
      (arr(message, 'content') ?? []).forEach((block, k) => {
        if (!isRecord(block)) return;
        const type = str(block, 'type');
        if (type === 'text') parts.addText(str(block, 'text'));
        else if (type === 'thinking') parts.addReasoning(str(block, 'thinking'));
        else if (type === 'toolCall') {
          calls.push({
            id: str(block, 'id') ?? `${id}:call${k}`,
            name: str(block, 'name') ?? 'unknown',
            arguments: safeStringify(field(block, 'arguments') ?? {}),
          });
        } else if (type === 'image') parts.images++;
      });
      const content = field(message, 'content');
      if (typeof content === 'string') parts.addText(content);
      // pi joins an assistant's text blocks with newlines but weighs only the blocks.
      const weighed = [...parts.text, ...parts.reasoning].reduce((sum, t) => sum + t.length, 0);
      out.push(
        framed(
          makeMessage({
            id,
            role: 'assistant',
            content: parts.content(),
            reasoning: parts.reasoningText(),
            toolCalls: calls,
            images: parts.images,
            source,
          }),
          weighed,
        ),
      );
      return;
    }
    case 'system': {
      // pi 1.x keeps the system prompt in the session, and later updates of its named sections.
      const text = readContent(field(message, 'content')).content();
      const sections = systemSections(message);
      const weighed = text.length + sections.reduce((sum, [, value]) => sum + (value?.length ?? 0), 0);
      out.push(
        framed(makeMessage({ id, role: 'system', content: systemText(text, sections), source }), weighed),
      );
      return;
    }
    case 'toolResult': {
      const parts = readContent(field(message, 'content'));
      out.push(
        makeMessage({
          id,
          role: 'tool',
          content: parts.joined(''),
          images: parts.images,
          toolCallId: str(message, 'toolCallId'),
          toolName: str(message, 'toolName'),
          source,
        }),
      );
      return;
    }
    case 'bashExecution': {
      // Commands the user ran with `!` reach the model as a user message, unless excluded.
      if (field(message, 'excludeFromContext') === true) return;
      const command = str(message, 'command') ?? '';
      const output = str(message, 'output') ?? '';
      const text = bashText(message, command, output);
      out.push(
        framed(makeMessage({ id, role: 'user', content: text, source }), command.length + output.length),
      );
      return;
    }
    case 'compactionSummary':
      out.push(compactionSummary(id, str(message, 'summary') ?? '', line));
      return;
    case 'branchSummary':
      out.push(branchSummary(id, str(message, 'summary') ?? '', line));
      return;
    default:
      log.tally(
        'unknown-role',
        role,
        `Messages with unknown role "${role || '(none)'}" were skipped`,
        { line },
        message,
      );
  }
}

/**
 * A `!` command as pi puts it before the model: the command, its output in a
 * fence (or "(no output)"), then whether it was cancelled or failed, and
 * where the whole output went when it was cut.
 */
function bashText(message: JsonRecord, command: string, output: string): string {
  let text = `Ran \`${command}\`\n${output ? `\`\`\`\n${output}\n\`\`\`` : '(no output)'}`;
  const exit = num(message, 'exitCode');
  if (field(message, 'cancelled') === true) text += '\n\n(command cancelled)';
  else if (exit !== undefined && exit !== 0) text += `\n\nCommand exited with code ${exit}`;
  const fullOutput = str(message, 'fullOutputPath');
  if (field(message, 'truncated') === true && fullOutput)
    text += `\n\n[Output truncated. Full output: ${fullOutput}]`;
  return text;
}

/** A pi 1.x system message's named sections, in order; a null section was removed. */
function systemSections(message: JsonRecord): [string, string | null][] {
  const sections = rec(message, 'sections');
  if (!sections) return [];
  return Object.entries(sections).map(([name, value]) => [name, typeof value === 'string' ? value : null]);
}

/** The prompt text followed by its sections, as pi renders a system message. */
function systemText(text: string, sections: readonly [string, string | null][]): string {
  return [text, ...sections.map(([, value]) => value ?? '')].filter((part) => part.length > 0).join('\n\n');
}

/** pi content: a string, or text and image blocks. */
export function readContent(content: unknown): Parts {
  const parts = new Parts();
  if (typeof content === 'string') parts.addText(content);
  else if (Array.isArray(content)) {
    for (const block of content) {
      if (!isRecord(block)) continue;
      const type = str(block, 'type');
      if (type === 'text') parts.addText(str(block, 'text'));
      else if (type === 'image') parts.images++;
    }
  }
  return parts;
}
