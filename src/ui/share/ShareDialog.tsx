import { useEffect, useRef, useState } from 'react';
import { buildShareUrl } from '../../share/codec';
import { classifyLinkLength, LINK_PASTES_ANYWHERE, LINK_WORKS_MOSTLY } from '../../share/measure';
import { usePreviewResult } from '../../state/previewStore';
import { workerClient } from '../../worker/client';
import type { ShareLinks } from '../../worker/protocol';
import { fmt } from '../format';
import { currentShareState } from './shareState';
import './share.css';

const LENGTH_NOTES = {
  short: `up to ${fmt(LINK_PASTES_ANYWHERE)} characters: pastes anywhere`,
  long: `up to ${fmt(LINK_WORKS_MOSTLY)} characters: most chats and trackers take it`,
  'too-long': 'too long for most places: attach the repro bundle instead',
} as const;

function pageUrl(): string {
  return location.href.split('#')[0];
}

function LinkRow({
  label,
  testId,
  result,
}: {
  label: string;
  testId: string;
  result: ShareLinks['full'] | undefined;
}) {
  const [copied, setCopied] = useState(false);
  if (!result) return null;
  if ('error' in result) {
    return (
      <div className="share-link">
        <strong>{label}</strong>
        <p className="field-error" data-testid={`${testId}-error`}>
          {result.error}
        </p>
      </div>
    );
  }
  const url = buildShareUrl(pageUrl(), result.fragment);
  const cls = classifyLinkLength(url.length);
  return (
    <div className="share-link">
      <div className="share-link-head">
        <strong>{label}</strong>
        <span className={`length length-${cls}`} data-testid={`${testId}-length`} data-class={cls}>
          {fmt(url.length)} characters · {LENGTH_NOTES[cls]}
        </span>
      </div>
      <div className="share-link-row">
        <input
          readOnly
          value={url}
          data-testid={testId}
          aria-label={label}
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          data-testid={`${testId}-copy`}
          onClick={async () => {
            await navigator.clipboard?.writeText(url).catch(() => {});
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}

/** Links and a bundle that reopen exactly this state, with secrets found and optionally redacted. */
export function ShareDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const preview = usePreviewResult((s) => s.result);
  const [includePreview, setIncludePreview] = useState(true);
  const [redactSecrets, setRedactSecrets] = useState(true);
  const [redactContent, setRedactContent] = useState(false);
  const [links, setLinks] = useState<ShareLinks | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    let current = true;
    const state = currentShareState(includePreview ? preview : null);
    workerClient
      .request('share', { state, options: { redactSecrets, redactContent, mode: 'both' } })
      .result.then(
        (value) => current && (setLinks(value), setError(null)),
        (e: unknown) => current && setError(e instanceof Error ? e.message : String(e)),
      );
    return () => {
      current = false;
    };
  }, [open, includePreview, redactSecrets, redactContent, preview]);

  const bundle = links?.bundle;
  return (
    <dialog
      ref={dialog}
      className="share-dialog report"
      onClose={onClose}
      aria-labelledby="share-title"
      data-testid="share-dialog"
    >
      <h2 id="share-title">Share a reproduction</h2>
      <p className="muted">
        Everything travels in the part of the link after <code>#</code>, which browsers never send to a
        server. API keys are never included. Opening a link never calls a model.
      </p>
      <div className="share-options">
        <label className="check">
          <input
            type="checkbox"
            data-testid="share-include-preview"
            checked={includePreview && !!preview}
            disabled={!preview}
            onChange={(e) => setIncludePreview(e.target.checked)}
          />
          Include the last preview result{preview ? '' : ' (none yet)'}
        </label>
        <label className="check">
          <input
            type="checkbox"
            data-testid="share-redact-content"
            checked={redactContent}
            onChange={(e) => setRedactContent(e.target.checked)}
          />
          Replace message text with neutral words of the same token count (the cut stays the same, the content
          does not travel)
        </label>
      </div>
      {links && links.findings.length > 0 && (
        <div className="import-error" data-testid="share-findings">
          <strong>
            {links.findings.length} key-shaped string{links.findings.length > 1 ? 's' : ''} found in what
            would be shared:
          </strong>
          <ul>
            {links.findings.slice(0, 8).map((f, i) => (
              <li key={i}>
                {f.label} in {f.where}: <code>{f.preview}</code>
              </li>
            ))}
          </ul>
          <label className="check">
            <input
              type="checkbox"
              data-testid="share-redact-secrets"
              checked={redactSecrets}
              onChange={(e) => setRedactSecrets(e.target.checked)}
            />
            Redact them in the links and the bundle
          </label>
        </div>
      )}
      {error && <p className="field-error">{error}</p>}
      {!links && !error && <p className="muted">Building the links…</p>}
      <LinkRow label="Full link (transcript, settings, selection)" testId="share-full" result={links?.full} />
      <LinkRow
        label="Settings-only link (the reader loads the file; its hash is checked)"
        testId="share-settings"
        result={links?.settingsOnly}
      />
      {links && links.redactionMisses > 0 && (
        <p className="muted">
          {links.redactionMisses} messages could not be matched to the exact token count after redaction.
        </p>
      )}
      <div className="share-actions">
        <button
          type="button"
          data-testid="share-bundle"
          disabled={!bundle || 'error' in bundle}
          title={bundle && 'error' in bundle ? bundle.error : 'A .json file that opens like the full link'}
          onClick={() => {
            if (!bundle || 'error' in bundle) return;
            const url = URL.createObjectURL(new Blob([bundle.text], { type: 'application/json' }));
            const a = document.createElement('a');
            a.href = url;
            a.download = bundle.fileName;
            a.click();
            setTimeout(() => URL.revokeObjectURL(url), 1000);
          }}
        >
          Download repro bundle
        </button>
        <form method="dialog">
          <button type="submit">Close</button>
        </form>
      </div>
    </dialog>
  );
}
