/** The mark on numbers that are still a fast estimate while the tokenizer loads or counts. */
import { useTranscript } from '../../state/transcriptStore';
import type { TranscriptView } from '../../worker/protocol';
import { percent } from '../format';
import { shortTokenizerName } from '../labels';

/**
 * Says that the bars and numbers on the page are a fast estimate (a token per
 * four characters) while the tokenizer loads or counts; gone once the exact
 * counts arrive. It reads the view the numbers beside it were drawn from (the
 * page draws a new transcript in a deferred render), so it never goes while
 * they still show the estimate.
 */
export function EstimateMark({ view }: { view: TranscriptView }) {
  const tokenizer = view.estimatedFor;
  const progress = useTranscript((s) => s.progress);
  if (!tokenizer) return null;
  const name = shortTokenizerName(tokenizer);
  const doing =
    progress?.phase === 'tokenizing'
      ? `counting ${name} tokens… ${percent(progress.done, progress.total)}%`
      : `loading the ${name} tokenizer…`;
  return (
    <span
      className="estimate-mark"
      data-testid="first-bars-estimate"
      role="status"
      title={`Counted as a token per four characters until the ${name} counts are ready`}
    >
      estimated: {doing}
    </span>
  );
}
