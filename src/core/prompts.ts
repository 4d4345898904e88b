/**
 * What the summarizer is told. The section headings are the contract with
 * the model and with anyone reading the summary later; the wording is ours.
 */
import type { Message } from './message';
import { formatCount } from './numbers';
import { serializeConversation } from './serialize';

export const SUMMARIZER_SYSTEM_PROMPT = [
  'You write context checkpoints for an AI agent whose conversation has grown too long.',
  'You will be shown part of a conversation between a user and an AI assistant, as a transcript.',
  'Do not continue the conversation, do not answer questions asked in it, and do not call tools.',
  'Reply with the structured summary only, in exactly the format you are given.',
].join(' ');

export const SUMMARY_HEADINGS = [
  '## Goal',
  '## Constraints & Preferences',
  '## Progress',
  '### Done',
  '### In Progress',
  '### Blocked',
  '## Key Decisions',
  '## Next Steps',
  '## Critical Context',
] as const;

export const TURN_PREFIX_HEADINGS = [
  '## Original Request',
  '## Early Progress',
  '## Context for Suffix',
] as const;

const SUMMARY_FORMAT = `## Goal
[What the user wants to achieve; list several goals if there are several.]

## Constraints & Preferences
- [Requirements, formats, tools and styles the user asked for, and anything they rejected, or "(none)"]

## Progress
### Done
- [x] [Finished work, naming each artifact produced and where it was written]

### In Progress
- [ ] [Work under way]

### Blocked
- [What is stuck and why, if anything]

## Key Decisions
- **[Decision]**: [Why it was made, so it is not reopened]

## Next Steps
1. [What should happen next, in order]

## Critical Context
- [Facts, numbers, identifiers, paths and error messages later steps depend on, or "(none)"]

Keep every section short and write in the language of the conversation. Copy paths, names, numbers and error text exactly. Output the summary and nothing else.

Length matters: this summary shares the context window with the messages kept after it. Aim for under 500 words, use short bullets, and leave out detail that no later step could act on.`;

export const INITIAL_INSTRUCTIONS = `The transcript above is the start of a conversation that will continue without it. Condense it into a structured checkpoint from which another model can carry on the work.

Use this EXACT format:

${SUMMARY_FORMAT}`;

export const UPDATE_INSTRUCTIONS = `The transcript above contains messages that came after the summary in <previous-summary>. Fold them into that summary and return the updated summary.

RULES:
- PRESERVE what later steps still need from the previous summary.
- ADD new progress, decisions and context.
- UPDATE Progress: move finished items from In Progress to Done.
- UPDATE Next Steps to match where the work now stands.
- PRESERVE exact paths, function names and error messages.
- CONDENSE: the result must not be longer than the previous summary unless genuinely new facts require it. Collapse finished work to one line per item; drop superseded plans, resolved errors and abandoned approaches. A summary that only ever grows undoes the compaction it belongs to.

Use this EXACT format:

${SUMMARY_FORMAT}`;

export const TURN_PREFIX_INSTRUCTIONS = `The transcript above is the PREFIX of a single turn that was too large to keep whole. Its SUFFIX, the most recent work, stays in the conversation and is not shown here. Summarize the prefix so that the suffix still makes sense on its own.

Use this EXACT format:

## Original Request
[What the user asked for in this turn]

## Early Progress
- [Decisions made and work done in the prefix, naming artifacts and paths]

## Context for Suffix
- [What is needed to understand the retained recent work]

Be concise, write in the language of the conversation, copy paths, names and error text exactly, and output only the summary.`;

/** Placed between the history summary and the turn-prefix summary of a split turn. */
export const SPLIT_TURN_SEPARATOR = '\n\n---\n\n**Turn Context (split turn):**\n\n';

/** Used as the history part when a split turn has no history before it. */
export const NO_PRIOR_HISTORY = 'No prior history.';

/** The four texts a compaction sends, each open to the user's edit. */
export interface SummaryPrompts {
  /** The system prompt of every summarization request. */
  system: string;
  /** Instructions for a first summary. */
  initial: string;
  /** Instructions for folding new messages into a previous summary. */
  update: string;
  /** Instructions for the prefix of a split turn. */
  turnPrefix: string;
}

