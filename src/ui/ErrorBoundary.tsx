/** Whatever fails while the page renders shows what failed and "Reset stored data", never a blank page. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { forgetOwnFragment } from '../share/urlState';
import { resetStoredData } from '../state/stored';

interface State {
  error: Error | null;
  where: string;
  resetting: boolean;
}

/**
 * The last line of defence: whatever throws while the page renders, the user
 * sees what failed and a way out instead of a blank page. The usual cause is
 * a value kept by another build of the app, hence "reset stored data".
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null, where: '', resetting: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(_error: unknown, info: ErrorInfo): void {
    const first = info.componentStack?.trim().split('\n')[0]?.trim() ?? '';
    // "at SummaryBar (https://…/index.js:9:92031)": the component's name is what helps.
    this.setState({ where: first.replace(/^at\s+/, '').replace(/\s*\(.*\)$/, '') });
  }

  private reset = async () => {
    this.setState({ resetting: true });
    // First: the reset clears what the tab noted, the mark of the page's own link among it.
    forgetOwnFragment();
    await resetStoredData();
    location.reload();
  };

  render() {
    const { error, where, resetting } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="crash" role="alert" data-testid="crash">
        <h1>Compaction Playground stopped</h1>
        <p>
          Something on the page failed: <code>{error.message || error.name}</code>
          {where ? (
            <>
              {' '}
              in <code>{where}</code>
            </>
          ) : null}
          .
        </p>
        <p>
          Values saved on this device by an earlier visit (or another version of the app) are the usual cause.
          Resetting them forgets your settings, remembered keys and the last transcript, then reloads the
          page.
        </p>
        <p className="crash-actions">
          <button
            type="button"
            className="primary"
            data-testid="crash-reset"
            onClick={this.reset}
            disabled={resetting}
          >
            Reset stored data and reload
          </button>
          <button type="button" onClick={() => location.reload()}>
            Reload
          </button>
        </p>
      </div>
    );
  }
}
