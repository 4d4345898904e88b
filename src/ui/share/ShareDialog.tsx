/** The share dialog: full, settings-only and minimal links, the bundle, and what each leaves out. */
import { memo } from 'react';
import { LinkRow } from './LinkRow';
import { MinimalLinkSection } from './MinimalLinkSection';
import { findingsHeading, fullLinkTooLong, pageUrl } from './shareView';
import { useModalDialog } from '../useModalDialog';
import { downloadBundle, useShareLink } from './useShareLink';
import './share.css';

/** Links and a bundle that reopen exactly this state, with secrets found and optionally redacted. */
export const ShareDialog = memo(ShareDialogComponent);

function ShareDialogComponent({ open, onClose }: { open: boolean; onClose(): void }) {
  const dialog = useModalDialog(open);
  const share = useShareLink(open);
  const { links } = share;
  const bundle = links?.bundle;
  // The minimal link comes first whenever the full one would not paste. Both are keyed, so moving
  // one above the other keeps each as it was: the "Add text back" form keeps what the user chose.
  const minimalFirst = fullLinkTooLong(links?.full, pageUrl());
  const minimal = (
    <MinimalLinkSection
      key="minimal"
      result={links?.minimal}
      include={share.include}
      onInclude={share.setInclude}
      recommended={minimalFirst}
    />
  );
  const full = (
    <LinkRow
      key="full"
      label="Full link (transcript, settings, selection)"
      testId="share-full"
      result={links?.full}
    />
  );
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
            checked={share.includePreview}
            disabled={!share.hasPreview}
            onChange={(e) => share.setIncludePreview(e.target.checked)}
          />
          Include the last preview result{share.hasPreview ? '' : ' (none yet)'}
        </label>
        <label className="check">
          <input
            type="checkbox"
            data-testid="share-redact-content"
            checked={share.redactContent}
            onChange={(e) => share.setRedactContent(e.target.checked)}
          />
          Replace message text with neutral words of the same token count (the cut stays the same, the content
          does not travel)
        </label>
      </div>
      {links && links.findings.length > 0 && (
        <div className="import-error" data-testid="share-findings">
          <strong>{findingsHeading(links.findings.length)}</strong>
          {/* Every finding, so a reviewer sees each kind; the list scrolls past a few. */}
          <ul className="share-findings-list" tabIndex={0} aria-label="Key-shaped strings found">
            {links.findings.map((f, i) => (
              <li key={i} data-kind={f.kind}>
                {f.label} in {f.where}: <code>{f.preview}</code>
              </li>
            ))}
          </ul>
          <label className="check">
            <input
              type="checkbox"
              data-testid="share-redact-secrets"
              checked={share.redactSecrets}
              onChange={(e) => share.setRedactSecrets(e.target.checked)}
            />
            Redact them in the links and the bundle
          </label>
        </div>
      )}
      {share.error && <p className="field-error">{share.error}</p>}
      {share.building && <p className="muted">Building the links…</p>}
      {minimalFirst ? [minimal, full] : [full, minimal]}
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
          onClick={() => bundle && !('error' in bundle) && downloadBundle(bundle)}
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
