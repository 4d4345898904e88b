/**
 * The page: the header, the numbers, the settings and the workbench; or the
 * archive or Cases view alone under the title line, since the playground's
 * load row, numbers and settings describe neither.
 */
import { Suspense, lazy, useCallback, useState, type MouseEvent } from 'react';
import { StoredNotices } from './layout/StoredNotices';
import { SummaryBar } from './layout/SummaryBar';
import { NextCompactionBanner } from './layout/NextCompactionBanner';
import { EstimateMark } from './layout/EstimateMark';
import { StickyNumbers } from './layout/StickyNumbers';
import { ContextBar } from './layout/ContextBar';
import { DropZone, ValidationReport } from './load/LoadPanel';
import { LoadArea } from './load/LoadArea';
import { LinkBanner } from './share/LinkBanner';
import { LinkVisitNotice } from './share/LinkVisitNotice';
import { useAddressBarSync, useExpectedTranscriptCheck } from './share/useShareSync';
import { SettingsPanel } from './settings/SettingsPanel';
import { AgentConfigPanel } from './settings/AgentConfigPanel';
import { useArchive } from '../state/archiveStore';
import { useCases } from '../state/casesStore';
import { useAnalysis } from './useAnalysis';
import { useNarrow } from './useNarrow';
import { useStartup } from '../app/startup';
import { revealBelowNumbers } from './revealBelowNumbers';
import { Brand } from './Brand';
import { LedgerLink } from './timeline/LedgerLink';
import { EmptyState, Workbench } from './Workbench';
import './app.css';

const ArchiveView = lazy(() => import('./archive/ArchiveView').then((m) => ({ default: m.ArchiveView })));
const CasesView = lazy(() => import('./cases/CasesView').then((m) => ({ default: m.CasesView })));
// Not needed for the first paint: fetched once the page has drawn, before anyone can open it.
const ShareDialog = lazy(() => import('./share/ShareDialog').then((m) => ({ default: m.ShareDialog })));

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

export function App() {
  const analysis = useAnalysis();
  // On a phone the context bar follows the strip (the Workbench draws it there): the first screen is the verdict's.
  const narrow = useNarrow();
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
        <Brand
          archiveOpen={archiveOpen}
          casesOpen={casesOpen}
          onArchive={openArchive}
          onCases={openCases}
          onShare={() => setShareOpen(true)}
          canShare={analysis !== null}
        />
        <LinkBanner />
        <LinkVisitNotice />
        <StoredNotices />
        {!otherView && <LoadArea />}
      </header>
      {analysis && !otherView && (
        <StickyNumbers>
          <EstimateMark view={analysis.view} />
          <SummaryBar analysis={analysis} />
          <NextCompactionBanner analysis={analysis} />
        </StickyNumbers>
      )}
      {analysis && !otherView && <LedgerLink analysis={analysis} />}
      {analysis && !otherView && !narrow && <ContextBar analysis={analysis} />}
      <main id="main" tabIndex={-1} className={otherView ? 'layout layout-alone' : 'layout'}>
        {!otherView && (
          <aside className="side">
            <SettingsPanel analysis={analysis} />
            <AgentConfigPanel />
          </aside>
        )}
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
      {analysis && (
        <Suspense fallback={null}>
          <ShareDialog open={shareOpen} onClose={closeShare} />
        </Suspense>
      )}
    </div>
  );
}
