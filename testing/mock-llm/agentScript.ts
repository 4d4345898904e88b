/**
 * The scripted agent (model `agent`): what it does next for a request, so a
 * real coding agent pointed at the mock works like a session that grows.
 *
 * Each user request starts a turn of five tool calls and a closing text:
 * read `README.md`, list the files, read `src/calc.js`, run the failing test,
 * write `NOTES.md`; the step is the number of tool results since the last
 * user text. Tools are picked by role from the ones the request declares
 * (a name with `read`/`view` taking a path, `write`/`create` taking a path and
 * content, or `bash`/`shell`/`exec`/`command` taking a command), their
 * arguments filled from the declared schema, every required one given a value
 * of its type; a role the agent lacks falls back to its shell, and a step
 * nothing can do is skipped.
 *
 * A summarization request is recognised by the texts of its last message, when
 * that is the user's (beside tool results or not), containing one of `SUMMARY_WORDINGS` (the agents' own compaction prompts), and answered
 * with a summary under fixed headings, no tool calls.
 */
import type { Conversation, DeclaredTool, Turn } from './agentConversation';

/** Words of the agents' compaction prompts; the scripted prompts never use them. */
export const SUMMARY_WORDINGS: readonly RegExp[] = [
  /detailed summary of the conversation/i, // Claude Code
  /CONTEXT CHECKPOINT COMPACTION/, // Codex
  /context checkpoint summary/i, // pi
  /state_snapshot/, // Gemini CLI
  /summary for continuing (?:our|the|this) conversation/i, // OpenCode
  /continuing (?:our|the|this) conversation above/i, // OpenCode's older wording
  /^Here is the conversation so far:\s*<conversation>/, // Kilo 7.7, a first summary or one merged with the prior
  /\bsummari[sz]e (?:the|this|our) conversation/i,
];

export type Role = 'read' | 'shell' | 'write';

interface Step {
  role: Role;
  path?: string;
  command?: string;
  content?: string;
}

export const NOTES_TEXT =
  'Notes from the scripted agent: add() in src/calc.js subtracts instead of adding, so test/calc.test.js fails.\n';

const SCRIPT: readonly Step[] = [
  { role: 'read', path: 'README.md' },
  { role: 'shell', command: 'ls -R src test' },
  { role: 'read', path: 'src/calc.js' },
  { role: 'shell', command: 'node test/calc.test.js' },
  { role: 'write', path: 'NOTES.md', content: NOTES_TEXT },
];

export const CLOSING_TEXT =
  'I read the README and src/calc.js, ran the failing test and wrote NOTES.md: add() subtracts, which is why the test fails.';

/** One tool call the mock answers with. */
export interface ScriptedCall {
  id: string;
  name: string;
  /** The arguments as JSON text, as every protocol but Gemini streams them. */
  arguments: string;
}

export type AgentReply =
  { kind: 'summary' } | { kind: 'text'; text: string } | { kind: 'tool'; text: string; call: ScriptedCall };

const ROLE_NAMES: Readonly<Record<Role, RegExp>> = {
  read: /read|view/i,
  write: /write|create/i,
  shell: /bash|shell|exec|command|terminal/i,
};
/** Tools whose names match a role's word but do something else. */
// Kilo declares `board_read` (a shared board between its agents) before its `read`.
const NOT_THE_ROLE = /many|image|stdin|notebook|web|mcp|resource|todo|memory|media|output|board/i;

const PATH_KEYS = /^(file_?path|path|absolute_path|filepath|filename|file|target_file)$/i;
const COMMAND_KEYS = /^(command|cmd)$/i;
const CONTENT_KEYS = /^(content|contents|text|file_text)$/i;

/**
 * The arguments a role needs the tool to take: a file tool that takes no path
 * reads or writes something else (Copilot CLI's `read_bash` reads a shell
 * session's output, its `write_agent` messages a sub-agent).
 */
const ROLE_KEYS: Readonly<Record<Role, readonly RegExp[]>> = {
  read: [PATH_KEYS],
  write: [PATH_KEYS, CONTENT_KEYS],
  shell: [COMMAND_KEYS],
};

export function toolFor(tools: readonly DeclaredTool[], role: Role): DeclaredTool | undefined {
  return tools.find(
    (tool) =>
      ROLE_NAMES[role].test(tool.name) &&
      !NOT_THE_ROLE.test(tool.name) &&
      ROLE_KEYS[role].every((key) => Object.keys(tool.properties).some((name) => key.test(name))),
  );
}

const CWD_PATTERNS: readonly RegExp[] = [
  /<cwd>([^<\n]+)<\/cwd>/,
  /working directory(?: is)?:\s*`?(\/[^\s`'"]+)/i,
  /working in the directory:?\s*`?(\/[^\s`'"]+)/i,
];

/** The project folder the agent reports in its prompt, for tools that want absolute paths. */
export function cwdOf(conversation: Conversation): string | undefined {
  const texts = [conversation.system, ...conversation.turns.map((t) => (t.kind === 'user' ? t.text : ''))];
  for (const pattern of CWD_PATTERNS)
    for (const text of texts) {
      const found = pattern.exec(text)?.[1];
      if (found) return found.replace(/[.,;:]$/, '');
    }
  return undefined;
}

/**
 * System prompts of a request made only to summarize: pi 1.6 ("assistant") and OpenCode 1.18
 * ("agent") send the transcript as one user message under one, their instructions after it.
 */
