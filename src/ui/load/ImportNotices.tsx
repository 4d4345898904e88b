/** What the importer skipped (a warning in view) and left out on purpose (a note). */
import { memo } from 'react';
import { describeSkipped, describeStart, issueKind } from '../../formats/issues';
import { useTranscript } from '../../state/transcriptStore';
import { useUi } from '../../state/uiStore';
import type { TranscriptView } from '../../worker/protocol';

/** The first message that is not a system prompt: what a reader checks the cut against. */
function firstTurn(view: TranscriptView): number {
  const i = view.roles.findIndex((role) => role !== 'system');
  return i >= 0 ? i : 0;
}

/**
 * What the importer left out, in view rather than behind a counter: each
 * skipped line with what it held and what the conversation now starts with
 * (a warning), and what was left out on purpose, as the agent itself leaves
 * it out (information, not counted as a problem).
 */
export const ImportNotices = memo(ImportNoticesComponent);

function ImportNoticesComponent() {
  const view = useTranscript((s) => s.view);
  const dismissed = useTranscript((s) => s.noticesDismissed);
  const dismiss = useTranscript((s) => s.dismissNotices);
  const setReportOpen = useUi((s) => s.setReportOpen);
  if (!view || dismissed) return null;
  const skipped = view.issues.filter((issue) => issueKind(issue) === 'skipped');
  const notes = view.issues.filter((issue) => issueKind(issue) === 'note');
  if (!skipped.length && !notes.length) return null;
  const start = firstTurn(view);
  return (
    <div className="import-notices">
      {skipped.length > 0 && (
        <div className="import-warning" role="alert" data-testid="import-warning">
          <strong>Parts of {view.sourceName} were skipped and are not in the conversation:</strong>
          <ul>
            {skipped.map((issue, i) => (
              <li key={i}>{describeSkipped(issue)}</li>
            ))}
          </ul>
          <p data-testid="import-start">
            {view.roles.length
              ? describeStart(start, view.roles[start], view.previews[start] ?? '')
              : 'No message is left in the conversation.'}
          </p>
          <div className="error-actions">
            <button type="button" onClick={() => setReportOpen(true)}>
              Import report
            </button>
            <button type="button" onClick={dismiss}>
              Dismiss
            </button>
          </div>
        </div>
      )}
      {notes.length > 0 && (
        <div className="import-info" role="status" data-testid="import-info">
          <span>
            <strong>Note: </strong>
            {notes.map((note) => `${note.message}.`).join(' ')} This is what the agent itself sends to the
            model; nothing is wrong with the file.
          </span>
          {skipped.length === 0 && (
            <button type="button" onClick={dismiss}>
              Dismiss
            </button>
          )}
        </div>
      )}
    </div>
  );
}
