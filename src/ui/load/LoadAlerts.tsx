/** The one error banner of the load panel: an address the page refuses, or the load that failed and what may help. */
import type { LoadRequest } from '../../state/transcriptStore';
import type { WorkerFailure } from '../../worker/protocol';
import { retryCanHelp } from './retry';

/** An address refused before anything was sent, with the reason. */
export function UrlProblem({
  url,
  problem,
  onDismiss,
}: {
  url: string;
  problem: string;
  onDismiss: () => void;
}) {
  return (
    <div className="import-error" role="alert">
      <div>
        <strong>Cannot open {url.trim()}:</strong> <span data-testid="url-problem">{problem}.</span>
      </div>
      <div className="error-actions">
        <button type="button" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}

/** A failed load: what failed, "Try again" where it can pass, and the way back to a pasted text. */
export function LoadError({
  error,
  failed,
  pasteOpen,
  onRetry,
  onShowPaste,
  onDismiss,
}: {
  error: WorkerFailure;
  failed: LoadRequest | null;
  pasteOpen: boolean;
  onRetry: (request: LoadRequest) => void;
  onShowPaste: () => void;
  onDismiss: () => void;
}) {
  return (
    <div className="import-error" role="alert">
      <div>
        <strong>Could not load {failed?.sourceName ?? 'the transcript'}.</strong>{' '}
        <span data-testid="import-error">{error.message}</span>
      </div>
      <div className="error-actions">
        {failed && retryCanHelp(error) && (
          <button type="button" data-testid="load-retry" onClick={() => onRetry(failed)}>
            Try again
          </button>
        )}
        {failed?.source.kind === 'text' && !pasteOpen && (
          <button type="button" onClick={onShowPaste}>
            Show the pasted text
          </button>
        )}
        <button type="button" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