export const SUMMARY_SYSTEMS: readonly RegExp[] = [/^You are a context summarization (?:assistant|agent)\b/];

export function isSummaryRequest(conversation: Conversation): boolean {
  return (
    SUMMARY_WORDINGS.some((wording) => wording.test(conversation.lastUserText)) ||
    SUMMARY_SYSTEMS.some((system) => system.test(conversation.system.trimStart()))
  );
}

/** Tool results since the last user text: how far into its turn the script is. */
function stepOf(turns: readonly Turn[]): number {
  let step = 0;
  for (const turn of turns) {
    if (turn.kind === 'user') step = 0;
    else if (turn.kind === 'tool-result') step++;
  }
  return step;
}

/** FNV-1a of the conversation: the same request gets the same id, a longer one another. */
function fingerprint(conversation: Conversation): string {
  let hash = 0x811c9dc5;
  const text = JSON.stringify(conversation.turns);
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function shellStep(step: Step): Step {
  if (step.role === 'read') return { role: 'shell', command: `cat ${step.path}` };
  if (step.role === 'write')
    return { role: 'shell', command: `printf '%s' '${step.content ?? ''}' > ${step.path}` };
  return step;
}

/** A value of the declared type for a required argument the step says nothing of (Copilot's `description`). */
function filler(key: string, type: string): unknown {
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return `lab ${key}`;
}

/** The arguments for `step` in the shape `tool` declares, every required one filled. */
export function argumentsFor(
  tool: DeclaredTool,
  step: Step,
  cwd: string | undefined,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, type] of Object.entries(tool.properties)) {
    if (PATH_KEYS.test(key) && step.path) args[key] = cwd ? `${cwd}/${step.path}` : step.path;
    else if (COMMAND_KEYS.test(key) && step.command)
      args[key] = type === 'array' ? ['bash', '-lc', step.command] : step.command;
    else if (CONTENT_KEYS.test(key) && step.content !== undefined) args[key] = step.content;
    else if (tool.required.includes(key)) args[key] = filler(key, type);
  }
  return args;
}

/** The steps this agent's tools can do, each with the tool that does it. */
function plan(tools: readonly DeclaredTool[]): { step: Step; tool: DeclaredTool }[] {
  const shell = toolFor(tools, 'shell');
  return SCRIPT.flatMap((step) => {
    const own = toolFor(tools, step.role);
    if (own) return [{ step, tool: own }];
    return shell ? [{ step: shellStep(step), tool: shell }] : [];
  });
}

const LEAD_TEXT: Readonly<Record<Role, string>> = {
  read: 'Reading the file.',
  shell: 'Running a command.',
  write: 'Writing the notes.',
};

/**
 * What an agent sends by itself after compacting, in place of a user's request: OpenCode
 * 1.18's carry-on prompt ("Continue if you have next steps …"); Qwen Code 0.24's trailer
 * after the summary and the reminders of the files and images it had read (its bundle's
 * `RESUME_TRAILER` and `buildFileRestorationBlocks`, chunks/chunk-DPEB6S2R.js). The
 * script's work is in the summary it wrote, so it closes the turn on one of these rather
 * than start the same tool calls again (which compacted again, without end).
 */
export const AUTO_CONTINUE: readonly RegExp[] = [
  /^Continue if you have next steps/, // OpenCode
  /Resume the prior task using the summary above\./, // Qwen Code, after the summary
  /^The following files were recently accessed before context was compacted\./, // Qwen Code
  /^Recently accessed file \(full current content embedded\):/, // Qwen Code
  /^Recent visual snapshots preserved from before context was compacted/, // Qwen Code
];

/** The text of the newest user turn, tool results after it or not. */
function lastUserTurn(turns: readonly Turn[]): string {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    if (turn.kind === 'user') return turn.text;
  }
  return '';
}

/** Whether the turn under way was started by the agent after its compaction, not by a request. */
export function isAutoContinue(conversation: Conversation): boolean {
  const text = lastUserTurn(conversation.turns).trimStart();
  return AUTO_CONTINUE.some((prompt) => prompt.test(text));
}

/** What the scripted agent answers to `conversation`; `idPrefix` is the protocol's (`toolu_`, `call_`). */
export function agentReply(conversation: Conversation, idPrefix: string): AgentReply {
  if (isSummaryRequest(conversation)) return { kind: 'summary' };
  if (isAutoContinue(conversation)) return { kind: 'text', text: CLOSING_TEXT };
  const steps = plan(conversation.tools);
  const at = stepOf(conversation.turns);
  if (at >= steps.length) return { kind: 'text', text: CLOSING_TEXT };
  const { step, tool } = steps[at];
  const call: ScriptedCall = {
    id: `${idPrefix}lab${at + 1}_${fingerprint(conversation)}`,
    name: tool.name,
    arguments: JSON.stringify(argumentsFor(tool, step, cwdOf(conversation))),
  };
  return { kind: 'tool', text: LEAD_TEXT[step.role], call };
}

/** The summary the scripted agent writes when asked to compact. */
export const AGENT_SUMMARY = [
  '## Summary of the session so far',
  '- The user asked to look into the failing test; the agent read README.md and src/calc.js.',
  '- `node test/calc.test.js` fails: add() in src/calc.js subtracts instead of adding.',
  '- NOTES.md records the finding.',
  '',
  '## Next step',
  '- Fix add() and run the test again.',
].join('\n');
