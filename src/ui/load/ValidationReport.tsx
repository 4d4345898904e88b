/** The import report dialog: the detected format and why, and the problems that did not stop the load. */
import { memo } from 'react';
import { FORMATS, type ImportIssue } from '../../formats/types';
import { useTranscript } from '../../state/transcriptStore';
import { useUi } from '../../state/uiStore';
import { bytes } from '../format';
import { useModalDialog } from '../useModalDialog';

const SEVERITY_LABELS: Record<ImportIssue['severity'], string> = {
  error: 'Error',
  warning: 'Warning',
  info: 'Note',
};

/** Import problems that did not stop the load, one click from the header. */
export const ValidationReport = memo(ValidationReportComponent);

function ValidationReportComponent() {
  const view = useTranscript((s) => s.view);
  const reportOpen = useUi((s) => s.reportOpen);
  const setReportOpen = useUi((s) => s.setReportOpen);
  const dialog = useModalDialog(reportOpen);
  if (!view) return null;
  return (
    <dialog
      ref={dialog}
      className="report"
      onClose={() => setReportOpen(false)}
      aria-labelledby="report-title"
    >
      <h2 id="report-title">Import report: {view.sourceName}</h2>
      <p className="muted">
        {FORMATS.find((f) => f.id === view.format)?.label} · detected because {view.detection.reason}{' '}
        (confidence {Math.round(view.detection.confidence * 100)}%) · {bytes(view.bytes)}
      </p>
      {view.issues.length === 0 ? (
        <p>No problems found: every tool call has its result and every result its call.</p>
      ) : (
        <ul className="issues" data-testid="import-issues">
          {view.issues.map((issue, i) => (
            <li key={i} className={issue.severity}>
              <strong>{SEVERITY_LABELS[issue.severity]}</strong>
              {issue.line !== undefined && <span className="mono"> line {issue.line}</span>}
              {issue.path && <span className="mono"> {issue.path}</span>}: {issue.message}
              {issue.count !== undefined && issue.count > 1 && <span> ({issue.count} times)</span>}
              {issue.example && <pre>{issue.example}</pre>}
            </li>
          ))}
        </ul>
      )}
      <form method="dialog">
        <button type="submit" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  );
}
