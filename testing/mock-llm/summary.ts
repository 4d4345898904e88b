/**
 * The text the mock streams: a summary under the headings the playground
 * asks for, quoting the last user request found in the prompt, so a test can
 * see that its own transcript reached the "model".
 */

const LAST_USER =
  /\[User\]: ([\s\S]*?)(?=\n\n\[(?:User|Assistant|Assistant thinking|Assistant tool calls|Tool result [^\]\n]*)\]: |\n<\/conversation>|$)/g;

/** The last `[User]: …` part of the transcript in the prompt, on one line. */
export function lastUserRequest(prompt: string): string | undefined {
  const conversation = /<conversation>([\s\S]*)<\/conversation>/.exec(prompt)?.[1] ?? prompt;
  const matches = [...`${conversation.trim()}\n</conversation>`.matchAll(LAST_USER)];
  const last = matches.at(-1)?.[1];
  return last === undefined ? undefined : last.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/**
 * A judge's answers, by a rule a test can predict: every probe is answered
 * with the whole summary on one line (so an answer names exactly what the
 * summary names), and a grading request passes any answer that says something.
 */
export function mockJudgeReply(prompt: string): string | undefined {
  const questions = /<questions>\n([\s\S]*?)\n<\/questions>/.exec(prompt);
  if (questions) {
    const summary = /<summary>\n([\s\S]*?)\n<\/summary>/.exec(prompt)?.[1] ?? '';
    const flat = summary
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ');
    return questions[1]
      .split('\n')
      .map((_, i) => `${i + 1}. ${flat || 'not in the summary'}`)
      .join('\n');
  }
  const answer = /<source>[\s\S]*<answer>\n([\s\S]*?)\n<\/answer>/.exec(prompt);
  if (answer) {
    return !answer[1].trim() || /not in the summary/i.test(answer[1])
      ? 'FAIL: the answer does not say.'
      : 'PASS: the answer states what was decided.';
  }
  return undefined;
}

export function mockSummary(prompt: string, model: string): string {
  const judged = mockJudgeReply(prompt);
  if (judged !== undefined) return judged;
  const request = lastUserRequest(prompt);
  const quoted = request === undefined ? '(no user request in the prompt)' : `"${request}"`;
  if (prompt.includes('## Original Request')) {
    return [
      '## Original Request',
      quoted,
      '',
      '## Early Progress',
      '- The mock read the first part of the turn.',
      '',
      '## Context for Suffix',
      `- Written by the local mock LLM server (model ${model}).`,
    ].join('\n');
  }
  return [
    '## Goal',
    'Carry the conversation forward from this checkpoint.',
    '',
    '## Constraints & Preferences',
    '- (none)',
    '',
    '## Progress',
    '### Done',
    '- [x] The mock read the conversation.',
    '',
    '### In Progress',
    `- [ ] ${quoted}`,
    '',
    '### Blocked',
    '- (none)',
    '',
    '## Key Decisions',
    '- **Mock server**: this summary is canned, apart from the quoted request.',
    '',
    '## Next Steps',
    `1. Answer the last request: ${quoted}`,
    '',
    '## Critical Context',
    `- Written by the local mock LLM server (model ${model}).`,
  ].join('\n');
}

/** Splits text into small pieces (a few words each), as a model streams it. */
export function pieces(text: string, wordsPerPiece = 4): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerPiece) out.push(words.slice(i, i + wordsPerPiece).join(''));
  return out;
}

export function tokenEstimate(text: string): number {
  return Math.ceil(text.length / 4);
}
