/**
 * What the user told the agent to do or not to do. A summary that keeps the
 * task but drops "never touch the tests" sends the next turn straight into
 * the tests; these are the sentences that must survive.
 */

/** Words and phrases that make a sentence an instruction rather than a report. */
export const INSTRUCTING =
  /\b(always|never|don['’]t|do not|does not need|must(?:n['’]t| not)?|make sure|be sure to|ensure|avoid|should(?:n['’]t| not)?|keep (?:it|them|the)|leave \w+(?: \w+)? alone|only (?:use|touch|change|edit)|no need to|stick to|prefer|under no circumstances|without (?:changing|touching))\b/i;

const MAX_SENTENCE_CHARS = 240;

/** Sentences of a text: split at end punctuation, line breaks and list bullets. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) =>
      s
        .replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((s) => s.length > 0);
}

function clip(text: string): string {
  return text.length <= MAX_SENTENCE_CHARS ? text : `${text.slice(0, MAX_SENTENCE_CHARS - 1)}…`;
}

/** The instructing sentences of one user message, in order, once each. */
export function instructions(text: string): string[] {
  const out: string[] = [];
  for (const sentence of sentences(text)) {
    if (!INSTRUCTING.test(sentence)) continue;
    const clipped = clip(sentence);
    if (!out.includes(clipped)) out.push(clipped);
  }
  return out;
}

/**
 * The task a message asks for: its first sentences up to a short paragraph,
 * enough to name the work without quoting a whole pasted log.
 */
export function taskOf(text: string): string {
  let task = '';
  for (const sentence of sentences(text)) {
    if (task && task.length + sentence.length > MAX_SENTENCE_CHARS) break;
    task = task ? `${task} ${sentence}` : sentence;
    if (task.length >= 80) break;
  }
  return clip(task);
}
