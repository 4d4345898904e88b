/** What the preview says before a run: a link's server to confirm, the offline note, what is missing, why there is nothing to run. */
import { explainNothingToCompact } from '../../core/explain';
import { listFields, type ProviderField } from '../../providers/readiness';
import type { PreviewResult } from '../../worker/protocol';
import type { PageAnalysis } from '../useAnalysis';

export function PreviewNotices({
  analysis,
  awaitingConfirmation,
  unconfirmedBaseUrl,
  onConfirmBaseUrl,
  offline,
  onlyClears,
  result,
  running,
  missing,
  presetLabel,
  nothing,
}: {
  analysis: PageAnalysis;
  /** A shared link chose a server no preset uses, not confirmed yet. */
  awaitingConfirmation: boolean;
  unconfirmedBaseUrl: string | null;
  onConfirmBaseUrl: () => void;
  /** The offline summarizer is chosen. */
  offline: boolean;
  onlyClears: boolean;
  result: PreviewResult | undefined;
  running: boolean;
  missing: readonly ProviderField[];
  presetLabel: string | undefined;
  nothing: boolean;
}) {
  return (
    <>
      {awaitingConfirmation && (
        <div className="link-banner bad" data-testid="confirm-base-url">
          <span>
            The shared link points the preview at <code>{unconfirmedBaseUrl}</code>, a server no built-in
            preset uses. Nothing is sent there, and no key is used with it, until you confirm; it is not saved
            for your next visit until then.
          </span>
          <button type="button" onClick={onConfirmBaseUrl}>
            Use this server
          </button>
        </div>
      )}
      {/* Said once: an offline summary says it on its own first line, so the note gives way to it. */}
      {offline && !onlyClears && !(result?.offline && !running) && (
        <p className="offline-note muted" data-testid="offline-note">
          The offline summarizer writes the summary from the transcript itself, in this page: it is not a
          model, and needs no key.
        </p>
      )}
      {missing.length > 0 && (
        <p className="missing" data-testid="preview-missing">
          To run with {presetLabel}, enter {listFields(missing)}.
          {missing.includes('API key') && (
            <span className="muted">
              {' '}
              The key stays in this page unless you tick “Remember on this device”.
            </span>
          )}
        </p>
      )}
      {nothing && (
        <p className="muted" data-testid="preview-nothing">
          Nothing to compact with these settings:{' '}
          {explainNothingToCompact(analysis.index, analysis.plan, analysis.settings).text}.
        </p>
      )}
      {onlyClears && !nothing && (
        <p className="muted" data-testid="preview-clears-only">
          {analysis.settings.strategy} only clears tool output in place: the preview calls no model.
        </p>
      )}
    </>
  );
}
