/**
 * The last resort: a conversation pasted as text, with speaker labels at the
 * start of lines (`User:`, `Human:`, `Assistant:`, `System:`, also `**User:**`
 * and `### Assistant:`), or the `[User]: …` transcript the summarizer reads.
 * Text without any label becomes one user message, with a warning.
 */
import type { Message, Role } from '../core/message';
import { makeMessage } from './build';
import type { Imported } from './format';
import { detection } from './format';
import type { IssueLog } from './issues';
import { forEachLine } from './jsonl';
import type { Detection } from './types';
import { contextHistory } from './sessionRecorder';

const LABEL =
  /^\s{0,3}(?:#{1,6}\s*)?(?:\*\*)?(user|human|assistant|ai|model|system|tool)(?:\*\*)?\s*:(?:\*\*)?[ \t]?/i;
const BRACKET =
  /^\[(User|Assistant|Assistant thinking|Assistant tool calls|Tool result(?: ([^\]]*))?)\]:?[ \t]?/;

interface Label {
  role: Role;
  rest: string;
  part: 'content' | 'reasoning';
  toolName?: string;
  bracket: boolean;
}

function readLabel(line: string): Label | null {
  const bracket = BRACKET.exec(line);
  if (bracket) {
    const rest = line.slice(bracket[0].length);
    const tag = bracket[1]!;
    if (tag === 'User') return { role: 'user', rest, part: 'content', bracket: true };
    if (tag === 'Assistant' || tag === 'Assistant tool calls')
      return { role: 'assistant', rest, part: 'content', bracket: true };
    if (tag === 'Assistant thinking') return { role: 'assistant', rest, part: 'reasoning', bracket: true };
    return { role: 'tool', rest, part: 'content', toolName: bracket[2], bracket: true };
  }
  const match = LABEL.exec(line);
  if (!match) return null;
  const word = match[1]!.toLowerCase();
  const role: Role =
    word === 'user' || word === 'human'
      ? 'user'
      : word === 'system'
        ? 'system'
        : word === 'tool'
          ? 'tool'
          : 'assistant';
  return { role, rest: line.slice(match[0].length), part: 'content', bracket: false };
}

export function detectPlainText(text: string): Detection {
  let labels = 0;
  let checked = 0;
  forEachLineUntil(text, 400, (line) => {
    checked++;
    if (readLabel(line)) labels++;
  });
  if (labels > 0)
    return detection(
      'text',
      0.5,
      `${labels} speaker label${labels === 1 ? '' : 's'} (User:/Assistant:) in the first ${checked} lines`,
    );
  return detection('text', 0.1, 'not JSON and no speaker labels: the whole text is read as one user message');
}

function forEachLineUntil(text: string, max: number, visit: (line: string) => void): void {
  let start = 0;
  for (let n = 0; n < max && start <= text.length; n++) {
    const nl = text.indexOf('\n', start);
    visit(text.slice(start, nl === -1 ? text.length : nl));
    if (nl === -1) break;
    start = nl + 1;
  }
}

interface Draft {
  role: Role;
  line: number;
  content: string[];
  reasoning: string[];
  toolName?: string;
  part: 'content' | 'reasoning';
  bracket: boolean;
}

export function importPlainText(text: string, log: IssueLog): Imported {
  const drafts: Draft[] = [];
  let preamble: string[] = [];
  let current: Draft | null = null;
  forEachLine(text, (line, lineNo) => {
    const label = readLabel(line);
    if (label) {
      // Our transcript writes the thinking, text and calls of one reply under separate labels: one message.
      if (
        current?.bracket &&
        current.role === 'assistant' &&
        label.bracket &&
        label.role === 'assistant' &&
        label.part === 'content'
      ) {
        current.part = 'content';
        current.content.push(label.rest);
        return;
      }
      current = {
        role: label.role,
        line: lineNo,
        content: [],
        reasoning: [],
        toolName: label.toolName,
        part: label.part,
        bracket: label.bracket,
      };
      (label.part === 'reasoning' ? current.reasoning : current.content).push(label.rest);
      drafts.push(current);
      return;
    }
    if (current) (current.part === 'reasoning' ? current.reasoning : current.content).push(line);
    else preamble.push(line);
  });

  const messages: Message[] = [];
  const preambleText = preamble.join('\n').trim();
  preamble = [];
  if (drafts.length === 0) {
    log.warn(
      'no-speaker-labels',
      'No speaker labels (User:, Assistant:) were found; the whole text was read as one user message',
      { line: 1 },
    );
    messages.push(makeMessage({ id: 't1', role: 'user', content: preambleText, source: { line: 1 } }));
    return { messages, history: contextHistory(messages) };
  }
  if (preambleText) {
    log.warn(
      'text-before-first-label',
      'Text before the first speaker label was read as a system message',
      { line: 1 },
      preambleText,
    );
    messages.push(makeMessage({ id: 't1', role: 'system', content: preambleText, source: { line: 1 } }));
  }
  for (const draft of drafts) {
    messages.push(
      makeMessage({
        id: `t${draft.line}`,
        role: draft.role,
        content: draft.content.join('\n').trim(),
        reasoning: draft.reasoning.join('\n').trim() || undefined,
        toolName: draft.toolName,
        source: { line: draft.line },
      }),
    );
  }
  return { messages, history: contextHistory(messages) };
}
