/** The archive's reading: files, bytes and sessions so far, Cancel while it reads, and what it could not read. */
import type { ArchiveTotals } from '../../archive/totals';
import type { ArchiveStatus } from '../../state/archiveStore';
import { bytes, fmt } from '../format';
import { cancelArchive } from './runArchive';

export function ArchiveProgress({
  status,
  filesDone,
  bytesDone,
  totals,
  problems,
}: {
  status: ArchiveStatus;
  filesDone: number;
  bytesDone: number;
  totals: ArchiveTotals;
  problems: readonly { path: string; reason: string }[];
}) {
  return (
    <>
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
    </>
  );
}
