/**
 * How a summary is presented to the model, and how summaries written by us or
 * by other agents are recognized when a transcript is loaded again.
 */
import type { Message } from './message';

/** Our lead-in. The summary is history, so it travels as a user message. */
export const SUMMARY_LEAD_IN = 'Earlier turns of this conversation were condensed into the summary below.';
const OPEN = '<summary>';
const CLOSE = '</summary>';

/** The lead-in pi writes before a compaction summary; WeKnora writes the same. */
export const PI_COMPACTION_LEAD_IN =
  'The conversation history before this point was compacted into the following summary:';

/**
 * The lead-in pi writes before a branch summary. A branch summary tells of a
 * side branch the user abandoned, not of the history before it, so it is not
 * a summary envelope: taken for one, it would become the boundary, and the
 * real compaction summary and every message before it would be dropped
 * without ever reaching the summarizer.
 */
export const PI_BRANCH_LEAD_IN =
  'The following is a summary of a branch that this conversation came back from:';

/** Lead-ins of compaction summaries, matched at the start of a user message. */
export const KNOWN_LEAD_INS: readonly { source: string; text: string }[] = [
  { source: 'compaction-playground', text: SUMMARY_LEAD_IN },
  { source: 'pi / WeKnora', text: PI_COMPACTION_LEAD_IN },
];

/** Wraps summary text in the envelope the model sees, tagged as a summary. */
export function summaryMessage(summary: string, id = 'summary'): Message {
  return {
    id,
    role: 'user',
    kind: 'summary',
    content: `${SUMMARY_LEAD_IN}\n\n${OPEN}\n${summary}\n${CLOSE}`,
  };
}

/** Which known compactor wrote this compaction summary, or null when it is not one. */
export function envelopeSource(text: string): string | null {
  const trimmed = text.trimStart();
  for (const lead of KNOWN_LEAD_INS) {
    if (trimmed.startsWith(lead.text) && trimmed.includes(OPEN)) return lead.source;
  }
  return null;
}

/**
 * A summary either says so explicitly or arrives in a recognized compaction
 * envelope. Only compaction summaries count: they are the boundaries.
 */
export function isSummaryMessage(message: Message): boolean {
  if (message.kind === 'summary') return true;
  return message.role === 'user' && envelopeSource(message.content) !== null;
}

/**
 * The summary text inside an envelope: after the first `<summary>` up to the
 * last `</summary>`; the whole trimmed text when there are no tags.
 */
export function unwrapSummary(content: string): string {
  const open = content.indexOf(OPEN);
  if (open < 0) return content.trim();
  const start = open + OPEN.length;
  const close = content.lastIndexOf(CLOSE);
  return (close >= start ? content.slice(start, close) : content.slice(start)).trim();
}
