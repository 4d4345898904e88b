/** One session's row of the archive's table: its file (a click opens it), its numbers, and its replay. */
import { Fragment, memo } from 'react';
import type { SessionRow } from '../../archive/row';
import type { ArchiveReplay } from '../../worker/archiveProtocol';
import { fmt } from '../format';
import { num, startedAt, usd } from './archiveTable';

interface RowProps {
  row: SessionRow;
  /** Undefined while nothing is replayed; null for a session the replay could not read. */
  replay: ArchiveReplay | null | undefined;
  showReplay: boolean;
  onOpen: (row: SessionRow) => void;
}

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

/**
 * One session's row. Memoized: rows arrive in batches while the folder is
 * read, and a batch draws only its own rows, not every row already shown.
 */
export const ArchiveRow = memo(ArchiveRowComponent);

function ArchiveRowComponent({ row: r, replay, showReplay, onOpen }: RowProps) {
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
      <td>{startedAt(r.firstTime)}</td>
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
}
