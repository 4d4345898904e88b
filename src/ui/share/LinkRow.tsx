/** One link in the share dialog: its length and where it pastes, the link itself and Copy; or why there is none. */
import { useState } from 'react';
import type { ShareLinks } from '../../worker/protocol';
import { linkLength, pageUrl } from './shareView';

export function LinkRow({
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
  const { url, cls, text } = linkLength(pageUrl(), result.fragment);
  return (
    <div className="share-link">
      <div className="share-link-head">
        <strong>
          {label}
          {note && <span className="share-recommended"> {note}</span>}
        </strong>
        <span className={`length length-${cls}`} data-testid={`${testId}-length`} data-class={cls}>
          {text}
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
