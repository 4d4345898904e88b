/** The load panel: paste, open a file or a link, pick a sample; progress, Cancel and import errors. */
import { memo, useEffect, useId, useRef, useState } from 'react';
import { policyProblem } from '../addressProblem';
import { FORMATS, type FormatId } from '../../formats/types';
import { useSettings } from '../../state/settingsStore';
import { useTranscript } from '../../state/transcriptStore';
import { FollowControl } from './FollowControl';
import { LoadError, UrlProblem } from './LoadAlerts';
import { LoadProgress } from './LoadProgress';
import { formatChoice, openSample, urlSourceName } from './loadText';
import { PasteBox } from './PasteBox';
import { loadSamples, sampleUrl, type Sample } from '../../app/samples';
import { useLoader } from '../../app/useLoader';
import './load.css';

// The drop overlay and the import report are drawn by the page beside this panel.
export { DropZone } from './DropZone';
export { ValidationReport } from './ValidationReport';

/** Paste, open a file or a link, pick a sample; progress, cancel, and import errors. */
export const LoadPanel = memo(LoadPanelComponent);

/** `rowId` names the row of ways in, for the button that folds it on a phone. */
function LoadPanelComponent({ rowId }: { rowId?: string }) {
  const {
    pasteText,
    setPasteText,
    status,
    progress,
    error,
    failed,
    view,
    lastRequest,
    loading,
    cancel,
    dismissError,
  } = useTranscript();
  const load = useLoader();
  // The tokenizer a load or recount waits for: the estimate's, else the one the settings ask for.
  const tokenizerWanted = useSettings((s) => s.settings.tokenizer);
  const [samples, setSamples] = useState<Sample[]>([]);
  const [url, setUrl] = useState('');
  // An address the page's policy would refuse is said at once, not as the browser's bare "Failed to fetch".
  const [urlProblem, setUrlProblem] = useState<string | null>(null);
  const [pasteOpen, setPasteOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { paste: useId(), url: useId(), format: useId(), sample: useId() };

  useEffect(() => {
    loadSamples().then(setSamples);
  }, []);
  // A load that starts or fails after an address was refused replaces that notice: one banner, the newest.
  // Adjusted while rendering, when the load's state changes, not in an effect that renders twice.
  const [loadSeen, setLoadSeen] = useState({ status, error });
  if (loadSeen.status !== status || loadSeen.error !== error) {
    setLoadSeen({ status, error });
    if (status === 'loading' || error) setUrlProblem(null);
  }

  // The request the page shows: an estimated view is the load still in flight's, as the file line says.
  const shownRequest = view?.estimatedFor ? loading : lastRequest;
  const formats = view ? formatChoice(shownRequest, view.format) : null;
  const reloadAs = (format: FormatId | undefined) => {
    if (lastRequest) void load({ ...lastRequest, format });
  };

  return (
    <section className="load" aria-label="Load a transcript">
      <div className="load-row" id={rowId}>
        <button
          type="button"
          onClick={() => setPasteOpen((o) => !o)}
          aria-expanded={pasteOpen}
          aria-controls={ids.paste}
        >
          Paste…
        </button>
        <button type="button" onClick={() => fileInput.current?.click()}>
          Open file…
        </button>
        <FollowControl />
        <input
          ref={fileInput}
          type="file"
          data-testid="file-input"
          className="visually-hidden"
          // The "Open file…" button is the way in, for the keyboard and for screen readers alike.
          tabIndex={-1}
          aria-hidden="true"
          accept=".json,.jsonl,.traj,.txt,.md,application/json,text/plain"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void load({ source: { kind: 'file', file }, sourceName: file.name });
            e.target.value = '';
          }}
        />
        <label htmlFor={ids.sample} className="visually-hidden">
          Sample
        </label>
        <select
          id={ids.sample}
          data-testid="sample-select"
          value={openSample(shownRequest, samples, sampleUrl)}
          onChange={(e) => {
            const sample = samples.find((s) => s.id === e.target.value);
            if (sample)
              void load({
                source: { kind: 'url', url: sampleUrl(sample) },
                sourceName: sample.file,
                origin: 'sample',
              });
          }}
        >
          <option value="">Samples…</option>
          {samples.map((s) => (
            <option key={s.id} value={s.id} title={s.description}>
              {s.name}
            </option>
          ))}
        </select>
        <form
          className="url-form"
          onSubmit={(e) => {
            e.preventDefault();
            const target = url.trim();
            const problem = target ? policyProblem(target) : null;
            setUrlProblem(problem);
            // Only the newest problem is shown: an earlier load's error no longer applies.
            if (problem) dismissError();
            if (target && !problem)
              void load({
                source: { kind: 'url', url: target },
                sourceName: urlSourceName(target),
              });
          }}
        >
          <label htmlFor={ids.url} className="visually-hidden">
            Transcript URL
          </label>
          <input
            id={ids.url}
            type="url"
            placeholder="https://… transcript URL"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setUrlProblem(null);
            }}
          />
          <button type="submit" disabled={!url.trim()}>
            Open
          </button>
        </form>
        <span className="spacer" />
        {view && formats && (
          // One item of the row: when the row wraps, the label goes with its list, not left at the line's end.
          <span className="format-choice">
            <label htmlFor={ids.format} className="muted">
              Format
            </label>
            <select
              id={ids.format}
              data-testid="format-override"
              value={formats.value}
              disabled={formats.fixed}
              title={formats.fixed ? "A link's transcript is read as it was shared" : view.detection.reason}
              onChange={(e) => reloadAs((e.target.value || undefined) as FormatId | undefined)}
            >
              <option value="">{formats.detected}</option>
              {FORMATS.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </select>
          </span>
        )}
      </div>

      {pasteOpen && (
        <PasteBox
          id={ids.paste}
          pasteText={pasteText}
          setPasteText={setPasteText}
          loading={status === 'loading'}
          load={load}
          onLoaded={() => setPasteOpen(false)}
        />
      )}

      {status === 'loading' && progress && (
        <LoadProgress
          progress={progress}
          tokenizer={view?.estimatedFor ?? tokenizerWanted}
          onCancel={cancel}
        />
      )}

      {urlProblem && <UrlProblem url={url} problem={urlProblem} onDismiss={() => setUrlProblem(null)} />}

      {error && (
        <LoadError
          error={error}
          failed={failed}
          pasteOpen={pasteOpen}
          onRetry={(request) => void load(request)}
          onShowPaste={() => setPasteOpen(true)}
          onDismiss={dismissError}
        />
      )}
    </section>
  );
}
