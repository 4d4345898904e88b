/**
 * Which tool output reports a failure. Imported transcripts do not keep the
 * agents' own error flags, so the output itself is read: an explicit exit
 * code decides when there is one; otherwise the patterns below, one row per
 * kind of tool that prints them.
 */

export interface FailurePattern {
  /** Who prints it, for anyone extending the table. */
  source: string;
  pattern: RegExp;
  /**
   * Text the pattern cannot match without: the pattern is tried only on
   * output that holds one of these, so long outputs are not searched line by
   * line for nothing.
   */
  needs: readonly string[];
}

/** The exit code a harness records beside the output (Codex metadata). */
const EXIT_FIELD = /"exit_code"\s*:\s*(-?\d+)/;
/** The exit code a harness prints into the output (Claude Code, pi, shells). */
const EXIT_TEXT = /^(?:exit code|process exited with code|command exited with code):?\s*(-?\d+)/im;

export const FAILURE_PATTERNS: readonly FailurePattern[] = [
  {
    source: 'vitest / jest summary',
    pattern: /\(\d+ tests? \| \d+ failed\)|^\s*Tests?\s+.*\d+ failed/m,
    needs: [' failed'],
  },
  { source: 'jest / vitest file', pattern: /^\s*FAIL\s+\S/m, needs: ['FAIL'] },
  { source: 'go test', pattern: /^--- FAIL: |^FAIL\s/m, needs: ['FAIL'] },
  { source: 'pytest', pattern: /^FAILED |=+ .*\d+ failed/m, needs: ['FAILED ', ' failed'] },
  { source: 'node:test / tap', pattern: /^not ok \d+/m, needs: ['not ok '] },
  { source: 'TypeScript', pattern: /error TS\d+:/, needs: ['error TS'] },
  { source: 'ESLint', pattern: /^\s*\d+:\d+\s+error\s/m, needs: ['error'] },
  {
    source: 'Python',
    pattern: /^Traceback \(most recent call last\):/m,
    needs: ['Traceback (most recent call last):'],
  },
  { source: 'Claude Code', pattern: /<tool_use_error>/, needs: ['<tool_use_error>'] },
  {
    source: 'shells',
    pattern: /command not found|No such file or directory/,
    needs: ['command not found', 'No such file or directory'],
  },
  {
    source: 'compilers and tools',
    pattern: /^(?:error|Error|ERROR)(?:\[\w+\])?:\s/m,
    needs: ['error', 'Error', 'ERROR'],
  },
  { source: 'Go build', pattern: /^\S+\.go:\d+:\d+: /m, needs: ['.go:'] },
];

/** Lines worth quoting as the failure: the first one that names it. */
const FAILURE_LINE =
  /\b(fail(ed|ure)?|error|exception|traceback|not ok|panic|cannot|undefined|redeclared|not found)\b|×|✗/i;

/** True when the output reports a failure. */
export function isFailure(output: string): boolean {
  const exit = EXIT_FIELD.exec(output) ?? EXIT_TEXT.exec(output);
  if (exit) return Number(exit[1]) !== 0;
  return FAILURE_PATTERNS.some(
    (row) => row.needs.some((text) => output.includes(text)) && row.pattern.test(output),
  );
}

/** The one line that best says what failed, for the checklist. */
export function failureLine(output: string, maxChars = 200): string {
  let text = output;
  // Codex wraps output in JSON; its `output` field is what the tool printed.
  try {
    const parsed: unknown = JSON.parse(output);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { output?: unknown }).output === 'string')
      text = (parsed as { output: string }).output;
  } catch {
    // Plain output.
  }
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  // A Python traceback ends with the exception that says what went wrong.
  const raised = lines.some((l) => l.startsWith('Traceback'))
    ? lines.findLast((l) => /^[\w.]*(Error|Exception)\b/.test(l))
    : undefined;
  const line = raised ?? lines.find((l) => FAILURE_LINE.test(l) && !/\b0 failed\b/.test(l)) ?? lines[0] ?? '';
  const flat = line.replace(/\s+/g, ' ');
  return flat.length <= maxChars ? flat : `${flat.slice(0, maxChars - 1)}…`;
}
