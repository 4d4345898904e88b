/**
 * A finished compaction judged: the facts of what it summarized, scored
 * against the summary it wrote. The page, the worker and the command line all
 * call this, so a score means the same thing everywhere.
 */
import type { Result } from '../compactor';
import type { Message } from '../message';
import { extractFacts } from './facts';
import { scoreSummary, type Scorecard } from './score';

export function judgeCompaction(
  messages: readonly Message[],
  result: Pick<Result, 'summarized' | 'summary' | 'tokensBefore' | 'tokensAfter'>,
): Scorecard {
  return scoreSummary(extractFacts(messages, result.summarized), result.summary, {
    before: result.tokensBefore,
    after: result.tokensAfter,
  });
}
