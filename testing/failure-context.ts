/**
 * A reporter for runs where only the console survives (CI): for a test that
 * failed, the time each of its steps took and the page as it was when it
 * failed (Playwright's accessibility snapshot), so a failure that happens only
 * on a busy machine can be read from the log alone.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

const MAX_SNAPSHOT_CHARS = 6_000;

function stepLines(steps: readonly TestStep[], depth: number, out: string[]): void {
  for (const step of steps) {
    if (step.category === 'hook' || step.category === 'fixture') continue;
    const where = step.location ? `  (${basename(step.location.file)}:${step.location.line})` : '';
    out.push(`${'  '.repeat(depth)}${String(step.duration).padStart(6)} ms  ${step.title}${where}`);
    if (depth < 1) stepLines(step.steps, depth + 1, out);
  }
}

export default class FailureContext implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === test.expectedStatus) return;
    const out = [
      `\n── ${test.title}: ${result.status} after ${result.duration} ms, attempt ${result.retry + 1}`,
    ];
    stepLines(result.steps, 0, out);
    const context = result.attachments.find((a) => a.name === 'error-context' && a.path);
    if (context?.path) {
      try {
        // The snapshot is the YAML block; the rest repeats the error printed above.
        const markdown = readFileSync(context.path, 'utf8');
        const text = /```yaml\n([\s\S]*?)```/.exec(markdown)?.[1] ?? markdown;
        out.push('The page when it failed:');
        out.push(
          text.length > MAX_SNAPSHOT_CHARS ? `${text.slice(0, MAX_SNAPSHOT_CHARS)}\n… (cut short)` : text,
        );
      } catch {
        // The snapshot was not written: the steps above are all there is.
      }
    }
    console.log(out.join('\n'));
  }

  printsToStdio(): boolean {
    return false;
  }
}
