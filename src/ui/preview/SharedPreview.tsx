/** The preview a shared link brought, shown until the reader runs their own, marked when the page no longer matches it. */
import { useShare } from '../../state/shareStore';
import { fmt } from '../format';
import { SafeMarkdown } from './SafeMarkdown';
import { sharedPreviewStale, type PreviewBasis, type StaleReason } from './staleness';

/** The preview the sender of a link saw, until the reader runs their own. */
const SHARED_STALE_TEXT: Record<StaleReason, string> = {
  transcript: 'Another transcript is loaded since the link was opened',
  context: 'Another call’s context is shown since the link was opened',
  settings: 'The settings changed since the link was opened',
  summarizer: 'The summarizer changed since the link was opened',
  prompt: 'The prompts changed since the link was opened',
};

/** The preview a link brought, and whether the page still shows what it was made from. */
export function SharedPreview({ now }: { now: PreviewBasis }) {
  const shared = useShare((s) => s.sharedPreview);
  const madeFor = useShare((s) => s.sharedPreviewFor);
  if (!shared) return null;
  const stale = sharedPreviewStale(madeFor, now);
  return (
    <div className={stale ? 'shared-preview is-stale' : 'shared-preview'} data-testid="shared-preview">
      {stale && (
        <p className="preview-stale" data-testid="shared-preview-stale" role="status">
          <strong>{SHARED_STALE_TEXT[stale]}.</strong>{' '}
          <span>This is the sender’s preview, not one of this page: run the preview to see this page’s.</span>
        </p>
      )}
      <p>
        <strong>Preview from the shared link</strong>{' '}
        <span className="muted">
          {shared.degraded ? 'degraded (raw archive)' : 'summary'}
          {shared.splitTurn ? ', split turn' : ''}
          {shared.usage
            ? `, ${fmt(shared.usage.promptTokens)} prompt / ${fmt(shared.usage.completionTokens)} completion tokens`
            : ''}
        </span>
      </p>
      <div className="summary-text">
        <SafeMarkdown text={shared.summary} />
      </div>
    </div>
  );
}
