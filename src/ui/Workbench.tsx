/** The workbench: the token view, the session over time, the charts, the preview and the message list; what follows a drag only once it rests. */
import { Suspense, lazy, useCallback, useDeferredValue, useMemo, type ReactNode } from 'react';
import { cutForKeepRecent } from '../core/analysis';
import { useSettings } from '../state/settingsStore';
import { useTranscript } from '../state/transcriptStore';
import { useUi } from '../state/uiStore';
import { ContextBar } from './layout/ContextBar';
import { FireOffer } from './layout/FireOffer';
import { StrategyTable } from './layout/StrategyTable';
import { MessageList } from './messages/MessageList';
import { PreviewPanel } from './preview/PreviewPanel';
import { markersFor } from './tokens/markerChoice';
import { keepRecentCap } from './tokens/stops';
import { TokenStrip } from './tokens/TokenStrip';
import { PinnedBanner, TimelinePanel } from './timeline/TimelinePanel';
import type { PageAnalysis } from './useAnalysis';
import { useNarrow } from './useNarrow';
import { useOmitted } from './useOmitted';
import { useSettled } from './useSettled';
import { AgentAnswer } from './AgentAnswer';
import type { RowFate } from './labels';

const Charts = lazy(() => import('./charts/Charts'));

/** How long the strip's input rests before the charts and the list follow it. */
const FOLLOW_AFTER_MS = 150;
/**
 * The strip's height on a phone, lower than elsewhere (180): the verdict, the
 * strip and its legend share the first screen, and a file with many kinds of
 * bar (a Codex rollout after a compaction) has a legend of seven lines.
 */
const PHONE_STRIP_HEIGHT = 150;

/** A part of the page that follows a drag once it rests: busy, and after a moment dimmed, while it lags. */
function Follows({
  following,
  className = '',
  children,
}: {
  following: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={['follows', className, following && 'is-following'].filter(Boolean).join(' ')}
      aria-busy={following || undefined}
    >
      {children}
    </div>
  );
}

export function Workbench({ analysis }: { analysis: PageAnalysis }) {
  const update = useSettings((s) => s.update);
  const selected = useUi((s) => s.selected);
  const select = useUi((s) => s.select);
  const compareAll = useUi((s) => s.compareAll);
  const setCompareAll = useUi((s) => s.setCompareAll);
  const omitted = useOmitted(analysis);
  const narrow = useNarrow();
  const { view, index, plan, settings, boundary } = analysis;
  // The handle stops where the budget stops applying; the cut line asks the strategy where it cuts.
  const keepCap = useMemo(() => keepRecentCap(settings, index, plan.start), [settings, index, plan.start]);
  const cutFor = useCallback(
    (keepRecentTokens: number) => cutForKeepRecent({ index, settings, boundary }, keepRecentTokens),
    [index, settings, boundary],
  );
  // The strip and the numbers above it follow a drag at once. The strategy
  // table, the timeline, the charts and the list catch up when the drag rests:
  // re-rendering their SVG, cells and rows for every step took frames from the strip.
  const deferred = useDeferredValue(useSettled(analysis, view, FOLLOW_AFTER_MS));
  // The list's fates are merged from the settled ones: a copy of 50,000 at every step went unused.
  const current = useMemo(() => ({ fates: analysis.fates, omitted }), [analysis.fates, omitted]);
  const settled = useSettled(current, view, FOLLOW_AFTER_MS);
  const fates = useMemo<readonly RowFate[]>(() => {
    // Most settings leave nothing out: then the analysis's own array serves, not a copy of 50,000.
    if (settled.omitted.length === 0) return settled.fates;
    const out: RowFate[] = [...settled.fates];
    for (const r of settled.omitted) for (let i = r.from; i < r.to; i++) out[i] = 'omitted';
    return out;
  }, [settled]);
  const deferredFates = useDeferredValue(fates);
  // What follows shows the last place the drag rested, and says so while it is behind.
  const following = deferred !== analysis;
  const markers = useMemo(
    () => markersFor(analysis.outcomes, settings.strategy, view.roles.length, compareAll),
    [analysis.outcomes, settings.strategy, view.roles.length, compareAll],
  );

  return (
    <div className={view.estimatedFor ? 'work estimated' : 'work'}>
      <PinnedBanner analysis={analysis} />
      <section id="token-view" tabIndex={-1} className="panel strip-panel" aria-labelledby="tokens-title">
        <div className="panel-head">
          <h2 id="tokens-title">
            Where does it cut? <span className="muted heading-aside">tokens per message</span>
          </h2>
          <span className="muted legend">
            <span className="swatch role-user-bg" /> user <span className="swatch role-assistant-bg" />{' '}
            assistant <span className="swatch role-tool-bg" /> tool <span className="swatch role-system-bg" />{' '}
            system <span className="swatch role-summary-bg" /> summary
            {analysis.cleared.length > 0 && (
              <span className="legend-entry" data-testid="legend-cleared">
                <span className="swatch cleared-key" /> cleared (old size outlined)
              </span>
            )}
          </span>
        </div>
        <TokenStrip
          roles={view.roles}
          counts={view.counts}
          isSummary={view.isSummary}
          fates={analysis.fates}
          fires={analysis.shouldCompact}
          cleared={analysis.cleared}
          omitted={omitted}
          index={index}
          start={plan.start}
          keepRecent={settings.keepRecentTokens}
          keepCap={keepCap}
          onKeepRecentChange={(tokens) => update({ keepRecentTokens: tokens })}
          firstKeptIdx={plan.nothingToCompact ? plan.start : plan.firstKeptIdx}
          cutFor={cutFor}
          strategy={settings.strategy}
          markers={markers}
          selected={selected}
          onSelect={(i) => select(i, true, true)}
          previews={view.previews}
          height={narrow ? PHONE_STRIP_HEIGHT : undefined}
        />
        <FireOffer analysis={analysis} />
        <div className="strategy-choices">
          <button
            type="button"
            className="compare-toggle"
            data-testid="compare-toggle"
            aria-pressed={compareAll}
            onClick={() => setCompareAll(!compareAll)}
          >
            Compare all strategies
          </button>
          <AgentAnswer />
        </div>
        {compareAll && (
          <Follows following={following}>
            <StrategyTable analysis={deferred} />
          </Follows>
        )}
      </section>
      {/* Under the header elsewhere; on a phone, after the strip, so the verdict, strip and legend share the first screen. */}
      {narrow && <ContextBar analysis={analysis} />}
      <TimelinePanel analysis={deferred} />
      <Follows following={following} className="charts-slot">
        <Suspense fallback={<div className="charts muted">Loading charts…</div>}>
          <Charts analysis={deferred} />
        </Suspense>
      </Follows>
      <PreviewPanel analysis={analysis} />
      <MessageList
        view={view}
        fates={deferredFates}
        fires={deferred.shouldCompact}
        following={deferredFates !== fates || settled !== current}
      />
    </div>
  );
}

export function EmptyState() {
  const status = useTranscript((s) => s.status);
  return (
    <div className="empty">
      {status === 'loading' ? (
        <p>Loading the transcript…</p>
      ) : (
        <>
          <h2>Load a transcript to begin</h2>
          <p>
            Paste one, open a file, drop a file anywhere on this page, or pick a sample. Claude Code, Codex,
            pi, OpenCode and Gemini CLI sessions, OpenAI, Anthropic and Gemini API payloads, LangChain
            messages and plain text all work.
          </p>
        </>
      )}
    </div>
  );
}
