/** The archive's filters (project, format, days) and "Replay all under these settings", naming them. */
import { useSettings } from '../../state/settingsStore';
import { fmt } from '../format';
import type { Filters } from './archiveTable';
import { replayAll } from './runArchive';

export function ArchiveFilters({
  filters,
  setFilter,
  projects,
  formats,
  replaying,
  reading,
}: {
  filters: Filters;
  setFilter: (patch: Partial<Filters>) => void;
  projects: readonly string[];
  formats: readonly string[];
  replaying: boolean;
  /** The folder is still being read: there is nothing whole to replay yet. */
  reading: boolean;
}) {
  const settings = useSettings((s) => s.settings);
  return (
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
        From <input type="date" value={filters.from} onChange={(e) => setFilter({ from: e.target.value })} />
      </label>
      <label>
        To <input type="date" value={filters.to} onChange={(e) => setFilter({ to: e.target.value })} />
      </label>
      <button
        type="button"
        data-testid="archive-replay-all"
        disabled={replaying || reading}
        onClick={() => void replayAll(useSettings.getState().settings)}
      >
        {replaying ? 'Replaying…' : 'Replay all under these settings'}
      </button>
      {/* The settings are the playground's, out of sight in this view: named, so a replay's numbers can be read. */}
      <span className="muted" data-testid="archive-settings">
        These settings are the playground&apos;s: strategy {settings.strategy}, window{' '}
        {fmt(settings.maxContextTokens)}
      </span>
    </div>
  );
}
