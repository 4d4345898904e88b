/**
 * The archive view: a folder of sessions as a table that fills as the
 * workers read it, with filters, charts, a click that opens a session in the
 * playground, and "Replay all under these settings".
 */
import {
  Fragment,
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
} from 'react';
import type { SessionRow } from '../../archive/row';
import { useArchive } from '../../state/archiveStore';
import { useSettings } from '../../state/settingsStore';
import { useTranscript } from '../../state/transcriptStore';
import type { ArchiveReplay } from '../../worker/archiveProtocol';
import { bytes, fmt, plural } from '../format';
import { cancelArchive, readFolder, replayAll, sessionFile, type OpenedFolder } from './runArchive';
import { droppedFolder } from './dropped';

const ArchiveCharts = lazy(() => import('./ArchiveCharts'));

type SortKey = 'costUsd' | 'compactions' | 'loops' | 'lostPaths' | 'peakContextTokens' | 'firstTime';

const SORTS: { key: SortKey; label: string }[] = [
  { key: 'firstTime', label: 'Started' },
  { key: 'compactions', label: 'Compactions' },
  { key: 'peakContextTokens', label: 'Peak' },
  { key: 'costUsd', label: 'Cost' },
  { key: 'loops', label: 'Loops' },
  { key: 'lostPaths', label: 'Lost paths' },
];

/**
 * Rows drawn at once, and how many more "Show more" draws; the rest are
 * counted (a folder can hold thousands). A page of rows is committed to the
 * page in one piece: a hundred keeps that well under a frame's 50 ms.
 */
const PAGE = 100;

/** How often the table follows the arriving rows while a folder is read. */
const TABLE_MS = 1000;

/**
 * `value`, changed at most every `ms` (0: at once); the last change always
 * arrives, at most `ms` late.
 */
function useAtMostEvery<T>(value: T, ms: number): T {
  const [held, setHeld] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (held === value) return;
    const wait = ms === 0 ? 0 : last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      setHeld(value);
      return;
    }
    const timer = setTimeout(() => {
      last.current = Date.now();
      setHeld(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, held, ms]);
  return ms === 0 ? value : held;
}

const usd = (v: number | null) => (v === null ? '–' : `$${v.toFixed(2)}`);
const num = (v: number | null) => (v === null ? '–' : fmt(v));

function compare(key: SortKey) {
  return (a: SessionRow, b: SessionRow): number => {
    const x = a[key];
    const y = b[key];
    if (x === y) return a.file < b.file ? -1 : 1;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? 1 : -1;
  };
}

interface Filters {
  project: string;
  format: string;
  from: string;
  to: string;
}

function matches(row: SessionRow, f: Filters): boolean {
  if (f.project && row.project !== f.project) return false;
  if (f.format && (row.format ?? 'error') !== f.format) return false;
  const day = row.firstTime?.slice(0, 10) ?? null;
  if (f.from && (day === null || day < f.from)) return false;
  if (f.to && (day === null || day > f.to)) return false;
  return true;
}

/** The directory picker where the browser has one; otherwise the folder input does the same. */
async function pickFolder(input: HTMLInputElement | null): Promise<void> {
  const picker = (window as { showDirectoryPicker?: () => Promise<FileSystemDirectoryHandle> })
    .showDirectoryPicker;
  if (!picker) {
    input?.click();
    return;
  }
  try {
    const root = await picker();
    void readFolder({ kind: 'handle', name: root.name, root });
  } catch {
    // The user closed the picker.
  }
}

/** The files of an `<input webkitdirectory>`, their paths relative to the chosen folder. */
function chosenFolder(list: FileList): OpenedFolder {
  const files = Array.from(list, (file) => {
    const full = file.webkitRelativePath || file.name;
    return { path: full.slice(full.indexOf('/') + 1), file };
  });
  const first = list[0]?.webkitRelativePath ?? '';
  return { kind: 'files', name: first.slice(0, first.indexOf('/')) || 'folder', files };
}

interface RowProps {
  row: SessionRow;
  /** Undefined while nothing is replayed; null for a session the replay could not read. */
  replay: ArchiveReplay | null | undefined;
  showReplay: boolean;
  onOpen: (row: SessionRow) => void;
}

/**
 * One session's row. Memoized: rows arrive in batches while the folder is
 * read, and a batch draws only its own rows, not every row already shown.
 */
/** A path that a narrow column wraps after its slashes first. */
function PathText({ path }: { path: string }) {
  const parts = path.split('/');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}

