/** The archive's table: a sortable header, the first rows shown, and "show more". */
import type { SessionRow } from '../../archive/row';
import type { ArchiveReplay } from '../../worker/archiveProtocol';
import { fmt } from '../format';
import { ArchiveRow } from './ArchiveRow';
import { SORTS, type SortKey } from './archiveTable';

export function ArchiveTable({
  shown,
  limit,
  page,
  onMore,
  sort,
  setSort,
  replays,
  showReplay,
  onOpen,
}: {
  /** The rows the filters let through, sorted. */
  shown: readonly SessionRow[];
  /** How many of them are drawn. */
  limit: number;
  /** How many more "show more" draws. */
  page: number;
  onMore: () => void;
  sort: SortKey;
  setSort: (key: SortKey) => void;
  replays: Record<string, ArchiveReplay | null>;
  /** Some session was replayed: each row gets its replay's column. */
  showReplay: boolean;
  onOpen: (row: SessionRow) => void;
}) {
  return (
    <>
      <div className="archive-table-wrap">
        <table className="archive-table" data-testid="archive-table">
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Format</th>
              <th scope="col">Project</th>
              {SORTS.map((s) => (
                <th key={s.key} scope="col" aria-sort={sort === s.key ? 'descending' : 'none'}>
                  <button type="button" data-testid={`archive-sort-${s.key}`} onClick={() => setSort(s.key)}>
                    {s.label}
                  </button>
                </th>
              ))}
              <th scope="col">Input (all calls)</th>
              {showReplay && <th scope="col">Replayed: compactions, peak, cost</th>}
            </tr>
          </thead>
          <tbody>
            {shown.slice(0, limit).map((r) => (
              <ArchiveRow
                key={r.file}
                row={r}
                replay={replays[r.file]}
                showReplay={showReplay}
                onOpen={onOpen}
              />
            ))}
          </tbody>
        </table>
      </div>
      {shown.length > limit && (
        <p className="muted">
          Showing {fmt(limit)} of {fmt(shown.length)}: filter or sort to see others, or{' '}
          <button type="button" data-testid="archive-more" onClick={onMore}>
            show {fmt(Math.min(page, shown.length - limit))} more
          </button>
        </p>
      )}
    </>
  );
}
