import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { keepRecentForCut } from '../core/cutPoint';
import { useSettings } from '../state/settingsStore';
import { useShare } from '../state/shareStore';
import { storedTranscript, useTranscript } from '../state/transcriptStore';
import { useUi } from '../state/uiStore';
import { workerClient } from '../worker/client';
import { ExportMenu } from './ExportMenu';
import { fmt } from './format';
import { DropZone, LoadPanel, ValidationReport } from './load/LoadPanel';
import { loadSamples, sampleUrl } from './load/samples';
import { useLoader } from './load/useLoader';
import { MessageList, type RowFate } from './messages/MessageList';
import { PreviewPanel } from './preview/PreviewPanel';
import { openLinkFromLocation } from './share/openShare';
import { ShareDialog } from './share/ShareDialog';
import { useAddressBarSync, useExpectedTranscriptCheck } from './share/useShareSync';
import { STRATEGY_LABELS, SettingsPanel } from './settings/SettingsPanel';
import { TokenStrip } from './tokens/TokenStrip';
import { useAnalysis, type PageAnalysis } from './useAnalysis';
import './app.css';

const Charts = lazy(() => import('./charts/Charts'));

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * Once settings are restored: a link in the address bar wins; otherwise the
 * previous visit's transcript, or the first sample.
 */
