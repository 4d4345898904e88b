/** The line of a load under way: its phase and measure (or the tokenizer it waits for), a bar, and Cancel. */
import type { TokenizerId } from '../../core/tokenizer';
import type { Progress } from '../../worker/protocol';
import { shortTokenizerName } from '../labels';
import { progressLabel } from './loadText';

export function LoadProgress({
  progress,
  tokenizer,
  onCancel,
}: {
  progress: Progress;
  /** The tokenizer the load waits for while its ranks are fetched. */
  tokenizer: TokenizerId;
  onCancel: () => void;
}) {
  return (
    <div className="progress" role="status" aria-live="polite" aria-label="Loading" data-testid="load-status">
      {progress.phase === 'tokenizer' ? (
        // No measure to show: a bar that moves, not one stuck at the last phase's 100%.
        <>
          <span>Loading the {shortTokenizerName(tokenizer)} tokenizer…</span>
          <progress data-testid="load-progress" />
        </>
      ) : (
        <>
          <span>{progressLabel({ ...progress, phase: progress.phase })}</span>
          <progress data-testid="load-progress" value={progress.done} max={Math.max(progress.total, 1)} />
        </>
      )}
      <button type="button" data-testid="load-cancel" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
