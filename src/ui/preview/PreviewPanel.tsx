/** The preview: run a compaction with the chosen summarizer and show its summary, result, request, stream and cost. */
import { useMemo, useState } from 'react';
import { explainNothingToCompact } from '../../core/explain';
import { normalizeSettings } from '../../core/settings';
import { listFields } from '../../providers/readiness';
import { PROMPT_LABELS, resolvePrompts, type PromptId } from '../../core/prompts';
import { linkPromptsPending, usePrompts } from '../../state/promptStore';
import { runOf, useRunHistory } from '../../state/runHistoryStore';
import { useShare } from '../../state/shareStore';
import { useTranscript } from '../../state/transcriptStore';
import { ExportMenu } from '../ExportMenu';
import { fmt } from '../format';
import type { PageAnalysis } from '../useAnalysis';
import { CompareRuns } from './CompareRuns';
import { EvalChecklist } from './EvalChecklist';
import { JudgeProbes } from './JudgeProbes';
import { DiffTab, RawTab, RequestTab, ResultTab, SummaryTab, UsageTab } from './PreviewTabs';
import { PromptEditor } from './PromptEditor';
import { RunHistory } from './RunHistory';
import { ProviderControls } from './ProviderControls';
import { SafeMarkdown } from './SafeMarkdown';
import { collapseBlankRuns } from '../text/hiddenText';
import { VisibleText } from '../text/VisibleText';
import { StaleNotice } from './StaleNotice';
import { staleReason, type PreviewBasis, type StaleReason } from './staleness';
import { usePreview } from './usePreview';
import { usePreviewFreshness } from './usePreviewFreshness';
import { usePreviewReadiness } from './usePreviewReadiness';
import './preview.css';

type Tab = 'summary' | 'result' | 'diff' | 'request' | 'raw' | 'usage' | 'compare';
const TABS: { id: Tab; label: string }[] = [
  { id: 'summary', label: 'Summary' },
  { id: 'result', label: 'Resulting messages' },
  { id: 'diff', label: 'Diff' },
  { id: 'request', label: 'Request' },
  { id: 'raw', label: 'Raw stream' },
  { id: 'usage', label: 'Usage & cost' },
  { id: 'compare', label: 'Compare & history' },
];

/** The preview the sender of a link saw, until the reader runs their own. */
const SHARED_STALE_TEXT: Record<StaleReason, string> = {
  transcript: 'Another transcript is loaded since the link was opened',
  context: 'Another call’s context is shown since the link was opened',
  settings: 'The settings changed since the link was opened',
  summarizer: 'The summarizer changed since the link was opened',
  prompt: 'The prompts changed since the link was opened',
};

