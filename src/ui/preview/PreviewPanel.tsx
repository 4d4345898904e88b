import { useId, useMemo, useState } from 'react';
import { MAX_SCALE, MIN_SCALE } from '../../core/settings';
import { estimateCost } from '../../providers/prices';
import { PROVIDER_PRESETS, findPreset } from '../../providers/presets';
import { OFFLINE_NOTICE } from '../../providers/offline';
import { useProvider, type SummarizerId } from '../../state/providerStore';
import { useSettings } from '../../state/settingsStore';
import { useShare } from '../../state/shareStore';
import type { PreviewResult, SummarizerChoice } from '../../worker/protocol';
import { fmt } from '../format';
import type { PageAnalysis } from '../useAnalysis';
import { ExportMenu } from '../ExportMenu';
import { SafeMarkdown } from './SafeMarkdown';
import { usePreview, type StreamLog } from './usePreview';
import './preview.css';

type Tab = 'summary' | 'result' | 'diff' | 'request' | 'raw' | 'usage';
const TABS: { id: Tab; label: string }[] = [
  { id: 'summary', label: 'Summary' },
  { id: 'result', label: 'Resulting messages' },
  { id: 'diff', label: 'Diff' },
  { id: 'request', label: 'Request' },
  { id: 'raw', label: 'Raw stream' },
  { id: 'usage', label: 'Usage & cost' },
];

