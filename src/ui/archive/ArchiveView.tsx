/**
 * The archive view: a folder of sessions as a table that fills as the
 * workers read it, with filters, charts, a click that opens a session in the
 * playground, and "Replay all under these settings".
 */
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
  type DragEvent,
} from 'react';
import type { SessionRow } from '../../archive/row';
import { useArchive } from '../../state/archiveStore';
import { useTranscript } from '../../state/transcriptStore';
import { fmt, plural } from '../format';
import { ArchiveFilters } from './ArchiveFilters';
import { ArchiveProgress } from './ArchiveProgress';
import { ArchiveTable } from './ArchiveTable';
import {
  compare,
  formatsOf,
  matches,
  NO_FILTERS,
  num,
  projectsOf,
  replayTotals,
  usd,
  type Filters,
  type SortKey,
} from './archiveTable';
import { chosenFolder, pickFolder } from './pickFolder';
import { readFolder, sessionFile } from './runArchive';
import { droppedFolder } from './dropped';
import { useAtMostEvery } from './useAtMostEvery';

const ArchiveCharts = lazy(() => import('./ArchiveCharts'));

/**
 * Rows drawn at once, and how many more "Show more" draws; the rest are
 * counted (a folder can hold thousands). A page of rows is committed to the
 * page in one piece: a hundred keeps that well under a frame's 50 ms.
 */
const PAGE = 100;

/** How often the table follows the arriving rows while a folder is read. */
const TABLE_MS = 1000;

export function ArchiveView() {
  const {
    status,
    folder,
    rows: arrived,
    totals,
    filesDone,
    bytesDone,
    problems,
    replays,
    replaying,
  } = useArchive();
  // The table, filters and charts follow the rows as an interruptible render, and while the folder
  // is read at most once a second: each redraw lays out and paints the table, the progress line is
  // redrawn as often as it changes.
  const rows = useDeferredValue(useAtMostEvery(arrived, status === 'reading' ? TABLE_MS : 0));
  // The charts come once the folder is read, drawn in a transition too: not in the task that ends the reading.
  const read = useDeferredValue(status !== 'reading');
  const setOpen = useArchive((s) => s.setOpen);
  const input = useRef<HTMLInputElement>(null);
  const [sort, setSort] = useState<SortKey>('firstTime');
  const [limit, setLimit] = useState(PAGE);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const projects = useMemo(() => projectsOf(rows), [rows]);
  const formats = useMemo(() => formatsOf(rows), [rows]);
  const shown = useMemo(
    () => rows.filter((r) => matches(r, filters)).sort(compare(sort)),
    [rows, filters, sort],
  );
  const replayed = replayTotals(rows, replays);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    void droppedFolder(e.dataTransfer).then((opened) => opened && readFolder(opened));
  };
  // One function for every row, so a memoized row is not drawn again for a new one.
  const openSession = useCallback(
    async (row: SessionRow) => {
      const file = await sessionFile(row.file);
      if (!file) return;
      setOpen(false);
      void useTranscript.getState().load({ source: { kind: 'file', file }, sourceName: row.file });
    },
    [setOpen],
  );
  const setFilter = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <section
      className="panel archive"
      aria-labelledby="archive-title"
      data-testid="archive-view"
      onDragOver={(e) => {
        e.preventDefault();
        e.stopPropagation();
      }}
      onDrop={onDrop}
    >
      <div className="panel-head">
        <h2 id="archive-title">All my sessions{folder ? `: ${folder}` : ''}</h2>
        <span className="spacer" />
        <button type="button" onClick={() => setOpen(false)}>
          Back to the playground
        </button>
      </div>
      <p className="muted">
        Open a folder of sessions (your home folder, <code>~/.claude</code>, <code>~/.codex</code>, one
        project…) or drop one here. Every session is read in this browser, in workers; nothing is uploaded.
      </p>
      <div className="archive-open">
        <button type="button" onClick={() => void pickFolder(input.current)}>
          Open a folder…
        </button>
        <label>
          or choose one:{' '}
          <input
            ref={input}
            type="file"
            data-testid="archive-open"
            // @ts-expect-error -- not in React's types, but every current browser reads it
            webkitdirectory=""
            multiple
            onChange={(e) => e.target.files?.length && void readFolder(chosenFolder(e.target.files))}
          />
        </label>
      </div>
      <ArchiveProgress
        status={status}
        filesDone={filesDone}
        bytesDone={bytesDone}
        totals={totals}
        problems={problems}
      />
      {rows.length > 0 && (
        <>
          <p data-testid="archive-totals">
            {plural(totals.sessions, 'session')}, {plural(totals.compactions, 'compaction')}, peak{' '}
            {num(totals.peakContextTokens)} tokens, {fmt(totals.inputTokensTotal)} input tokens over all
            calls, {usd(totals.costUsd)} at list prices.
          </p>
          <ArchiveFilters
            filters={filters}
            setFilter={setFilter}
            projects={projects}
            formats={formats}
            replaying={replaying}
            reading={status === 'reading'}
          />
          {replayed.sessions > 0 && (
            <p data-testid="archive-replay-totals">
              Under these settings, {plural(replayed.sessions, 'session')}:{' '}
              {plural(replayed.compactions, 'compaction')} (recorded {fmt(replayed.recorded)}),{' '}
              {fmt(replayed.inputTokens)} input tokens, {usd(replayed.costUsd)}.
            </p>
          )}
          {read && status !== 'reading' && (
            // Drawn once the folder is read: a chart redrawn for every batch of rows would hold the page.
            <Suspense fallback={<div className="muted">Loading charts…</div>}>
              <ArchiveCharts rows={shown} />
            </Suspense>
          )}
          <ArchiveTable
            shown={shown}
            limit={limit}
            page={PAGE}
            onMore={() => setLimit((n) => n + PAGE)}
            sort={sort}
            setSort={setSort}
            replays={replays}
            showReplay={replayed.sessions > 0}
            onOpen={openSession}
          />
        </>
      )}
    </section>
  );
}
