/** The line naming the loaded transcript, its source and its format. */
import { memo, useEffect, useState, type ReactNode } from 'react';
import { isProblem } from '../../formats/issues';
import { labelOf } from '../../formats/types';
import { useTranscript, type LoadRequest } from '../../state/transcriptStore';
import { useUi } from '../../state/uiStore';
import { ExportMenu } from '../ExportMenu';
import { loadSamples, sampleUrl, type Sample } from '../../app/samples';
import { openSample } from './loadText';

/** What kind of source the transcript on the page came from, in the words the line uses. */
function originOf(request: LoadRequest | null, samples: Sample[]): string {
  if (!request) return 'Loaded';
  const { source } = request;
  if (source.kind === 'url') return openSample(request, samples, sampleUrl) ? 'Sample' : 'From';
  if (request.origin === 'link') return 'Shared';
  // A pasted text's name already says where it came from ("Pasted text").
  if (source.kind === 'text') return '';
  return 'File';
}

/**
 * Which transcript the numbers below describe: its file name and detected
 * format, with the actions that apply to it. It scrolls away with the
 * header; only the numbers stay in view.
 */
export const SourceLine = memo(SourceLineComponent);

/** `change` is the phone's button that opens the folded load controls, drawn after the file's name. */
function SourceLineComponent({ change }: { change?: ReactNode }) {
  const view = useTranscript((s) => s.view);
  // An estimated view belongs to the load still in flight, not yet to the last finished one.
  const request = useTranscript((s) => (s.view?.estimatedFor ? s.loading : s.lastRequest));
  // An estimated view is still loading: the mark follows the finished load.
  const shared = useTranscript((s) => s.shared && !s.view?.estimatedFor);
  const setReportOpen = useUi((s) => s.setReportOpen);
  const [samples, setSamples] = useState<Sample[]>([]);
  useEffect(() => {
    void loadSamples().then(setSamples);
  }, []);
  if (!view) return null;
  const origin = originOf(request, samples);
  // Notes about what was left out on purpose are information, not problems.
  const problems = view.issues.filter(isProblem).length;
  return (
    <div className="source-line" aria-label="Loaded transcript">
      <span className="source-what" title={`Detected because ${view.detection.reason}`}>
        {origin && <span className="muted">{origin} </span>}
        <strong data-testid="source-name">
          {view.sourceName} · {labelOf(view.format)}
        </strong>{' '}
        <code className="muted format-id" data-testid="format" title="The format's id, as --format takes it">
          {view.format}
        </code>
        {change && <> {change}</>}
      </span>
      {shared && (
        <span className="shared-mark" data-testid="shared-mark">
          <span title="Kept for reloads of this tab only: another tab or a later visit shows your own transcript">
            Shared link, this tab only
          </span>
          <button
            type="button"
            data-testid="keep-as-own"
            onClick={() => useTranscript.getState().keepAsOwn()}
            title="Keep this transcript as your own: a later visit opens it, and it is no longer marked as shared"
          >
            Keep as my own
          </button>
        </span>
      )}
      <span className="spacer" />
      <span className="source-more">
        <ExportMenu which="loaded" stem={view.sourceName} label="Export…" />
        <button type="button" onClick={() => setReportOpen(true)} data-testid="open-report">
          {problems ? `${problems} import problem${problems > 1 ? 's' : ''}` : 'Import report'}
        </button>
      </span>
    </div>
  );
}
