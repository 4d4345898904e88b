/** The preview: run a compaction with the chosen summarizer and show its summary, result, request, stream and cost. */
import { Suspense, lazy, useMemo, useState } from 'react';
import { explainNothingToCompact } from '../../core/explain';
import { listFields } from '../../providers/readiness';
import { resolvePrompts, type PromptId } from '../../core/prompts';
import { linkPromptsPending, usePrompts } from '../../state/promptStore';
import { runOf, useRunHistory } from '../../state/runHistoryStore';
import { useShare } from '../../state/shareStore';
import { useTranscript } from '../../state/transcriptStore';
import type { PageAnalysis } from '../useAnalysis';
import { SummaryTab } from './PreviewTabs';
import { PromptEditor } from './PromptEditor';
import { RunHistory } from './RunHistory';
import { ProviderControls } from './ProviderControls';
import { LinkPromptsReview } from './LinkPromptsReview';
import { DegradedNotice, PreviewError, ResultFlags } from './PreviewOutcome';
import { SharedPreview } from './SharedPreview';
import { StaleNotice } from './StaleNotice';
import type { PreviewBasis } from './staleness';
import { runStatus } from './streamLog';
import { TABS, tabWaits, type Tab } from './tabs';
import { usePreview } from './usePreview';
import { usePreviewFreshness } from './usePreviewFreshness';
import { usePreviewReadiness } from './usePreviewReadiness';
import './preview.css';

// Shown only once a summary is there, or in the Compare tab: loaded then, not with the first screen.
const CompareRuns = lazy(() => import('./CompareRuns').then((m) => ({ default: m.CompareRuns })));
const EvalChecklist = lazy(() => import('./EvalChecklist').then((m) => ({ default: m.EvalChecklist })));
const resultTab = <K extends 'ResultTab' | 'DiffTab' | 'RequestTab' | 'RawTab' | 'UsageTab'>(name: K) =>
  lazy(() => import('./ResultTabs').then((m) => ({ default: m[name] })));
const ResultTab = resultTab('ResultTab');
const DiffTab = resultTab('DiffTab');
const RequestTab = resultTab('RequestTab');
const RawTab = resultTab('RawTab');
const UsageTab = resultTab('UsageTab');
const JudgeProbes = lazy(() => import('./JudgeProbes').then((m) => ({ default: m.JudgeProbes })));

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
  const locked = running && !mutation.variables?.itself;
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
        itself,
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
        <LinkPromptsReview
          presetLabel={preset.label}
          withKey={!!apiKey}
          fromLink={fromLink}
          texts={reviewed}
          onRun={runReviewed}
          onOwnPrompts={() => {
            usePrompts.getState().backToOwnPrompts();
            setReviewing(false);
          }}
          onCancel={() => setReviewing(false)}
        />
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
          {onlyClears ? 'Clearing…' : 'Summarizing…'} <span className="muted">{runStatus(log)}</span>
        </p>
      )}
      {error && <PreviewError error={error} />}

      {!result && !running && <SharedPreview now={now} />}
      {freshness.stale && (
        <StaleNotice
          reason={freshness.stale}
          rerunsItself={freshness.rerunsItself}
          canRun={!runDisabled}
          onRerun={() => start(true)}
        />
      )}
      {result && !running && result.degraded && <DegradedNotice result={result} />}
      {result && !running && <ResultFlags result={result} analysis={analysis} />}

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
            disabled={tabWaits(t.id, { hasResult: !!result, running, requests: log.requests.length })}
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
            {result && !running && result.summary && (
              <Suspense fallback={null}>
                <EvalChecklist card={result.eval} />
              </Suspense>
            )}
          </div>
        )}
        {tab === 'summary' && result && !running && result.summary && (
          <Suspense fallback={null}>
            <JudgeProbes
              key={result.summary}
              summary={result.summary}
              card={result.eval}
              summarizer={choice}
              stallTimeoutMs={analysis.settings.stallTimeoutMs}
              otherMessages={freshness.stale === 'transcript' || freshness.stale === 'context'}
              blocked={judgeBlocked}
            />
          </Suspense>
        )}
        {tab === 'compare' && (
          <>
            <Suspense fallback={<p className="muted">Loading…</p>}>
              <CompareRuns
                analysis={analysis}
                current={choice}
                prompts={prompts}
                instructions={provider.instructions}
                canRun={!runDisabled && !mustReview}
                blocked={mustReview ? 'Press Run first to read the prompts the shared link brought.' : null}
              />
            </Suspense>
            <RunHistory />
          </>
        )}
        <Suspense fallback={<p className="muted">Loading…</p>}>
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
          {tab === 'usage' &&
            (result ? <UsageTab result={result} /> : <p className="muted">No result yet.</p>)}
        </Suspense>
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
