/** The banner of the link the page was opened with: what it brought, or why it did not open. */
import { memo } from 'react';
import { useShare } from '../../state/shareStore';
import { plural } from '../format';
import { openLink } from '../../app/openLink';

/** What happened to the link the page was opened with. */
export const LinkBanner = memo(LinkBannerComponent);

function LinkBannerComponent() {
  const { linkError, retryLink, expected, set } = useShare();
  if (linkError) {
    return (
      <div className="link-banner bad" role="alert" data-testid="link-error">
        <span>{linkError}</span>
        {retryLink && (
          <button type="button" data-testid="link-retry" onClick={() => void openLink(retryLink)}>
            Try again
          </button>
        )}
        <button type="button" onClick={() => set({ linkError: null, retryLink: null })}>
          Dismiss
        </button>
      </div>
    );
  }
  if (!expected) return null;
  const what = `${expected.name} (${plural(expected.messageCount, 'message')}, SHA-256 ${expected.sha256.slice(0, 12)}…)`;
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