export type PromptId = keyof SummaryPrompts;
export const PROMPT_IDS: readonly PromptId[] = ['system', 'initial', 'update', 'turnPrefix'];

export const DEFAULT_PROMPTS: Readonly<SummaryPrompts> = {
  system: SUMMARIZER_SYSTEM_PROMPT,
  initial: INITIAL_INSTRUCTIONS,
  update: UPDATE_INSTRUCTIONS,
  turnPrefix: TURN_PREFIX_INSTRUCTIONS,
};

/** A user's edits: any subset; an empty or blank text means the default. */
export type PromptOverrides = Partial<SummaryPrompts>;

/** Longest accepted text of one prompt: a prompt is instructions, not a document. */
export const MAX_PROMPT_CHARS = 20_000;

/** The prompts a compaction sends: each override that says something, else the default. */
export function resolvePrompts(overrides?: PromptOverrides): SummaryPrompts {
  const out = { ...DEFAULT_PROMPTS };
  for (const id of PROMPT_IDS) {
    const text = overrides?.[id];
    if (typeof text === 'string' && text.trim()) out[id] = text.slice(0, MAX_PROMPT_CHARS);
  }
  return out;
}

/** Only the prompts that differ from the defaults, for storing and sharing. */
export function promptChanges(prompts: PromptOverrides | undefined): PromptOverrides {
  const out: PromptOverrides = {};
  for (const id of PROMPT_IDS) {
    const text = prompts?.[id];
    if (typeof text === 'string' && text.trim() && text !== DEFAULT_PROMPTS[id]) out[id] = text;
  }
  return out;
}

/** What each prompt is called where a person reads it. */
export const PROMPT_LABELS: Readonly<Record<PromptId, string>> = {
  system: 'System prompt',
  initial: 'Summary instructions',
  update: 'Update instructions',
  turnPrefix: 'Turn-prefix instructions',
};

/**
 * Prompts read back from a file, storage or a link: every known field that
 * is text within the limit is taken; anything else is named in `problems`
 * and left out, so one bad field never costs the others.
 */
export function readPromptOverrides(value: unknown): { prompts: PromptOverrides; problems: string[] } {
  const prompts: PromptOverrides = {};
  const problems: string[] = [];
  if (value === undefined || value === null) return { prompts, problems };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { prompts, problems: ['the prompts are not an object of texts'] };
  }
  for (const [key, text] of Object.entries(value as Record<string, unknown>)) {
    if (!(PROMPT_IDS as readonly string[]).includes(key)) {
      problems.push(`"${key.slice(0, 40)}" is not a prompt (known: ${PROMPT_IDS.join(', ')})`);
    } else if (typeof text !== 'string') {
      problems.push(`${key}: not text`);
    } else if (text.length > MAX_PROMPT_CHARS) {
      problems.push(
        `${key}: ${formatCount(text.length)} characters, over the limit of ${formatCount(MAX_PROMPT_CHARS)}`,
      );
    } else if (text.trim()) {
      prompts[key as PromptId] = text;
    }
  }
  return { prompts, problems };
}

/** The longest instructions among `prompts`, for sizing the summarizer input budget. */
export function longestInstructions(prompts: SummaryPrompts): string {
  return [prompts.initial, prompts.update, prompts.turnPrefix].reduce((a, b) =>
    b.length > a.length ? b : a,
  );
}

export function omissionNote(omitted: number): string {
  return (
    `[${omitted} earlier messages are not shown: they did not fit in one summarization request, ` +
    'and no previous summary covers them. Do not guess at what they said.]'
  );
}

export function focusNote(instructions: string | undefined): string {
  const focus = instructions?.trim();
  return focus ? `\n\nAdditional focus: ${focus}` : '';
}

/**
 * The one user message of a summarization request. The instructions come
 * last, so nothing in the conversation can pass for them.
 */
export function buildSummarizationPrompt(
  messages: readonly Message[],
  omitted: number,
  previousSummary: string,
  instructions: string,
  focus?: string,
): string {
  let prompt = '<conversation>\n';
  if (omitted > 0) prompt += `${omissionNote(omitted)}\n\n`;
  prompt += `${serializeConversation(messages)}\n</conversation>\n\n`;
  if (previousSummary) prompt += `<previous-summary>\n${previousSummary}\n</previous-summary>\n\n`;
  return prompt + instructions + focusNote(focus);
}
