/** The header's first line: the title, what the page is for, the other views, Share and the theme. */
import { useUi } from '../state/uiStore';

export function Brand({
  archiveOpen,
  casesOpen,
  onArchive,
  onCases,
  onShare,
  canShare,
}: {
  archiveOpen: boolean;
  casesOpen: boolean;
  onArchive(open: boolean): void;
  onCases(open: boolean): void;
  onShare(): void;
  canShare: boolean;
}) {
  const theme = useUi((s) => s.theme);
  const setTheme = useUi((s) => s.setTheme);
  return (
    <div className="brand">
      <h1>Compaction Playground</h1>
      <p className="tagline" data-testid="tagline">
        Load an agent transcript, see where its context tokens go, tune where compaction cuts, and preview the
        summary.
      </p>
      <span className="spacer" />
      <button type="button" data-testid="archive-toggle" onClick={() => onArchive(!archiveOpen)}>
        {archiveOpen ? 'Playground' : 'All my sessions…'}
      </button>
      <button
        type="button"
        data-testid="cases-toggle"
        aria-pressed={casesOpen}
        title="Which strategy keeps the facts that matter? The gold-fact cases under every strategy"
        onClick={() => onCases(!casesOpen)}
      >
        {casesOpen ? 'Playground' : 'Cases'}
      </button>
      <button type="button" data-testid="share-open" onClick={onShare} disabled={!canShare}>
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
  );
}
