/** The load panel: paste, open a file or a link, pick a sample; progress, Cancel and import errors. */
import { memo, useEffect, useId, useRef, useState } from 'react';
import { policyProblem } from '../addressProblem';
import { FORMATS, type FormatId, type ImportIssue } from '../../formats/types';
import { useSettings } from '../../state/settingsStore';
import { useTranscript } from '../../state/transcriptStore';
import { useUi } from '../../state/uiStore';
import { bytes, percent } from '../format';
import { shortTokenizerName } from '../labels';
import { useModalDialog } from '../useModalDialog';
import { FollowControl } from './FollowControl';
import { retryCanHelp } from './retry';
import { loadSamples, sampleUrl, type Sample } from '../../app/samples';
import { useLoader } from '../../app/useLoader';
import './load.css';

const SEVERITY_LABELS: Record<ImportIssue['severity'], string> = {
  error: 'Error',
  warning: 'Warning',
  info: 'Note',
};

const PHASES = { reading: 'Reading', importing: 'Importing', tokenizing: 'Counting tokens' } as const;

/** Paste, open a file or a link, pick a sample; progress, cancel, and import errors. */
export const LoadPanel = memo(function LoadPanel() {
  const {
    pasteText,
    setPasteText,
    status,
    progress,
    error,
    failed,
    view,
    lastRequest,
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
  useEffect(() => {
    if (status === 'loading' || error) setUrlProblem(null);
  }, [status, error]);

  const formatOverride = lastRequest?.format ?? '';
  const reloadAs = (format: FormatId | undefined) => {
    if (lastRequest) void load({ ...lastRequest, format });
  };

  return (
    <section className="load" aria-label="Load a transcript">
      <div className="load-row">
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
          value=""
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
                sourceName: target.split('/').pop() || target,
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
        {view && (
          <>
            <label htmlFor={ids.format} className="muted">
              Format
            </label>
            <select
              id={ids.format}
              data-testid="format-override"
              value={formatOverride}
              title={view.detection.reason}
              onChange={(e) => reloadAs((e.target.value || undefined) as FormatId | undefined)}
            >
              <option value="">Detect ({view.format})</option>
              {FORMATS.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </select>
          </>
        )}
      </div>

      {pasteOpen && (
        <div className="paste" id={ids.paste}>
          <label htmlFor={`${ids.paste}-text`} className="visually-hidden">
            Transcript text
          </label>
          <textarea
            id={`${ids.paste}-text`}
            data-testid="paste-input"
            value={pasteText}
            spellCheck={false}
            placeholder="Paste a transcript: Claude Code or Codex JSONL, an OpenAI / Anthropic / Gemini request, LangChain messages, or plain User: / Assistant: text"
            onChange={(e) => setPasteText(e.target.value)}
          />
          <div className="paste-actions">
            <button
              type="button"
              className="primary"
              data-testid="paste-load"
              disabled={!pasteText.trim() || status === 'loading'}
              onClick={async () => {
                // A pasted transcript that loads has done its job: the box gives the page back.
                // One that fails stays open with the text, to be fixed and tried again, and so
                // does a box whose text was changed while the load ran.
                const text = pasteText;
                const loaded = await load({ source: { kind: 'text', text }, sourceName: 'Pasted text' });
                if (loaded && useTranscript.getState().pasteText === text) setPasteOpen(false);
              }}
            >
              Load
            </button>
            <span className="muted">{pasteText ? bytes(new Blob([pasteText]).size) : ''}</span>
          </div>
        </div>
      )}

      {status === 'loading' && progress && (
        <div
          className="progress"
          role="status"
          aria-live="polite"
          aria-label="Loading"
          data-testid="load-status"
        >
          {progress.phase === 'tokenizer' ? (
            // No measure to show: a bar that moves, not one stuck at the last phase's 100%.
            <>
              <span>Loading the {shortTokenizerName(view?.estimatedFor ?? tokenizerWanted)} tokenizer…</span>
              <progress data-testid="load-progress" />
            </>
          ) : (
            <>
              <span>
                {PHASES[progress.phase]}{' '}
                {progress.total > 0 || progress.done === 0
                  ? `${percent(progress.done, progress.total)}%`
                  : bytes(progress.done)}
              </span>
              <progress data-testid="load-progress" value={progress.done} max={Math.max(progress.total, 1)} />
            </>
          )}
          <button type="button" data-testid="load-cancel" onClick={cancel}>
            Cancel
          </button>
        </div>
      )}

      {urlProblem && (
        <div className="import-error" role="alert">
          <div>
            <strong>Cannot open {url.trim()}:</strong> <span data-testid="url-problem">{urlProblem}.</span>
          </div>
          <div className="error-actions">
            <button type="button" onClick={() => setUrlProblem(null)}>
              Dismiss
            </button>
          </div>
        </div>
      )}

      {error && (
        <div className="import-error" role="alert">
          <div>
            <strong>Could not load {failed?.sourceName ?? 'the transcript'}.</strong>{' '}
            <span data-testid="import-error">{error.message}</span>
          </div>
          <div className="error-actions">
            {failed && retryCanHelp(error) && (
              <button type="button" data-testid="load-retry" onClick={() => void load(failed)}>
                Try again
              </button>
            )}
            {failed?.source.kind === 'text' && !pasteOpen && (
              <button type="button" onClick={() => setPasteOpen(true)}>
                Show the pasted text
              </button>
            )}
            <button type="button" onClick={dismissError}>
              Dismiss
            </button>
          </div>
        </div>
      )}
    </section>
  );
});

/** Drop a file anywhere on the page. */
export const DropZone = memo(function DropZone() {
  const load = useLoader();
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overHandler = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      const file = e.dataTransfer?.files[0];
      if (file) void load({ source: { kind: 'file', file }, sourceName: file.name });
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('drop', drop);
    };
  }, [load]);
  return over ? (
    <div className="drop-overlay" data-testid="drop-overlay">
      Drop a transcript file to load it
    </div>
  ) : null;
});

/** Import problems that did not stop the load, one click from the header. */
export const ValidationReport = memo(function ValidationReport() {
  const view = useTranscript((s) => s.view);
  const { reportOpen, setReportOpen } = useUi();
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
});