function useStartup() {
  const load = useLoader();
  useEffect(() => {
    let cancelled = false;
    const start = async () => {
      try {
        await openOrFallBack();
      } finally {
        if (!cancelled) useShare.getState().set({ ready: true });
      }
    };
    const openOrFallBack = async () => {
      const linked = await openLinkFromLocation();
      // A full link brought its transcript; a settings-only one waits for the reader's file.
      if (cancelled || (linked && !useShare.getState().expected)) return;
      const previous = await storedTranscript();
      if (previous && (await load(previous))) return;
      const [first] = await loadSamples();
      if (!linked && !cancelled && first && useTranscript.getState().status !== 'ready') {
        await load({ source: { kind: 'url', url: sampleUrl(first) }, sourceName: first.file });
      }
    };
    if (useSettings.persist.hasHydrated()) void start();
    else {
      const unsubscribe = useSettings.persist.onFinishHydration(() => {
        unsubscribe();
        void start();
      });
    }
    // A link pasted into the address bar of the open page arrives as a hash change.
    const onHashChange = () => void openLinkFromLocation();
    window.addEventListener('hashchange', onHashChange);
    return () => {
      cancelled = true;
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [load]);
}

/** Counts again when the tokenizer or the scale changes. */
function useRetokenize(analysis: PageAnalysis | null) {
  const retokenize = useTranscript((s) => s.retokenize);
  const tokenizer = analysis?.settings.tokenizer;
  const scale = useDebounced(analysis?.settings.scale, 300);
  const view = analysis?.view;
  useEffect(() => {
    if (!view || !tokenizer || scale === undefined) return;
    if (view.tokenizer !== tokenizer || view.scale !== scale) void retokenize(tokenizer, scale);
  }, [view, tokenizer, scale, retokenize]);
}

/** Which messages compaction's own input fitting would leave out, from the worker. */
function useOmitted(analysis: PageAnalysis | null): { from: number; to: number }[] {
  const settings = useDebounced(analysis?.settings, 250);
  const view = analysis?.view;
  const fit = useQuery({
    queryKey: ['fit', view?.key, settings],
    queryFn: () => workerClient.request('fit', { settings: settings! }).result,
    enabled: !!view && !!settings,
    staleTime: Infinity,
  });
  return useMemo(() => {
    const report = fit.data;
    const plan = analysis?.plan;
    if (!report || !plan || plan.nothingToCompact) return [];
    const ranges = [];
    if (report.omittedHistory > 0)
      ranges.push({ from: plan.history.from, to: plan.history.from + report.omittedHistory });
    if (report.omittedTurnPrefix > 0 && plan.turnPrefix) {
      ranges.push({ from: plan.turnPrefix.from, to: plan.turnPrefix.from + report.omittedTurnPrefix });
    }
    return ranges;
  }, [fit.data, analysis?.plan]);
}

function Verdict({ analysis }: { analysis: PageAnalysis }) {
  const { totalTokens, threshold, shouldCompact, settings } = analysis;
  const text =
    threshold === 0
      ? `${fmt(totalTokens)} tokens; no window set, so compaction is off`
      : shouldCompact
        ? `${fmt(totalTokens)} tokens > threshold ${fmt(threshold)}: compaction fires`
        : `${fmt(totalTokens)} tokens ≤ threshold ${fmt(threshold)}: compaction does not fire${settings.enabled ? '' : ' (automatic compaction is disabled)'}`;
  return (
    <span data-testid="verdict" className={`verdict ${shouldCompact ? 'fires' : 'quiet'}`}>
      {text}
    </span>
  );
}

/** What happened to the link the page was opened with. */
function LinkBanner() {
  const { linkError, expected, set } = useShare();
  if (linkError) {
    return (
      <div className="link-banner bad" role="alert" data-testid="link-error">
        <span>{linkError}</span>
        <button type="button" onClick={() => set({ linkError: null })}>
          Dismiss
        </button>
      </div>
    );
  }
  if (!expected) return null;
  const what = `${expected.name} (${fmt(expected.messageCount)} messages, SHA-256 ${expected.sha256.slice(0, 12)}…)`;
  const tone = expected.matches === true ? 'good' : expected.matches === false ? 'bad' : 'info';
  return (
    <div
      className={`link-banner ${tone}`}
      data-testid="expected-transcript"
      data-matches={String(expected.matches)}
    >
      <span>
        {expected.matches === true
          ? `The loaded transcript is the one the link was made for: ${what}.`
          : expected.matches === false
            ? `The loaded transcript is not the one the link was made for. Load ${what}.`
            : `This link carries settings only. Load ${what} to reproduce it.`}
      </span>
      <button type="button" onClick={() => set({ expected: null })}>
        Dismiss
      </button>
    </div>
  );
}

function SummaryBar({ analysis }: { analysis: PageAnalysis }) {
  const { view, plan, keptTokens } = analysis;
  const setReportOpen = useUi((s) => s.setReportOpen);
  const problems = view.issues.length;
  return (
    <div className="summary-bar" aria-label="Transcript summary">
      <span title={view.detection.reason}>
        <span className="muted">format </span>
        <strong data-testid="format">{view.format}</strong>
      </span>
      <span>
        <strong data-testid="message-count">{fmt(view.roles.length)}</strong>{' '}
        <span className="muted">messages</span>
      </span>
      <span>
        <strong data-testid="total-tokens">{fmt(analysis.totalTokens)}</strong>{' '}
        <span className="muted">tokens ({view.tokenizer})</span>
      </span>
      <Verdict analysis={analysis} />
      <span>
        <span className="muted">first kept </span>
        <strong>
          #<span data-testid="cut-index">{plan.nothingToCompact ? plan.start : plan.firstKeptIdx}</span>
        </strong>
        {plan.isSplitTurn && <span className="badge split"> splits turn #{plan.turnStartIdx}</span>}
        {plan.nothingToCompact && <span className="badge"> nothing to compact</span>}
      </span>
      <span>
        <strong data-testid="kept-tokens">{fmt(keptTokens)}</strong> <span className="muted">kept</span>
      </span>
      <ExportMenu which="loaded" stem={view.sourceName} label="Export…" />
      <button type="button" onClick={() => setReportOpen(true)} data-testid="open-report">
        {problems ? `${problems} import problem${problems > 1 ? 's' : ''}` : 'Import report'}
      </button>
    </div>
  );
}

function StrategyTable({ analysis }: { analysis: PageAnalysis }) {
  const update = useSettings((s) => s.update);
  return (
    <table className="strategies" data-testid="strategy-table">
      <caption className="visually-hidden">The three cut strategies on this transcript</caption>
      <thead>
        <tr>
          <th scope="col">strategy</th>
          <th scope="col">first kept</th>
          <th scope="col">turn</th>
          <th scope="col" className="num">
            kept
          </th>
          <th scope="col" className="num">
            after (at most)
          </th>
        </tr>
      </thead>
      <tbody>
        {analysis.outcomes.map((o) => (
          <tr
            key={o.strategy}
            className={o.strategy === analysis.settings.strategy ? 'current' : ''}
            data-strategy={o.strategy}
          >
            <th scope="row">
              <button
                type="button"
                className="link"
                onClick={() => update({ strategy: o.strategy })}
                title={STRATEGY_LABELS[o.strategy]}
              >
                <span className={`swatch swatch-${o.strategy}`} aria-hidden="true" />
                {o.strategy}
              </button>
            </th>
            <td>{o.plan.nothingToCompact ? 'nothing to compact' : `#${o.plan.firstKeptIdx}`}</td>
            <td>{o.plan.isSplitTurn ? `split (#${o.plan.turnStartIdx})` : 'whole'}</td>
            <td className="num">{fmt(o.keptTokens)}</td>
            <td className="num">{fmt(o.tokensAfter)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Workbench({ analysis }: { analysis: PageAnalysis }) {
  const update = useSettings((s) => s.update);
  const { selected, select } = useUi();
  const omitted = useOmitted(analysis);
  const { view, index, plan, settings } = analysis;
  // The strip follows a drag at once; the charts and the list may lag a frame behind.
  const deferred = useDeferredValue(analysis);
  const fates = useMemo<RowFate[]>(() => {
    const out: RowFate[] = [...analysis.fates];
    for (const r of omitted) for (let i = r.from; i < r.to; i++) out[i] = 'omitted';
    return out;
  }, [analysis.fates, omitted]);
  const deferredFates = useDeferredValue(fates);

  return (
    <div className="work">
      <section className="panel strip-panel" aria-labelledby="tokens-title">
        <div className="panel-head">
          <h2 id="tokens-title">Tokens per message</h2>
          <span className="muted legend">
            <span className="swatch role-user-bg" /> user <span className="swatch role-assistant-bg" />{' '}
            assistant <span className="swatch role-tool-bg" /> tool <span className="swatch role-system-bg" />{' '}
            system <span className="swatch role-summary-bg" /> summary
          </span>
        </div>
        <TokenStrip
          roles={view.roles}
          counts={view.counts}
          isSummary={view.isSummary}
          fates={analysis.fates}
          omitted={omitted}
          index={index}
          start={plan.start}
          keepRecent={settings.keepRecentTokens}
          maxKeepRecent={Math.max(1, index.suffix[plan.start])}
          onKeepRecentChange={(tokens) => update({ keepRecentTokens: Math.max(1, Math.round(tokens)) })}
          firstKeptIdx={plan.nothingToCompact ? plan.start : plan.firstKeptIdx}
          onCutChange={(i) =>
            update({ keepRecentTokens: Math.max(1, Math.round(keepRecentForCut(index, i))) })
          }
          markers={analysis.outcomes
            .filter((o) => o.strategy !== settings.strategy)
            .map((o) => ({
              strategy: o.strategy,
              firstKeptIdx: o.plan.nothingToCompact ? o.plan.start : o.plan.firstKeptIdx,
              tokensAfter: o.tokensAfter,
              nothingToCompact: o.plan.nothingToCompact,
            }))}
          selected={selected}
          onSelect={(i) => select(i, true)}
          previews={view.previews}
        />
        <StrategyTable analysis={analysis} />
      </section>
      <Suspense fallback={<div className="charts muted">Loading charts…</div>}>
        <Charts analysis={deferred} />
      </Suspense>
      <PreviewPanel analysis={analysis} />
      <MessageList view={view} fates={deferredFates} />
    </div>
  );
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
  useStartup();
  useRetokenize(analysis);
  useAddressBarSync();
  useExpectedTranscriptCheck();

  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <h1>Compaction Playground</h1>
          <span className="spacer" />
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
            {theme === 'dark' ? '☀ Light' : '☾ Dark'}
          </button>
        </div>
        <LinkBanner />
        <LoadPanel />
        {analysis && <SummaryBar analysis={analysis} />}
      </header>
      <main className="layout">
        <aside className="side">
          <SettingsPanel analysis={analysis} />
        </aside>
        {analysis ? <Workbench analysis={analysis} /> : <EmptyState />}
      </main>
      <DropZone />
      <ValidationReport />
      {analysis && <ShareDialog open={shareOpen} onClose={() => setShareOpen(false)} />}
    </div>
  );
}