const ArchiveRow = memo(function ArchiveRow({ row: r, replay, showReplay, onOpen }: RowProps) {
  return (
    <tr data-testid="archive-row" className={r.error ? 'archive-error' : undefined}>
      <th scope="row">
        <button type="button" className="link" onClick={() => onOpen(r)} disabled={!!r.error}>
          <PathText path={r.file} />
        </button>
        {r.error && <div className="muted">{r.error}</div>}
      </th>
      <td>{r.format ?? 'error'}</td>
      <td>{r.project ?? '–'}</td>
      <td>{r.firstTime ? r.firstTime.slice(0, 16).replace('T', ' ') : '–'}</td>
      <td>{fmt(r.compactions)}</td>
      <td>
        {num(r.peakContextTokens)}
        {r.estimated ? ' (est.)' : ''}
      </td>
      <td title={r.models ?? undefined}>{usd(r.costUsd)}</td>
      <td>{num(r.loops)}</td>
      <td>{num(r.lostPaths)}</td>
      <td>{num(r.inputTokensTotal)}</td>
      {showReplay && (
        <td>
          {replay
            ? `${fmt(replay.compactions)}, ${fmt(replay.peakContextTokens)}, ${usd(replay.costUsd)}`
            : '–'}
        </td>
      )}
    </tr>
  );
});

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
  const [filters, setFilters] = useState<Filters>({ project: '', format: '', from: '', to: '' });
  const projects = useMemo(
    () => [...new Set(rows.map((r) => r.project ?? ''))].filter(Boolean).sort(),
    [rows],
  );
  const formats = useMemo(() => [...new Set(rows.map((r) => r.format ?? 'error'))].sort(), [rows]);
  const shown = useMemo(
    () => rows.filter((r) => matches(r, filters)).sort(compare(sort)),
    [rows, filters, sort],
  );
  const replayed = Object.values(replays).filter((r) => r !== null);

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
      {status !== 'idle' && (
        <p data-testid="archive-progress" aria-live="polite">
          {status === 'reading' ? 'Reading: ' : status === 'cancelled' ? 'Cancelled after ' : 'Read '}
          {fmt(filesDone)} files ({bytes(bytesDone)}), {fmt(totals.sessions)} sessions
          {totals.errors ? `, ${fmt(totals.errors)} with errors` : ''}
          {totals.estimated ? `, ${fmt(totals.estimated)} estimated` : ''}
          {totals.skippedFiles ? `; ${fmt(totals.skippedFiles)} other files skipped` : ''}.{' '}
          {status === 'reading' && (
            <button type="button" data-testid="archive-cancel" onClick={cancelArchive}>
              Cancel
            </button>
          )}
        </p>
      )}
      {problems.length > 0 && (
        <p className="muted">
          Not read:{' '}
          {problems
            .slice(0, 3)
            .map((p) => `${p.path} (${p.reason})`)
            .join('; ')}
          {problems.length > 3 ? `, and ${problems.length - 3} more` : ''}
        </p>
      )}
      {rows.length > 0 && (
        <>
          <p data-testid="archive-totals">
            {plural(totals.sessions, 'session')}, {plural(totals.compactions, 'compaction')}, peak{' '}
            {num(totals.peakContextTokens)} tokens, {fmt(totals.inputTokensTotal)} input tokens over all
            calls, {usd(totals.costUsd)} at list prices.
          </p>
          <div className="archive-filters">
            <label>
              Project{' '}
              <select value={filters.project} onChange={(e) => setFilter({ project: e.target.value })}>
                <option value="">all</option>
                {projects.map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </select>
            </label>
            <label>
              Format{' '}
              <select value={filters.format} onChange={(e) => setFilter({ format: e.target.value })}>
                <option value="">all</option>
                {formats.map((f) => (
                  <option key={f}>{f}</option>
                ))}
              </select>
            </label>
            <label>
              From{' '}
              <input type="date" value={filters.from} onChange={(e) => setFilter({ from: e.target.value })} />
            </label>
            <label>
              To <input type="date" value={filters.to} onChange={(e) => setFilter({ to: e.target.value })} />
            </label>
            <button
              type="button"
              data-testid="archive-replay-all"
              disabled={replaying || status === 'reading'}
              onClick={() => void replayAll(useSettings.getState().settings)}
            >
              {replaying ? 'Replaying…' : 'Replay all under these settings'}
            </button>
          </div>
          {replayed.length > 0 && (
            <p data-testid="archive-replay-totals">
              Under these settings, {plural(replayed.length, 'session')}:{' '}
              {plural(
                replayed.reduce((s, r) => s + r.compactions, 0),
                'compaction',
              )}{' '}
              (recorded {fmt(rows.filter((r) => replays[r.file]).reduce((s, r) => s + r.compactions, 0))}),{' '}
              {fmt(replayed.reduce((s, r) => s + r.inputTokensTotal, 0))} input tokens,{' '}
              {usd(replayed.reduce((s, r) => s + (r.costUsd ?? 0), 0))}.
            </p>
          )}
          {read && status !== 'reading' && (
            // Drawn once the folder is read: a chart redrawn for every batch of rows would hold the page.
            <Suspense fallback={<div className="muted">Loading charts…</div>}>
              <ArchiveCharts rows={shown} />
            </Suspense>
          )}
          <div className="archive-table-wrap">
            <table className="archive-table" data-testid="archive-table">
              <thead>
                <tr>
                  <th scope="col">Session</th>
                  <th scope="col">Format</th>
                  <th scope="col">Project</th>
                  {SORTS.map((s) => (
                    <th key={s.key} scope="col" aria-sort={sort === s.key ? 'descending' : 'none'}>
                      <button
                        type="button"
                        data-testid={`archive-sort-${s.key}`}
                        onClick={() => setSort(s.key)}
                      >
                        {s.label}
                      </button>
                    </th>
                  ))}
                  <th scope="col">Input (all calls)</th>
                  {replayed.length > 0 && <th scope="col">Replayed: compactions, peak, cost</th>}
                </tr>
              </thead>
              <tbody>
                {shown.slice(0, limit).map((r) => (
                  <ArchiveRow
                    key={r.file}
                    row={r}
                    replay={replays[r.file]}
                    showReplay={replayed.length > 0}
                    onOpen={openSession}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {shown.length > limit && (
            <p className="muted">
              Showing {fmt(limit)} of {fmt(shown.length)}: filter or sort to see others, or{' '}
              <button type="button" data-testid="archive-more" onClick={() => setLimit((n) => n + PAGE)}>
                show {fmt(Math.min(PAGE, shown.length - limit))} more
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
