/** The page: header, settings, token view, charts, preview and message list; what follows a drag only once it rests. */
import {
  Suspense,
  lazy,
  useCallback,
  useDeferredValue,
  useMemo,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { planFromIndex } from '../core/prepare';
import { useSettings } from '../state/settingsStore';
import { useTranscript } from '../state/transcriptStore';
import { useUi } from '../state/uiStore';
import { StoredNotices } from './layout/StoredNotices';
import { StrategyTable } from './layout/StrategyTable';
import { SummaryBar } from './layout/SummaryBar';
import { NextCompactionBanner } from './layout/NextCompactionBanner';
import { EstimateMark } from './layout/EstimateMark';
import { FireOffer } from './layout/FireOffer';
import { StickyNumbers } from './layout/StickyNumbers';
import { ContextBar } from './layout/ContextBar';
import { DropZone, LoadPanel, ValidationReport } from './load/LoadPanel';
import { ImportNotices } from './load/ImportNotices';
import { SourceLine } from './load/SourceLine';
import { MessageList } from './messages/MessageList';
import { PreviewPanel } from './preview/PreviewPanel';
import { LinkBanner } from './share/LinkBanner';
import { LinkVisitNotice } from './share/LinkVisitNotice';
import { ShareDialog } from './share/ShareDialog';
import { useAddressBarSync, useExpectedTranscriptCheck } from './share/useShareSync';
import { SettingsPanel } from './settings/SettingsPanel';
import { AgentConfigPanel } from './settings/AgentConfigPanel';
import { markersFor } from './tokens/markerChoice';
import { keepRecentCap } from './tokens/stops';
import { TokenStrip } from './tokens/TokenStrip';
import { PinnedBanner, TimelinePanel } from './timeline/TimelinePanel';
import { useArchive } from '../state/archiveStore';
import { useCases } from '../state/casesStore';
import { useAnalysis, type PageAnalysis } from './useAnalysis';
import { useOmitted } from './useOmitted';
import { useSettled } from './useSettled';
import { useStartup } from '../app/startup';
import { revealBelowNumbers } from './revealBelowNumbers';
import './app.css';
import type { RowFate } from './labels';

const Charts = lazy(() => import('./charts/Charts'));
const ArchiveView = lazy(() => import('./archive/ArchiveView').then((m) => ({ default: m.ArchiveView })));
const CasesView = lazy(() => import('./cases/CasesView').then((m) => ({ default: m.CasesView })));

/** How long the strip's input rests before the charts and the list follow it. */
const FOLLOW_AFTER_MS = 150;

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

function Workbench({ analysis }: { analysis: PageAnalysis }) {
  const update = useSettings((s) => s.update);
  const { selected, select } = useUi();
  const omitted = useOmitted(analysis);
  const { view, index, plan, settings, boundary } = analysis;
  // The handle stops where the budget stops applying; the cut line asks the strategy where it cuts.
  const keepCap = useMemo(() => keepRecentCap(settings, index, plan.start), [settings, index, plan.start]);
  const cutFor = useCallback(
    (keepRecentTokens: number) => {
      const p = planFromIndex(index, { ...settings, keepRecentTokens }, boundary);
      return p.nothingToCompact ? p.start : p.firstKeptIdx;
    },
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
    () => markersFor(analysis.outcomes, settings.strategy, view.roles.length),
    [analysis.outcomes, settings.strategy, view.roles.length],
  );

  return (
    <div className={view.estimatedFor ? 'work estimated' : 'work'}>
      <PinnedBanner analysis={analysis} />
      <section id="token-view" tabIndex={-1} className="panel strip-panel" aria-labelledby="tokens-title">
        <div className="panel-head">
          <h2 id="tokens-title">Tokens per message</h2>
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
        />
        <Follows following={following}>
          <StrategyTable analysis={deferred} />
        </Follows>
      </section>
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
        following={deferredFates !== fates || settled !== current}
      />
    </div>
  );
}

/**
 * Moves the focus to the token view (or, before a transcript is loaded, to the
 * main area) without following the link: the address bar's fragment holds the
 * share state, and `#token-view` there would read as a broken link.
 */
function skipToTokenView(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  const target = document.getElementById('token-view') ?? document.getElementById('main');
  if (!target) return;
  target.focus({ preventScroll: true });
  revealBelowNumbers(target, { always: true });
}

function EmptyState() {
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

export function App() {
  const theme = useUi((s) => s.theme);
  const setTheme = useUi((s) => s.setTheme);
  const analysis = useAnalysis();
  const [shareOpen, setShareOpen] = useState(false);
  const closeShare = useCallback(() => setShareOpen(false), []);
  const archiveOpen = useArchive((s) => s.open);
  const setArchiveOpen = useArchive((s) => s.setOpen);
  const casesOpen = useCases((s) => s.open);
  const setCasesOpen = useCases((s) => s.setOpen);
  // One view at a time: opening one closes the other.
  const openArchive = (open: boolean) => {
    setArchiveOpen(open);
    if (open) setCasesOpen(false);
  };
  const openCases = (open: boolean) => {
    setCasesOpen(open);
    if (open) setArchiveOpen(false);
  };
  const otherView = archiveOpen || casesOpen;
  useStartup();
  useAddressBarSync();
  useExpectedTranscriptCheck();

  return (
    <div className="app">
      <a className="skip-link" href="#token-view" onClick={skipToTokenView}>
        Skip to the token view
      </a>
      <header className="app-header">
        <div className="brand">
          <h1>Compaction Playground</h1>
          <p className="tagline" data-testid="tagline">
            Load an agent transcript, see where its context tokens go, tune where compaction cuts, and preview
            the summary.
          </p>
          <span className="spacer" />
          <button type="button" data-testid="archive-toggle" onClick={() => openArchive(!archiveOpen)}>
            {archiveOpen ? 'Playground' : 'All my sessions…'}
          </button>
          <button
            type="button"
            data-testid="cases-toggle"
            aria-pressed={casesOpen}
            title="Which strategy keeps the facts that matter? The gold-fact cases under every strategy"
            onClick={() => openCases(!casesOpen)}
          >
            {casesOpen ? 'Playground' : 'Cases'}
          </button>
          <button
            type="button"
            data-testid="share-open"
            onClick={() => setShareOpen(true)}
            disabled={!analysis}
          >
            Share…
          </button>
          <button
            type="button"
            data-testid="theme-toggle"
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}
          >
            {theme === 'dark' ? '☀' : '☾'}
            <span className="theme-word"> {theme === 'dark' ? 'Light' : 'Dark'}</span>
          </button>
        </div>
        <LinkBanner />
        <LinkVisitNotice />
        <StoredNotices />
        <LoadPanel />
        <SourceLine />
        <ImportNotices />
        {analysis && <FireOffer analysis={analysis} />}
      </header>
      {analysis && (
        <StickyNumbers>
          <EstimateMark view={analysis.view} />
          <SummaryBar analysis={analysis} />
          <NextCompactionBanner analysis={analysis} />
        </StickyNumbers>
      )}
      {analysis && !otherView && <ContextBar analysis={analysis} />}
      <main id="main" tabIndex={-1} className="layout">
        <aside className="side">
          <SettingsPanel analysis={analysis} />
          <AgentConfigPanel />
        </aside>
        {casesOpen ? (
          <Suspense fallback={<p className="muted">Loading the cases view…</p>}>
            <CasesView />
          </Suspense>
        ) : archiveOpen ? (
          <Suspense fallback={<p className="muted">Loading the archive view…</p>}>
            <ArchiveView />
          </Suspense>
        ) : analysis ? (
          <Workbench analysis={analysis} />
        ) : (
          <EmptyState />
        )}
      </main>
      <DropZone />
      <ValidationReport />
      {analysis && <ShareDialog open={shareOpen} onClose={closeShare} />}
    </div>
  );
}
