/**
 * Aider's chat history, `.aider.chat.history.md`: Markdown that Aider appends
 * to as it runs. Each run starts with `# aider chat started at <time>`; each
 * line the user typed is written as `#### <line>`; the model's reply follows
 * as plain Markdown; Aider's own output (files added, edits applied, token
 * reports, questions and answers) is quoted with `> `.
 *
 * The lines are split as Aider's own reader (`split_chat_history_markdown`,
 * used by `--restore-chat-history`) splits them: consecutive `####` lines
 * are one user message, unquoted lines one assistant reply, quoted lines
 * Aider's output, which the model does not read. The context is what the
 * next request of the newest run holds: a run starts with an empty chat, and
 * `/clear` or `/reset` empties it again. Other commands (`/add`, `/run`, …)
 * are Aider's, not the model's; `/ask`, `/code`, `/architect`, `/context`
 * and `/ok` send a message, which Aider writes again on its own `####` line
 * as it sends it. A command may be typed as any prefix that names one
 * command alone (`/cle` is `/clear`), as Aider resolves it.
 */
import type { Message } from '../core/message';
import { makeMessage } from './build';
import type { Imported } from './format';
import { detection } from './format';
import { counted, type IssueLog } from './issues';
import { forEachLine } from './jsonl';
import type { Detection } from './types';

const RUN_START = /^# aider chat started at /;
const USER = '#### ';
const QUOTED = '> ';
/**
 * Aider's commands: its `cmd_*` methods, `_` written `-` (Aider-AI/aider
 * `aider/commands.py`, commit 5dc9490b). A typed word runs the command it
 * names, or the one command it is a prefix of; otherwise nothing runs.
 */
const COMMANDS = (
  'model editor-model weak-model chat-mode models web commit lint clear reset tokens undo diff add drop git ' +
  'test run exit quit ls help ask code architect context ok voice paste read-only map map-refresh settings ' +
  'load save multiline-mode copy report editor edit think-tokens reasoning-effort copy-context'
).split(' ');
/** Commands that empty the chat. */
const CLEARING = new Set(['clear', 'reset']);
/** What `/ok` sends, before any text typed after it. */
const OK_MESSAGE = 'Ok, please go ahead and make those changes.';

/** The command a typed word runs, as `Commands.run` resolves it; undefined when the word is ambiguous or unknown. */
export function resolveCommand(word: string): string | undefined {
  if (COMMANDS.includes(word)) return word;
  const matches = COMMANDS.filter((c) => c.startsWith(word));
  return matches.length === 1 ? matches[0] : undefined;
}

/** The message a command sends to the model with `rest`, the text after it; undefined for one that sends none. */
function sentBy(command: string | undefined, rest: string): string | undefined {
  if (command === 'ok') return rest ? `${OK_MESSAGE} ${rest}` : OK_MESSAGE;
  if (command === 'ask' || command === 'code' || command === 'architect' || command === 'context')
    return rest;
  return undefined;
}

/** How many leading lines detection looks at. */
const SNIFF_LINES = 400;

export function detectAider(text: string): Detection | null {
  let users = 0;
  let quoted = 0;
  let seen = 0;
  let start = 0;
  while (seen < SNIFF_LINES && start <= text.length) {
    const nl = text.indexOf('\n', start);
    const line = text.slice(start, nl === -1 ? text.length : nl);
    if (RUN_START.test(line))
      return detection('aider', 0.97, 'a "# aider chat started at" line (.aider.chat.history.md)');
    if (line.startsWith(USER)) users++;
    else if (line.startsWith(QUOTED)) quoted++;
    seen++;
    if (nl === -1) break;
    start = nl + 1;
  }
  // A piece of a history without its header: both kinds of line Aider writes, and no more than a guess.
  if (users > 0 && quoted > 0)
    return detection(
      'aider',
      0.45,
      '"#### " user lines and "> " quoted lines, but no "# aider chat started at" line',
    );
  return null;
}

type Block = { kind: 'user' | 'assistant' | 'output'; line: number; lines: string[] };
/** A block the model reads: what the user typed or the reply. */
type Spoken = Block & { kind: 'user' | 'assistant' };

function textOf(block: Block): string {
  return block.lines.join('\n').trim();
}

export function importAider(text: string, log: IssueLog): Imported {
  const runs: Block[][] = [[]];
  let block: Block | null = null;
  const open = (kind: Block['kind'], line: number): Block => {
    if (block?.kind === kind) return block;
    block = { kind, line, lines: [] };
    runs.at(-1)!.push(block);
    return block;
  };
  forEachLine(text, (raw, line) => {
    if (RUN_START.test(raw)) {
      runs.push([]);
      block = null;
      return;
    }
    if (raw.startsWith('# ')) return;
    if (raw.startsWith(USER)) open('user', line).lines.push(raw.slice(USER.length).replace(/ {2}$/, ''));
    else if (raw.startsWith(QUOTED)) open('output', line).lines.push(raw.slice(QUOTED.length));
    else open('assistant', line).lines.push(raw);
  });
  const earlierRuns = runs
    .slice(0, -1)
    .filter((run) => run.some((b) => b.kind !== 'output' && b.lines.join('').trim() !== '')).length;
  const run = runs.at(-1)!;

  let messages: Message[] = [];
  let outputLines = 0;
  let commands = 0;
  let cleared = 0;
  const spoken: Spoken[] = [];
  for (const b of run) {
    if (b.kind === 'output') outputLines += b.lines.length;
    else if (textOf(b) !== '' && textOf(b) !== '<blank>') spoken.push({ ...b, kind: b.kind });
  }
  spoken.forEach((b, k) => {
    let content = textOf(b);
    if (b.kind === 'user' && content.startsWith('/')) {
      const word = content.slice(1).split(/\s/, 1)[0]!;
      const command = resolveCommand(word);
      if (command !== undefined && CLEARING.has(command)) {
        cleared += messages.length;
        messages = [];
        return;
      }
      const sent = sentBy(command, content.slice(1 + word.length).trim());
      if (sent === undefined) {
        commands++;
        return;
      }
      // Aider writes the message again on its own line as it sends it: that line is the message.
      const next = spoken[k + 1];
      if (sent === '' || (next?.kind === 'user' && textOf(next) === sent)) return;
      content = sent;
    }
    messages.push(makeMessage({ id: `l${b.line}`, role: b.kind, content, source: { line: b.line } }));
  });

  if (earlierRuns > 0)
    log.note(
      'earlier-runs',
      `${counted(earlierRuns, 'earlier run')} in this file ${earlierRuns === 1 ? 'was' : 'were'} left out: each "aider chat started" begins with an empty chat`,
    );
  if (cleared > 0)
    log.note(
      'cleared-messages',
      `${counted(cleared, 'message')} before the last /clear or /reset ${cleared === 1 ? 'was' : 'were'} left out`,
    );
  if (commands > 0)
    log.note(
      'aider-commands',
      `${counted(commands, 'command')} such as /add or /run ${commands === 1 ? 'was' : 'were'} left out: Aider runs them itself`,
    );
  if (outputLines > 0)
    log.note(
      'aider-output',
      `${counted(outputLines, 'line')} of Aider's own output (quoted with "> ") ${outputLines === 1 ? 'was' : 'were'} left out: the model does not read them`,
    );
  return { messages };
}
