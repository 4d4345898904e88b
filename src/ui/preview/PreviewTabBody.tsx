/** The preview's output: the row of tabs and the open tab's body. */
import { Suspense, lazy } from 'react';
import type { PromptId, PromptOverrides } from '../../core/prompts';
import type { PreviewResult, SummarizerChoice } from '../../worker/protocol';
import type { PageAnalysis } from '../useAnalysis';
import { SummaryTab } from './PreviewTabs';
import { RunHistory } from './RunHistory';
import type { StaleReason } from './staleness';
import type { StreamLog } from './streamLog';
import { TABS, tabWaits, type Tab } from './tabs';

// Every tab but the summary, and what shows only once a summary is there: loaded
// when first shown, not with the first screen.
const CompareRuns = lazy(() => import('./CompareRuns').then((m) => ({ default: m.CompareRuns })));
const EvalChecklist = lazy(() => import('./EvalChecklist').then((m) => ({ default: m.EvalChecklist })));
const JudgeProbes = lazy(() => import('./JudgeProbes').then((m) => ({ default: m.JudgeProbes })));
const ResultTab = lazy(() => import('./ResultTab').then((m) => ({ default: m.ResultTab })));
const DiffTab = lazy(() => import('./DiffTab').then((m) => ({ default: m.DiffTab })));
const RequestTab = lazy(() => import('./StreamTabs').then((m) => ({ default: m.RequestTab })));
const RawTab = lazy(() => import('./StreamTabs').then((m) => ({ default: m.RawTab })));
const UsageTab = lazy(() => import('./UsageTab').then((m) => ({ default: m.UsageTab })));

export function PreviewTabBody({
  tab,
  setTab,
  analysis,
  result,
  running,
  log,
  choice,
  prompts,
  instructions,
  runDisabled,
  mustReview,
  judgeBlocked,
  stale,
  runFromLink,
}: {
  tab: Tab;
  setTab: (tab: Tab) => void;
  analysis: PageAnalysis;
  result: PreviewResult | undefined;
  running: boolean;
  log: StreamLog;
  /** The preview's summarizer. */
  choice: SummarizerChoice;
  prompts: PromptOverrides;
  instructions: string;
  runDisabled: boolean;
  /** A link's prompts wait to be read before anything runs. */
  mustReview: boolean;
  /** Why the judge may not be asked yet. */
  judgeBlocked: string | null;
  stale: StaleReason | null;
  /** The prompts from a shared link that the run sent. */
  runFromLink: readonly PromptId[];
}) {
  return (
    <>
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
              otherMessages={stale === 'transcript' || stale === 'context'}
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
                instructions={instructions}
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
    </>
  );
}
