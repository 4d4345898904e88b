/**
 * What stays where output was cleared: one table of the texts each agent
 * writes, so the counts and the cleared messages use the same words.
 */

/** Claude Code's microcompact and OpenCode's pruning both write this. */
export const CLEARED_TOOL_RESULT = '[Old tool result content cleared]';

/**
 * The Anthropic API does not publish the text it leaves; this is the one
 * LangChain's re-implementation of the same edit writes.
 */
export const API_CLEARED_TOOL_RESULT = '[cleared]';

/** A call's arguments once cleared: an empty object keeps the call well-formed. */
export const CLEARED_ARGUMENTS = '{}';

/** SWE-agent's note for a masked observation, as the JetBrains study used it. */
export function maskedObservation(lines: number): string {
  return `Old environment output: (${lines} lines omitted)`;
}

/** Lines as Python's `splitlines` counts them: a trailing newline does not start another. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split(/\r\n|\r|\n/).length;
  return /(\r\n|\r|\n)$/.test(text) ? lines - 1 : lines;
}

/**
 * Gemini CLI's cut-down tool output: the first fifth and the last four fifths
 * of `chars` characters around a note of how much was left out (Gemini CLI
 * also saves the whole output to a file and names it in the note).
 */
export function truncatedOutput(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const head = Math.floor(chars * 0.2);
  const tail = chars - head;
  const omitted = text.length - head - tail;
  return `Output too large. Showing first ${head} and last ${tail} characters.\n${text.slice(0, head)}\n\n... [${omitted} characters omitted] ...\n\n${text.slice(text.length - tail)}`;
}

/**
 * What Gemini CLI has the model answer right after its summary, as if the
 * model had read it (`chatCompressionService.ts`): one more message in the
 * compressed history.
 */
export const GEMINI_ACKNOWLEDGEMENT = 'Got it. Thanks for the additional context!';
