/** The preview: run a compaction with the chosen summarizer and show its summary, result, request, stream and cost. */
import { useMemo, useState } from 'react';
import { resolvePrompts, type PromptId } from '../../core/prompts';
import { linkPromptsPending, usePrompts } from '../../state/promptStore';
import { runOf, useRunHistory } from '../../state/runHistoryStore';
import { useShare } from '../../state/shareStore';
import { useTranscript } from '../../state/transcriptStore';
import type { PageAnalysis } from '../useAnalysis';
import { PromptEditor } from './PromptEditor';
import { ProviderControls } from './ProviderControls';
import { LinkPromptsReview } from './LinkPromptsReview';
import { DegradedNotice, PreviewError, ResultFlags } from './PreviewOutcome';
import { PreviewNotices } from './PreviewNotices';
import { PreviewTabBody } from './PreviewTabBody';
import { SharedPreview } from './SharedPreview';
import { StaleNotice } from './StaleNotice';
import type { PreviewBasis } from './staleness';
import { runStatus } from './streamLog';
import type { Tab } from './tabs';
import { usePreview } from './usePreview';
import { usePreviewFreshness } from './usePreviewFreshness';
import { usePreviewReadiness } from './usePreviewReadiness';
import './preview.css';

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
        forced: !analysis.shouldCompact,
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
      <PreviewNotices
        analysis={analysis}
        awaitingConfirmation={awaitingConfirmation}
        unconfirmedBaseUrl={unconfirmedBaseUrl}
        onConfirmBaseUrl={provider.confirmBaseUrl}
        offline={provider.presetId === 'offline'}
        onlyClears={onlyClears}
        result={result}
        running={running}
        missing={missing}
        presetLabel={preset?.label}
        nothing={nothing}
      />

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

      <PreviewTabBody
        tab={tab}
        setTab={setTab}
        analysis={analysis}
        result={result}
        running={running}
        log={log}
        choice={choice}
        prompts={prompts}
        instructions={provider.instructions}
        runDisabled={runDisabled}
        mustReview={mustReview}
        judgeBlocked={judgeBlocked}
        stale={freshness.stale}
        runFromLink={runFromLink}
      />
      {result?.checkpoint && (
        <p className="muted small">
          Checkpoint: the history summary ends on stored turn <code>{result.checkpoint.turnId}</code>
          {result.checkpoint.degraded ? ' (degraded)' : ''}.
        </p>
      )}
    </section>
  );
}
