/** The share dialog: full, settings-only and minimal links, the bundle, and what each leaves out. */
import { memo, useEffect, useRef, useState } from 'react';
import { buildShareUrl } from '../../share/codec';
import { classifyLinkLength, LINK_PASTES_ANYWHERE, LINK_WORKS_MOSTLY } from '../../share/measure';
import { usePreviewResult } from '../../state/previewStore';
import { workerClient } from '../../worker/client';
import type { MinimalRow, ShareLinks } from '../../worker/protocol';
import {
  DEFAULT_ADDED_OPENING_CHARS,
  MAX_ADDED_OPENING_CHARS,
  MINIMAL_TARGET_CHARS,
  openingCharsProblem,
  parseIndexRanges,
  type IndexRange,
} from '../../share/minimal';
import { describeMinimal } from '../../share/minimalSummary';
import { fmt } from '../format';
import { currentLinkState } from './shareState';
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
  note,
}: {
  label: string;
  testId: string;
  result: ShareLinks['full'] | undefined;
  note?: string;
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
        <strong>
          {label}
          {note && <span className="share-recommended"> {note}</span>}
        </strong>
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

/** `#3–#40 · 38 messages` or `#3 user` */
function rowLabel(row: MinimalRow): string {
  if (row.from === row.to) return `#${row.from} ${row.role ?? ''}`;
  return `#${row.from}–#${row.to} · ${fmt(row.to - row.from + 1)} messages`;
}

/**
 * The minimal link: its length, what it leaves out, the list a reader will
 * see, and ranges of messages whose text the user adds back.
 */
function MinimalLinkSection({
  result,
  include,
  onInclude,
  recommended,
}: {
  result: ShareLinks['minimal'];
  include: IndexRange[];
  onInclude(ranges: IndexRange[]): void;
  recommended: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [chars, setChars] = useState(String(DEFAULT_ADDED_OPENING_CHARS));
  const [whole, setWhole] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!result) return null;
  const add = () => {
    const parsed = parseIndexRanges(draft);
    if ('error' in parsed) {
      setProblem(parsed.error);
      return;
    }
    const n = Number(chars);
    const charsProblem = whole ? null : openingCharsProblem(n);
    if (charsProblem) {
      setProblem(charsProblem);
      return;
    }
    setProblem(null);
    setDraft('');
    onInclude([...include, ...parsed.ranges.map((r) => (whole ? r : { ...r, chars: n }))]);
  };
  const link = 'error' in result ? null : result;
  const summary = link ? describeMinimal(link, link.messageCount) : null;
  return (
    <div className="share-minimal" data-testid="share-minimal-section">
      <LinkRow
        label="Minimal link (the counts of every message, the text of the few where the cut is decided)"
        testId="share-minimal"
        result={link ? { fragment: link.fragment } : (result as { error: string })}
        note={recommended ? '· recommended: the full link is too long' : undefined}
      />
      {link && summary && (
        <>
          <p className="muted" data-testid="share-minimal-left-out">
            Carries the counts of all {fmt(link.messageCount)} messages, {summary.carried}, which the reader
            sees as “text not included”, with their counts. Opened, it shows the same counts, cuts, fates and
            verdict as the whole transcript.
            {link.previewLeftOut &&
              ' The preview result is not in it (a summary alone is longer than a minimal link): the full link and the bundle carry it.'}
          </p>
          {summary.cut && (
            <p className="muted" data-testid="share-minimal-cut">
              The cut, always with text: {summary.cut}.
            </p>
          )}
          {summary.cutShort && (
            <p className="muted" data-testid="share-minimal-cut-short">
              Cut short to fit {fmt(MINIMAL_TARGET_CHARS)} characters: {summary.cutShort}. An opening ends in
              “…”, and the reader’s list marks it “the rest not included in this link”.
            </p>
          )}
          {summary.over && (
            <p className="muted" data-testid="share-minimal-over">
              Longer than {fmt(MINIMAL_TARGET_CHARS)} characters: {summary.over}.
            </p>
          )}
          <details className="minimal-preview">
            <summary>
              What the reader sees ({fmt(link.rows.length)} {link.rows.length === 1 ? 'row' : 'rows'})
            </summary>
            <ol data-testid="share-minimal-preview">
              {link.rows.map((row) => (
                <li key={row.from} className={row.text === null ? 'omitted' : undefined}>
                  <span className="mono">{rowLabel(row)}</span>{' '}
                  <span className="num mono">{fmt(row.tokens)}</span>{' '}
                  {row.text === null ? (
                    <em className="muted">text not included</em>
                  ) : (
                    <span>
                      {row.text}
                      {row.part ? ' …' : ''}
                    </span>
                  )}
                </li>
              ))}
            </ol>
          </details>
        </>
      )}
      <form
        className="share-minimal-add"
        // The page says what is wrong with a length in its own words, not the browser's.
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label htmlFor="share-minimal-range">Add text back, messages</label>
        <input
          id="share-minimal-range"
          data-testid="share-minimal-range"
          value={draft}
          placeholder="e.g. 3-7, 12"
          aria-invalid={problem !== null || undefined}
          onChange={(e) => setDraft(e.target.value)}
        />
        <label className="check">
          <input
            type="radio"
            name="share-minimal-amount"
            data-testid="share-minimal-opening"
            checked={!whole}
            onChange={() => setWhole(false)}
          />
          the first
        </label>
        <input
          type="number"
          className="share-minimal-chars"
          data-testid="share-minimal-chars"
          aria-label="Characters of each message"
          min={1}
          max={MAX_ADDED_OPENING_CHARS}
          value={chars}
          disabled={whole}
          onChange={(e) => setChars(e.target.value)}
        />
        <span>characters of each</span>
        <label className="check">
          <input
            type="radio"
            name="share-minimal-amount"
            data-testid="share-minimal-whole"
            checked={whole}
            onChange={() => setWhole(true)}
          />
          whole text
        </label>
        <button type="submit" data-testid="share-minimal-add" disabled={draft.trim() === ''}>
          Add
        </button>
      </form>
      {problem && (
        <p className="field-error" data-testid="share-minimal-range-error">
          {problem}
        </p>
      )}
      {include.length > 0 && (
        <p className="share-minimal-added" data-testid="share-minimal-added">
          Added back:{' '}
          {include.map((r, k) => (
            <button
              key={k}
              type="button"
              className="chip"
              title="Take this range out again"
              onClick={() => onInclude(include.filter((_, j) => j !== k))}
            >
              {r.from === r.to ? `#${r.from}` : `#${r.from}–#${r.to}`}
              {r.chars === undefined ? ' whole' : ` · first ${fmt(r.chars)}`} ×
            </button>
          ))}
          {summary?.added && (
            <span data-testid="share-minimal-added-carried"> (carried: {summary.added})</span>
          )}
        </p>
      )}
    </div>
  );
}

/** Links and a bundle that reopen exactly this state, with secrets found and optionally redacted. */
export const ShareDialog = memo(function ShareDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const preview = usePreviewResult((s) => s.result);
  const [includePreview, setIncludePreview] = useState(true);
  const [redactSecrets, setRedactSecrets] = useState(true);
  const [redactContent, setRedactContent] = useState(false);
  const [links, setLinks] = useState<ShareLinks | null>(null);
  const [include, setInclude] = useState<IndexRange[]>([]);
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
    const state = currentLinkState(includePreview ? preview : null);
    workerClient
      .request('share', {
        state,
        options: { redactSecrets, redactContent, mode: 'both', include, pageUrlLength: pageUrl().length },
      })
      .result.then(
        (value) => current && (setLinks(value), setError(null)),
        (e: unknown) => current && setError(e instanceof Error ? e.message : String(e)),
      );
    return () => {
      current = false;
    };
  }, [open, includePreview, redactSecrets, redactContent, preview, include]);

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
      {(() => {
        const full = links?.full;
        // The minimal link comes first whenever the full one would not paste.
        const fullTooLong =
          !!full &&
          ('error' in full ||
            classifyLinkLength(buildShareUrl(pageUrl(), full.fragment).length) === 'too-long');
        const minimal = (
          <MinimalLinkSection
            result={links?.minimal}
            include={include}
            onInclude={setInclude}
            recommended={fullTooLong}
          />
        );
        const fullRow = (
          <LinkRow label="Full link (transcript, settings, selection)" testId="share-full" result={full} />
        );
        return fullTooLong ? (
          <>
            {minimal}
            {fullRow}
          </>
        ) : (
          <>
            {fullRow}
            {minimal}
          </>
        );
      })()}
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
});