/** The preview a link brought, and whether the page still shows what it was made from. */
function SharedPreview({ now }: { now: PreviewBasis }) {
  const shared = useShare((s) => s.sharedPreview);
  const madeFor = useShare((s) => s.sharedPreviewFor);
  if (!shared) return null;
  // Only what the link fixed is compared: its settings, and the transcript it carried.
  const stale = madeFor
    ? staleReason(
        {
          ...now,
          settings: normalizeSettings(madeFor.settings),
          transcript: madeFor.transcript ?? now.transcript,
          context: null,
        },
        now,
      )
    : null;
  return (
    <div className={stale ? 'shared-preview is-stale' : 'shared-preview'} data-testid="shared-preview">
      {stale && (
        <p className="preview-stale" data-testid="shared-preview-stale" role="status">
          <strong>{SHARED_STALE_TEXT[stale]}.</strong>{' '}
          <span>This is the sender’s preview, not one of this page: run the preview to see this page’s.</span>
        </p>
      )}
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
  const setShare = useShare((s) => s.set);
  const fromLink = usePrompts((s) => s.fromLink);
  const reviewPending = usePrompts(linkPromptsPending);
  // Run opens the link's prompts for review first; the prompts from the link each run sent, for its request view.
  const [reviewing, setReviewing] = useState(false);
  const [runFromLink, setRunFromLink] = useState<readonly PromptId[]>([]);
  const [tab, setTab] = useState<Tab>('summary');
  const running = mutation.isPending;
  // The offline summarizer's own re-run (after an edit pauses) takes milliseconds
  // and was not asked for: it locks nothing, so the field being typed in keeps
  // its focus and a click meant for Run or "Run A and B" is not lost to it.
  const [selfRun, setSelfRun] = useState(false);
  const locked = running && !selfRun;
  const result = mutation.data;
  const error = mutation.error;
  const {
    provider,
    apiKey,
    unconfirmedBaseUrl,
    editedPrompts,
    prompts,
    onlyClears,
    preset,
    awaitingConfirmation,
    nothing,
    choice,
    missing,
    runDisabled,
  } = usePreviewReadiness(analysis, locked);
  const promptsKey = JSON.stringify(prompts);

  const transcript = useTranscript((s) => s.lastRequest);
  const now: PreviewBasis = {
    transcript,
    context: analysis.view.pinnedCall ?? null,
    settings: analysis.settings,
    summarizer: choice,
    instructions: provider.instructions,
    prompts: promptsKey,
  };
  const freshness = usePreviewFreshness({
    now,
    result,
    running,
    canRun: !runDisabled,
    rerun: () => start(true, true),
  });

  const addRun = useRunHistory((s) => s.add);
  /** A run from Run starts on the summary; a re-run keeps the tab being looked at. */
  const start = (rerun: boolean, itself = false) => {
    setSelfRun(itself);
    setRunFromLink(fromLink);
    freshness.markRun();
    if (!rerun) setTab('summary');
    setShare({ sharedPreview: null });
    mutation.mutate(
      {
        settings: analysis.settings,
        unseenTokens: analysis.unseenTokens,
        summarizer: choice,
        instructions: provider.instructions || undefined,
        prompts,
        reason: 'manual',
      },
      // Every finished run joins this visit's history, with what it was started with.
      { onSuccess: (value, input) => addRun(runOf(value, input, 'preview')) },
    );
  };

  // A link's prompts are a stranger's words: a model is sent them only once the user has read them.
  const mustReview = preset !== null && reviewPending;
  // The texts the review shows, resolved once: what a model would be sent for each prompt.
  const reviewed = useMemo(() => resolvePrompts(editedPrompts), [editedPrompts]);
  const run = () => (mustReview ? setReviewing(true) : start(false));
  const runReviewed = () => {
    usePrompts.getState().reviewLinkPrompts();
    setReviewing(false);
    start(false);
  };
  const judgeBlocked = awaitingConfirmation
    ? 'Confirm the server the shared link chose (above) to ask a judge: nothing is sent there until you do.'
    : null;

  return (
    <section className={`panel preview${freshness.stale ? ' is-stale' : ''}`} aria-labelledby="preview-title">
      <div className="panel-head">
        <h2 id="preview-title">Preview the compaction</h2>
        <div className="run-buttons">
          <button
            type="button"
            className="primary"
            data-testid="preview-run"
            onClick={run}
            disabled={runDisabled}
          >
            Run
          </button>
          <button type="button" data-testid="preview-stop" onClick={stop} disabled={!running}>
            Stop
          </button>
        </div>
      </div>
      <ProviderControls disabled={locked} />
      <PromptEditor disabled={locked} />
      {reviewing && mustReview && (
        <div
          className="link-prompts-review"
          role="dialog"
          aria-labelledby="link-prompts-review-title"
          data-testid="link-prompts-review"
        >
          <p id="link-prompts-review-title">
            <strong>
              This run sends the shared link&apos;s prompts to {preset.label}, with your transcript
              {apiKey ? ' and your key' : ''}.
            </strong>{' '}
            Read them first:
          </p>
          {fromLink.map((id) => (
            <section key={id}>
              <h4>{PROMPT_LABELS[id]}</h4>
              <pre className="message-text" tabIndex={0} data-testid="link-prompts-review-text">
                <VisibleText text={collapseBlankRuns(reviewed[id])} />
              </pre>
            </section>
          ))}
          <div className="run-buttons">
            <button type="button" className="primary" data-testid="link-prompts-run" onClick={runReviewed}>
              Run with the link&apos;s prompts
            </button>
            <button
              type="button"
              data-testid="link-prompts-own"
              onClick={() => {
                usePrompts.getState().backToOwnPrompts();
                setReviewing(false);
              }}
            >
              Use my own prompts
            </button>
            <button type="button" onClick={() => setReviewing(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {awaitingConfirmation && (
        <div className="link-banner bad" data-testid="confirm-base-url">
          <span>
            The shared link points the preview at <code>{unconfirmedBaseUrl}</code>, a server no built-in
            preset uses. Nothing is sent there, and no key is used with it, until you confirm; it is not saved
            for your next visit until then.
          </span>
          <button type="button" onClick={provider.confirmBaseUrl}>
            Use this server
          </button>
        </div>
      )}
      {/* Said once: an offline summary says it on its own first line, so the note gives way to it. */}
      {provider.presetId === 'offline' && !onlyClears && !(result?.offline && !running) && (
        <p className="offline-note muted" data-testid="offline-note">
          The offline summarizer writes the summary from the transcript itself, in this page: it is not a
          model, and needs no key.
        </p>
      )}
      {missing.length > 0 && (
        <p className="missing" data-testid="preview-missing">
          To run with {preset?.label}, enter {listFields(missing)}.
          {missing.includes('API key') && (
            <span className="muted">
              {' '}
              The key stays in this page unless you tick “Remember on this device”.
            </span>
          )}
        </p>
      )}
      {nothing && (
        <p className="muted" data-testid="preview-nothing">
          Nothing to compact with these settings:{' '}
          {explainNothingToCompact(analysis.index, analysis.plan, analysis.settings).text}.
        </p>
      )}
      {onlyClears && !nothing && (
        <p className="muted" data-testid="preview-clears-only">
          {analysis.settings.strategy} only clears tool output in place: the preview calls no model.
        </p>
      )}

      {running && (
        <p role="status" data-testid="preview-status">
          {onlyClears ? 'Clearing…' : 'Summarizing…'}{' '}
          <span className="muted">
            {log.requests.length
              ? `${log.requests[log.requests.length - 1].part}, attempt ${log.requests[log.requests.length - 1].attempt}`
              : 'sending'}
          </span>
        </p>
      )}
      {error && error.kind !== 'cancelled' && (
        <div
          className="import-error"
          role="alert"
          data-testid="preview-error"
          data-category={error.kind === 'preview' ? error.description.category : error.kind}
        >
          {error.kind === 'preview' ? (
            <>
              <strong>{error.description.title}</strong>
              {error.description.detail && <div>{error.description.detail}</div>}
              {error.description.fix && <div className="fix">{error.description.fix}</div>}
              {error.description.providerMessage && (
                <pre className="message-text">{error.description.providerMessage}</pre>
              )}
            </>
          ) : (
            <strong>{error.message}</strong>
          )}
        </div>
      )}
      {error?.kind === 'cancelled' && <p data-testid="preview-stopped">Stopped. Nothing was changed.</p>}

      {!result && !running && <SharedPreview now={now} />}
      {freshness.stale && (
        <StaleNotice
          reason={freshness.stale}
          rerunsItself={freshness.rerunsItself}
          canRun={!runDisabled}
          onRerun={() => start(true)}
        />
      )}
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
          {result.cleared.length > 0 && (
            <span className="flag" data-testid="flag-cleared">
              {fmt(result.cleared.length)} cleared in place
            </span>
          )}
          {result.omitted > 0 && (
            <span className="flag">{fmt(result.omitted)} messages left out of the summarizer input</span>
          )}
          {analysis.trigger.comparison !== 'always' && (
            <span className={`flag ${result.wouldCompactAgain ? 'warn' : 'ok'}`} data-testid="flag-again">
              {result.wouldCompactAgain
                ? 'still over the threshold: would compact again'
                : 'under the threshold afterwards'}
            </span>
          )}
          {result.contextLimit.map((hit) => (
            <span
              key={hit.part}
              className="flag warn"
              data-testid="flag-context-limit"
              title="The answer was shaped by a full context window, not by the summary budget: the server may have truncated the input."
            >
              {hit.part === 'history' ? 'history summary' : 'turn-prefix summary'} hit the context window
              {hit.promptTokens !== undefined
                ? ` (${fmt(hit.promptTokens)} prompt tokens for a window of ${fmt(analysis.settings.maxContextTokens)})`
                : ''}
            </span>
          ))}
          <ExportMenu which="compacted" stem={analysis.view.sourceName} label="Export the compacted list…" />
        </div>
      )}

      <div role="tablist" className="tabs" aria-label="Preview output">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`preview-tab-${t.id}`}
            aria-controls="preview-tabpanel"
            aria-selected={tab === t.id}
            data-testid={`tab-${t.id}`}
            disabled={!result && !running && !log.requests.length && t.id !== 'summary' && t.id !== 'compare'}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {/* Focusable, so a keyboard can scroll a long summary or request inside it. */}
      <div
        role="tabpanel"
        id="preview-tabpanel"
        aria-labelledby={`preview-tab-${tab}`}
        tabIndex={0}
        className="tab-body"
      >
        {tab === 'summary' && (
          <div className={result && !running && result.summary ? 'summary-judged' : undefined}>
            <SummaryTab result={result} log={log} running={running} strategy={analysis.settings.strategy} />
            {result && !running && result.summary && <EvalChecklist card={result.eval} />}
          </div>
        )}
        {tab === 'summary' && result && !running && result.summary && (
          <JudgeProbes
            key={result.summary}
            summary={result.summary}
            card={result.eval}
            summarizer={choice}
            stallTimeoutMs={analysis.settings.stallTimeoutMs}
            otherMessages={freshness.stale === 'transcript' || freshness.stale === 'context'}
            blocked={judgeBlocked}
          />
        )}
        {tab === 'compare' && (
          <>
            <CompareRuns
              analysis={analysis}
              current={choice}
              prompts={prompts}
              instructions={provider.instructions}
              canRun={!runDisabled && !mustReview}
              blocked={mustReview ? 'Press Run first to read the prompts the shared link brought.' : null}
            />
            <RunHistory />
          </>
        )}
        {tab === 'result' &&
          (result ? <ResultTab result={result} /> : <p className="muted">No result yet.</p>)}
        {tab === 'diff' &&
          (result ? (
            <DiffTab result={result} analysis={analysis} />
          ) : (
            <p className="muted">No result yet.</p>
          ))}
        {tab === 'request' && <RequestTab log={log} fromLink={runFromLink} />}
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
