/** The preview's other tabs: resulting list, diff, request, raw stream, usage; loaded when one is first opened. */
import { memo } from 'react';
import { PROMPT_LABELS, type PromptId } from '../../core/prompts';
import { MAX_SCALE, MIN_SCALE } from '../../core/settings';
import { estimateCost } from '../../providers/prices';
import { useSettings } from '../../state/settingsStore';
import type { PreviewResult } from '../../worker/protocol';
import { fmt } from '../format';
import type { PageAnalysis } from '../useAnalysis';
import { VisibleText } from '../text/VisibleText';
import { clearedTokens } from './PreviewTabs';
import type { StreamLog } from './streamLog';

export const ResultTab = memo(function ResultTab({ result }: { result: PreviewResult }) {
  return (
    <div>
      <table
        className={`result-rows${result.cleared.length > 0 ? ' has-cleared' : ''}`}
        data-testid="preview-rows"
      >
        <thead>
          <tr>
            <th>#</th>
            <th>was</th>
            <th>role</th>
            <th className="num">tokens</th>
            <th>text</th>
          </tr>
        </thead>
        <tbody>
          {result.rows.map((r, i) => (
            <tr
              key={i}
              className={r.isSummary ? 'summary-row' : r.cleared ? 'cleared-row' : ''}
              data-testid={r.cleared ? 'preview-row-cleared' : undefined}
            >
              <td className="mono">{i}</td>
              <td className="mono muted">{r.from === null ? 'new' : `#${r.from}`}</td>
              <td className={`role role-${r.isSummary ? 'summary' : r.role}`}>
                {r.isSummary ? 'summary' : r.role}
              </td>
              <td
                className="num mono"
                title={r.cleared ? `${fmt(r.cleared.tokensBefore)} before clearing` : undefined}
              >
                {r.cleared && <span className="muted was">{fmt(r.cleared.tokensBefore)} → </span>}
                {fmt(r.tokens)}
              </td>
              <td className="msg-preview">
                {r.cleared && <span className="badge cleared-badge">cleared</span>}{' '}
                <VisibleText text={r.preview} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

/** What disappeared, what came in, what stayed: the old list against the new one. */
export function DiffTab({ result, analysis }: { result: PreviewResult; analysis: PageAnalysis }) {
  const { view, index } = analysis;
  const kept = new Set(result.rows.map((r) => r.from).filter((f): f is number => f !== null));
  const removed: number[] = [];
  for (let i = 0; i < view.roles.length; i++) if (!kept.has(i)) removed.push(i);
  const removedTokens = removed.reduce((sum, i) => sum + (index.suffix[i] - index.suffix[i + 1]), 0);
  const summaryRow = result.rows.find((r) => r.isSummary);
  const shown = removed.length > 60 ? [...removed.slice(0, 30), -1, ...removed.slice(-20)] : removed;
  const keptRows = result.rows.filter((r) => r.from !== null && !(r.role === 'system' && r.from === 0));
  const clearedRows = result.rows.filter((r) => r.cleared);
  return (
    <div className="diff" data-testid="preview-diff">
      <p>
        <span className="del">
          −{fmt(removed.length)} messages ({fmt(removedTokens)} tokens)
        </span>{' '}
        {summaryRow && <span className="add">+1 summary ({fmt(summaryRow.tokens)} tokens)</span>}{' '}
        {result.cleared.length > 0 && (
          <span className="changed">
            ~{fmt(result.cleared.length)} cleared in place ({fmt(clearedTokens(result).before)} →{' '}
            {fmt(clearedTokens(result).after)} tokens)
          </span>
        )}{' '}
        <span className="muted">{fmt(keptRows.length)} kept in place</span>
      </p>
      <pre
        className="diff-lines"
        tabIndex={0}
        aria-label="The removed messages and the summary that replaces them"
      >
        {shown.map((i, k) =>
          i < 0 ? (
            <div key={`gap${k}`} className="muted">
              {'  '}… {fmt(removed.length - 50)} more removed …
            </div>
          ) : (
            <div key={i} className="del">
              − #{i} {view.isSummary[i] ? 'summary' : view.roles[i]} (
              {fmt(index.suffix[i] - index.suffix[i + 1])}) <VisibleText text={view.previews[i]} />
            </div>
          ),
        )}
        {summaryRow && (
          <div className="add">
            + summary ({fmt(summaryRow.tokens)}) <VisibleText text={summaryRow.preview} />
          </div>
        )}
        {clearedRows.slice(0, 50).map((r) => (
          <div key={`c${r.from}`} className="changed">
            ~ #{r.from} {r.role} ({fmt(r.cleared!.tokensBefore)} → {fmt(r.tokens)}){' '}
            <VisibleText text={r.preview} />
          </div>
        ))}
        {clearedRows.length > 50 && (
          <div className="muted">
            {'  '}… {fmt(clearedRows.length - 50)} more cleared …
          </div>
        )}
        {keptRows.length > 0 && (
          <div className="muted">
            {'  '}#{keptRows[0].from}–#{keptRows[keptRows.length - 1].from} kept verbatim (
            {fmt(keptRows.length)} messages)
          </div>
        )}
      </pre>
    </div>
  );
}

export const RequestTab = memo(function RequestTab({
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
});

function prettyBody(body: string | undefined): string {
  if (!body) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export const RawTab = memo(function RawTab({ log, offline }: { log: StreamLog; offline: boolean }) {
  if (offline)
    return <p className="muted">The offline summarizer runs in this page; there is no network stream.</p>;
  if (!log.raw.length) return <p className="muted">No stream events yet.</p>;
  return (
    <pre className="message-text raw-stream" data-testid="preview-raw">
      <VisibleText text={log.raw.map((r) => `[${r.part}] ${r.text}`).join('\n\n')} />
    </pre>
  );
});

export const UsageTab = memo(function UsageTab({ result }: { result: PreviewResult }) {
  const update = useSettings((s) => s.update);
  const scale = useSettings((s) => s.settings.scale);
  const usage = result.usage;
  const cost = usage && result.model && !result.offline ? estimateCost(result.model, usage) : null;
  const ratio =
    usage && result.estimatedPromptTokens > 0 ? usage.promptTokens / result.estimatedPromptTokens : null;
  const calibrated = ratio
    ? Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(scale * ratio * 100) / 100))
    : null;
  return (
    <dl className="usage" data-testid="preview-usage">
      <dt>Summarizer</dt>
      <dd>
        {result.summarizer}
        {result.model && result.model !== result.summarizer ? ` (answered as ${result.model})` : ''}
      </dd>
      <dt>Prompt tokens</dt>
      <dd>
        {usage
          ? `${fmt(usage.promptTokens)} reported by the ${result.offline ? 'offline summarizer (characters / 4)' : 'provider'}`
          : 'not reported'}{' '}
        · {fmt(result.estimatedPromptTokens)} by our estimate
      </dd>
      <dt>Completion tokens</dt>
      <dd>{usage ? fmt(usage.completionTokens) : 'not reported'}</dd>
      {cost && (
        <>
          <dt>Cost</dt>
          <dd>
            ≈ ${cost.totalUsd.toFixed(4)} ({fmt(usage!.promptTokens)} in at ${cost.price.input}/M,{' '}
            {fmt(usage!.completionTokens)} out at ${cost.price.output}/M)
          </dd>
        </>
      )}
      {calibrated !== null && !result.offline && (
        <>
          <dt>Calibration</dt>
          <dd>
            The provider counted {ratio!.toFixed(2)}× our estimate.{' '}
            <button
              type="button"
              onClick={() => update({ scale: calibrated })}
              disabled={calibrated === scale}
            >
              Calibrate scale from this call ({calibrated})
            </button>
          </dd>
        </>
      )}
    </dl>
  );
});