function ProviderControls({ disabled }: { disabled: boolean }) {
  const p = useProvider();
  const ids = { preset: useId(), url: useId(), model: useId(), key: useId(), focus: useId() };
  const preset = p.presetId === 'offline' ? null : findPreset(p.presetId);
  return (
    <div className="provider-controls">
      <div className="field">
        <label htmlFor={ids.preset}>Summarizer</label>
        <select
          id={ids.preset}
          data-testid="provider-select"
          value={p.presetId}
          disabled={disabled}
          onChange={(e) => p.choose(e.target.value as SummarizerId)}
        >
          <option value="offline">Offline summarizer (no model, no key)</option>
          {PROVIDER_PRESETS.map((x) => (
            <option key={x.id} value={x.id}>
              {x.label}
            </option>
          ))}
        </select>
      </div>
      {preset && (
        <>
          <div className="field">
            <label htmlFor={ids.url}>Base URL</label>
            <input
              id={ids.url}
              data-testid="provider-base-url"
              value={p.baseUrl}
              disabled={disabled}
              placeholder="https://…"
              onChange={(e) => p.update({ baseUrl: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.model}>Model</label>
            <input
              id={ids.model}
              data-testid="provider-model"
              value={p.model}
              disabled={disabled}
              onChange={(e) => p.update({ model: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.key}>API key{preset.needsKey ? '' : ' (optional)'}</label>
            <input
              id={ids.key}
              data-testid="provider-key"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={p.apiKey}
              disabled={disabled}
              onChange={(e) => p.update({ apiKey: e.target.value })}
            />
            <label className="check small">
              <input
                type="checkbox"
                data-testid="provider-remember"
                checked={p.remember}
                onChange={(e) => p.update({ remember: e.target.checked })}
              />
              Remember on this device
            </label>
          </div>
        </>
      )}
      <div className="field wide">
        <label htmlFor={ids.focus}>Extra focus for the summary (optional)</label>
        <input
          id={ids.focus}
          data-testid="provider-instructions"
          value={p.instructions}
          disabled={disabled}
          placeholder="e.g. keep every file path and test name"
          onChange={(e) => p.update({ instructions: e.target.value })}
        />
      </div>
    </div>
  );
}

function SummaryTab({
  result,
  log,
  running,
}: {
  result: PreviewResult | undefined;
  log: StreamLog;
  running: boolean;
}) {
  const [plain, setPlain] = useState(false);
  const text =
    result && !running
      ? result.summary
      : [log.text.history, log.text['turn-prefix']].filter(Boolean).join('\n\n---\n\n');
  const thinking = log.reasoning.history || log.reasoning['turn-prefix'];
  return (
    <div>
      <div className="tab-tools">
        <label className="check small">
          <input type="checkbox" checked={plain} onChange={(e) => setPlain(e.target.checked)} /> Plain text
        </label>
      </div>
      {thinking && running && <pre className="message-text reasoning">{thinking}</pre>}
      {text ? (
        plain ? (
          <pre className="message-text" data-testid="preview-summary">
            {text}
          </pre>
        ) : (
          <div data-testid="preview-summary" className="summary-text">
            <SafeMarkdown text={text} />
          </div>
        )
      ) : (
        <p className="muted">
          {running ? 'Waiting for the first words…' : 'Run a preview to see the summary.'}
        </p>
      )}
      {log.notes.length > 0 && (
        <ul className="notes" data-testid="preview-notes">
          {log.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ResultTab({ result }: { result: PreviewResult }) {
  return (
    <div>
      <table className="result-rows" data-testid="preview-rows">
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
            <tr key={i} className={r.isSummary ? 'summary-row' : ''}>
              <td className="mono">{i}</td>
              <td className="mono muted">{r.from === null ? 'new' : `#${r.from}`}</td>
              <td className={`role role-${r.isSummary ? 'summary' : r.role}`}>
                {r.isSummary ? 'summary' : r.role}
              </td>
              <td className="num mono">{fmt(r.tokens)}</td>
              <td className="msg-preview">{r.preview}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What disappeared, what came in, what stayed: the old list against the new one. */
function DiffTab({ result, analysis }: { result: PreviewResult; analysis: PageAnalysis }) {
  const { view, index } = analysis;
  const kept = new Set(result.rows.map((r) => r.from).filter((f): f is number => f !== null));
  const removed: number[] = [];
  for (let i = 0; i < view.roles.length; i++) if (!kept.has(i)) removed.push(i);
  const removedTokens = removed.reduce((sum, i) => sum + (index.suffix[i] - index.suffix[i + 1]), 0);
  const summaryRow = result.rows.find((r) => r.isSummary);
  const shown = removed.length > 60 ? [...removed.slice(0, 30), -1, ...removed.slice(-20)] : removed;
  const keptRows = result.rows.filter((r) => r.from !== null && !(r.role === 'system' && r.from === 0));
  return (
    <div className="diff" data-testid="preview-diff">
      <p>
        <span className="del">
          −{fmt(removed.length)} messages ({fmt(removedTokens)} tokens)
        </span>{' '}
        <span className="add">+1 summary ({fmt(summaryRow?.tokens ?? 0)} tokens)</span>{' '}
        <span className="muted">{fmt(keptRows.length)} kept verbatim</span>
      </p>
      <pre className="diff-lines">
        {shown.map((i, k) =>
          i < 0 ? (
            <div key={`gap${k}`} className="muted">
              {'  '}… {fmt(removed.length - 50)} more removed …
            </div>
          ) : (
            <div key={i} className="del">
              − #{i} {view.isSummary[i] ? 'summary' : view.roles[i]} (
              {fmt(index.suffix[i] - index.suffix[i + 1])}) {view.previews[i]}
            </div>
          ),
        )}
        <div className="add">
          + summary ({fmt(summaryRow?.tokens ?? 0)}) {summaryRow?.preview}
        </div>
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

function RequestTab({ log }: { log: StreamLog }) {
  if (!log.requests.length) return <p className="muted">No request yet.</p>;
  return (
    <div data-testid="preview-request">
      {log.http.map((h, i) => (
        <details key={`h${i}`} open={i === 0}>
          <summary>
            HTTP request ({h.part}): {h.request.method} {h.request.url}
          </summary>
          <pre className="message-text">
            {Object.entries(h.request.headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}
            {'\n\n'}
            {prettyBody(h.request.body)}
          </pre>
        </details>
      ))}
      {log.requests.map((r, i) => (
        <details key={`r${i}`} open={!log.http.length && i === 0}>
          <summary>
            Summarization request ({r.part}, attempt {r.attempt}, max {fmt(r.maxTokens)} tokens)
          </summary>
          <h4>System</h4>
          <pre className="message-text">{r.system}</pre>
          <h4>User</h4>
          <pre className="message-text">{r.prompt}</pre>
        </details>
      ))}
    </div>
  );
}

function prettyBody(body: string | undefined): string {
  if (!body) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function RawTab({ log, offline }: { log: StreamLog; offline: boolean }) {
  if (offline)
    return <p className="muted">The offline summarizer runs in this page; there is no network stream.</p>;
  if (!log.raw.length) return <p className="muted">No stream events yet.</p>;
  return (
    <pre className="message-text raw-stream" data-testid="preview-raw">
      {log.raw.map((r) => `[${r.part}] ${r.text}`).join('\n\n')}
    </pre>
  );
}

function UsageTab({ result }: { result: PreviewResult }) {
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
}

/** The preview the sender of a link saw, until the reader runs their own. */
function SharedPreview() {
  const shared = useShare((s) => s.sharedPreview);
  if (!shared) return null;
  return (
    <div className="shared-preview" data-testid="shared-preview">
      <p>
        <strong>Preview from the shared link</strong>{' '}
        <span className="muted">
          {shared.degraded ? 'degraded (raw archive)' : 'summary'}
          {shared.splitTurn ? ', split turn' : ''}
          {shared.usage
            ? `, ${fmt(shared.usage.promptTokens)} prompt / ${fmt(shared.usage.completionTokens)} completion tokens`
            : ''}
        </span>
      </p>
      <div className="summary-text">
        <SafeMarkdown text={shared.summary} />
      </div>
    </div>
  );
}

export function PreviewPanel({ analysis }: { analysis: PageAnalysis }) {
  const { mutation, log, stop } = usePreview();
  const provider = useProvider();
  const confirmBaseUrl = useShare((s) => s.confirmBaseUrl);
  const setShare = useShare((s) => s.set);
  const [tab, setTab] = useState<Tab>('summary');
  const running = mutation.isPending;
  const result = mutation.data;
  const error = mutation.error;
  const preset = provider.presetId === 'offline' ? null : findPreset(provider.presetId);
  const missingKey = !!preset?.needsKey && !provider.apiKey.trim();

  const choice = useMemo<SummarizerChoice>(
    () =>
      preset
        ? {
            mode: 'provider',
            config: {
              kind: preset.kind,
              preset: preset.id,
              baseUrl: provider.baseUrl.trim(),
              model: provider.model.trim(),
              apiKey: provider.apiKey.trim() || undefined,
            },
          }
        : { mode: 'offline' },
    [preset, provider.baseUrl, provider.model, provider.apiKey],
  );

  const run = () => {
    setTab('summary');
    setShare({ sharedPreview: null });
    mutation.mutate({
      settings: analysis.settings,
      summarizer: choice,
      instructions: provider.instructions || undefined,
      reason: 'manual',
    });
  };

  return (
    <section className="panel preview" aria-labelledby="preview-title">
      <div className="panel-head">
        <h2 id="preview-title">Preview the compaction</h2>
        <div className="run-buttons">
          <button
            type="button"
            className="primary"
            data-testid="preview-run"
            onClick={run}
            disabled={
              running || missingKey || analysis.plan.nothingToCompact || (confirmBaseUrl !== null && !!preset)
            }
          >
            Run
          </button>
          <button type="button" data-testid="preview-stop" onClick={stop} disabled={!running}>
            Stop
          </button>
        </div>
      </div>
      <ProviderControls disabled={running} />
      {confirmBaseUrl !== null && preset && (
        <div className="link-banner bad" data-testid="confirm-base-url">
          <span>
            The shared link points the preview at <code>{confirmBaseUrl}</code>, a server no built-in preset
            uses. Your key is sent there only after you confirm.
          </span>
          <button type="button" onClick={() => setShare({ confirmBaseUrl: null })}>
            Use this server
          </button>
        </div>
      )}
      {provider.presetId === 'offline' && <p className="offline-note muted">{OFFLINE_NOTICE}</p>}
      {missingKey && (
        <p className="muted">
          Enter an API key for {preset?.label}: it stays in this page unless you tick “Remember on this
          device”.
        </p>
      )}
      {analysis.plan.nothingToCompact && (
        <p className="muted">
          Nothing to compact with these settings: everything fits the keep-recent budget.
        </p>
      )}

      {running && (
        <p role="status" data-testid="preview-status">
          Summarizing…{' '}
          <span className="muted">
            {log.requests.length
              ? `${log.requests[log.requests.length - 1].part}, attempt ${log.requests[log.requests.length - 1].attempt}`
              : 'sending'}
          </span>
        </p>
      )}
      {error && error.code !== 'aborted' && (
        <div
          className="import-error"
          role="alert"
          data-testid="preview-error"
          data-category={error.description?.category ?? error.code}
        >
          <strong>{error.description?.title ?? error.message}</strong>
          {error.description?.detail && <div>{error.description.detail}</div>}
          {error.description?.fix && <div className="fix">{error.description.fix}</div>}
          {error.description?.providerMessage && (
            <pre className="message-text">{error.description.providerMessage}</pre>
          )}
        </div>
      )}
      {error?.code === 'aborted' && <p data-testid="preview-stopped">Stopped. Nothing was changed.</p>}

      {!result && !running && <SharedPreview />}
      {result && !running && result.degraded && (
        <div
          className="import-error"
          role="alert"
          data-testid="preview-degraded"
          data-category={result.problems[0]?.category ?? 'stall'}
        >
          <strong>The summarizer failed, so the summary is a raw archive of the messages.</strong>
          {result.problems.map((p) => (
            <div key={p.title}>
              <strong>{p.title}</strong> {p.detail} {p.fix && <span className="fix">{p.fix}</span>}
            </div>
          ))}
          {result.problems.length === 0 && result.failures.map((f) => <div key={f}>{f}</div>)}
        </div>
      )}
      {result && !running && (
        <div className="flags" data-testid="preview-flags">
          <span data-testid="preview-tokens">
            {fmt(result.tokensBefore)} → {fmt(result.tokensAfter)} tokens
          </span>
          <span>
            {fmt(result.messagesBefore)} → {fmt(result.messagesAfter)} messages
          </span>
          {result.degraded && (
            <span className="flag warn" data-testid="flag-degraded">
              degraded: raw archive
            </span>
          )}
          {result.splitTurn && (
            <span className="flag" data-testid="flag-split">
              split turn
            </span>
          )}
          {result.omitted > 0 && (
            <span className="flag">{fmt(result.omitted)} messages left out of the summarizer input</span>
          )}
          <span className={`flag ${result.wouldCompactAgain ? 'warn' : 'ok'}`} data-testid="flag-again">
            {result.wouldCompactAgain
              ? 'still over the threshold: would compact again'
              : 'under the threshold afterwards'}
          </span>
          {result.offline && <span className="flag">offline summary, not written by a model</span>}
          <ExportMenu which="compacted" stem={analysis.view.sourceName} label="Export the compacted list…" />
        </div>
      )}

      <div role="tablist" className="tabs" aria-label="Preview output">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            data-testid={`tab-${t.id}`}
            disabled={!result && !running && !log.requests.length && t.id !== 'summary'}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="tab-body">
        {tab === 'summary' && <SummaryTab result={result} log={log} running={running} />}
        {tab === 'result' &&
          (result ? <ResultTab result={result} /> : <p className="muted">No result yet.</p>)}
        {tab === 'diff' &&
          (result ? (
            <DiffTab result={result} analysis={analysis} />
          ) : (
            <p className="muted">No result yet.</p>
          ))}
        {tab === 'request' && <RequestTab log={log} />}
        {tab === 'raw' && <RawTab log={log} offline={choice.mode === 'offline'} />}
        {tab === 'usage' && (result ? <UsageTab result={result} /> : <p className="muted">No result yet.</p>)}
      </div>
      {result?.checkpoint && (
        <p className="muted small">
          Checkpoint: the history summary ends on stored turn <code>{result.checkpoint.turnId}</code>
          {result.checkpoint.degraded ? ' (degraded)' : ''}.
        </p>
      )}
    </section>
  );
}
