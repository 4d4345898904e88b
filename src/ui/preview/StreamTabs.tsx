/** The preview's request and raw stream tabs: what was sent, and what came back as it came. */
import { memo } from 'react';
import { PROMPT_LABELS, type PromptId } from '../../core/prompts';
import { fmt } from '../format';
import { VisibleText } from '../text/VisibleText';
import { prettyBody } from './resultFigures';
import type { StreamLog } from './streamLog';

export const RequestTab = memo(RequestTabComponent);

function RequestTabComponent({
  log,
  fromLink,
}: {
  log: StreamLog;
  /** The prompts of this run that came from a shared link. */
  fromLink: readonly PromptId[];
}) {
  if (!log.requests.length) return <p className="muted">No request yet.</p>;
  return (
    <div data-testid="preview-request">
      {fromLink.length > 0 && (
        <p className="link-banner info" data-testid="request-link-prompts">
          From the shared link in this request: {fromLink.map((id) => PROMPT_LABELS[id]).join(', ')}.
        </p>
      )}
      {log.http.map((h, i) => (
        <details key={`h${i}`} open={i === 0}>
          <summary>
            HTTP request ({h.part}): {h.request.method} {h.request.url}
          </summary>
          <pre className="message-text" tabIndex={0}>
            {Object.entries(h.request.headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}
            {'\n\n'}
            <VisibleText text={prettyBody(h.request.body)} />
          </pre>
        </details>
      ))}
      {log.requests.map((r, i) => (
        <details key={`r${i}`} open={!log.http.length && i === 0}>
          <summary>
            Summarization request ({r.part}, attempt {r.attempt}, max {fmt(r.maxTokens)} tokens)
          </summary>
          <h4>System</h4>
          <pre className="message-text" tabIndex={0}>
            <VisibleText text={r.system} />
          </pre>
          <h4>User</h4>
          <pre className="message-text" tabIndex={0}>
            <VisibleText text={r.prompt} />
          </pre>
        </details>
      ))}
    </div>
  );
}

export const RawTab = memo(RawTabComponent);

function RawTabComponent({ log, offline }: { log: StreamLog; offline: boolean }) {
  if (offline)
    return <p className="muted">The offline summarizer runs in this page; there is no network stream.</p>;
  if (!log.raw.length) return <p className="muted">No stream events yet.</p>;
  return (
    <pre className="message-text raw-stream" data-testid="preview-raw">
      <VisibleText text={log.raw.map((r) => `[${r.part}] ${r.text}`).join('\n\n')} />
    </pre>
  );
}
